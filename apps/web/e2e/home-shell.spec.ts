import type { Locator } from '@playwright/test';
import { expect, test, type Page } from './support/test';
import { registerShopper } from './support/shop';
import { waitForCards } from './support/storefront';

/** `/` arrives prerendered by the build (docs/decisions/0082): it paints before the JavaScript arrives. */

const BANNER = { alt: 'Fresh vegetables and fruits', heading: 'Harvesting Happiness, Delivering Daily!' };

const loaded = (img: Locator) => img.evaluate((el: HTMLImageElement) => el.complete && el.naturalWidth > 0);

/** Where the first screen's parts are drawn. */
async function firstScreen(page: Page) {
  const box = async (locator: Locator) => {
    const b = await locator.boundingBox();
    return b && { x: Math.round(b.x), y: Math.round(b.y), width: Math.round(b.width), height: Math.round(b.height) };
  };
  return {
    logo: await box(page.getByRole('navigation', { name: 'Main' }).getByRole('link', { name: 'GreenCart' })),
    banner: await box(page.getByRole('img', { name: BANNER.alt })),
    heading: await box(page.getByRole('heading', { level: 1, name: BANNER.heading })),
    categories: await box(page.getByRole('heading', { name: 'Categories' })),
    bestSellers: await box(page.getByRole('heading', { name: 'Best Sellers' })),
  };
}

test.describe('with JavaScript off', () => {
  test.use({ javaScriptEnabled: false });

  test('/ shows the navbar, the banner, the categories and the Best Sellers skeletons @phone', async ({ page }) => {
    await page.goto('/');
    const nav = page.getByRole('navigation', { name: 'Main' });
    await expect(nav.getByRole('link', { name: 'GreenCart' })).toBeVisible();
    await expect(nav.getByRole('button', { name: 'Login' })).toBeVisible();
    await expect(nav.getByRole('link', { name: /^Cart/ })).toBeVisible();
    await expect(page.getByRole('heading', { level: 1, name: BANNER.heading })).toBeVisible();
    await expect(page.getByRole('link', { name: 'Shop now' })).toHaveAttribute('href', '/products');
    const banner = page.getByRole('img', { name: BANNER.alt });
    await expect(banner).toBeVisible();
    await expect.poll(() => loaded(banner)).toBe(true);
    await expect(page.getByRole('region', { name: 'Categories' }).getByRole('link')).toHaveCount(7);
    await expect(page.getByRole('status').filter({ hasText: 'Loading products…' })).toBeVisible();
    await expect(page).toHaveTitle('GreenCart: fresh groceries delivered daily');
  });

  test('/products and /cart are not the home page', async ({ page }) => {
    for (const path of ['/products', '/cart']) {
      await page.goto(path);
      await expect(page.getByRole('heading', { name: BANNER.heading })).toHaveCount(0);
      await expect(page.locator('#root')).toBeEmpty();
    }
  });
});

test('React takes over the prerendered first screen without redrawing or moving it @phone', async ({ page }) => {
  const errors: string[] = [];
  page.on('console', (message) => {
    if (message.type() === 'error') errors.push(message.text());
  });
  page.on('pageerror', (error) => errors.push(error.message));
  // Hold the scripts: what shows meanwhile is the prerendered shell alone.
  let release!: () => void;
  const held = new Promise<void>((resolve) => (release = resolve));
  await page.route('**/assets/*.js', async (route) => {
    await held;
    await route.continue();
  });
  await page.goto('/', { waitUntil: 'commit' });
  const banner = page.getByRole('img', { name: BANNER.alt });
  await expect.poll(() => loaded(banner)).toBe(true);
  const shell = await firstScreen(page);
  expect(shell.banner?.height).toBeGreaterThan(100);

  // Hydration keeps the shell's elements (marked here); were it to fail, React would draw the page
  // anew, and the banner must never be gone in between.
  await banner.evaluate((img) => (img.dataset.shell = 'yes'));
  await page.evaluate(() => {
    const seen = window as unknown as { bannerGone?: boolean };
    new MutationObserver(() => {
      if (!document.querySelector('#root h1')) seen.bannerGone = true;
    }).observe(document.getElementById('root')!, { childList: true, subtree: true });
  });
  release();
  await waitForCards(page);
  expect(await page.evaluate(() => (window as unknown as { bannerGone?: boolean }).bannerGone ?? false)).toBe(false);
  await expect(banner).toHaveAttribute('data-shell', 'yes');
  expect(errors, 'no hydration mismatch reported').toEqual([]);
  expect(await firstScreen(page)).toEqual(shell);
});

test('with JavaScript a signed-in shopper gets their account menu on / in place of Login @phone', async ({ page }) => {
  await registerShopper(page);
  await page.goto('/');
  const account = page.getByRole('button', { name: 'Account' });
  await expect(account).toBeVisible();
  await expect(page.getByRole('navigation', { name: 'Main' }).getByRole('button', { name: 'Login' })).toHaveCount(0);
  await account.click();
  await expect(page.getByRole('link', { name: 'My Orders' })).toBeVisible();
  // The page is the live app: its links navigate within it.
  await page.keyboard.press('Escape');
  await page.getByRole('link', { name: 'Shop now' }).click();
  await expect(page).toHaveURL(/\/products$/);
  await expect(page.getByRole('heading', { name: BANNER.heading })).toHaveCount(0);
});
