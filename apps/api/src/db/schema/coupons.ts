import { sql } from 'drizzle-orm';
import { bigint, boolean, check, index, integer, pgTable, text, timestamp, uniqueIndex, uuid } from 'drizzle-orm/pg-core';
import { sellers, users } from './index.js';

/**
 * Coupons (issue 29, docs/decisions/0155-0157). A platform coupon (seller_id null) is the operator's, who
 * pays its discount; a shop's coupon discounts only its products and the shop pays. Amounts in minor units.
 * `uses_taken` and `discount_given_minor` are the live uses' running sums, written by place_order with the
 * coupon's row locked (a use taken) and by returnOrderStock (a use given back).
 */
export const coupons = pgTable(
  'coupons',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    code: text('code').notNull(),
    sellerId: uuid('seller_id').references(() => sellers.id, { onDelete: 'restrict' }),
    type: text('type').$type<'percent' | 'amount' | 'free-delivery'>().notNull(),
    /** percent: whole percent; amount: minor units; free-delivery: 0. */
    value: bigint('value', { mode: 'number' }).notNull(),
    minSubtotalMinor: bigint('min_subtotal_minor', { mode: 'number' }),
    maxDiscountMinor: bigint('max_discount_minor', { mode: 'number' }),
    startsAt: timestamp('starts_at', { withTimezone: true }),
    endsAt: timestamp('ends_at', { withTimezone: true }),
    totalUses: integer('total_uses'),
    usesPerShopper: integer('uses_per_shopper'),
    firstOrderOnly: boolean('first_order_only').notNull().default(false),
    categories: text('categories').array(),
    productIds: uuid('product_ids').array(),
    active: boolean('active').notNull().default(true),
    /** Paused by the operator (moderation of a shop's coupon): only the operator resumes it (decision 0155, amended). */
    pausedByOperator: boolean('paused_by_operator').notNull().default(false),
    usesTaken: integer('uses_taken').notNull().default(0),
    discountGivenMinor: bigint('discount_given_minor', { mode: 'number' }).notNull().default(0),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [
    // Case-insensitive unique: FIRST50 and first50 are one code.
    uniqueIndex('coupons_code_idx').on(sql`lower(${t.code})`),
    // A shop's list (and the operator's, seller_id null), newest first, a page at a time.
    index('coupons_seller_created_idx').on(t.sellerId, t.createdAt, t.id),
    check('coupons_type', sql`${t.type} in ('percent', 'amount', 'free-delivery')`),
    check('coupons_uses_within_total', sql`${t.usesTaken} >= 0 and (${t.totalUses} is null or ${t.usesTaken} <= ${t.totalUses})`),
  ],
);

/**
 * One use of a coupon by one checkout (all its shop orders): taken by place_order, given back (released_at)
 * when every order of the checkout is cancelled (payment expired or declined, cancelled), never deleted.
 */
export const couponUses = pgTable(
  'coupon_uses',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    couponId: uuid('coupon_id')
      .notNull()
      .references(() => coupons.id, { onDelete: 'restrict' }),
    userId: uuid('user_id')
      .notNull()
      .references(() => users.id, { onDelete: 'restrict' }),
    checkoutId: uuid('checkout_id').notNull(),
    discountMinor: bigint('discount_minor', { mode: 'number' }).notNull(),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
    releasedAt: timestamp('released_at', { withTimezone: true }),
  },
  (t) => [
    // A shopper's live uses of a coupon (uses per shopper), counted in one index read.
    index('coupon_uses_coupon_user_idx').on(t.couponId, t.userId).where(sql`${t.releasedAt} is null`),
    // Whether a coupon was ever used, given back or not (its list's `everUsed`, its delete, the key's restrict check):
    // the partial index above holds live uses only, so each was a scan of every use.
    index('coupon_uses_coupon_idx').on(t.couponId),
    uniqueIndex('coupon_uses_checkout_idx').on(t.checkoutId),
  ],
);
