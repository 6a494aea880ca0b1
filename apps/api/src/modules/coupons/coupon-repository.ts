import { and, desc, eq, getTableColumns, inArray, sql, type SQL } from 'drizzle-orm';
import { alias } from 'drizzle-orm/pg-core';
import type { DbOrTx } from '../../db/client.js';
import { queryRows } from '../../db/raw-sql.js';
import { couponUses, coupons, orders, products, sellers } from '../../db/schema/index.js';
import { shopNamed } from '../seller/seller-repository.js';
import { awaitingPayment } from '../orders/order-repository.js';

export type CouponRow = typeof coupons.$inferSelect;
export type NewCouponRow = typeof coupons.$inferInsert;

/**
 * A new coupon, or 'taken' when its code (in any case) is another coupon's: the unique index decides, under any race
 * (`on conflict do nothing`, so a transaction it runs in goes on).
 */
export async function insertCoupon(db: DbOrTx, values: NewCouponRow): Promise<CouponRow | 'taken'> {
  const [row] = await db.insert(coupons).values(values).onConflictDoNothing().returning();
  return row ?? 'taken';
}

/**
 * How many of a shop's coupons have not ended, counting to `atMost` at most (coupons_seller_created_idx: the shop's
 * coupons only). The caller holds the shop's row, so two creations count in turn.
 */
export async function countShopCouponsNotEnded(tx: DbOrTx, sellerId: string, atMost: number): Promise<number> {
  const [row] = await queryRows<{ n: number }>(
    tx,
    sql`select count(*)::int as n from (select 1 from ${coupons} where ${coupons.sellerId} = ${sellerId} and (${coupons.endsAt} is null or ${coupons.endsAt} > now()) limit ${atMost}) c`,
  );
  return Number(row!.n);
}

/**
 * Deletes a coupon no checkout ever used (a use given back still names it: the orders keep its code), its row locked
 * `FOR UPDATE` (a key goes): a checkout taking its use at once waits, then finds no coupon. `owner` undefined: any
 * coupon (the operator's moderation). 'used' when a use names it; undefined when there is no such coupon of the owner.
 */
export async function deleteUnusedCoupon(tx: DbOrTx, id: string, owner: string | null | undefined): Promise<CouponRow | 'used' | undefined> {
  const [row] = await tx.select().from(coupons).where(eq(coupons.id, id)).for('update');
  if (!row || (owner !== undefined && row.sellerId !== owner)) return undefined;
  if (await couponEverUsed(tx, id)) return 'used';
  await tx.delete(coupons).where(eq(coupons.id, id));
  return row;
}

/**
 * Whose coupons: a shop's (its id), the platform's (null), a shop named by its address or id (the operator's `seller`;
 * none when no shop has it), or any (the operator's moderation).
 */
export type CouponOwner = string | null | { named: string } | 'any';
const ownedBy = (owner: CouponOwner, column: SQL | typeof coupons.sellerId = coupons.sellerId): SQL | undefined => {
  if (owner === 'any') return undefined;
  if (owner === null) return sql`${column} is null`;
  if (typeof owner === 'string') return sql`${column} = ${owner}`;
  return sql`${column} = (select ${sellers.id} from ${sellers} where ${shopNamed(owner.named)} limit 1)`;
};

/** A coupon, the shop whose it is (null: the platform's) and whether a checkout ever used it. */
export type ListedCoupon = CouponRow & { shop: { id: string; shopName: string; slug: string } | null; everUsed: boolean };
/** Whether a checkout ever took a use of the coupon (a use given back still names it). */
const everUsed = (couponId: SQL | typeof coupons.id) => sql<boolean>`exists (select 1 from ${couponUses} u where u.coupon_id = ${couponId})`;
const withShop = {
  shop: sql<ListedCoupon['shop']>`case when ${sellers.id} is null then null else json_build_object('id', ${sellers.id}, 'shopName', ${sellers.shopName}, 'slug', ${sellers.slug}) end`,
  everUsed: everUsed(coupons.id),
};

/**
 * A page of one owner's coupons (every condition of `owners` met), newest first (coupons_seller_created_idx serves it at any depth), those whose code
 * starts with `startsWith` if given; or `code`: the one coupon with this code, whoever's (coupons_code_idx).
 */
