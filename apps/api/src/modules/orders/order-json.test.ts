import { OrderSchema, type Order } from '@greencart/shared';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { eq } from 'drizzle-orm';
import { orderItems, orders } from '../../db/schema/index.js';
import { insertTestOrder } from '../../test/seller-builders.js';
import { buildTestApp, SAMPLE_ADDRESS, type TestApp } from '../../test/test-app.js';
import { findApiOrder, jsonList, listApiOrders, parseOrders } from './order-repository.js';

/**
 * Orders are answered in the API's shape as JSON the database writes (docs/decisions/0084): the seller's
 * page sends that text as it is, so every field must already be what the spec's order holds.
 */
let t: TestApp;
beforeAll(async () => {
  t = await buildTestApp();
});
afterAll(() => t.close());

describe('an order as the database writes it for the API', () => {
  it('holds the spec fields: lines with the product as bought, amounts in major units, the address, ISO times', async () => {
    const order = await insertTestOrder(t.app, { amountMinor: 5, createdAt: new Date('2025-12-31T23:59:59.999Z'), itemName: 'Zucchini' });
    const [line] = await t.app.db
      .insert(orderItems)
      .values({ orderId: order.id, name: 'A "quoted" \\ name', category: 'Dairy', unitPriceMinor: 199_999_999, quantity: 9, image: 'abc-640.webp' })
      .returning();
    const zucchini = (await t.app.db.query.orderItems.findFirst({ where: (i, { and, eq }) => and(eq(i.orderId, order.id), eq(i.name, 'Zucchini')) }))!;
    const expected: Order = {
      _id: order.id,
      orderNumber: `GC-${order.orderNumber}`,
      userId: order.userId,
      seller: { id: order.sellerId, shopName: 'GreenCart', slug: 'greencart' },
      checkoutId: order.checkoutId,
      items: [
        // By name, as the shopper scans them; a line whose product is gone keeps its own id.
        { product: { _id: line!.id, name: 'A "quoted" \\ name', category: 'Dairy', image: ['/uploads/abc-640.webp'], offerPrice: 1_999_999.99 }, quantity: 9, substitute: 'similar', picked: null, substituteFor: null, discount: 0 },
        { product: { _id: zucchini.id, name: 'Zucchini', category: 'Fruits', image: [], offerPrice: 0.05 }, quantity: 1, substitute: 'similar', picked: null, substituteFor: null, discount: 0 },
      ],
      pickedAt: null,
      pickReduction: 0,
      amount: 0.05,
      deliveryFee: 0,
      tax: 0,
      deliverySlot: null,
      coupon: null,
      discount: 0,
      discountPaidBy: null,
      address: { _id: order.id, ...SAMPLE_ADDRESS },
      paymentType: 'COD',
      status: 'Order Placed',
      isPaid: false,
      isRefunded: false,
      createdAt: '2025-12-31T23:59:59.999Z',
      cancelledBy: null,
      cancelReason: null,
    };
    expect(await findApiOrder(t.app.db, order.id)).toEqual(expected);
    expect(OrderSchema.parse(await findApiOrder(t.app.db, order.id))).toEqual(expected);
  });

  it('lists newest first; the JSON text is one array as written; the timeline holds each status in order', async () => {
    const refunded = await insertTestOrder(t.app, { amountMinor: 123_457, status: 'Cancelled', paymentType: 'Online', isPaid: true, refundedAt: new Date('2026-01-02T03:04:05.678Z'), createdAt: new Date('2026-01-01T00:00:00Z') });
    const placed = await insertTestOrder(t.app, { userId: refunded.userId });
    await t.app.db.update(orders).set({ status: 'Processed' }).where(eq(orders.id, placed.id));
    const rows = await listApiOrders(t.app.db, { userId: refunded.userId, timeline: true });
    expect(rows.map((r) => r.id)).toEqual([placed.id, refunded.id]);
    const [newest, older] = parseOrders(rows);
    expect(older).toMatchObject({ _id: refunded.id, amount: 1234.57, paymentType: 'Online', status: 'Cancelled', isPaid: true, isRefunded: true });
    expect(newest!.timeline!.map((e) => e.status)).toEqual(['Order Placed', 'Processed']);
    expect(newest!.timeline!.every((e) => /^\d{4}-\d\d-\d\dT\d\d:\d\d:\d\d\.\d{3}Z$/.test(e.at))).toBe(true);
    expect(JSON.parse(jsonList(rows))).toEqual([newest, older]);
    expect(jsonList([])).toBe('[]');
    // Without the timeline (the seller's list), none is written.
    expect(parseOrders(await listApiOrders(t.app.db, { userId: refunded.userId }))[0]).not.toHaveProperty('timeline');
  });
});
