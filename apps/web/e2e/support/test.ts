import { test as base } from '@playwright/test';

export { expect } from '@playwright/test';
export type { Page } from '@playwright/test';

let counter = 0;

/**
 * Every browser test speaks from its own client address. The e2e server runs with TRUST_PROXY=1 (as behind one
 * reverse proxy, which would append the address it saw), so the per-address limits on logins and sign-ups count
 * each test on its own instead of the whole suite, which would otherwise exhaust them as the suite grows.
 */
export const test = base.extend({
  extraHTTPHeaders: async ({ extraHTTPHeaders }, use, testInfo) => {
    const n = testInfo.workerIndex * 10_000 + counter++;
    await use({ ...extraHTTPHeaders, 'x-forwarded-for': `10.${(n >> 16) & 255}.${(n >> 8) & 255}.${n & 255}` });
  },
});