export async function listCoupons(db: DbOrTx, owners: CouponOwner[], page: { before?: string; limit: number; startsWith?: string; code?: string }): Promise<ListedCoupon[]> {
  const conditions = owners.map((owner) => ownedBy(owner));
  if (page.code !== undefined) conditions.push(sql`lower(${coupons.code}) = lower(${page.code})`);
  if (page.startsWith) conditions.push(sql`starts_with(lower(${coupons.code}), lower(${page.startsWith}))`);
  // The cursor is one of the owner's coupons: another shop's id is as unknown (its page is empty).
  if (page.before) {
    const cursorOwned = and(...owners.map((owner) => ownedBy(owner, sql`c.seller_id`))) ?? sql`true`;
    conditions.push(sql`(${coupons.createdAt}, ${coupons.id}) < (select c.created_at, c.id from coupons c where c.id = ${page.before} and ${cursorOwned})`);
  }
  return db
    .select({ ...getTableColumns(coupons), ...withShop })
    .from(coupons)
    .leftJoin(sellers, eq(sellers.id, coupons.sellerId))
    .where(and(...conditions))
    .orderBy(desc(coupons.createdAt), desc(coupons.id))
    .limit(page.limit);
}

/**
 * Pauses or resumes a coupon: a shop one of its own, the operator any. The operator's pause of a shop's coupon is its
 * moderation, which the shop does not undo: a probe's shop resumed such a coupon in one call. `'paused-by-operator'`: the
 * shop's resume of one; undefined when the coupon is not the caller's (or does not exist).
 */
export async function setCouponActive(db: DbOrTx, id: string, caller: { id: string; operator: boolean }, active: boolean): Promise<CouponRow | 'paused-by-operator' | undefined> {
  const [row] = await db
    .update(coupons)
    .set({
      active,
      ...(caller.operator ? { pausedByOperator: sql`${!active} and ${coupons.sellerId} is not null and ${coupons.sellerId} <> ${caller.id}` } : {}),
    })
    .where(and(eq(coupons.id, id), ownedBy(caller.operator ? 'any' : caller.id), caller.operator || !active ? undefined : eq(coupons.pausedByOperator, false)))
    .returning();
  if (row || caller.operator || !active) return row;
  const [held] = await db.select({ id: coupons.id }).from(coupons).where(and(eq(coupons.id, id), ownedBy(caller.id)));
  return held ? 'paused-by-operator' : undefined;
}

/** A change of a coupon's limits and dates, as coupons' columns hold them: null none, undefined left as it is. */
export type CouponLimitsChange = { [K in 'minSubtotalMinor' | 'maxDiscountMinor' | 'startsAt' | 'endsAt' | 'totalUses' | 'usesPerShopper']?: NewCouponRow[K] | undefined };

/**
 * Writes a coupon's limits and dates, unless its uses taken are more than the new total: checked in the one statement
 * that takes the row's lock, the lock a checkout takes its use under (place_order), so no use slips past a lowered total.
 * The uses taken when the total is below them (nothing written); undefined when the coupon is gone.
 */
export async function updateCouponLimits(db: DbOrTx, id: string, limits: CouponLimitsChange): Promise<CouponRow | { usesTaken: number } | undefined> {
  // An edit that changes nothing answers the coupon as it is (an UPDATE needs a column to set).
  if (Object.values(limits).every((value) => value === undefined)) return findCoupon(db, id);
  const [row] = await db
    .update(coupons)
    .set(limits)
    .where(and(eq(coupons.id, id), limits.totalUses == null ? undefined : sql`${coupons.usesTaken} <= ${limits.totalUses}`))
    .returning();
  if (row) return row;
  const [held] = await db.select({ usesTaken: coupons.usesTaken }).from(coupons).where(eq(coupons.id, id));
  return held;
}

/** Whether a checkout ever took a use of this coupon. */
export async function couponEverUsed(db: DbOrTx, id: string): Promise<boolean> {
  const [row] = await queryRows<{ used: boolean }>(db, sql`select ${everUsed(sql`${id}::uuid`)} as used`);
  return row!.used;
}

/** A coupon by its id. */
export async function findCoupon(db: DbOrTx, id: string): Promise<CouponRow | undefined> {
  const [row] = await db.select().from(coupons).where(eq(coupons.id, id));
  return row;
}

/**
 * A coupon by its id, its row locked until the transaction ends (`FOR NO KEY UPDATE`, the lock place_order takes its use
 * under): an edit checks the limits and dates it keeps against those it sets, and writes them, with none changed between.
 */
export async function lockCoupon(tx: DbOrTx, id: string): Promise<CouponRow | undefined> {
  const [row] = await tx.select().from(coupons).where(eq(coupons.id, id)).for('no key update');
  return row;
}

/** A shop's name and address by its id (a coupon's shop), or null for the platform's. */
export async function couponShop(db: DbOrTx, sellerId: string | null): Promise<ListedCoupon['shop']> {
  if (sellerId === null) return null;
  const [row] = await db.select({ id: sellers.id, shopName: sellers.shopName, slug: sellers.slug }).from(sellers).where(eq(sellers.id, sellerId));
  return row ?? null;
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
