import { test as base, type Page } from '@playwright/test';

export { expect } from '@playwright/test';
export type { Page } from '@playwright/test';

/**
 * A server-rendered page starts its app after its largest paint (src/app/start-app.ts, docs/decisions/0203),
 * which can be after the `load` event `goto` waits for: a test that clicks at once would click a page that
 * does nothing yet, as a shopper's tap before the app runs does. Every page's `goto` and `reload` also wait
 * for the app (`data-app="ready"`); a page without the start (the plain app, JavaScript off) is not held.
 */
export async function untilAppStarted(page: Page) {
  await page.waitForFunction(() => document.documentElement.dataset.app !== 'starting');
}
const patched = new WeakSet<object>();
function waitForAppOnLoads(page: Page) {
  const prototype = Object.getPrototypeOf(page) as Page;
  if (patched.has(prototype)) return;
  patched.add(prototype);
  const { goto, reload } = prototype;
  prototype.goto = async function (this: Page, ...args: Parameters<Page['goto']>) {
    const response = await goto.apply(this, args);
    // A test that asks for less than the load (`commit`, `domcontentloaded`) looks at the page before it runs.
    if (!args[1]?.waitUntil || args[1].waitUntil === 'load' || args[1].waitUntil === 'networkidle') await untilAppStarted(this);
    return response;
  };
  prototype.reload = async function (this: Page, ...args: Parameters<Page['reload']>) {
    const response = await reload.apply(this, args);
    if (!args[0]?.waitUntil || args[0].waitUntil === 'load' || args[0].waitUntil === 'networkidle') await untilAppStarted(this);
    return response;
  };
}

let counter = 0;

/**
 * Every browser test speaks from its own client address. The e2e server runs with TRUST_PROXY=1 (as behind one
 * reverse proxy, which would append the address it saw), so the per-address limits on logins and sign-ups count
 * each test on its own instead of the whole suite, which would otherwise exhaust them as the suite grows.
 */
export const test = base.extend({
  page: async ({ page }, use) => {
    waitForAppOnLoads(page);
    await use(page);
  },
  extraHTTPHeaders: async ({ extraHTTPHeaders }, use, testInfo) => {
    const n = testInfo.workerIndex * 10_000 + counter++;
    await use({ ...extraHTTPHeaders, 'x-forwarded-for': `10.${(n >> 16) & 255}.${(n >> 8) & 255}.${n & 255}` });
  },
});
