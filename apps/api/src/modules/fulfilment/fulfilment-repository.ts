import { and, eq, isNull, ne, notInArray, or, sql } from 'drizzle-orm';
import type { CancelledBy, SellerStatus } from '@greencart/shared';
import type { DbOrTx } from '../../db/client.js';
import { coupons, orderItems, orders, sellers } from '../../db/schema/index.js';
import { lockNamed, queryRows } from '../../db/raw-sql.js';
import { shopNamed } from '../seller/seller-repository.js';

/**
 * The order's row, locked for the rest of the transaction so two status changes run one after another;
 * FOR NO KEY UPDATE, so the key checks of rows referencing the order (status events) need not wait.
 */
export async function lockOrder(tx: DbOrTx, orderId: string) {
  const [row] = await tx
    .select({
      id: orders.id,
      status: orders.status,
      paymentType: orders.paymentType,
      isPaid: orders.isPaid,
      paymentSessionId: orders.paymentSessionId,
      sellerId: orders.sellerId,
      deliveryFeeMinor: orders.deliveryFeeMinor,
      userId: orders.userId,
      cancelledBy: orders.cancelledBy,
      amountMinor: orders.amountMinor,
      refundedAt: orders.refundedAt,
      pickedAt: orders.pickedAt,
      // Coupons (issue 29): the ledger credits the shop a platform coupon's discount; picks lower the checkout's use.
      checkoutId: orders.checkoutId,
      couponId: orders.couponId,
      discountMinor: orders.discountMinor,
      discountPaidBy: orders.discountPaidBy,
    })
    .from(orders)
    .where(eq(orders.id, orderId))
    .for('no key update');
  return row;
}

/** The standing of an order's shop: whether the operator may say its rider collected the cash (decision 0277). */
export async function findShopStatus(tx: DbOrTx, sellerId: string): Promise<SellerStatus | undefined> {
  const [row] = await tx.select({ status: sellers.status }).from(sellers).where(eq(sellers.id, sellerId)).limit(1);
  return row?.status;
}

/** `cancelledBy`: who cancelled, when the new status is Cancelled (issue 28), and what they told the shopper (0288). */
export async function updateOrderStatus(tx: DbOrTx, orderId: string, status: string, refundedAt?: Date, cancelledBy?: CancelledBy, cancelReason?: string): Promise<void> {
  await tx.update(orders).set({ status, refundedAt, cancelledBy, cancelReason }).where(eq(orders.id, orderId));
}

/**
 * Whether another order paid by the same session is still live (not cancelled): a checkout's payment page
 * stays open while any of its shop orders can still be paid (issue 26). Asked under a transaction lock on the
 * session, taken after the caller's lock on its order (orders first, then the session): two shops cancelling
 * the checkout's orders at once each saw the other live and neither closed the page; now the second waits for
 * the first to commit and sees its order cancelled.
 */
export async function sessionHasOtherLiveOrders(tx: DbOrTx, sessionId: string, orderId: string): Promise<boolean> {
  await lockNamed(tx, `payment-session ${sessionId}`);
  const [row] = await tx
    .select({ id: orders.id })
    .from(orders)
    .where(and(eq(orders.paymentSessionId, sessionId), ne(orders.id, orderId), ne(orders.status, 'Cancelled')))
    .limit(1);
  return row !== undefined;
}

/**
 * A placed order brings revenue: cash on delivery, or an online order once paid; never a cancelled one, nor
 * a delivered one given back (refunded). The same predicate as the partial index orders_earning_created_idx.
 */
const earning = and(ne(orders.status, 'Cancelled'), or(eq(orders.paymentType, 'COD'), eq(orders.isPaid, true)), isNull(orders.refundedAt));

/**
 * Orders and what they were paid (minor units) per calendar day in `timeZone`, for the consecutive `days`
 * (`YYYY-MM-DD`, oldest first), apart by who bears their coupons' discounts (a platform coupon's is part of the
 * shop's sale: the caller adds it by `shopSaleMinor`, the rule's one home). Each order falls in a day by a binary
 * search over the days' midnights (width_bucket), computed by the database so it is the same on PGlite and
 * PostgreSQL; the earning orders of those days are read from their partial index alone (11 ms at 100,000 orders,
 * where formatting each order's date took 33 ms).
 */
