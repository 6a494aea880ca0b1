import { CATEGORY_PATHS, computeTotals } from '@greencart/shared';
import { eq, inArray, like, sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { buildTestApp, operatorId, type TestApp } from '../../test/test-app.js';
import { orderItems, orders, products, sellers, stockAlerts } from '../schema/index.js';
import { ledgerEntries } from '../schema/settlement.js';
import { SEEDED_SHOP_PASSWORD, seedSyntheticOrders, seedSyntheticProducts, seedSyntheticShops } from './synthetic.js';

let t: TestApp;
beforeAll(async () => {
  t = await buildTestApp();
  // One demo product with artwork: synthetic products made from it reuse its images.
  await t.app.db.insert(products).values({ sellerId: await operatorId(t.app), name: 'Tomato 1 kg', category: 'Vegetables', priceMinor: 4000, offerPriceMinor: 3500, images: ['tomato-640.webp'] });
});
afterAll(() => t.close());

describe('npm run seed', () => {
  it('adds N products over all 7 categories, about 10 % out of stock, reusing the demo artwork', async () => {
    expect(await seedSyntheticProducts(t.app.db, 1500)).toBe(1500);
    const rows = await t.app.db.select().from(products);
    expect(rows).toHaveLength(1501);
    const synthetic = rows.filter((r) => r.name !== 'Tomato 1 kg');
    expect(new Set(synthetic.map((r) => r.category))).toEqual(new Set(CATEGORY_PATHS));
    const outOfStock = synthetic.filter((r) => !r.inStock).length / synthetic.length;
    expect(outOfStock).toBeGreaterThan(0.06);
    expect(outOfStock).toBeLessThan(0.14);
    for (const r of synthetic) {
      expect(r.offerPriceMinor).toBeGreaterThan(0);
      expect(r.offerPriceMinor).toBeLessThanOrEqual(r.priceMinor);
    }
    const tomatoes = await t.app.db.select().from(products).where(like(products.name, '%Tomato 1 kg%'));
    expect(tomatoes.length).toBeGreaterThan(1);
    for (const tomato of tomatoes) expect(tomato.images).toEqual(['tomato-640.webp']);
  });

  it('gives a counted pack of a plainly weighed product its net quantity, so the seeded catalogue shows unit prices', async () => {
    // The synthetic ones (their names start with a brand), not the demo product the file began with.
    const tomatoes = (await t.app.db.select().from(products).where(like(products.name, '%Tomato 1 kg%'))).filter((r) => r.name !== 'Tomato 1 kg');
    const net = (suffix: string) => tomatoes.filter((r) => r.name.endsWith(suffix)).map((r) => [r.netAmount, r.netUnit]);
    expect(net('Tomato 1 kg').length).toBeGreaterThan(1);
    expect(new Set(net('Tomato 1 kg').map(String))).toEqual(new Set(['1,kg']));
    expect(new Set(net('Pack of 2').map(String))).toEqual(new Set(['2,kg']));
    expect(new Set(net('Pack of 3').map(String))).toEqual(new Set(['3,kg']));
    // A family pack does not say how many it holds: no net quantity rather than an invented one.
    expect(new Set(net('Family Pack').map(String))).toEqual(new Set([',']));
    // A weight that is no plain amount (a watermelon's 2-3 kg) gives none either.
    const melons = await t.app.db.select().from(products).where(like(products.name, '%Watermelon%'));
    expect(melons.length).toBeGreaterThan(0);
    expect(melons.every((r) => r.netAmount === null)).toBe(true);
  });

  it('adds N orders whose amounts are the shop’s own totals of their lines, and shoppers waiting for products out of stock', async () => {
    await t.app.db.update(products).set({ inStock: false }).where(like(products.name, '%Apple%'));
    expect(await seedSyntheticOrders(t.app.db, 120)).toBe(120);
    const alerts = await t.app.db.select({ inStock: products.inStock }).from(stockAlerts).innerJoin(products, eq(products.id, stockAlerts.productId));
    expect(alerts.length).toBeGreaterThan(0);
    expect(alerts.every((alert) => !alert.inStock)).toBe(true);
    const placed = await t.app.db.select().from(orders);
    expect(placed).toHaveLength(120);
    expect(new Set(placed.map((o) => o.paymentType))).toEqual(new Set(['COD', 'Online']));
    for (const order of placed.slice(0, 20)) {
      const lines = await t.app.db.select().from(orderItems).where(eq(orderItems.orderId, order.id));
      expect(lines.length).toBeGreaterThanOrEqual(1);
      const totals = computeTotals(lines);
      expect(order).toMatchObject({ subtotalMinor: totals.amountMinor, taxMinor: totals.taxMinor, amountMinor: totals.totalMinor });
    }
    // The seller's list and summary work over them.
    const { token } = await t.app.sessions.start({ sellerId: (await t.app.db.query.sellers.findFirst())!.id });
    const res = await t.app.inject({ method: 'GET', url: '/api/order/seller', headers: { cookie: `gc_seller_session=${token}` } });
    expect(res.statusCode).toBe(200);
  });
});

describe('npm run seed -- --sellers N', () => {
  it('adds N approved shops, spreads the products evenly over them, and keeps every order one shop\'s', async () => {
    const shops = await seedSyntheticShops(t.app.db, 7);
    expect(await seedSyntheticProducts(t.app.db, 70, 3, shops)).toBe(70);
    const perShop = await t.app.db
      .select({ sellerId: products.sellerId, count: sql<number>`count(*)::int` })
      .from(products)
      .where(inArray(products.sellerId, shops))
      .groupBy(products.sellerId);
    expect(perShop.map((row) => row.count)).toEqual(shops.map(() => 10));
    const rows = await t.app.db.select().from(sellers).where(inArray(sellers.id, shops));
    expect(rows.every((row) => row.status === 'approved' && row.role === 'seller' && row.emailConfirmedAt !== null)).toBe(true);
    expect(new Set(rows.map((row) => row.slug)).size).toBe(7);

    await seedSyntheticOrders(t.app.db, 60, 4);
    const lines = await t.app.db
      .select({ orderShop: orders.sellerId, productShop: products.sellerId })
      .from(orderItems)
      .innerJoin(orders, eq(orders.id, orderItems.orderId))
      .innerJoin(products, eq(products.id, orderItems.productId));
    expect(lines.length).toBeGreaterThan(60);
    expect(lines.every((line) => line.orderShop === line.productShop)).toBe(true);
    // Each delivered order seeded in this file (these 60 and the 120 before) is on its shop's ledger as delivery
    // enters it: the sale, and the default 10 % commission, none for the operator's own shop (0121, whose the 120
    // before are), and a cash order's cash, which the shop kept (0276; not the operator's); no other order is (0216). A shop's
    // statement answers the balance they make.
    const delivered = (await t.app.db.select().from(orders)).filter((order) => order.status === 'Delivered');
    const own = await operatorId(t.app);
    expect(delivered.filter((order) => order.sellerId === own).length).toBeGreaterThan(0);
    const entries = await t.app.db.select().from(ledgerEntries);
    for (const order of delivered) {
      expect(entries.filter((e) => e.orderId === order.id).map((e) => [e.type, e.amountMinor])).toEqual([
        ['sale', order.amountMinor],
        ...(order.sellerId === own ? [] : [['commission', Math.floor(order.amountMinor / 10)]]),
        ...(order.paymentType === 'COD' && order.sellerId !== own ? [['payout', order.amountMinor]] : []),
      ]);
    }
    expect(delivered.some((order) => order.paymentType === 'COD') && delivered.some((order) => order.paymentType === 'Online')).toBe(true);
    expect(entries).toHaveLength(delivered.reduce((sum, order) => sum + (order.sellerId === own ? 1 : 2) + (order.paymentType === 'COD' && order.sellerId !== own ? 1 : 0), 0));
    // Every shop with a delivered order (the random statuses may give the 7 new shops none): its balance.
    for (const shop of new Set(delivered.map((order) => order.sellerId))) {
      const { token } = await t.app.sessions.start({ sellerId: shop });
      const ledger = await t.app.inject({ method: 'GET', url: '/api/seller/ledger', headers: { cookie: `gc_seller_session=${token}` } });
      const commission = (minor: number) => (shop === own ? 0 : Math.floor(minor / 10));
      const cashKept = (order: (typeof delivered)[number]) => (order.paymentType === 'COD' && shop !== own ? order.amountMinor : 0);
      const owed = delivered.filter((order) => order.sellerId === shop).reduce((sum, order) => sum + order.amountMinor - commission(order.amountMinor) - cashKept(order), 0);
      expect(Math.round(ledger.json<{ balance: number }>().balance * 100), shop).toBe(owed);
    }
    // A seeded shop's seller signs in with the shared password (for benchmarks).
    const login = await t.app.inject({ method: 'POST', url: '/api/seller/login', payload: { email: rows[0]!.email, password: SEEDED_SHOP_PASSWORD } });
    expect(login.statusCode).toBe(200);
  });
});
