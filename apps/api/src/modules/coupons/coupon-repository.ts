import { and, desc, eq, inArray, isNull, sql, type SQL } from 'drizzle-orm';
import { alias } from 'drizzle-orm/pg-core';
import type { DbOrTx } from '../../db/client.js';
import { queryRows } from '../../db/raw-sql.js';
import { couponUses, coupons, orders, products } from '../../db/schema/index.js';
import { awaitingPayment } from '../orders/order-repository.js';

export type CouponRow = typeof coupons.$inferSelect;
export type NewCouponRow = typeof coupons.$inferInsert;

const UNIQUE_VIOLATION = '23505';

/** A new coupon, or 'taken' when its code (in any case) is another coupon's: the unique index decides, under any race. */
export async function insertCoupon(db: DbOrTx, values: NewCouponRow): Promise<CouponRow | 'taken'> {
  try {
    const [row] = await db.insert(coupons).values(values).returning();
    return row!;
  } catch (err) {
    const cause = ((err as { cause?: unknown }).cause ?? err) as { code?: string };
    if (cause.code === UNIQUE_VIOLATION) return 'taken';
    throw err;
  }
}

/** Whose coupons: a shop's (its id) or the platform's (null). */
const ownedBy = (sellerId: string | null): SQL => (sellerId === null ? isNull(coupons.sellerId) : eq(coupons.sellerId, sellerId));

/** A page of one owner's coupons, newest first (coupons_seller_created_idx serves it at any depth). */
export async function listCoupons(db: DbOrTx, sellerId: string | null, page: { before?: string; limit: number }): Promise<CouponRow[]> {
  const conditions = [ownedBy(sellerId)];
  // The cursor is one of the owner's coupons: another shop's id is as unknown (its page is empty).
  if (page.before) {
    const owner = sellerId === null ? sql`c.seller_id is null` : sql`c.seller_id = ${sellerId}`;
    conditions.push(sql`(${coupons.createdAt}, ${coupons.id}) < (select c.created_at, c.id from coupons c where c.id = ${page.before} and ${owner})`);
  }
  return db
    .select()
    .from(coupons)
    .where(and(...conditions))
    .orderBy(desc(coupons.createdAt), desc(coupons.id))
    .limit(page.limit);
}

/** Pauses or resumes one of the owner's coupons; undefined when it is not theirs (or does not exist). */
export async function setCouponActive(db: DbOrTx, id: string, sellerId: string | null, active: boolean): Promise<CouponRow | undefined> {
  const [row] = await db.update(coupons).set({ active }).where(and(eq(coupons.id, id), ownedBy(sellerId))).returning();
  return row;
}

/** An order's coupon's type (the part of its discount on the delivery fee depends on it), or null without one. */
export async function couponTypeOf(db: DbOrTx, couponId: string | null): Promise<CouponRow['type'] | null> {
  if (couponId === null) return null;
  const [row] = await db.select({ type: coupons.type }).from(coupons).where(eq(coupons.id, couponId));
  return row?.type ?? null;
}

/** The coupon with this code, in any letter case (coupons_code_idx). */
export async function findCouponByCode(db: DbOrTx, code: string): Promise<CouponRow | undefined> {
  const [row] = await db.select().from(coupons).where(sql`lower(${coupons.code}) = lower(${code})`).limit(1);
  return row;
}

/** The orders of the queries below, named `o` (`from ${orders} o`). */
const o = alias(orders, 'o');

/**
 * What one shopper has used: their live uses of the coupon, and whether they have an order that stands (a first-order
 * coupon). `exceptWaiting`: as if the
 * shopper's checkouts waiting for a payment were ended, as a checkout refused for them ends them (0224): the cart's
 * check, back from a payment page left open, then agrees with the checkout. `waitingUses` says how many uses those hold.
 */
export async function shopperUsage(
  db: DbOrTx,
  couponId: string,
  userId: string,
  options: { exceptWaiting?: boolean } = {},
): Promise<{ usesByShopper: number; shopperHasOrders: boolean; waitingUses: number }> {
  const [row] = await queryRows<{ uses: number; waiting: number; orders: boolean }>(
    db,
    sql`select
      (select count(*)::int from ${couponUses} u where u.coupon_id = ${couponId} and u.user_id = ${userId} and u.released_at is null) as uses,
      ${
        options.exceptWaiting
          ? sql`(select count(*)::int from ${couponUses} u where u.coupon_id = ${couponId} and u.user_id = ${userId} and u.released_at is null
              and exists (select 1 from ${orders} o where ${o.checkoutId} = u.checkout_id and ${awaitingPayment(o)}))`
          : sql`0`
      } as waiting,
      exists (select 1 from ${orders} o where ${o.userId} = ${userId} and ${o.status} <> 'Cancelled'${options.exceptWaiting ? sql` and not (${awaitingPayment(o)})` : sql``}) as orders`,
  );
  const waitingUses = Number(row!.waiting);
  return { usesByShopper: Number(row!.uses) - waitingUses, shopperHasOrders: Boolean(row!.orders), waitingUses };
}

/** How many of `ids` are the shop's own products (`null`: products of any shop, the platform's coupon). */
export async function countShopProducts(db: DbOrTx, sellerId: string | null, ids: string[]): Promise<number> {
  return db.$count(products, and(sellerId === null ? undefined : eq(products.sellerId, sellerId), inArray(products.id, ids)));
}
