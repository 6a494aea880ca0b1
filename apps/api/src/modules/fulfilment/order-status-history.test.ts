import fs from 'node:fs/promises';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { TIMELINE_STATUSES, type Order, type TimelineStatus } from '@greencart/shared';
import { eq, sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { sellers } from '../../db/schema/index.js';
import { createShop, shopProduct } from '../../test/market-builders.js';
import { completeTestPayment, placeTestOrder } from '../../test/order-builders.js';
import { insertTestOrder } from '../../test/seller-builders.js';
import { body, buildTestApp, mailsSent, sellerCookie, type TestApp } from '../../test/test-app.js';

/**
 * Issue 16: every status an order takes is kept with its time (a trigger on orders, whatever path
 * changes it), My Orders shows the timeline, and the shopper is mailed each change the seller makes
 * through the same mailer and outbox as the confirmation (SMTP_URL unset: DATA_DIR/outbox).
 */
let t: TestApp;
let seller: string;
beforeAll(async () => {
  t = await buildTestApp();
  seller = await sellerCookie(t.app);
});
afterAll(() => t.close());

const setStatus = (orderId: string, status: string) => t.app.inject({ method: 'POST', url: '/api/order/status', payload: { orderId, status }, headers: { cookie: seller } });

/** The events as stored, oldest first. */
const eventsOf = async (orderId: string) =>
  (await t.app.db.query.orderStatusEvents.findMany({ where: (e, { eq }) => eq(e.orderId, orderId), orderBy: (e, { asc }) => [asc(e.at)] })).map((e) => e.status);

const timelineOf = async (cookie: string, orderId: string) => {
  const res = await t.app.inject({ method: 'GET', url: '/api/order/user', headers: { cookie } });
  expect(res.statusCode).toBe(200);
  return body<{ orders: Order[] }>(res).orders.find((order) => order._id === orderId)?.timeline;
};

/** Subjects (headers unfolded) and texts of the e-mails in the outbox about an order, found by its number (issue 28: what mails name an order by). */
async function mailsAbout(orderNumber: string): Promise<{ subject: string; text: string }[]> {
  await mailsSent(t.app);
  const dir = path.join(t.dataDir, 'outbox');
  const files = (await fs.readdir(dir).catch(() => [])).sort();
  const mails = await Promise.all(files.map((file) => fs.readFile(path.join(dir, file), 'utf8')));
  return mails
    .map((raw) => raw.replace(/=\r?\n/g, '').replace(/\r?\n[ \t]+/g, ' '))
    .filter((raw) => raw.includes(orderNumber))
    .map((raw) => ({ subject: /^Subject: (.*)$/m.exec(raw)![1]!, text: raw }));
}

describe('status history and timeline', () => {
  it('records the placement and every step the seller takes, and My Orders shows them in order with their times', async () => {
    const { orderId, shopper } = await placeTestOrder(t.app);
    expect(await timelineOf(shopper.cookie, orderId)).toEqual([{ status: 'Order Placed', at: expect.any(String) }]);
    for (const status of ['Processed', 'Packed', 'Dispatched', 'Delivered']) expect((await setStatus(orderId, status)).statusCode).toBe(200);
    const timeline = (await timelineOf(shopper.cookie, orderId))!;
    expect(timeline.map((e) => e.status)).toEqual(['Order Placed', 'Processed', 'Packed', 'Dispatched', 'Delivered']);
    const times = timeline.map((e) => Date.parse(e.at));
    expect(times.every((time, i) => i === 0 || time >= times[i - 1]!)).toBe(true);
    expect(Date.now() - times[0]!).toBeLessThan(60_000);
  });

  it('keeps a skipped step out: only the statuses the order took', async () => {
    const { orderId } = await placeTestOrder(t.app);
    await setStatus(orderId, 'Dispatched');
    expect(await eventsOf(orderId)).toEqual(['Order Placed', 'Dispatched']);
  });

  it('records the seller’s cancel, and a paid online order’s refund after it', async () => {
    const cod = await placeTestOrder(t.app);
    await setStatus(cod.orderId, 'Cancelled');
    expect(await eventsOf(cod.orderId)).toEqual(['Order Placed', 'Cancelled']);

    const paid = await placeTestOrder(t.app, { paymentType: 'Online', paid: true });
    expect(body(await setStatus(paid.orderId, 'Cancelled'))).toMatchObject({ message: 'Order cancelled and its payment refunded' });
    // One transaction: both at the same instant, the cancel first.
    expect((await timelineOf(paid.shopper.cookie, paid.orderId))!.map((e) => e.status)).toEqual(['Order Placed', 'Cancelled', 'Refunded']);
  });

  it('records a payment page that expired (the order is cancelled by the payment path)', async () => {
    const { orderId } = await placeTestOrder(t.app, { paymentType: 'Online' });
    await t.app.orders.expireAbandonedTestCheckouts(new Date(Date.now() + 25 * 60 * 60 * 1000));
    expect(await eventsOf(orderId)).toEqual(['Order Placed', 'Cancelled']);
  });

  it('records a late payment’s refund on an order cancelled before it arrived', async () => {
    const { orderId, shopper } = await placeTestOrder(t.app, { paymentType: 'Online' });
    const session = (await t.app.db.query.orders.findFirst({ where: (o, { eq }) => eq(o.id, orderId) }))!.paymentSessionId!;
    await setStatus(orderId, 'Cancelled');
    await t.app.orders.handlePaymentEvent({ id: `evt_late_${orderId}`, type: 'checkout.session.completed', sessionId: session });
    expect(await eventsOf(orderId)).toEqual(['Order Placed', 'Cancelled', 'Refunded']);
    expect((await timelineOf(shopper.cookie, orderId))!.map((e) => e.status)).toEqual(['Order Placed', 'Cancelled', 'Refunded']);
  });

  it('records nothing for a refused change', async () => {
    const { orderId } = await placeTestOrder(t.app);
    await setStatus(orderId, 'Delivered');
    expect((await setStatus(orderId, 'Packed')).statusCode).toBe(409);
    expect(await eventsOf(orderId)).toEqual(['Order Placed', 'Delivered']);
  });
});

describe('the migration’s backfill', () => {
  it('gives orders from before the history their placement, their current status and their refund', async () => {
    const delivered = await insertTestOrder(t.app, { status: 'Delivered', isPaid: true, createdAt: new Date('2026-01-05T10:00:00Z') });
    const refunded = await insertTestOrder(t.app, {
      status: 'Cancelled',
      paymentType: 'Online',
      isPaid: true,
      createdAt: new Date('2026-01-06T10:00:00Z'),
      refundedAt: new Date('2026-01-06T12:00:00Z'),
    });
    const placed = await insertTestOrder(t.app, { createdAt: new Date('2026-01-07T10:00:00Z') });
    const ids = [delivered.id, refunded.id, placed.id];
    // As before migration 0013: orders without any event.
    await t.app.db.execute(sql`delete from order_status_events where order_id in (${sql.join(ids.map((id) => sql`${id}::uuid`), sql`, `)})`);
    const migration = await fs.readFile(fileURLToPath(new URL('../../db/migrations/0013_order_filters_status_events.sql', import.meta.url)), 'utf8');
    const backfill = migration
      .split('--> statement-breakpoint')
      .map((statement) => statement.replace(/^\s*--.*$/gm, '').trim())
      .filter((statement) => statement.startsWith('INSERT INTO order_status_events'));
    expect(backfill).toHaveLength(3);
    for (const statement of backfill) await t.app.db.execute(sql.raw(`${statement.replace(/;$/, '')} AND id IN (${ids.map((id) => `'${id}'`).join(', ')})`.replace(/FROM orders;?\s*AND/, 'FROM orders WHERE')));

    // Oldest first; steps of one instant in the chain's order, as the timeline shows them.
    const rank = (status: string) => TIMELINE_STATUSES.indexOf(status as TimelineStatus);
    const events = async (orderId: string) =>
      (await t.app.db.query.orderStatusEvents.findMany({ where: (e, { eq }) => eq(e.orderId, orderId) }))
        .sort((a, b) => a.at.getTime() - b.at.getTime() || rank(a.status) - rank(b.status))
        .map((e) => [e.status, e.at.toISOString()]);
    expect(await events(placed.id)).toEqual([['Order Placed', '2026-01-07T10:00:00.000Z']]);
    expect(await events(refunded.id)).toEqual([
      ['Order Placed', '2026-01-06T10:00:00.000Z'],
      ['Cancelled', '2026-01-06T12:00:00.000Z'],
      ['Refunded', '2026-01-06T12:00:00.000Z'],
    ]);
    const [first, second] = await events(delivered.id);
    expect(first).toEqual(['Order Placed', '2026-01-05T10:00:00.000Z']);
    // A step from before the history is dated by the migration, the first time the shop knew it.
    expect(second![0]).toBe('Delivered');
    expect(Date.now() - Date.parse(second![1]!)).toBeLessThan(60_000);
  });
});

describe('status e-mails', () => {
  it('mails the shopper each step (Processed, Packed, Dispatched, Delivered) after the confirmation, naming the shop and its items', async () => {
    const { orderId, orderNumber, items } = await placeTestOrder(t.app);
    for (const status of ['Processed', 'Packed', 'Dispatched', 'Delivered']) await setStatus(orderId, status);
    const mails = await mailsAbout(orderNumber);
    expect(mails.map((m) => m.subject).sort()).toEqual(
      [`GreenCart order ${orderNumber} confirmed`, ...['Processed', 'Packed', 'Dispatched', 'Delivered'].map((s) => `GreenCart order ${orderNumber}: ${s}`)].sort(),
    );
    const dispatched = mails.find((m) => m.subject.endsWith(': Dispatched'))!;
    expect(dispatched.text).toContain('Your order is on its way.');
    // One of a checkout's several shop orders: which shop, and what it holds.
    expect(dispatched.text).toContain(`Order number: ${orderNumber}\nSold by: GreenCart\nItems: ${items.map((i) => `${i.quantity} x ${i.product.name}`).join(', ')}\nStatus: Dispatched`);
    expect(dispatched.text).toContain('/my-orders');
  });

  it('mails a cancelled order, and says when its payment was refunded', async () => {
    const cod = await placeTestOrder(t.app);
    await setStatus(cod.orderId, 'Cancelled');
    expect((await mailsAbout(cod.orderNumber)).find((m) => m.subject === `GreenCart order ${cod.orderNumber}: Cancelled`)?.text).toContain('cancelled by the shop');

    const paid = await placeTestOrder(t.app, { paymentType: 'Online' });
    await completeTestPayment(t.app, paid.orderId);
    await setStatus(paid.orderId, 'Cancelled');
    const refunded = (await mailsAbout(paid.orderNumber)).filter((m) => m.subject.includes('cancelled'));
    expect(refunded.map((m) => m.subject)).toEqual([`GreenCart order ${paid.orderNumber} was cancelled: your payment is refunded`]);
    expect(refunded[0]!.text).toContain('all you paid for this order');
  });

  it('does not mail an unpaid online order the shopper never saw placed (cancelled by the seller or expired)', async () => {
    const cancelled = await placeTestOrder(t.app, { paymentType: 'Online' });
    await setStatus(cancelled.orderId, 'Cancelled');
    const expired = await placeTestOrder(t.app, { paymentType: 'Online' });
    await t.app.orders.expireAbandonedTestCheckouts(new Date(Date.now() + 25 * 60 * 60 * 1000));
    expect(await mailsAbout(cancelled.orderNumber)).toEqual([]);
    expect(await mailsAbout(expired.orderNumber)).toEqual([]);
  });

  it('never fails the seller’s change when the mail server is down', async () => {
    const down = await buildTestApp({ SMTP_URL: 'smtp://127.0.0.1:9' });
    try {
      const { orderId } = await placeTestOrder(down.app);
      const res = await down.app.inject({ method: 'POST', url: '/api/order/status', payload: { orderId, status: 'Processed' }, headers: { cookie: await sellerCookie(down.app) } });
      expect(res.statusCode).toBe(200);
      expect(body(res)).toMatchObject({ success: true, order: { status: 'Processed' } });
      await mailsSent(down.app);
    } finally {
      await down.close();
    }
  });
});

describe("a cancel's reason (decision 0288)", () => {
  const cancel = (orderId: string, payload: Record<string, unknown>) =>
    t.app.inject({ method: 'POST', url: '/api/order/status', payload: { orderId, status: 'Cancelled', ...payload }, headers: { cookie: seller } });
  const myOrder = async (cookie: string, orderId: string) => body<{ orders: Order[] }>(await t.app.inject({ method: 'GET', url: '/api/order/user', headers: { cookie } })).orders.find((o) => o._id === orderId)!;

  it("tells the shopper the shop's reason on My Orders, in the cancel's e-mail and on the shop's export, trimmed", async () => {
    const { orderId, orderNumber, shopper } = await placeTestOrder(t.app);
    const res = await cancel(orderId, { reason: '  Tomatoes ran out at the market today  ' });
    expect(res.statusCode).toBe(200);
    expect(body<{ order: Order }>(res).order).toMatchObject({ status: 'Cancelled', cancelledBy: 'seller', cancelReason: 'Tomatoes ran out at the market today' });
    expect(await myOrder(shopper.cookie, orderId)).toMatchObject({ cancelledBy: 'seller', cancelReason: 'Tomatoes ran out at the market today' });
    const mail = (await mailsAbout(orderNumber)).find((m) => m.subject === `GreenCart order ${orderNumber}: Cancelled`)!;
    expect(mail.text).toContain('Your order was cancelled by the shop, so nothing will be delivered.\nReason: Tomatoes ran out at the market today');
    const csv = await t.app.inject({ method: 'GET', url: `/api/order/seller/export?q=${orderNumber}`, headers: { cookie: seller } });
    expect(csv.body.split('\r\n')[1]).toMatch(/,Tomatoes ran out at the market today,Shop$/);
  });

  it('keeps an order cancelled without a reason, by its shop or its shopper, with none', async () => {
    const bySeller = await placeTestOrder(t.app);
    expect(body<{ order: Order }>(await cancel(bySeller.orderId, {})).order).toMatchObject({ cancelledBy: 'seller', cancelReason: null });
    expect((await mailsAbout(bySeller.orderNumber)).find((m) => m.subject.endsWith(': Cancelled'))!.text).not.toContain('Reason:');
    const byShopper = await placeTestOrder(t.app);
    expect((await t.app.inject({ method: 'POST', url: '/api/order/cancel', payload: { orderId: byShopper.orderId }, headers: { cookie: byShopper.shopper.cookie } })).statusCode).toBe(200);
    expect(await myOrder(byShopper.shopper.cookie, byShopper.orderId)).toMatchObject({ cancelledBy: 'shopper', cancelReason: null });
  });

  it("keeps the shopper's own reason for the shop to read, on every order of a whole checkout's cancel; a bad one is 400 and cancels nothing", async () => {
    const { orderId, orderNumber, shopper } = await placeTestOrder(t.app);
    const shopperCancel = (payload: Record<string, unknown>) => t.app.inject({ method: 'POST', url: '/api/order/cancel', payload: { orderId, ...payload }, headers: { cookie: shopper.cookie } });
    for (const reason of ['', 'x'.repeat(201), 'Mistake\u202E']) {
      const res = await shopperCancel({ reason });
      expect(res.statusCode, JSON.stringify(reason)).toBe(400);
    }
    expect(await myOrder(shopper.cookie, orderId)).toMatchObject({ status: 'Order Placed', cancelReason: null });
    const res = await shopperCancel({ reason: ' Ordered by mistake ', wholeCheckout: true });
    expect(res.statusCode).toBe(200);
    expect(body<{ order: Order }>(res).order).toMatchObject({ status: 'Cancelled', cancelledBy: 'shopper', cancelReason: 'Ordered by mistake' });
    const csv = await t.app.inject({ method: 'GET', url: `/api/order/seller/export?q=${orderNumber}`, headers: { cookie: seller } });
    expect(csv.body.split('\r\n')[1]).toMatch(/,Ordered by mistake,Shopper$/);
    const mails = await mailsAbout(orderNumber);
    expect(mails.find((m) => m.subject.endsWith(': Cancelled'))!.text).toContain('You cancelled this order, so nothing will be delivered.\nReason: Ordered by mistake');
    // Its shop is told at once not to pack it, and why.
    const toShop = mails.find((m) => m.subject === `GreenCart: order ${orderNumber} of GreenCart was cancelled by the shopper`)!;
    expect(toShop.text).toMatch(
      new RegExp(`The shopper cancelled the order ${orderNumber} \\(Rs [\\d.]+\\): do not pack or deliver it; its units are back in your stock\\.\nThe shopper's reason: Ordered by mistake\nNo cash is to be collected for it\\.`),
    );
  });

  it("tells no shop of a cancel when it turned its order e-mails off, nor of a card order never paid", async () => {
    const shop = await createShop(t.app, { shopName: 'Quiet Cancel Stores' });
    await t.app.db.update(sellers).set({ orderMails: false }).where(eq(sellers.id, shop.id));
    const quiet = await placeTestOrder(t.app, { items: [{ product: await shopProduct(t.app, shop.id, { offerPrice: 50 }), quantity: 1 }] });
    const unpaid = await placeTestOrder(t.app, { paymentType: 'Online' });
    for (const placed of [quiet, unpaid]) {
      const res = await t.app.inject({ method: 'POST', url: '/api/order/cancel', payload: { orderId: placed.orderId, reason: 'Changed my mind' }, headers: { cookie: placed.shopper.cookie } });
      expect(res.statusCode).toBe(200);
      expect((await mailsAbout(placed.orderNumber)).filter((m) => m.subject.includes('was cancelled by the shopper'))).toEqual([]);
    }
  });

  it('refuses a reason with another status, one too long, blank or on two lines, with a 400 that changes nothing', async () => {
    const { orderId, orderNumber, shopper } = await placeTestOrder(t.app);
    const refusals: [Record<string, unknown>, string][] = [
      [{ status: 'Processed', reason: 'Out of stock' }, 'A reason goes with a cancel only'],
      [{ reason: 'x'.repeat(201) }, 'The reason must be at most 200 characters'],
      [{ reason: '   ' }, 'The reason is required'],
      [{ reason: 'Out of stock\nBcc: someone@example.com' }, 'The reason cannot contain line breaks, tabs or other control characters'],
      [{ reason: 42 }, 'The reason must be text'],
    ];
    for (const [payload, message] of refusals) {
      const res = await cancel(orderId, payload);
      expect(res.statusCode, JSON.stringify(payload)).toBe(400);
      expect(body<{ success: boolean; message: string }>(res)).toMatchObject({ success: false, message: expect.stringContaining(message) });
    }
    expect(await myOrder(shopper.cookie, orderId)).toMatchObject({ status: 'Order Placed', cancelReason: null });
    expect((await mailsAbout(orderNumber)).map((m) => m.subject)).toEqual([`GreenCart order ${orderNumber} confirmed`]);
    // 200 characters are taken whole.
    expect(body<{ order: Order }>(await cancel(orderId, { reason: 'y'.repeat(200) })).order.cancelReason).toBe('y'.repeat(200));
  });
});
