import type { Order, SellerSummary } from '@greencart/shared';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { placeTestOrder } from '../../test/order-builders.js';
import { insertTestOrder } from '../../test/seller-builders.js';
import { body, buildTestApp, createShopper, operatorId, sellerCookie, SAMPLE_ADDRESS, type TestApp } from '../../test/test-app.js';
import { createFulfilmentService } from './fulfilment-service.js';

let t: TestApp;
let seller: string;
beforeAll(async () => {
  t = await buildTestApp();
  seller = await sellerCookie(t.app);
});
afterAll(() => t.close());

const sellerOrders = (cookie = seller) => t.app.inject({ method: 'GET', url: '/api/order/seller', headers: { cookie } });
const setStatus = (payload: object, cookie = seller) => t.app.inject({ method: 'POST', url: '/api/order/status', payload, headers: { cookie } });
const statusOf = async (orderId: string) => (await t.app.db.query.orders.findFirst({ where: (o, { eq }) => eq(o.id, orderId) }))!.status;
const shopperOrders = async (cookie: string) => body<{ orders: Order[] }>(await t.app.inject({ method: 'GET', url: '/api/order/user', headers: { cookie } })).orders;

describe('GET /api/order/seller', () => {
  it('lists every shopper’s orders newest first, under the spec’s `order` and the original client’s `orders`, with the full address and payment state', async () => {
    const first = await placeTestOrder(t.app);
    const second = await placeTestOrder(t.app, { paymentType: 'Online', paid: true });
    const unpaid = await placeTestOrder(t.app, { paymentType: 'Online' });
    const res = await sellerOrders();
    expect(res.statusCode).toBe(200);
    const json = body<{ success: boolean; order: Order[]; summary: SellerSummary }>(res);
    expect(json.success).toBe(true);
    // The original client reads `orders` (docs/decisions/0098): the same list under both names.
    expect(json).toHaveProperty('orders', json.order);
    const ids = json.order.map((o) => o._id);
    expect(ids.indexOf(unpaid.orderId)).toBeLessThan(ids.indexOf(second.orderId));
    expect(ids.indexOf(second.orderId)).toBeLessThan(ids.indexOf(first.orderId));
    const cod = json.order.find((o) => o._id === first.orderId)!;
    expect(cod).toMatchObject({ paymentType: 'COD', isPaid: false, status: 'Order Placed', address: SAMPLE_ADDRESS });
    expect(cod.items).toEqual([{ product: expect.objectContaining({ name: first.items[0]!.product.name }), quantity: 1, substitute: 'similar', picked: null, substituteFor: null, discount: 0 }]);
    expect(json.order.find((o) => o._id === second.orderId)).toMatchObject({ paymentType: 'Online', isPaid: true });
    // The seller sees an online order waiting for its payment (shown as Payment 'Pending').
    expect(json.order.find((o) => o._id === unpaid.orderId)).toMatchObject({ paymentType: 'Online', isPaid: false });
  });

  it('refuses visitors (401) and shoppers (403) with JSON errors', async () => {
    const visitor = await sellerOrders('');
    expect(visitor.statusCode).toBe(401);
    expect(body(visitor)).toEqual({ success: false, code: 'NOT_AUTHENTICATED', message: 'Please log in as a seller to continue' });
    const shopper = await sellerOrders((await createShopper(t.app)).cookie);
    expect(shopper.statusCode).toBe(403);
    expect(body(shopper)).toEqual({ success: false, code: 'FORBIDDEN', message: 'Only sellers can do this' });
  });
});

