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
