import type { Coupon } from '@greencart/shared';
import { eq } from 'drizzle-orm';
import pg from 'pg';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { orders, products } from '../../db/schema/index.js';
import { createShop, shopProduct } from '../../test/market-builders.js';
import { setShopStatus } from '../../test/shop-builders.js';
import { body, buildTestApp, createAddress, createProduct, createShopper, sellerCookie, type TestApp } from '../../test/test-app.js';

/**
 * Interleavings a probe found by holding rows with a connection of its own, as another checkout holds them while it
 * runs: only PostgreSQL runs two transactions at once (PGlite's one connection takes them in turn).
 */
const onPostgres = process.env.TEST_DB_DRIVER === 'postgres' && process.env.TEST_DATABASE_URL !== undefined;

let t: TestApp;
beforeAll(async () => {
  t = await buildTestApp();
});
afterAll(() => t?.close());

/** A connection of the test's own that holds rows in a transaction until `release`. */
async function holding(sql: string, params: unknown[]) {
  const client = new pg.Client({ connectionString: t.database.url });
  await client.connect();
  await client.query('begin');
  await client.query(sql, params);
  return async () => {
    await client.query('rollback');
    await client.end();
  };
}

/** Until `count` of this database's statements wait for a row lock. */
async function waitingForLocks(count: number) {
  const client = new pg.Client({ connectionString: t.database.url });
  await client.connect();
  try {
    await expect
      .poll(async () => Number((await client.query("select count(*) from pg_stat_activity where datname = current_database() and wait_event_type = 'Lock'")).rows[0].count), { timeout: 10_000, interval: 20 })
      .toBeGreaterThanOrEqual(count);
  } finally {
    await client.end();
  }
}

let codes = 0;
/** A platform coupon of 1 % off, made by the operator. */
const platformCoupon = async () =>
  body<{ coupon: Coupon }>(
    await t.app.inject({ method: 'POST', url: '/api/seller/coupons', payload: { code: `RACE${Date.now().toString(36).toUpperCase()}${codes++}`, type: 'percent', value: 1 }, headers: { cookie: await sellerCookie(t.app) } }),
  ).coupon;

async function shopperAt() {
  const shopper = await createShopper(t.app);
  return { cookie: shopper.cookie, address: (await createAddress(t.app, shopper.user.id)).id };
}
const checkout = (who: { cookie: string; address: string }, items: { product: string; quantity: number }[], coupon?: string) =>
  t.app.inject({ method: 'POST', url: '/api/order/cod', payload: { items, address: who.address, ...(coupon ? { coupon } : {}) }, headers: { cookie: who.cookie } });

describe.runIf(onPostgres)('checkout beside writes that hold its rows (PostgreSQL)', () => {
  it('never sells units twice when a product becomes counted while a checkout of it waits (a probe sold 6 of 5)', async () => {
    const [held, figs] = [await createProduct(t.app, { name: 'Held Dates' }), await createProduct(t.app, { name: 'Late Counted Figs' })];
    await t.app.db.update(products).set({ stock: 10 }).where(eq(products.id, held.id));
    const coupon = await platformCoupon();
    const [first, second] = [await shopperAt(), await shopperAt()];

    // Another checkout holds the dates: the first, of the dates and 3 figs (not counted yet), waits for them.
    const releaseDates = await holding('select 1 from products where id = $1 for no key update', [held.id]);
    const firstAnswer = checkout(first, [
      { product: held.id, quantity: 1 },
      { product: figs.id, quantity: 3 },
    ]);
    await waitingForLocks(1);
    // The seller counts the figs: 5.
    await t.app.db.update(products).set({ stock: 5 }).where(eq(products.id, figs.id));
    // The second checkout takes 3 of them, then waits for its coupon, which another checkout holds.
    const releaseCoupon = await holding('select 1 from coupons where id = $1 for no key update', [coupon._id]);
    const secondAnswer = checkout(second, [{ product: figs.id, quantity: 3 }], coupon.code);
    await waitingForLocks(2);
    // The first reads the figs as 5 and waits for the second's lock on them; then the second commits.
    await releaseDates();
    await waitingForLocks(2);
    await releaseCoupon();

    const answers = await Promise.all([firstAnswer, secondAnswer]);
    expect(answers[1].statusCode, answers[1].body).toBe(200);
    // The first is refused: 2 left of the 3 it asks for.
    expect(body(answers[0])).toMatchObject({ success: false, code: 'NOT_ENOUGH_STOCK' });
    const [after] = await t.app.db.select({ stock: products.stock }).from(products).where(eq(products.id, figs.id));
    expect(after!.stock).toBe(2);
  });

  it("refuses a shop suspended while a checkout of it waited for its coupon: read again after the last lock (a probe paid it; decision 0265)", async () => {
    const shop = await createShop(t.app);
    const grapes = await shopProduct(t.app, shop.id, { name: 'Suspended Grapes' });
    const coupon = await platformCoupon();
    const shopper = await shopperAt();
    const releaseCoupon = await holding('select 1 from coupons where id = $1 for no key update', [coupon._id]);
    const answer = t.app.inject({
      method: 'POST',
      url: '/api/order/stripe',
      payload: { items: [{ product: grapes.id, quantity: 1 }], address: shopper.address, coupon: coupon.code },
      headers: { cookie: shopper.cookie },
    });
    await waitingForLocks(1);
    expect((await setShopStatus(t.app, { sellerId: shop.id, status: 'suspended', reason: 'Sold expired grapes' })).statusCode).toBe(200);
    await releaseCoupon();
    const refused = await answer;
    expect(refused.statusCode, refused.body).toBe(409);
    expect(await t.app.db.$count(orders, eq(orders.sellerId, shop.id))).toBe(0);
  });
});
