import { eq, sql } from 'drizzle-orm';
import { formatPrice } from '@greencart/shared';
import type { FastifyInstance } from 'fastify';
import { afterAll, beforeAll, describe, expect, it, vi } from 'vitest';
import { buildApp } from '../../app.js';
import { mailOutbox, scheduledRuns, sellers } from '../../db/schema/index.js';
import { checkoutThroughApi, createShop, shopProduct } from '../../test/market-builders.js';
import { completeTestPayment, orderNumberOf } from '../../test/order-builders.js';
import { keptMail } from '../../test/shop-builders.js';
import { body, buildTestApp, mailsSent, type TestApp } from '../../test/test-app.js';

/**
 * Decision 0250: a shop is e-mailed its new orders (placed cash on delivery, or paid by card) by a job that runs once a
 * minute across instances; each order in one mail, once. Two apps on one database, as two instances.
 */
const mail = keptMail();
let t: TestApp;
let second: FastifyInstance;
beforeAll(async () => {
  t = await buildTestApp({}, { mailer: mail });
  second = await buildApp({ config: t.app.config, database: t.database, seed: false, logger: false, scheduledJobs: false });
});
afterAll(async () => {
  await second.close();
  await t.close();
});

const rupees = (amount: number) => formatPrice(Math.round(amount * 100), t.app.config.currency);
const newOrderMails = async (shop: { id: string }) =>
  t.app.db.select().from(mailOutbox).where(sql`${mailOutbox.sellerId} = ${shop.id} and ${mailOutbox.kind} = 'new-orders'`);
const sentTo = (shop: { shopName: string }) => mail.sent.filter((m) => m.subject.endsWith(` for ${shop.shopName}`) && m.subject.includes('new order'));

