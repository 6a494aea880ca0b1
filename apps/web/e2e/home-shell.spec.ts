import type { Locator } from '@playwright/test';
import { expect, test, type Page } from './support/test';
import { registerShopper } from './support/shop';
import { catalogue, productCards, waitForCards } from './support/storefront';

/**
 * The storefront's pages arrive rendered by the server with their content (docs/decisions/0128): they
 * paint, and a crawler or a link preview reads them, before (or without) the JavaScript.
 */

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

  test('/ shows the navbar, the banner, the categories and the Best Sellers with their prices @phone', async ({ page }) => {
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
    await expect(productCards(page)).toHaveCount(5);
    await expect(productCards(page).first()).toContainText(/Rs \d/);
    await expect(page).toHaveTitle('GreenCart: fresh groceries delivered daily');
  });

  test('a product page shows its name, price, availability and image; a category its products @phone', async ({ page }) => {
    const [product] = (await catalogue(page)).filter((p) => p.inStock);
    await page.goto(`/products/${product!.category.toLowerCase()}/${product!._id}`);
    await expect(page.getByRole('heading', { level: 1, name: product!.name })).toBeVisible();
    await expect(page.getByRole('main')).toContainText(`Rs ${product!.offerPrice}`);
    const image = page.getByRole('main').getByRole('img', { name: product!.name }).first();
    await expect.poll(() => loaded(image)).toBe(true);
    await expect(page.getByRole('button', { name: 'Add to Cart' })).toBeVisible();
    await expect(page).toHaveTitle(`${product!.name} | GreenCart`);
    await page.goto(`/products/${product!.category.toLowerCase()}`);
    await expect(productCards(page).filter({ hasText: product!.name })).toBeVisible();
  });

  test('the navbar search finds products on a page drawn on the server (a wide screen: a phone opens it with JavaScript)', async ({ page }) => {
    const [product] = (await catalogue(page)).filter((p) => p.inStock);
    await page.goto('/');
    await page.getByRole('searchbox', { name: 'Search products' }).fill(product!.name);
    await page.getByRole('searchbox', { name: 'Search products' }).press('Enter');
    await expect(page).toHaveURL(`/products?q=${encodeURIComponent(product!.name).replaceAll('%20', '+')}`);
    await expect(productCards(page).filter({ hasText: product!.name }).first()).toBeVisible();
  });

  test('a search on one shop\'s products drawn on the server keeps to that shop', async ({ page }) => {
    const products = await catalogue(page);
    const [product] = products.filter((p) => p.inStock && p.seller.slug !== 'greencart');
    await page.goto(`/products?seller=${product!.seller.slug}`);
    await page.getByRole('searchbox', { name: 'Search products' }).fill(product!.name);
    await page.getByRole('searchbox', { name: 'Search products' }).press('Enter');
    await expect(page).toHaveURL(`/products?q=${encodeURIComponent(product!.name).replaceAll('%20', '+')}&seller=${product!.seller.slug}`);
    await expect(productCards(page).filter({ hasText: product!.name }).first()).toBeVisible();
    await expect(productCards(page).filter({ hasNotText: product!.seller.shopName })).toHaveCount(0);
  });

  test('an unknown product answers 404 and says so, with a way on @phone', async ({ page }) => {
    const response = await page.goto('/products/fruits/00000000-0000-4000-8000-000000000000');
    expect(response?.status()).toBe(404);
    await expect(page.getByRole('heading', { name: 'Product not found' })).toBeVisible();
    await expect(page.getByRole('link', { name: 'Browse all products' })).toHaveAttribute('href', '/products');
  });

  test('/cart is not rendered by the server: it is the visitor\'s own, and says it needs JavaScript with a way to the products', async ({ page }) => {
    await page.goto('/cart');
    await expect(page.getByRole('heading', { name: BANNER.heading })).toHaveCount(0);
    await expect(page.locator('#root')).toBeEmpty();
    // (Playwright's text locators skip <noscript>; the paragraph's role does not.)
    await expect(page.getByRole('paragraph')).toContainText('This page of GreenCart needs JavaScript.');
    await page.getByRole('link', { name: 'browse our products' }).click();
    await expect(page).toHaveURL('/products');
    // A rendered page works without it: no such note.
    await expect(page.getByRole('heading', { level: 1 })).toBeVisible();
    await expect(page.getByRole('paragraph').filter({ hasText: 'needs JavaScript' })).toHaveCount(0);
  });
});

