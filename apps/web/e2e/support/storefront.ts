import AxeBuilder from '@axe-core/playwright';
import { expect, type Locator, type Page } from '@playwright/test';
import axe from 'axe-core';

/** Shared steps of the storefront's browser tests. */

export interface SeededProduct {
  _id: string;
  name: string;
  category: string;
  price: number;
  offerPrice: number;
  description: string[];
  image: string[];
  inStock: boolean;
  seller: { id: string; shopName: string; slug: string };
}

/** The whole seeded catalogue, in list order, read through the API. */
export async function catalogue(page: Page): Promise<SeededProduct[]> {
  const response = await page.request.get('/api/product/list');
  return ((await response.json()) as { products: SeededProduct[] }).products;
}

/** The product cards shown in a page's main content, by accessible name (the product's name). */
export function productCards(page: Page) {
  return page.getByRole('main').getByRole('article');
}

/** Waits for a list of product cards to show. */
export async function waitForCards(page: Page) {
  await expect(productCards(page).first()).toBeVisible();
}

/** Sums the page's layout shifts from its next load on (the cumulative layout shift), as `layoutShift` reads it. */
export async function trackLayoutShift(page: Page) {
  await page.addInitScript(() => {
    (window as unknown as { cls: number }).cls = 0;
    new PerformanceObserver((list) => {
      for (const entry of list.getEntries() as (PerformanceEntry & { value: number; hadRecentInput: boolean })[]) {
        if (!entry.hadRecentInput) (window as unknown as { cls: number }).cls += entry.value;
      }
    }).observe({ type: 'layout-shift', buffered: true });
  });
}

/** The cumulative layout shift since the page loaded (`trackLayoutShift`): under 0.1 is rated good. */
export const layoutShift = (page: Page) => page.evaluate(() => (window as unknown as { cls: number }).cls);

/**
 * Waits until React has taken over a server-rendered page (hydrateRoot marks its container): a click
 * before that is a plain link's full page load, answered by the server again.
 */
export async function waitForHydration(page: Page) {
  await page.waitForFunction(() => Object.keys(document.getElementById('root') ?? {}).some((key) => key.startsWith('__reactContainer')));
}

/** Fails when the page scrolls sideways at the current width. */
export async function expectNoHorizontalScroll(page: Page) {
  const overflow = await page.evaluate(() => document.documentElement.scrollWidth - document.documentElement.clientWidth);
  expect(overflow, 'page is wider than the viewport').toBeLessThanOrEqual(0);
}

/**
 * The rules axe rates minor or moderate. axe 4.13 gives every rule one impact and stamps it on each of the rule's
 * findings (`_finalizeRuleResult`), so these can never report a serious or critical violation: they are not run
 * (docs/decisions/0185). Read from axe's own rule table (not public API), so an upgrade that rates a rule higher runs it.
 */
const MILD_RULES = (axe as unknown as { _audit: { rules: { id: string; impact?: string }[] } })._audit.rules
  .filter((rule) => rule.impact === 'minor' || rule.impact === 'moderate')
  .map((rule) => rule.id);

/**
 * Fails on any serious or critical axe-core violation of the page as it is now, once its finite animations
 * have ended and none has started for a moment: a toast fading in is half transparent, and axe would judge
 * its contrast mid-fade; the toast library loads on first use, so an action's toast may start a little late.
 * During the scan (seconds on a loaded machine) animations are held where they start: a toast that begins to fade
 * out meanwhile stays as it was shown (a CI run failed on a toast's contrast judged mid-fade-out). The hold is put
 * in place in the same task as the last quiet check: put by a later call, a fade that began in between was held
 * part-way (a run failed on a toast's contrast that way).
 * One scan takes seconds on a busy 2-core machine, and the suite runs about two hundred, so each does the least
 * that proves the same (docs/decisions/0185): axe runs in the page itself (legacy mode: no blank page opened to
 * merge frames' results; the shop has no cross-origin frame), collects details of violations only, and skips
 * the rules that cannot find a serious one.
 */
export async function expectNoSeriousAxeViolations(page: Page) {
  await page.evaluate(async () => {
    const running = () => document.getAnimations().filter((a) => a.playState === 'running' && a.effect?.getTiming().iterations !== Infinity);
    for (let quietChecks = 0; ; ) {
      const animations = running();
      if (animations.length > 0) quietChecks = 0;
      else if (quietChecks === 2) break;
      else quietChecks += 1;
      await Promise.all([...animations.map((a) => a.finished.catch(() => undefined)), new Promise((resolve) => setTimeout(resolve, 150))]);
    }
    const hold = document.createElement('style');
    hold.id = 'axe-scan-holds-animations';
    hold.textContent = '*,*::before,*::after{animation-play-state:paused!important}';
    document.head.append(hold);
  });
  const { violations } = await new AxeBuilder({ page }).setLegacyMode(true).disableRules(MILD_RULES).options({ resultTypes: ['violations'] }).analyze();
  await page.evaluate(() => document.getElementById('axe-scan-holds-animations')?.remove());
  const serious = violations.filter((v) => v.impact === 'serious' || v.impact === 'critical');
  expect(serious.map((v) => `${v.id}: ${v.nodes.map((n) => n.target.join(' ')).join(', ')}`)).toEqual([]);
}

/** Every visible button and link in the given region is at least 40 px in both directions. */
export async function expectTouchTargets(page: Page, selector: string) {
  const small = await page.locator(selector).evaluateAll((elements) =>
    elements
      .filter((el) => (el as HTMLElement).offsetParent !== null)
      .map((el) => ({ name: (el.getAttribute('aria-label') ?? el.textContent ?? '').trim(), rect: el.getBoundingClientRect() }))
      .filter(({ rect }) => rect.width > 0 && (rect.width < 40 || rect.height < 40))
      .map(({ name, rect }) => `${name} ${Math.round(rect.width)}x${Math.round(rect.height)}`),
  );
  expect(small).toEqual([]);
}

/**
 * Presses Tab `presses` times: the focus is in the open modal `dialog` or, past its last control, on the browser's
 * own controls (the page's body), never on the page behind it.
 */
export async function expectKeyboardKeptIn(page: Page, dialog: Locator, presses: number) {
  for (let i = 0; i < presses; i++) {
    await page.keyboard.press('Tab');
    const where = await dialog.evaluate((d) => (d.contains(document.activeElement) ? 'dialog' : document.activeElement === document.body ? 'browser' : 'page behind'));
    expect(where, `Tab ${i + 1}`).not.toBe('page behind');
  }
}