// `mailNewOrders(0)`: up to now, the orders just placed (the job itself stops a minute back, for checkouts still committing).
describe('new-order mails to the shops', () => {
  it('mails each shop its orders once: cash on delivery when placed, by card when paid; none for a waiting or cancelled one, or a shop that turned them off', async () => {
    // Whatever earlier runs left: this test's stretch starts now.
    await t.app.housekeeping.mailNewOrders(0);
    const [dairy, bakery, quiet] = [await createShop(t.app, { shopName: 'Dairy Lane', name: 'Meena' }), await createShop(t.app, { shopName: 'Bake House' }), await createShop(t.app)];
    await t.app.db.update(sellers).set({ orderMails: false }).where(eq(sellers.id, quiet.id));
    const [milk, bread, jam] = [await shopProduct(t.app, dairy.id, { offerPrice: 60 }), await shopProduct(t.app, bakery.id, { offerPrice: 45 }), await shopProduct(t.app, quiet.id)];

    const both = await checkoutThroughApi(t.app, [{ product: milk, quantity: 2 }, { product: bread, quantity: 1 }, { product: jam, quantity: 1 }]);
    expect(both.res.statusCode, both.res.body).toBe(200);
    const byCard = await checkoutThroughApi(t.app, [{ product: milk, quantity: 1 }], { payment: 'stripe' });
    expect(byCard.res.statusCode, byCard.res.body).toBe(200);
    const cancelled = await checkoutThroughApi(t.app, [{ product: bread, quantity: 3 }]);
    const cancel = await t.app.inject({ method: 'POST', url: '/api/order/cancel', payload: { orderId: cancelled.answer.orderId }, headers: { cookie: cancelled.shopper.cookie } });
    expect(cancel.statusCode, cancel.body).toBe(200);

    // One run on each instance at once: one mail to each shop, the card order waiting for its payment not in it.
    const shopsMailed = await Promise.all([t.app.housekeeping.mailNewOrders(0), second.housekeeping.mailNewOrders(0)]);
    expect(shopsMailed.reduce((a, b) => a + b, 0)).toBe(2);
    expect(await newOrderMails(dairy)).toHaveLength(1);
    expect(await newOrderMails(bakery)).toHaveLength(1);
    expect(await newOrderMails(quiet)).toHaveLength(0);
    await mailsSent(t.app);
    const dairyOrder = both.answer.orders.find((o) => o.seller.id === dairy.id)!;
    expect(sentTo({ shopName: 'Dairy Lane' })).toHaveLength(1);
    const [first] = sentTo({ shopName: 'Dairy Lane' });
    expect(first!.subject).toBe('GreenCart: 1 new order for Dairy Lane');
    expect(first!.text).toContain('Hello Meena,');
    expect(first!.text).toContain(`${await orderNumberOf(t.app, dairyOrder._id)}  ${rupees(dairyOrder.amount)}  cash on delivery`);
    expect(first!.text).toContain(`${t.app.config.publicUrl}/seller/orders`);
    // The cancelled order is no new order to its shop.
    expect(sentTo({ shopName: 'Bake House' })[0]!.text).not.toContain(await orderNumberOf(t.app, cancelled.answer.orderId));

    // Paid: the card order is new now, in the next run's mail; the orders already mailed are not again.
    await completeTestPayment(t.app, byCard.answer.orderId);
    expect(await t.app.housekeeping.mailNewOrders(0)).toBe(1);
    await mailsSent(t.app);
    const [, paid] = sentTo({ shopName: 'Dairy Lane' });
    expect(paid!.text).toContain(`${await orderNumberOf(t.app, byCard.answer.orderId)}  ${rupees(byCard.answer.orders[0]!.amount)}  paid by card`);
    expect(paid!.text).not.toContain(await orderNumberOf(t.app, dairyOrder._id));
    expect(await t.app.housekeeping.mailNewOrders(0)).toBe(0);
  });

  it('lists the first orders of a busy stretch and counts the rest', async () => {
    await t.app.housekeeping.mailNewOrders(0);
    const shop = await createShop(t.app, { shopName: 'Busy Greens' });
    const greens = await shopProduct(t.app, shop.id, { offerPrice: 10 });
    for (let i = 0; i < 22; i++) expect((await checkoutThroughApi(t.app, [{ product: greens, quantity: 1 }])).res.statusCode).toBe(200);
    expect(await t.app.housekeeping.mailNewOrders(0)).toBe(1);
    await mailsSent(t.app);
    const [busy] = sentTo(shop);
    expect(busy!.subject).toBe('GreenCart: 22 new orders for Busy Greens');
    expect(busy!.text.split('\n').filter((line) => line.startsWith('  GC-'))).toHaveLength(20);
    expect(busy!.text).toContain('  and 2 more');
  });

  it('runs once a period across instances, over the orders at least a minute old', async () => {
    const runs = async () => (await Promise.all([t.app.housekeeping.mailNewOrdersIfDue(), second.housekeeping.mailNewOrdersIfDue()])).filter(Boolean).length;
    await t.app.db
      .update(scheduledRuns)
      .set({ lastRunAt: sql`now() - interval '1 hour'`, doneUntil: sql`now() - interval '2 minutes'` })
      .where(eq(scheduledRuns.task, 'new order mails'));
    expect(await runs()).toBe(1);
    expect(await runs()).toBe(0);
    // How far it got: a minute back from now, so an order placed in the last minute is the next run's.
    const [run] = await t.app.db.select().from(scheduledRuns).where(eq(scheduledRuns.task, 'new order mails'));
    expect(Date.now() - run!.doneUntil!.getTime()).toBeGreaterThanOrEqual(59_000);
    expect(Date.now() - run!.doneUntil!.getTime()).toBeLessThan(70_000);
  });

  it('counts by the database clock: a run on an instance whose clock is 3 minutes fast passes over no order', async () => {
    await t.app.housekeeping.mailNewOrders(0);
    await t.app.db.update(scheduledRuns).set({ lastRunAt: sql`now() - interval '1 hour'` }).where(eq(scheduledRuns.task, 'new order mails'));
    vi.useFakeTimers({ toFake: ['Date'], now: Date.now() + 3 * 60_000 });
    try {
      expect(await second.housekeeping.mailNewOrdersIfDue()).toBe(true);
    } finally {
      vi.useRealTimers();
    }
    const shop = await createShop(t.app, { shopName: 'Early Clock Farm' });
    expect((await checkoutThroughApi(t.app, [{ product: await shopProduct(t.app, shop.id), quantity: 1 }])).res.statusCode).toBe(200);
    expect(await t.app.housekeeping.mailNewOrders(0)).toBe(1);
    expect(await newOrderMails(shop)).toHaveLength(1);
  });

  it('keeps a shop\'s choice in its profile: off, then on again; a profile saved without it keeps it', async () => {
    const shop = await createShop(t.app);
    const save = async (payload: object) =>
      t.app.inject({ method: 'POST', url: '/api/seller/profile', payload: { shopName: shop.shopName, phone: '+91 98765 43210', pickupAddress: '1 Market Road', ...payload }, headers: { cookie: shop.cookie } });
    const profile = async () => body<{ profile: { orderMails: boolean } }>(await t.app.inject({ method: 'GET', url: '/api/seller/profile', headers: { cookie: shop.cookie } })).profile;
    expect((await profile()).orderMails).toBe(true);
    expect(body(await save({ orderMails: false }))).toMatchObject({ profile: { orderMails: false } });
    expect(body(await save({}))).toMatchObject({ profile: { orderMails: false } });
    const refused = await save({ orderMails: 'no' });
    expect(refused.statusCode).toBe(400);
    expect(body(refused)).toMatchObject({ code: 'VALIDATION_FAILED', message: 'orderMails: New-order e-mails must be on (true) or off (false)' });
    expect((await profile()).orderMails).toBe(false);
    expect(body(await save({ orderMails: true }))).toMatchObject({ profile: { orderMails: true } });
    const [row] = await t.app.db.select({ orderMails: sellers.orderMails }).from(sellers).where(eq(sellers.id, shop.id));
    expect(row!.orderMails).toBe(true);
  });
});