export async function dailySales(
  db: DbOrTx,
  days: string[],
  timeZone: string,
  sellerId?: string,
): Promise<{ day: string; orders: number; amountMinor: number; discountMinor: number; discountPaidBy: 'operator' | 'shop' | null }[]> {
  const midnight = (day: string) => sql`(${day}::date)::timestamp at time zone ${timeZone}`;
  const end = sql`(${days.at(-1)!}::date + 1)::timestamp at time zone ${timeZone}`;
  const midnights = sql`array[${sql.join([...days.map(midnight), end], sql`, `)}]::timestamptz[]`;
  // 64-bit like the columns: a day of large orders passes 2^31 minor units. Drivers hand int8 back as a string (pg)
  // or a bigint (PGlite); every sum a shop reaches is exact as a JS number.
  const sum = (column: typeof orders.amountMinor | typeof orders.discountMinor) => sql`coalesce(sum(${column}), 0)::bigint`.mapWith(Number);
  const rows = await db
    .select({
      bucket: sql<number>`width_bucket(${orders.createdAt}, ${midnights})`,
      discountPaidBy: orders.discountPaidBy,
      orders: sql<number>`count(*)::int`,
      amountMinor: sum(orders.amountMinor),
      discountMinor: sum(orders.discountMinor),
    })
    .from(orders)
    .where(and(sql`${orders.createdAt} >= ${midnight(days[0]!)}`, sql`${orders.createdAt} < ${end}`, earning, sellerId ? eq(orders.sellerId, sellerId) : undefined))
    // By position: the bounds are bound parameters, so a repeated expression would not match.
    .groupBy(sql`1`, orders.discountPaidBy);
  return rows.map(({ bucket, ...totals }) => ({ day: days[bucket - 1]!, ...totals }));
}

/** Online orders still waiting for their payment (not cancelled), of one shop or all. */
export async function countUnpaidOnlineOrders(db: DbOrTx, sellerId?: string): Promise<number> {
  const [row] = await db
    .select({ count: sql<number>`count(*)::int` })
    .from(orders)
    .where(and(eq(orders.paymentType, 'Online'), eq(orders.isPaid, false), ne(orders.status, 'Cancelled'), sellerId ? eq(orders.sellerId, sellerId) : undefined));
  return row?.count ?? 0;
}

/** The id of the shop at this address (`/shop/:slug`) or of this id, of any status: a suspended shop's orders stay. */
export async function findShopId(db: DbOrTx, slugOrId: string): Promise<string | undefined> {
  const [row] = await db.select({ id: sellers.id }).from(sellers).where(shopNamed(slugOrId)).limit(1);
  return row?.id;
}

/**
 * The coupon of `order`'s checkout when it has a minimum, with the lines of the checkout's live orders but `leaving`
 * (as ordered): what a shopper's cancel leaves for the minimum (docs/decisions/0263); undefined otherwise.
 */
export async function couponLinesWithout(tx: DbOrTx, order: { checkoutId: string; couponId: string | null }, leaving: string[]) {
  if (!order.couponId) return undefined;
  const [coupon] = await tx
    .select({ code: coupons.code, minSubtotalMinor: coupons.minSubtotalMinor, sellerId: coupons.sellerId, categories: coupons.categories, productIds: coupons.productIds })
    .from(coupons)
    .where(eq(coupons.id, order.couponId));
  if (!coupon || coupon.minSubtotalMinor === null) return undefined;
  const lines = await tx
    .select({ productId: sql<string>`coalesce(${orderItems.productId}::text, '')`, sellerId: orders.sellerId, category: orderItems.category, unitPriceMinor: orderItems.unitPriceMinor, quantity: orderItems.quantity })
    .from(orders)
    .innerJoin(orderItems, eq(orderItems.orderId, orders.id))
    .where(and(eq(orders.checkoutId, order.checkoutId), eq(orders.couponId, order.couponId), ne(orders.status, 'Cancelled'), notInArray(orders.id, leaving)));
  return { coupon: { ...coupon, minSubtotalMinor: coupon.minSubtotalMinor }, lines };
}

/** The ids of every order of `orderId`'s checkout (it included), in id order: the order they are locked in. */
export async function checkoutOrderIds(tx: DbOrTx, orderId: string): Promise<string[]> {
  const rows = await queryRows<{ id: string }>(
    tx,
    sql`select o.id from ${orders} o where o.checkout_id = (select c.checkout_id from ${orders} c where c.id = ${orderId}) order by o.id`,
  );
  return rows.map((row) => row.id);
}
