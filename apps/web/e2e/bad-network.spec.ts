import { loginSeller, registerShopper, inStockProducts } from './support/shop';
import { waitForCards, waitForHydration } from './support/storefront';
import { expect, test } from './support/test';

/** A phone on a bad network (a probe, 2026-12-01): one failed download or save must not break the shop for the visit. */

test('the chat failing to download leaves the page working without it, not the shop on its error page @phone', async ({ page }) => {
  await page.route(/\/assets\/chat-widget-[^/]*\.js$/, (route) => route.abort('failed'));
  await page.goto('/products');
  await waitForCards(page);
  await page.waitForLoadState('networkidle');
  await expect(page.getByRole('heading', { name: 'Something went wrong' })).toHaveCount(0);
  await expect(page.getByRole('link', { name: /^Cart/ })).toBeVisible();
});

test('a toast whose code failed to download once is shown by the next one: messages are not silenced for the visit', async ({ page }) => {
  let failed = 0;
  await page.route(/\/assets\/toaster-[^/]*\.js$/, (route) => (failed++ === 0 ? route.abort('failed') : route.continue()));
  await page.goto('/products');
  await waitForCards(page);
  const [first, second] = await inStockProducts(page);
  await page.getByRole('button', { name: `Add ${first!.name} to cart` }).click();
  await expect.poll(() => failed).toBeGreaterThan(0);
  await page.getByRole('button', { name: `Add ${second!.name} to cart` }).click();
  await expect(page.getByText('Product added to cart').first()).toBeVisible();
});

test('a cart change whose save failed while offline reaches the server when the phone is back online @phone', async ({ page, context }) => {
  await registerShopper(page);
  const [product] = await inStockProducts(page);
  await page.goto('/products');
  await waitForHydration(page);
  await waitForCards(page);
  await context.setOffline(true);
  await page.getByRole('button', { name: `Add ${product!.name} to cart` }).click();
  await expect(page.getByRole('link', { name: /^Cart, 1 item/ })).toBeVisible();
  await page.waitForTimeout(1_000);
  await context.setOffline(false);
  const serverCart = async () => ((await (await page.request.get('/api/user/is-auth')).json()) as { user: { cartItems: Record<string, number> } }).user.cartItems;
  await expect.poll(serverCart, { timeout: 10_000 }).toEqual({ [product!._id]: 1 });
});

test('My Orders whose load failed says so and loads on "Try again", without a toast (spec: only logged) @phone', async ({ page }) => {
  await registerShopper(page);
  let failed = 0;
  await page.route(/\/api\/order\/user/, (route) => (failed++ === 0 ? route.abort('failed') : route.continue()));
  await page.goto('/my-orders');
  await expect(page.getByText('Your orders could not be loaded.')).toBeVisible();
  await expect(page.getByRole('status').filter({ hasText: 'Loading your orders' })).toHaveCount(0);
  await expect(page.getByText(/error/i)).toHaveCount(0);
  await page.getByRole('button', { name: 'Try again' }).click();
  await expect(page.getByText('You have no orders yet.')).toBeVisible();
});

test('Buy again whose load failed says so and loads on "Try again" @phone', async ({ page }) => {
  await registerShopper(page);
  let failed = 0;
  await page.route(/\/api\/order\/buy-again/, (route) => (failed++ === 0 ? route.abort('failed') : route.continue()));
  await page.goto('/buy-again');
  await expect(page.getByText('Your products could not be loaded.')).toBeVisible();
  await page.getByRole('button', { name: 'Try again' }).click();
  await expect(page.getByText('Nothing to buy again yet.')).toBeVisible();
});

test('a product page whose data failed to load offers Try again, which loads it once the server answers (a probe) @phone', async ({ page }) => {
  await page.goto('/products');
  await waitForHydration(page);
  await waitForCards(page);
  const [product] = await inStockProducts(page);
  let failed = 0;
  await page.route(new RegExp(`/api/product/${product!._id}`), (route) => (failed++ === 0 ? route.abort('failed') : route.continue()));
  await page.getByRole('link', { name: product!.name }).first().click();
  await expect(page.getByRole('heading', { name: 'Something went wrong' })).toBeVisible();
  await page.getByRole('button', { name: 'Try again' }).click();
  await expect(page.getByRole('heading', { level: 1, name: product!.name })).toBeVisible();
});

test('the Coupons screen whose form failed to download lists the coupons and says how to get the form', async ({ page }) => {
  await loginSeller(page);
  await page.route(/\/assets\/coupon-form-[^/]*\.js$/, (route) => route.abort('failed'));
  await page.goto('/seller/coupons');
  await expect(page.getByRole('alert').filter({ hasText: 'The coupon form could not be loaded. Reload the page to create or edit a coupon.' })).toBeVisible();
  await expect(page.getByRole('heading', { name: 'Platform coupons' })).toBeVisible();
  await expect(page.getByRole('heading', { name: 'Something went wrong' })).toHaveCount(0);
});
