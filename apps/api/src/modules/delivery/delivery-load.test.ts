import type { LightMyRequestResponse } from 'fastify';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { inArray } from 'drizzle-orm';
import { conflictRetries } from '../../db/retry.js';
import { products } from '../../db/schema/index.js';
import { checkoutWithSlots, EVERY_DAY, setDelivery, slotsOf } from '../../test/delivery-builders.js';
import { createShop, shopProduct } from '../../test/market-builders.js';
import { buildTestApp, createAddress, createShopper, type TestApp } from '../../test/test-app.js';

/**
 * Issue 28 under mixed load (the model: orders/checkout-load.test.ts): checkouts taking places in the same windows
 * (locked after the products), cancels giving them back through returnOrderStock, cart saves on the same products,
 * and sellers writing stock and another shop's delivery. Every answer must be a success: no deadlock, no 500.
 */
const LOOPS = Number(process.env.DELIVERY_LOAD_LOOPS ?? 10);
const SECONDS = Number(process.env.DELIVERY_LOAD_SECONDS ?? 4);

let t: TestApp;
beforeAll(async () => {
  t = await buildTestApp();
});
afterAll(() => t.close());

const quantitiesFor = (n: number, lines: number) => Array.from({ length: lines }, (_, i) => (Math.floor(n / 9 ** i) % 9) + 1);

describe('checkout with delivery windows under mixed load', () => {
  it('answers every checkout, cancel, cart save and seller write with success', { timeout: 120_000 }, async () => {
    const shop = await createShop(t.app, { shopName: 'Load Van' });
    const other = await createShop(t.app);
    await setDelivery(t.app, shop.cookie, { fee: 20, freeAbove: 1000, windows: [{ days: EVERY_DAY, start: '08:00', end: '10:00', capacity: 10_000 }, { days: EVERY_DAY, start: '18:00', end: '20:00', capacity: 10_000 }], cutoffMinutes: 0, daysAhead: 2 });
    const counted = [];
    for (let i = 0; i < 4; i++) counted.push(await shopProduct(t.app, shop.id, { name: `Load ${i}`, stock: 1_000_000 }));
    const ids = counted.map((p) => p.id);
    const windows = (await slotsOf(t.app, shop.id)).slots.filter((s) => Date.parse(s.start) > Date.now() + 3_600_000).map((s) => s.start);
    const buyers = await Promise.all(
      Array.from({ length: LOOPS }, async () => {
        const shopper = await createShopper(t.app);
        return { cookie: shopper.cookie, addressId: (await createAddress(t.app, shopper.user.id)).id };
      }),
    );
    const savers = await Promise.all(Array.from({ length: LOOPS }, () => createShopper(t.app)));
    const failures: string[] = [];
    const answered = { checkout: 0, cancel: 0, cart: 0, stock: 0, delivery: 0 };
    const placed: string[] = [];
    const record = (kind: keyof typeof answered, res: LightMyRequestResponse) => {
      if (res.statusCode === 200) answered[kind] += 1;
      else failures.push(`${kind}: ${res.statusCode} ${res.body.slice(0, 200)}`);
    };
    const retriesBefore = conflictRetries();
    const started = Date.now();
    const deadline = started + SECONDS * 1000;
    const loop = async (step: (n: number) => Promise<void>) => {
      for (let n = 0; Date.now() < deadline; n++) await step(n);
    };
    await Promise.all([
      ...buyers.map((buyer, b) =>
        loop(async (n) => {
          const quantities = quantitiesFor(n, ids.length);
          const res = await checkoutWithSlots(t.app, buyer, ids.map((id, i) => ({ product: { id }, quantity: quantities[i]! })), { [shop.id]: windows[(n + b) % windows.length]! });
          record('checkout', res);
          if (res.statusCode === 200) placed.push(res.json<{ orderId: string }>().orderId);
        }),
      ),
      ...savers.map((saver) =>
        loop(async (n) => {
          const cartItems = Object.fromEntries([...ids].reverse().map((id, i) => [id, ((n + i) % 9) + 1]));
          record('cart', await t.app.inject({ method: 'POST', url: '/api/cart/update', payload: { cartItems }, headers: { cookie: saver.cookie } }));
        }),
      ),
      loop(async () => {
        const orderId = placed.shift();
        if (!orderId) return void (await new Promise((resolve) => setTimeout(resolve, 10)));
        record('cancel', await t.app.inject({ method: 'POST', url: '/api/order/status', payload: { orderId, status: 'Cancelled' }, headers: { cookie: shop.cookie } }));
      }),
      loop(async (n) => {
        record('stock', await t.app.inject({ method: 'POST', url: '/api/product/stock', payload: { id: ids[ids.length - 1 - (n % ids.length)]!, stock: 1_000_000 }, headers: { cookie: shop.cookie } }));
      }),
      loop(async (n) => {
        const res = await t.app.inject({ method: 'PUT', url: '/api/seller/delivery', payload: { pincodes: null, fee: n % 50, freeAbove: null, minOrder: 0, windows: [], cutoffMinutes: 0, daysAhead: 1 }, headers: { cookie: other.cookie } });
        record('delivery', res);
        await new Promise((resolve) => setTimeout(resolve, 20));
      }),
    ]);
    const seconds = (Date.now() - started) / 1000;
    console.log(`delivery load: ${JSON.stringify(answered)} in ${seconds.toFixed(1)} s, ${(answered.checkout / seconds).toFixed(0)} checkouts/s, loadavg ${(await import('node:os')).loadavg().map((l) => l.toFixed(2)).join(' ')}`);
    expect(failures.slice(0, 5)).toEqual([]);
    expect(conflictRetries()).toBe(retriesBefore);
    expect(answered.checkout).toBeGreaterThan(0);
    expect(answered.cancel).toBeGreaterThan(0);
    const stock = await t.app.db.select({ stock: products.stock }).from(products).where(inArray(products.id, ids));
    expect(stock.every((s) => s.stock! <= 1_000_000)).toBe(true);
  });
});
