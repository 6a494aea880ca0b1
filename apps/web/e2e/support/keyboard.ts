import type { Page, Route } from '@playwright/test';

/** The browser's answers to `url` held back a little, so a control busy while it sends stays busy long enough to lose the focus. */
export const slowly = (page: Page, url: string) =>
  page.route(url, async (route: Route) => {
    await new Promise((resolve) => setTimeout(resolve, 400));
    await route.continue();
  });

/** Whether the keyboard's focus is on the page's body (lost), not on a control. */
export const onBody = (page: Page) => page.evaluate(() => document.activeElement === document.body || document.activeElement === null);
