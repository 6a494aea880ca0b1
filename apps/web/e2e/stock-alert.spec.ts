import { checkScreen } from './support/marketplace';
import { addProductByApi } from './support/seller';
import { logInWithModal, loginSeller, SHOPPER_PASSWORD, uniqueEmail } from './support/shop';
import { expect, test, type Page } from './support/test';

/**
 * Decision 0290, "Tell me when it's back": the page of a product out of stock offers an e-mail when it is back. A
 * visitor is asked to log in first; a shopper's alert is kept on the server (a reload still shows it) until stopped.
 * The mail itself, sent when the shop puts the product back, is the API suite's (stock-alerts.test.ts).
 */
/** A new product of the operator's shop, out of stock, its page opened by a visitor who has an account (its session ended). */
async function visitorOnProductOutOfStock(page: Page, name: string) {
  await loginSeller(page);
  const product = await addProductByApi(page, { name: `${name} ${Date.now().toString(36)}`, price: 320, offerPrice: 280, stock: 0 });
  const email = uniqueEmail('alert');
  expect((await page.request.post('/api/user/register', { data: { name: 'Latha', email, password: SHOPPER_PASSWORD } })).ok()).toBe(true);
  expect((await page.request.get('/api/user/logout')).ok()).toBe(true);
  await page.goto(`/products/fruits/${product._id}`);
  return { product, email };
}

test('a visitor logs in from "Notify me when it is back", asks for the e-mail, finds it kept, and stops it @phone', async ({ page }) => {
  const { product, email } = await visitorOnProductOutOfStock(page, 'Kesar Mango');

  await expect(page.getByText('Out of stock', { exact: true })).toBeVisible();
  await page.getByRole('button', { name: 'Notify me when it is back' }).click();
  const dialog = page.getByRole('dialog');
  await dialog.getByLabel('Email').fill(email);
  await dialog.getByLabel('Password').fill(SHOPPER_PASSWORD);
  await dialog.getByRole('button', { name: 'Login' }).click();
  await expect(dialog).toBeHidden();
  // The login goes home, as every login does (spec section 4); the ask it was for is made on the way.
  await expect(page.getByText(`We will e-mail you when ${product.name} is back in stock`)).toBeVisible();
  await expect(page).toHaveURL('/');

  await page.goto(`/products/fruits/${product._id}`);
  await expect(page.getByText(`We will e-mail ${email} when it is back.`)).toBeVisible();
  await expect(page.getByRole('button', { name: 'Stop the alert' })).toBeVisible();
  await checkScreen(page, 'product-stock-alert');
  // The shop sees the demand beside the product (the page is also the operator's, signed in to add it).
  await page.goto(`/seller/product-list?out&q=${encodeURIComponent(product.name)}`);
  const row = page.getByRole('row').filter({ hasText: product.name });
  await expect(row.getByText('1 shopper waiting for it')).toBeVisible();
  await checkScreen(page, 'seller-products-waiting');
  await page.goto(`/products/fruits/${product._id}`);

  await page.getByRole('button', { name: 'Stop the alert' }).click();
  await expect(page.getByText('Alert stopped: no e-mail when it is back')).toBeVisible();
  await expect(page.getByText(`We will e-mail ${email} when it is back.`)).toBeHidden();
  await page.getByRole('button', { name: 'Notify me when it is back' }).click();
  await expect(page.getByText(`We will e-mail you when ${product.name} is back in stock`)).toBeVisible();
  await expect(page.getByRole('button', { name: 'Stop the alert' })).toBeVisible();

  // Every alert of the shopper's, under My Orders: stopped from there too.
  await page.goto('/my-orders');
  await page.getByText('Back-in-stock alerts').click();
  const alerts = page.getByRole('region', { name: 'Back-in-stock alerts' });
  await expect(alerts.getByRole('link', { name: product.name })).toBeVisible();
  await expect(alerts.getByText(/GreenCart · Still out of stock · asked/)).toBeVisible();
  await checkScreen(page, 'my-orders-stock-alerts');
  await alerts.getByRole('button', { name: `Stop the alert for ${product.name}` }).click();
  await expect(page.getByText('Alert stopped: no e-mail when it is back')).toBeVisible();
  await expect(alerts.getByText(/^No alerts\./)).toBeVisible();
});

test('a visitor who closes the login dialog asks for nothing; a later login does not ask either', async ({ page }) => {
  const { product, email } = await visitorOnProductOutOfStock(page, 'Ratnagiri Mango');
  await page.getByRole('button', { name: 'Notify me when it is back' }).click();
  await expect(page.getByRole('dialog')).toBeVisible();
  await page.keyboard.press('Escape');
  await expect(page.getByRole('dialog')).toBeHidden();
  await logInWithModal(page, { email, password: SHOPPER_PASSWORD });
  await page.goto(`/products/fruits/${product._id}`);
  await expect(page.getByRole('button', { name: 'Notify me when it is back' })).toBeVisible();
  const alert = await page.request.get(`/api/product/alert?productId=${product._id}`);
  expect(await alert.json()).toMatchObject({ alert: false });
});
