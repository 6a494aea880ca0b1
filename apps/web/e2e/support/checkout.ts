import { expect, type Page } from '@playwright/test';
import { formatPrice, type AddressInput } from '@greencart/shared';
import type { CatalogueProduct } from './shop';
import { SAMPLE_ADDRESS } from '@greencart/shared/testing';

/** Shared steps for checkout browser tests. */

export { SAMPLE_ADDRESS };

/** The picker's one-line form of an address. */
export const addressLine = (a: AddressInput) => `${a.street}, ${a.city}, ${a.state} ${a.zipcode}, ${a.country}`;

/** Saves an address for the logged-in shopper through the API; returns its id. */
export async function saveAddress(page: Page, overrides: Partial<typeof SAMPLE_ADDRESS> = {}): Promise<string> {
  const response = await page.request.post('/api/address/add', { data: { address: { ...SAMPLE_ADDRESS, ...overrides } } });
  expect(response.ok(), await response.text()).toBeTruthy();
  return ((await response.json()) as { address: { _id: string } }).address._id;
}

/** The shop's price display (formatPrice): `Rs 40`, `Rs 39.50`, `Rs 1,275`, from minor units. */
export const rsMinor = (minor: number) => formatPrice(minor, 'Rs');

/** The summary's figures for a cart, as the shared computeTotals makes them (2 % tax rounded down). */
export function expectedTotals(lines: { product: CatalogueProduct; quantity: number }[]) {
  const amount = lines.reduce((sum, l) => sum + Math.round(l.product.offerPrice * 100) * l.quantity, 0);
  const tax = Math.floor((amount * 2) / 100);
  return { amount, tax, total: amount + tax };
}

/** Puts products in the logged-in shopper's saved cart (what the shop loads at start). */
export async function saveServerCart(page: Page, cartItems: Record<string, number>) {
  const response = await page.request.post('/api/cart/update', { data: { cartItems } });
  expect(response.ok(), await response.text()).toBeTruthy();
}

/** The shopper's orders as the API lists them. */
export async function listMyOrders(page: Page): Promise<{ _id: string; orderNumber: string; paymentType: string; isPaid: boolean; amount: number }[]> {
  return ((await (await page.request.get('/api/order/user')).json()) as { orders: { _id: string; orderNumber: string; paymentType: string; isPaid: boolean; amount: number }[] }).orders;
}

/** On the built-in test gateway's page (no real charge): a card that pays, and Pay. */
export async function payWithTestCard(page: Page) {
  await page.getByLabel('Card number').fill('4242 4242 4242 4242');
  await page.getByLabel('Expiry (MM/YY)').fill('12/34');
  await page.getByLabel('CVC').fill('123');
  await page.getByRole('button', { name: /^Pay / }).click();
}