test('a page opened from outside the app starts at its top, not at the scroll of the page loaded before it @phone', async ({ page }) => {
  await page.goto('/products');
  await waitForCards(page);
  await page.evaluate(() => window.scrollTo(0, 1500));
  await expect.poll(() => page.evaluate(() => window.scrollY)).toBeGreaterThan(1000);
  // Typed in the address bar: both pages had React Router's key "default", and the second opened at 1500.
  await page.goto('/contact');
  await expect(page.getByRole('heading', { level: 1 })).toBeVisible();
  expect(await page.evaluate(() => window.scrollY)).toBe(0);
  // Back to the list: where the shopper left it.
  await page.goBack();
  await waitForCards(page);
  await expect.poll(() => page.evaluate(() => window.scrollY)).toBeGreaterThan(1000);
});

test('a page the server does not render (the cart, the seller area) starts with no warning or error in the console', async ({ page }) => {
  const said: string[] = [];
  page.on('console', (message) => {
    if (message.type() === 'warning' || message.type() === 'error') said.push(`${page.url()}: ${message.text()}`);
  });
  await page.goto('/cart');
  await expect(page.getByText('Your cart is empty.')).toBeVisible();
  await page.goto('/seller');
  await expect(page.getByRole('heading', { name: 'Seller Login' })).toBeVisible();
  // React Router warned "No `HydrateFallback` element provided…" when it started on a route still to load.
  expect(said).toEqual([]);
});

test('React takes over the server-rendered first screen without redrawing or moving it @phone', async ({ page }) => {
  const errors: string[] = [];
  page.on('console', (message) => {
    if (message.type() === 'error') errors.push(message.text());
  });
  page.on('pageerror', (error) => errors.push(error.message));
  // Hold the scripts: what shows meanwhile is the server's page alone.
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

test('a product page is hydrated from the data in the page: no catalogue request, no mismatch @phone', async ({ page }) => {
  const [product] = (await catalogue(page)).filter((p) => p.inStock);
  const errors: string[] = [];
  page.on('console', (message) => {
    if (message.type() === 'error') errors.push(message.text());
  });
  const catalogueCalls: string[] = [];
  page.on('request', (request) => {
    if (request.url().includes('/api/product')) catalogueCalls.push(request.url());
  });
  await page.goto(`/products/${product!.category.toLowerCase()}/${product!._id}`);
  const heading = page.getByRole('heading', { level: 1, name: product!.name });
  await heading.evaluate((h) => (h.dataset.server = 'yes'));
  // Hydrated: the page's own Add to Cart works (the cart's count follows).
  await expect(async () => {
    await page.getByRole('button', { name: 'Add to Cart' }).click();
    await expect(page.getByRole('navigation', { name: 'Main' }).getByRole('link', { name: /^Cart, [1-9]/ })).toBeVisible({ timeout: 500 });
  }).toPass();
  await expect(heading).toHaveAttribute('data-server', 'yes');
  expect(catalogueCalls).toEqual([]);
  expect(errors, 'no hydration mismatch reported').toEqual([]);
  // Within the app a link to another product is a client-side navigation that asks the API.
  await page.getByRole('link', { name: 'See more' }).click();
  await expect(page.getByRole('heading', { level: 1, name: 'All Products' })).toBeVisible();
  await waitForCards(page);
  expect(catalogueCalls.filter((url) => url.endsWith('/api/product/search?'))).toHaveLength(1);
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

test('Tab first offers "Skip to content", past the navbar; a page opened in the app gives its heading the focus @phone', async ({ page }) => {
  await page.goto('/products');
  await waitForCards(page);
  await page.keyboard.press('Tab');
  const skip = page.getByRole('link', { name: 'Skip to content' });
  await expect(skip).toBeFocused();
  // Out of sight until it has the focus, then readable.
  expect((await skip.boundingBox())!.width).toBeGreaterThan(50);
  await page.keyboard.press('Enter');
  await page.keyboard.press('Tab');
  const stop = () => page.evaluate(() => ({ inMain: Boolean(document.activeElement?.closest('main')), inNav: Boolean(document.activeElement?.closest('nav')) }));
  expect(await stop()).toEqual({ inMain: true, inNav: false });

  // A product opened from the list: its name (the page's heading) has the focus, not the card followed.
  const name = await productCards(page).first().getByRole('heading').first().textContent();
  await productCards(page).first().getByRole('link').first().focus();
  await page.keyboard.press('Enter');
  const heading = page.getByRole('heading', { level: 1, name: name! });
  await expect(heading).toBeFocused();
  // Not a control: no focus ring drawn around it (a probe saw one clip My Orders' underline).
  expect(await heading.evaluate((el) => getComputedStyle(el).outlineStyle)).toBe('none');

  // A search typed in the navbar opens /products as one types: the field keeps the focus.
  if (test.info().project.name === 'desktop') {
    const search = page.getByRole('searchbox', { name: 'Search products' });
    await search.fill('ap');
    await expect(page).toHaveURL(/\/products\?q=ap/);
    await search.press('p');
    await expect(search).toBeFocused();
    await expect(search).toHaveValue('app');
  }
});
