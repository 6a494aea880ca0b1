import { eq, inArray, sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it, vi } from 'vitest';
import { orders, products } from '../../db/schema/index.js';
import { createShop, shopProduct } from '../../test/market-builders.js';
import { body, buildTestApp, createAddress, createShopper, type TestApp } from '../../test/test-app.js';
import type * as orderRepository from './order-repository.js';
import { placeOrder } from './order-repository.js';
import { MAX_PRICING_ATTEMPTS } from './order-service.js';

/**
 * The give-up path of checkout's pricing (docs/decisions/0123): place_order refuses lines priced otherwise than
 * the database sells them now, the service prices again with the prices it was told, and after
 * MAX_PRICING_ATTEMPTS tries it stops with a 409 PRICES_CHANGED, nothing written. Every call to place_order
 * here is preceded by a price change, so the prices never settle.
 */
vi.mock('./order-repository.js', async (importOriginal) => {
  const actual = await importOriginal<typeof orderRepository>();
  return { ...actual, placeOrder: vi.fn(actual.placeOrder) };
});

let t: TestApp;
beforeAll(async () => {
  t = await buildTestApp();
});
afterAll(() => t.close());

const raisePrice = (productId: string, byMinor: number) =>
  t.app.db.update(products).set({ offerPriceMinor: sql`${products.offerPriceMinor} + ${byMinor}` }).where(eq(products.id, productId));

/** A new shopper's cash-on-delivery checkout, `beforeTry(n)` run before its n-th call to place_order. */
async function checkoutWhilePricesChange(items: { product: string; quantity: number }[], beforeTry: (attempt: number) => Promise<unknown>) {
  const shopper = await createShopper(t.app);
  const addressId = (await createAddress(t.app, shopper.user.id)).id;
  const real = (await vi.importActual<typeof orderRepository>('./order-repository.js')).placeOrder;
  const calls = vi.mocked(placeOrder);
  calls.mockClear();
  calls.mockImplementation(async (db, input) => {
    await beforeTry(calls.mock.calls.length);
    return real(db, input);
  });
  return t.app.inject({ method: 'POST', url: '/api/order/cod', payload: { items, address: addressId }, headers: { cookie: shopper.cookie } });
}

describe('a checkout whose prices keep changing', () => {
  it(`gives up after ${MAX_PRICING_ATTEMPTS} tries with a 409 PRICES_CHANGED, placing no order and taking no units`, async () => {
    const shopA = await createShop(t.app);
    const shopB = await createShop(t.app);
    const apple = await shopProduct(t.app, shopA.id, { offerPrice: 40, stock: 5 });
    const bread = await shopProduct(t.app, shopB.id, { offerPrice: 25, stock: 5 });
    // Another seller raises the apple by a paisa just before each try, out of sight of the catalogue's kept read.
    const res = await checkoutWhilePricesChange([{ product: apple.id, quantity: 2 }, { product: bread.id, quantity: 1 }], () => raisePrice(apple.id, 1));

    expect(res.statusCode).toBe(409);
    expect(body(res)).toMatchObject({ success: false, code: 'PRICES_CHANGED', message: expect.stringContaining('Prices in your cart changed') });
    expect(placeOrder).toHaveBeenCalledTimes(MAX_PRICING_ATTEMPTS);
    expect(await t.app.db.$count(orders, inArray(orders.sellerId, [shopA.id, shopB.id]))).toBe(0);
    const stock = await t.app.db.select({ stock: products.stock }).from(products).where(sql`${products.id} in (${apple.id}, ${bread.id})`);
    expect(stock.map((s) => s.stock)).toEqual([5, 5]);
  });

  it('places the order at the new price when the price settles before the last try', async () => {
    const shop = await createShop(t.app);
    const apple = await shopProduct(t.app, shop.id, { offerPrice: 40, stock: 5 });
    // Changed before each of the first tries but the last: the last try sees the price it was told.
    const res = await checkoutWhilePricesChange([{ product: apple.id, quantity: 1 }], async (attempt) => {
      if (attempt < MAX_PRICING_ATTEMPTS) await raisePrice(apple.id, 100);
    });

    expect(res.statusCode).toBe(200);
    expect(placeOrder).toHaveBeenCalledTimes(MAX_PRICING_ATTEMPTS);
    // 40 + 3 rupees, plus 2 % tax.
    expect(body<{ orders: { amount: number }[] }>(res).orders[0]!.amount).toBe(43.86);
  });
});
