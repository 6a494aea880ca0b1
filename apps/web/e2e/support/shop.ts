import { expect, type Page } from '@playwright/test';

/** Shared steps for browser tests. Each test makes its own shopper so tests never share state. */

let counter = 0;
export function uniqueEmail(prefix = 'shopper') {
  return `${prefix}-${Date.now().toString(36)}-${process.pid}-${counter++}@example.com`;
}

export const SHOPPER_PASSWORD = 'fresh-tomatoes-42';
export const SELLER = { email: 'seller@greencart.local', password: 'greencart-seller' };

/** Registers a shopper through the API from the page's context, so the session cookie lands in the browser. */
export async function registerShopper(page: Page, name = 'Test Shopper') {
  const email = uniqueEmail();
  const response = await page.request.post('/api/user/register', { data: { name, email, password: SHOPPER_PASSWORD } });
  expect(response.ok(), await response.text()).toBeTruthy();
  return { name, email, password: SHOPPER_PASSWORD };
}

/** Logs the demo seller in through the API from the page's context. */
export async function loginSeller(page: Page) {
  const response = await page.request.post('/api/seller/login', { data: SELLER });
  expect(response.ok(), await response.text()).toBeTruthy();
}

export interface CatalogueProduct {
  _id: string;
  name: string;
  offerPrice: number;
  category: string;
  inStock: boolean;
  /** Units left, or null when not counted. */
  stock: number | null;
  weight?: string;
  seller: { id: string; shopName: string; slug: string };
}

/** In-stock products of the seeded catalogue, read through the API. */
export async function inStockProducts(page: Page): Promise<CatalogueProduct[]> {
  const response = await page.request.get('/api/product/list');
  const { products } = (await response.json()) as { products: CatalogueProduct[] };
  return products.filter((p) => p.inStock);
}

/** Fills a visitor's browser cart (localStorage) and reloads so the shop picks it up. */
export async function seedVisitorCart(page: Page, cartItems: Record<string, number>) {
  if (page.url() === 'about:blank') await page.goto('/');
  await page.evaluate((items) => localStorage.setItem('greencart:cart', JSON.stringify(items)), cartItems);
  await page.reload();
}

/** Opens the login overlay from the navbar and logs in (or signs up when a name is given). */
export async function logInWithModal(page: Page, account: { name?: string; email: string; password: string }) {
  await page.getByRole('button', { name: 'Login', exact: true }).click();
  const dialog = page.getByRole('dialog');
  if (account.name) {
    await dialog.getByRole('button', { name: 'click here' }).click();
    await dialog.getByLabel('Name').fill(account.name);
  }
  await dialog.getByLabel('Email').fill(account.email);
  await dialog.getByLabel('Password').fill(account.password);
  await dialog.getByRole('button', { name: account.name ? 'Create Account' : 'Login' }).click();
  await expect(dialog).toBeHidden();
}

/** Logs the shopper out from the navbar's account menu. */
export async function logOut(page: Page) {
  await page.getByRole('button', { name: 'Account' }).click();
  await page.getByRole('button', { name: 'Logout' }).click();
  await expect(page.getByRole('button', { name: 'Login', exact: true })).toBeVisible();
}

/** Waits for the shop to save the cart to the server (debounced after each change). */
export function cartSaved(page: Page) {
  return page.waitForResponse((r) => r.url().endsWith('/api/cart/update') && r.request().method() === 'POST' && r.ok());
}
