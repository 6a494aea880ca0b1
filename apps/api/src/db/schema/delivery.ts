import { sql } from 'drizzle-orm';
import { check, index, integer, jsonb, pgTable, primaryKey, smallint, text, timestamp, uuid } from 'drizzle-orm/pg-core';
import { DELIVERY_FEE_MAX, toMinor, type DeliveryWindow } from '@greencart/shared';
import { sellers } from './index.js';

/**
 * Issue 28: each shop's delivery (docs/decisions/0137). One row per shop that set it; a shop without one
 * delivers everywhere, free, with no windows (the defaults in code). Amounts in minor units.
 */
export const shopDelivery = pgTable(
  'shop_delivery',
  {
    sellerId: uuid('seller_id')
      .primaryKey()
      .references(() => sellers.id, { onDelete: 'cascade' }),
    /** Exact 6-digit pincodes and 3-digit prefixes the shop serves; null: everywhere. */
    pincodes: text('pincodes').array(),
    feeMinor: integer('fee_minor').notNull().default(0),
    freeAboveMinor: integer('free_above_minor'),
    minOrderMinor: integer('min_order_minor').notNull().default(0),
    /** The weekly pattern: [{days, start, end, capacity}] in the store's time zone. */
    windows: jsonb('windows').$type<DeliveryWindow[]>().notNull().default([]),
    cutoffMinutes: integer('cutoff_minutes').notNull().default(60),
    daysAhead: smallint('days_ahead').notNull().default(3),
    /**
     * Bumped by every change: checkout prices with the terms it read and place_order refuses them if the
     * shop changed its terms since (as it does a changed price, decision 0123).
     */
    version: integer('version').notNull().default(1),
    updatedAt: timestamp('updated_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [
    // "Which shops deliver to 411001": the shops listing it or its prefix (decision 0138).
    index('shop_delivery_pincodes_idx').using('gin', t.pincodes),
    check('shop_delivery_amounts', sql`${t.feeMinor} >= 0 and ${t.minOrderMinor} >= 0 and (${t.freeAboveMinor} is null or ${t.freeAboveMinor} >= 0)`),
    // What a platform free-delivery coupon may pay a shop for one delivery (decision 0276): the shared rule's figure.
    check('shop_delivery_fee_max', sql`${t.feeMinor} <= ${sql.raw(String(toMinor(DELIVERY_FEE_MAX)))}`),
  ],
);

/**
 * One row per window instance a checkout chose (a shop's Thursday 09:00-11:00 of 26 November), made by
 * place_order on the first order for it: its places taken and its capacity when last taken. Locked by
 * checkout after the products (the global lock order), given back by `returnOrderStock` (decision 0141).
 */
export const deliverySlotPlaces = pgTable(
  'delivery_slot_places',
  {
    sellerId: uuid('seller_id')
      .notNull()
      .references(() => sellers.id, { onDelete: 'cascade' }),
    startsAt: timestamp('starts_at', { withTimezone: true }).notNull(),
    endsAt: timestamp('ends_at', { withTimezone: true }).notNull(),
    capacity: integer('capacity').notNull(),
    taken: integer('taken').notNull().default(0),
  },
  (t) => [primaryKey({ columns: [t.sellerId, t.startsAt] }), check('delivery_slot_places_taken', sql`${t.taken} >= 0`)],
);