describe('POST /api/order/status', () => {
  it('moves an order forward step by step, and the shopper sees each status in their orders; cash on delivery is paid once delivered', async () => {
    const { orderId, shopper } = await placeTestOrder(t.app);
    for (const status of ['Processed', 'Packed', 'Dispatched', 'Delivered']) {
      const res = await setStatus({ orderId, status });
      expect(res.statusCode).toBe(200);
      // The cash is collected at the door: 'Paid' from delivery on, 'Pending' before.
      expect(body(res)).toMatchObject({ success: true, message: `Order status updated to ${status}`, order: { _id: orderId, status, paymentType: 'COD', isPaid: status === 'Delivered' } });
      expect((await shopperOrders(shopper.cookie)).find((o) => o._id === orderId)?.status).toBe(status);
    }
  });

  it('may skip forward (Order Placed -> Packed)', async () => {
    const { orderId } = await placeTestOrder(t.app);
    expect((await setStatus({ orderId, status: 'Packed' })).statusCode).toBe(200);
  });

  it.each(['Order Placed', 'Processed', 'Packed'] as const)('cancels an order that is %s', async (from) => {
    const order = await insertTestOrder(t.app, { status: from });
    expect((await setStatus({ orderId: order.id, status: 'Cancelled' })).statusCode).toBe(200);
    expect(await statusOf(order.id)).toBe('Cancelled');
  });

  it.each([
    ['Packed', 'Processed', 'Cannot change the order from Packed to Processed: orders only move forward'],
    ['Processed', 'Processed', 'Cannot change the order from Processed to Processed: it is already Processed'],
    ['Dispatched', 'Cancelled', 'Cannot change the order from Dispatched to Cancelled: an order can only be cancelled before it is dispatched'],
    ['Delivered', 'Cancelled', 'Cannot change the order from Delivered to Cancelled: a delivered order is final'],
    ['Cancelled', 'Processed', 'Cannot change the order from Cancelled to Processed: a cancelled order is final'],
    ['Delivered', 'Order Placed', 'Cannot change the order from Delivered to Order Placed: a delivered order is final'],
  ] as const)('refuses %s -> %s with 409 and keeps the status', async (from, to, message) => {
    const order = await insertTestOrder(t.app, { status: from });
    const res = await setStatus({ orderId: order.id, status: to });
    expect(res.statusCode).toBe(409);
    expect(body(res)).toEqual({ success: false, code: 'INVALID_STATUS_CHANGE', message });
    expect(await statusOf(order.id)).toBe(from);
  });

  it('only cancels an online order whose payment has not arrived', async () => {
    const order = await insertTestOrder(t.app, { paymentType: 'Online', isPaid: false });
    const res = await setStatus({ orderId: order.id, status: 'Processed' });
    expect(res.statusCode).toBe(409);
    expect(body<{ message: string }>(res).message).toBe('Cannot change the order from Order Placed to Processed: the online payment has not been received yet');
    expect((await setStatus({ orderId: order.id, status: 'Cancelled' })).statusCode).toBe(200);
  });

  it('refunds a paid online order it cancels; the seller sees Refunded and the shopper the cancelled, refunded order', async () => {
    const { orderId, shopper } = await placeTestOrder(t.app, { paymentType: 'Online', paid: true });
    expect((await setStatus({ orderId, status: 'Processed' })).statusCode).toBe(200);
    const res = await setStatus({ orderId, status: 'Cancelled' });
    expect(res.statusCode).toBe(200);
    expect(body(res)).toMatchObject({ message: 'Order cancelled and its payment refunded', order: { status: 'Cancelled', isPaid: true, isRefunded: true } });
    const listed = body<{ order: Order[] }>(await sellerOrders()).order.find((o) => o._id === orderId);
    expect(listed).toMatchObject({ status: 'Cancelled', isRefunded: true });
    expect((await shopperOrders(shopper.cookie)).find((o) => o._id === orderId)).toMatchObject({ status: 'Cancelled', isRefunded: true });
  });

  it('refunds nothing when it cancels a cash-on-delivery or an unpaid online order', async () => {
    for (const order of [await insertTestOrder(t.app), await insertTestOrder(t.app, { paymentType: 'Online', isPaid: false })]) {
      const res = await setStatus({ orderId: order.id, status: 'Cancelled' });
      expect(body(res)).toMatchObject({ message: 'Order status updated to Cancelled', order: { status: 'Cancelled', isRefunded: false } });
    }
  });

  it('answers 404 for an unknown order', async () => {
    const res = await setStatus({ orderId: '00000000-0000-4000-8000-000000000000', status: 'Processed' });
    expect(res.statusCode).toBe(404);
    expect(body(res)).toEqual({ success: false, code: 'ORDER_NOT_FOUND', message: 'Order not found' });
  });

  it.each([{}, { orderId: 'x', status: 'Processed' }, { orderId: '00000000-0000-4000-8000-000000000000', status: 'Shipped' }, { orderId: '00000000-0000-4000-8000-000000000000' }])(
    'refuses %j with 400',
    async (payload) => {
      const res = await setStatus(payload);
      expect(res.statusCode).toBe(400);
      expect(body(res)).toMatchObject({ success: false, code: 'VALIDATION_FAILED' });
    },
  );

  it('refuses visitors (401) and shoppers (403) and changes nothing', async () => {
    const { orderId, shopper } = await placeTestOrder(t.app);
    expect((await setStatus({ orderId, status: 'Processed' }, '')).statusCode).toBe(401);
    const asShopper = await setStatus({ orderId, status: 'Cancelled' }, shopper.cookie);
    expect(asShopper.statusCode).toBe(403);
    expect(body(asShopper)).toMatchObject({ success: false, code: 'FORBIDDEN' });
    expect(await statusOf(orderId)).toBe('Order Placed');
  });
});

