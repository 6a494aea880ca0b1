import sharp from 'sharp';
import { expect, type Page } from '@playwright/test';

/** Shared steps for seller browser tests. */

/** A real image file for an upload field, made with sharp (a coloured square with a stripe). */
export async function testImageFile(name: string, format: 'png' | 'jpeg' = 'png', colour = { r: 240, g: 140, b: 40 }, size = { width: 600, height: 600 }) {
  const buffer = await sharp({ create: { ...size, channels: 3, background: colour } })
    .composite([{ input: { create: { width: size.width, height: 120, channels: 3, background: { r: 60, g: 160, b: 90 } } }, top: 0, left: 0 }])
    .toFormat(format)
    .toBuffer();
  return { name, mimeType: format === 'png' ? 'image/png' : 'image/jpeg', buffer };
}

/** Adds a product through the spec's multipart call (the seller must be logged in); returns it. */
export async function addProductByApi(page: Page, fields: { name: string; price: number; offerPrice: number; stock?: number; netQuantity?: { amount: number; unit: string }; category?: string }) {
  const image = await testImageFile('product.png');
  const response = await page.request.post('/api/product/add', {
    multipart: { productData: JSON.stringify({ category: 'Fruits', ...fields, description: ['Fresh'] }), images: image },
  });
  expect(response.ok(), await response.text()).toBeTruthy();
  return ((await response.json()) as { product: { _id: string; name: string; image: string[] } }).product;
}

export interface ListedProduct {
  _id: string;
  name: string;
  category: string;
  description: string[];
  price: number;
  offerPrice: number;
  image: string[];
  inStock: boolean;
}

/** The whole catalogue as GET /api/product/list answers it. */
export async function listProducts(page: Page): Promise<ListedProduct[]> {
  const response = await page.request.get('/api/product/list');
  expect(response.ok()).toBeTruthy();
  return ((await response.json()) as { products: ListedProduct[] }).products;
}

/**
 * The whole list once it shows a change just made (`ready`): after a write, GET /api/product/list may
 * answer the previous list for up to 300 ms while a large one is rebuilt (docs/decisions/0013).
 */
export async function listProductsWhen(page: Page, ready: (products: ListedProduct[]) => boolean): Promise<ListedProduct[]> {
  let products: ListedProduct[] = [];
  await expect.poll(async () => ready((products = await listProducts(page)))).toBe(true);
  return products;
}

/** Places a cash-on-delivery order for the logged-in shopper through the spec's calls; returns its id. */
export async function placeCodOrderByApi(page: Page, items: { product: string; quantity: number }[], addressId: string) {
  const response = await page.request.post('/api/order/cod', { data: { items, address: addressId } });
  expect(response.ok(), await response.text()).toBeTruthy();
  const orders = ((await (await page.request.get('/api/order/user')).json()) as { orders: { _id: string; orderNumber: string }[] }).orders;
  // Screens name an order by its number ("Order GC-100234"); calls take its id.
  return { id: orders[0]!._id, number: orders[0]!.orderNumber };
}