describe('the seller summary', () => {
  // Its own database, so only this test's orders count.
  let own: TestApp;
  beforeAll(async () => {
    own = await buildTestApp();
  });
  afterAll(() => own.close());

  it('counts today in the shop’s time zone, revenue of placed orders only (not refunded ones), unpaid online orders, and 14 days of revenue', async () => {
    // 2026-03-10 00:30 in India is still 2026-03-09 in UTC.
    const now = new Date('2026-03-09T19:00:00Z');
    const at = (iso: string) => new Date(iso);
    await insertTestOrder(own.app, { amountMinor: 10_000, createdAt: at('2026-03-09T18:45:00Z') }); // today (00:15 IST)
    await insertTestOrder(own.app, { amountMinor: 2_550, paymentType: 'Online', isPaid: true, createdAt: at('2026-03-09T18:50:00Z') }); // today
    await insertTestOrder(own.app, { amountMinor: 99_900, paymentType: 'Online', isPaid: false, createdAt: at('2026-03-09T18:55:00Z') }); // unpaid: no revenue
    await insertTestOrder(own.app, { amountMinor: 50_000, status: 'Cancelled', createdAt: at('2026-03-09T18:56:00Z') }); // cancelled: no revenue
    await insertTestOrder(own.app, { amountMinor: 60_000, status: 'Delivered', refundedAt: at('2026-03-09T18:58:00Z'), createdAt: at('2026-03-09T18:57:00Z') }); // given back: no revenue
    await insertTestOrder(own.app, { amountMinor: 4_000, createdAt: at('2026-03-09T18:00:00Z') }); // 23:30 IST the day before
    await insertTestOrder(own.app, { amountMinor: 7_000, createdAt: at('2026-02-25T06:00:00Z') }); // 13 days ago: first chart day
    await insertTestOrder(own.app, { amountMinor: 8_000, createdAt: at('2026-02-24T06:00:00Z') }); // 14 days ago: outside
    await insertTestOrder(own.app, { paymentType: 'Online', isPaid: false, status: 'Cancelled' }); // abandoned: not waiting

    const operator = { id: await operatorId(own.app), role: 'operator' as const };
    const summary = await createFulfilmentService({
      db: own.app.db,
      payments: own.app.payments.gateway,
      orders: own.app.orders,
      settlement: own.app.settlement,
      changes: { live: () => false, subscribe: () => undefined },
      log: own.app.log,
      now: () => now,
    }).summary(operator);
    expect(summary.timeZone).toBe('Asia/Kolkata');
    expect(summary.today).toEqual({ date: '2026-03-10', orders: 2, revenue: 125.5 });
    expect(summary.unpaidOnlineOrders).toBe(1);
    expect(summary.revenueByDay).toHaveLength(14);
    expect(summary.revenueByDay[0]).toEqual({ date: '2026-02-25', revenue: 70 });
    expect(summary.revenueByDay.at(-2)).toEqual({ date: '2026-03-09', revenue: 40 });
    expect(summary.revenueByDay.at(-1)).toEqual({ date: '2026-03-10', revenue: 125.5 });
    expect(summary.revenueByDay.reduce((sum, d) => sum + d.revenue, 0)).toBe(235.5);
  });

  it('sums past a 32-bit integer: large orders never break the seller’s Orders page', async () => {
    const big = await buildTestApp();
    try {
      // Three orders of 9 × 1,000,000.00 (+ tax): 2.75e9 minor units today, more than 2^31 - 1.
      for (let i = 0; i < 3; i++) await insertTestOrder(big.app, { amountMinor: 918_000_000 });
      const res = await big.app.inject({ method: 'GET', url: '/api/order/seller', headers: { cookie: await sellerCookie(big.app) } });
      expect(res.statusCode).toBe(200);
      const { summary } = body<{ summary: SellerSummary }>(res);
      expect(summary.today).toMatchObject({ orders: 3, revenue: 27_540_000 });
      expect(summary.revenueByDay.at(-1)!.revenue).toBe(27_540_000);
    } finally {
      await big.close();
    }
  });

  it('comes with the seller’s order list', async () => {
    await insertTestOrder(own.app, { amountMinor: 1_234 });
    const res = await own.app.inject({ method: 'GET', url: '/api/order/seller', headers: { cookie: await sellerCookie(own.app) } });
    const { summary } = body<{ summary: SellerSummary }>(res);
    expect(summary.today.orders).toBeGreaterThanOrEqual(1);
    expect(summary.today.revenue).toBeGreaterThanOrEqual(12.34);
    expect(summary.revenueByDay).toHaveLength(14);
  });
});
