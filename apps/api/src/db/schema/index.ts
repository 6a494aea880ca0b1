import { sql } from 'drizzle-orm';
import type { CancelledBy, SubstitutePreference } from '@greencart/shared';
import {
  bigint,
  boolean,
  check,
  customType,
  doublePrecision,
  index,
  integer,
  jsonb,
  pgSequence,
  pgTable,
  primaryKey,
  text,
  timestamp,
  uniqueIndex,
  uuid,
} from 'drizzle-orm/pg-core';
import type { NetUnit } from '@greencart/shared';
import { payouts } from './settlement.js';

/** Every amount is an integer number of minor units (paise/cents): see docs/decisions/0002. */

const createdAt = () => timestamp('created_at', { withTimezone: true }).notNull().defaultNow();

export const users = pgTable(
  'users',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    name: text('name').notNull(),
    email: text('email').notNull(),
    passwordHash: text('password_hash').notNull(),
    /**
     * Substitutions (issue 28, docs/decisions/0149): what the shop does with a cart line it cannot pick in full
     * unless the line says otherwise ('similar': replace with a similar item; 'none': don't replace).
     */
    substituteDefault: text('substitute_default').$type<SubstitutePreference>().notNull().default('similar'),
    createdAt: createdAt(),
  },
  (t) => [uniqueIndex('users_email_lower_idx').on(sql`lower(${t.email})`), check('users_substitute_default', sql`${t.substituteDefault} in ('similar', 'none')`)],
);

export type SellerRole = 'operator' | 'seller';
export type SellerStatus = 'pending' | 'approved' | 'suspended';

/**
 * The shops of the marketplace (issue 26). The operator is the one row with role 'operator' (the account
 * of SELLER_EMAIL/SELLER_PASSWORD, owner of the first shop, docs/decisions/0115); every other row is a
 * shop that applied at /seller/register: it confirms its e-mail, then waits as 'pending' until the
 * operator approves it. A pending or suspended shop signs in and reads, but writes nothing.
 */
export const sellers = pgTable(
  'sellers',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    email: text('email').notNull(),
    passwordHash: text('password_hash').notNull(),
    role: text('role').$type<SellerRole>().notNull().default('seller'),
    status: text('status').$type<SellerStatus>().notNull().default('pending'),
    shopName: text('shop_name').notNull(),
    /** The shop's address in links (`/shop/:slug`): lower-case letters, digits and single hyphens (0116). */
    slug: text('slug').notNull(),
    /** The person behind the shop. */
    name: text('name').notNull().default(''),
    phone: text('phone').notNull().default(''),
    /** Where the shop's orders are picked up, one line. */
    pickupAddress: text('pickup_address').notNull().default(''),
    /** Set when the link mailed at registration was opened (the operator's own e-mail counts as confirmed). */
    emailConfirmedAt: timestamp('email_confirmed_at', { withTimezone: true }),
    /** Why the operator suspended (or approved) the shop, shown to the seller. */
    statusReason: text('status_reason'),
    statusChangedAt: timestamp('status_changed_at', { withTimezone: true }),
    /** Suspended while its application was pending: the operator declined it (it was never approved since). */
    applicationDeclined: boolean('application_declined').notNull().default(false),
    /** When the shop's name last changed (its page and its products' pages show it: their sitemap lastmod, 0130). */
    renamedAt: timestamp('renamed_at', { withTimezone: true }),
    /** The operator's commission on this shop's sales in basis points, or null for the default. */
    commissionBps: integer('commission_bps'),
    /** Whether the shop is e-mailed its new orders (decision 0250): on unless it turned them off in its profile. */
    orderMails: boolean('order_mails').notNull().default(true),
    createdAt: createdAt(),
  },
  (t) => [
    uniqueIndex('sellers_email_lower_idx').on(sql`lower(${t.email})`),
    uniqueIndex('sellers_slug_idx').on(t.slug),
    // At most one operator: the environment's account is that row, whatever its e-mail (0115).
    uniqueIndex('sellers_one_operator_idx').on(t.role).where(sql`${t.role} = 'operator'`),
    // The operator's lists of applications and shops, oldest first, paged by (created_at, id).
    index('sellers_status_created_idx').on(t.status, t.createdAt, t.id),
    index('sellers_created_idx').on(t.createdAt, t.id),
    // The operator's shop search (decision 0215): part of the shop's name, the owner's name or e-mail.
    index('sellers_search_trgm_idx').using('gin', sql`(${t.shopName} || ' ' || ${t.name} || ' ' || ${t.email}) gin_trgm_ops`),
    // A shop's name is another's in any letter case (decision 0222): looked up at application and at a rename.
    index('sellers_shop_name_idx').on(sql`lower(${t.shopName})`),
    // A storefront search's shops (decision 0279): a shop's name holding the text, alone (not its owner's name or e-mail).
    index('sellers_shop_name_trgm_idx').using('gin', t.shopName.op('gin_trgm_ops')),
    check('sellers_role', sql`${t.role} in ('operator', 'seller')`),
    check('sellers_status', sql`${t.status} in ('pending', 'approved', 'suspended')`),
    check('sellers_slug_format', sql`${t.slug} ~ '^[a-z0-9]+(-[a-z0-9]+)*$'`),
    check('sellers_commission_range', sql`${t.commissionBps} between 0 and 10000`),
  ],
);

/**
 * Server-side sessions. The cookie carries a random token; only its SHA-256 is stored, so a leaked
 * table cannot be replayed. A row belongs to a shopper or to a seller, never both.
 */
export const sessions = pgTable(
  'sessions',
  {
    tokenHash: text('token_hash').primaryKey(),
    userId: uuid('user_id').references(() => users.id, { onDelete: 'cascade' }),
    sellerId: uuid('seller_id').references(() => sellers.id, { onDelete: 'cascade' }),
    expiresAt: timestamp('expires_at', { withTimezone: true }).notNull(),
    createdAt: createdAt(),
  },
  (t) => [
    check('sessions_one_owner', sql`(${t.userId} is null) <> (${t.sellerId} is null)`),
    index('sessions_user_idx').on(t.userId),
    index('sessions_expires_idx').on(t.expiresAt),
  ],
);

export const products = pgTable(
  'products',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    name: text('name').notNull(),
    description: jsonb('description').$type<string[]>().notNull().default([]),
    category: text('category').notNull(),
    priceMinor: integer('price_minor').notNull(),
    offerPriceMinor: integer('offer_price_minor').notNull(),
    /** Storage names of the images, in display order (at most 4); see modules/images. */
    images: jsonb('images').$type<string[]>().notNull().default([]),
    inStock: boolean('in_stock').notNull().default(true),
    /**
     * Units left, or null when the product is not counted (the `inStock` flag alone decides). Checkout
     * takes units in the transaction that writes the order, so it never goes below zero (issue 16).
     */
    stock: integer('stock'),
    weight: text('weight'),
    /**
     * How much one unit holds (issue 28): an amount of `netUnit` (g, kg, ml, l or pcs), both set or both
     * null. The shop shows the price per kg, l or piece from them (shared `unitPrice`).
     */
    netAmount: doublePrecision('net_amount'),
    netUnit: text('net_unit').$type<NetUnit>(),
    /** The shop that sells it (issue 26): only that shop changes it; the operator may retire any. */
    sellerId: uuid('seller_id')
      .notNull()
      .references(() => sellers.id, { onDelete: 'restrict' }),
    /** Set when the seller retires the product: gone from the shop, kept for the orders that copied it. */
    retiredAt: timestamp('retired_at', { withTimezone: true }),
    /** The operator retired it (moderation): only the operator restores it (docs/decisions/0231). */
    removedByOperator: boolean('removed_by_operator').notNull().default(false),
    /** Why the operator removed it (decision 0229), shown to its shop among its deleted products; null otherwise. */
    removalReason: text('removal_reason'),
    createdAt: createdAt(),
    /**
     * When what the product's page shows last changed (its name, description, category, prices, images, weight or
     * net quantity, availability, retirement): the sitemap's `lastmod`. Set by the trigger in
     * db/functions/products_page_changed.sql, whatever writes the row; a count going down at checkout is not a change.
     */
    updatedAt: timestamp('updated_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [
    check('products_prices_positive', sql`${t.priceMinor} > 0 and ${t.offerPriceMinor} > 0`),
    check('products_stock_not_negative', sql`${t.stock} >= 0`),
    check('products_net_quantity', sql`(${t.netAmount} is null) = (${t.netUnit} is null) and (${t.netAmount} is null or ${t.netAmount} > 0) and (${t.netUnit} is null or ${t.netUnit} in ('g', 'kg', 'ml', 'l', 'pcs'))`),
    // The catalogue as queries (docs/decisions/0013): every list is a keyset page in the spec's order
    // (oldest first); the seller's list reads the first index backwards (newest first). Retired
    // products are in none of them (docs/decisions/0070).
    index('products_created_idx').on(t.createdAt, t.id).where(sql`${t.retiredAt} is null`),
    index('products_in_stock_order_idx').on(t.createdAt, t.id).where(sql`${t.inStock} and ${t.retiredAt} is null`),
    index('products_category_order_idx').on(t.category, t.createdAt, t.id).where(sql`${t.inStock} and ${t.retiredAt} is null`),
    // The assistant's "cheapest X" (docs/decisions/0241): the in-stock products by price, of all and of a category.
    index('products_in_stock_price_idx').on(t.offerPriceMinor, t.createdAt, t.id).where(sql`${t.inStock} and ${t.retiredAt} is null`),
    index('products_category_price_idx').on(t.category, t.offerPriceMinor, t.createdAt, t.id).where(sql`${t.inStock} and ${t.retiredAt} is null`),
    // The seller's low-stock list: counted products, fewest units first (docs/decisions/0072).
    index('products_low_stock_idx').on(t.stock, t.id).where(sql`${t.stock} is not null and ${t.retiredAt} is null`),
    // Every product of a shop, sold or retired: the foreign key's check when a shop's row is deleted (an application
    // that lapsed, 0235) and the lapsed-application purge read it; the partial ones below cannot serve them.
    index('products_seller_idx').on(t.sellerId),
    // One shop's products in the catalogue's order (its shop page, its seller list newest first) and its
    // low-stock list (issue 26).
    index('products_seller_order_idx').on(t.sellerId, t.createdAt, t.id).where(sql`${t.retiredAt} is null`),
    // One shop's products of a category in stock, in the catalogue's order: a shop's category page and the first image of
    // each category the import's sample shows. Read exactly, whatever the table's statistics make of the two above.
    index('products_seller_category_order_idx').on(t.sellerId, t.category, t.createdAt, t.id).where(sql`${t.inStock} and ${t.retiredAt} is null`),
    index('products_seller_low_stock_idx').on(t.sellerId, t.stock, t.id).where(sql`${t.stock} is not null and ${t.retiredAt} is null`),
    // The seller list's products out of stock, newest first: one shop's and every shop's (the operator). Small: only the
    // products switched off or sold out (decision 0286).
    index('products_seller_out_idx').on(t.sellerId, t.createdAt, t.id).where(sql`not ${t.inStock} and ${t.retiredAt} is null`),
    index('products_out_idx').on(t.createdAt, t.id).where(sql`not ${t.inStock} and ${t.retiredAt} is null`),
    // Deleted products, last retired first: a shop's (and the operator's of every shop), to restore one (0231).
    index('products_seller_retired_idx').on(t.sellerId, t.retiredAt, t.id).where(sql`${t.retiredAt} is not null`),
    index('products_retired_idx').on(t.retiredAt, t.id).where(sql`${t.retiredAt} is not null`),
    // Trigrams serve both `name ILIKE '%text%'` and the close-match operator `<%`.
    index('products_name_trgm_idx').using('gin', t.name.op('gin_trgm_ops')),
  ],
);

/**
 * The distinct words of product names (3+ letters, lower case), kept by a trigger on `products`
 * (migration 0006): a misspelt search word is corrected against this small table, not 100,000 names
 * (docs/decisions/0013). Words of renamed products stay; they only ever suggest an empty search.
 */
export const productWords = pgTable(
  'product_words',
  { word: text('word').primaryKey() },
  (t) => [index('product_words_trgm_idx').using('gin', t.word.op('gin_trgm_ops'))],
);

export const cartItems = pgTable(
  'cart_items',
  {
    userId: uuid('user_id')
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    productId: uuid('product_id')
      .notNull()
      .references(() => products.id, { onDelete: 'cascade' }),
    quantity: integer('quantity').notNull(),
    /** The line's own substitution preference (issue 28); null: the shopper's default (`users.substitute_default`). */
    substitute: text('substitute').$type<SubstitutePreference>(),
  },
  (t) => [
    primaryKey({ columns: [t.userId, t.productId] }),
    check('cart_items_quantity_range', sql`${t.quantity} between 1 and 9`),
    check('cart_items_substitute', sql`${t.substitute} in ('similar', 'none')`),
  ],
);

export const addresses = pgTable(
  'addresses',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    userId: uuid('user_id')
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    firstName: text('first_name').notNull(),
    lastName: text('last_name').notNull(),
    email: text('email').notNull(),
    street: text('street').notNull(),
    city: text('city').notNull(),
    state: text('state').notNull(),
    zipcode: text('zipcode').notNull(),
    country: text('country').notNull(),
    phone: text('phone').notNull(),
    createdAt: createdAt(),
  },
  (t) => [index('addresses_user_idx').on(t.userId)],
);

/** The delivery address as it was when the order was placed. */
export interface AddressSnapshot {
  firstName: string;
  lastName: string;
  email: string;
  street: string;
  city: string;
  state: string;
  zipcode: string;
  country: string;
  phone: string;
}

/**
 * The short numbers people read orders by (issue 28, `GC-100234`): one database sequence, so every
 * instance draws distinct numbers without agreeing on anything (decision 0143).
 */
export const orderNumbers = pgSequence('order_number_seq', { startWith: 100000 });

export const orders = pgTable(
  'orders',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    /** Its short number (`GC-` and this), drawn from order_number_seq when the row is written (decision 0143). */
    orderNumber: bigint('order_number', { mode: 'number' })
      .notNull()
      .default(sql`nextval('order_number_seq')`),
    userId: uuid('user_id')
      .notNull()
      .references(() => users.id, { onDelete: 'restrict' }),
    addressId: uuid('address_id').references(() => addresses.id, { onDelete: 'set null' }),
    /** The shop whose products the order holds: a checkout places one order per shop (issue 26). */
    sellerId: uuid('seller_id')
      .notNull()
      .references(() => sellers.id, { onDelete: 'restrict' }),
    /** The checkout that placed it, shared by its shops' orders (an order before issue 26: its own id). */
    checkoutId: uuid('checkout_id').notNull(),
    address: jsonb('address').$type<AddressSnapshot>().notNull(),
    /**
     * Σ unit price × quantity. 64-bit: 50 lines × 9 × the largest price (1,000,000.00) is 4.5e10
     * minor units, past a 32-bit integer; a JS number holds any such amount exactly (< 2^53).
     */
    subtotalMinor: bigint('subtotal_minor', { mode: 'number' }).notNull(),
    taxMinor: bigint('tax_minor', { mode: 'number' }).notNull(),
    /** What the shopper pays: subtotal + tax (the spec's `amount`). */
    amountMinor: bigint('amount_minor', { mode: 'number' }).notNull(),
    paymentType: text('payment_type').$type<'COD' | 'Online'>().notNull(),
    status: text('status').notNull().default('Order Placed'),
    isPaid: boolean('is_paid').notNull().default(false),
    paidAt: timestamp('paid_at', { withTimezone: true }),
    /** Set when a paid online order was cancelled and its payment given back (docs/decisions/0044). */
    refundedAt: timestamp('refunded_at', { withTimezone: true }),
    /** The card provider's checkout session id, for online payments. */
    paymentSessionId: text('payment_session_id'),
    /**
     * Set when the counted units this order took at checkout were put back (cancelled, payment session
     * expired or declined), so they are never put back twice.
     */
    stockReturnedAt: timestamp('stock_returned_at', { withTimezone: true }),
    /** Who cancelled a cancelled order: its shopper or its shop (issue 28); null when its payment lapsed or for older orders. */
    cancelledBy: text('cancelled_by').$type<CancelledBy>(),
    /** The reason given with the cancel (decision 0288): the shop's or the operator's to the shopper, or the shopper's to the shop; or null. */
    cancelReason: text('cancel_reason'),
    /**
     * What the checkout asked for, as one key: the md5 of its address, payment type and sorted
     * "product x quantity" lines (written by place_order; null for orders not placed by a checkout). The
     * same checkout sent again is found by it in one index read (docs/decisions/0030, 0086).
     */
    basketKey: text('basket_key'),
    /** Issue 28: the delivery fee charged (included in amount_minor; no tax on it, decision 0139). */
    deliveryFeeMinor: bigint('delivery_fee_minor', { mode: 'number' }).notNull().default(0),
    /** The delivery window chosen at checkout (the shop's local times as instants), or null. */
    deliverySlotStart: timestamp('delivery_slot_start', { withTimezone: true }),
    deliverySlotEnd: timestamp('delivery_slot_end', { withTimezone: true }),
    /** Substitutions (issue 28, docs/decisions/0151): when the seller recorded what was picked (once per order). */
    pickedAt: timestamp('picked_at', { withTimezone: true }),
    /** How much the picks took off the total (refunded to a card, not collected on delivery): minor units. */
    pickReductionMinor: bigint('pick_reduction_minor', { mode: 'number' }).notNull().default(0),
    /** The coupon used (issue 29), its code as typed at checkout, and this shop order's share of its discount. */
    couponId: uuid('coupon_id'),
    couponCode: text('coupon_code'),
    discountMinor: bigint('discount_minor', { mode: 'number' }).notNull().default(0),
    /** Whether the operator pays the discount (a platform coupon) or the shop: the ledger credits the shop the former. */
    discountPaidBy: text('discount_paid_by').$type<'operator' | 'shop'>(),
    createdAt: createdAt(),
  },
  (t) => [
    index('orders_user_created_idx').on(t.userId, t.createdAt),
    // A first-order coupon is for a household's first order (issue 29): the orders to a phone number, by its last 10
    // digits (+91 98765 43210 and 9876543210 are one), the key `place_order` looks them up by.
    index('orders_phone_key_idx').on(sql`right(regexp_replace(${t.address} ->> 'phone', '\\D', '', 'g'), 10)`),
    // The seller's search by number (issue 28) and the number's uniqueness.
    uniqueIndex('orders_number_idx').on(t.orderNumber),
    check('orders_cancelled_by', sql`${t.cancelledBy} in ('shopper', 'seller', 'operator')`),
    // Shared CANCEL_REASON_MAX, as the quantity's range above is QUANTITY_MAX: a literal in the migration either way.
    check('orders_cancel_reason', sql`char_length(${t.cancelReason}) <= 200`),
    index('orders_user_basket_idx').on(t.userId, t.basketKey, t.createdAt).where(sql`${t.basketKey} is not null`),
    // The seller's list pages newest first by (created_at, id); a shop's own by (seller_id, created_at, id).
    index('orders_created_idx').on(t.createdAt, t.id),
    index('orders_seller_created_idx').on(t.sellerId, t.createdAt, t.id),
    index('orders_checkout_idx').on(t.checkoutId),
    // One payment session pays every shop order of a checkout (issue 26): no longer unique.
    index('orders_payment_session_idx').on(t.paymentSessionId).where(sql`${t.paymentSessionId} is not null`),
    // The seller's summary over all orders without reading them all: revenue per day reads only the
    // earning orders of the chart's days (index-only: with who bears a coupon's discount, a platform's being part of
    // the shop's sale), the unpaid count only the waiting ones.
    index('orders_earning_created_idx')
      .on(t.createdAt, t.amountMinor, t.discountPaidBy, t.discountMinor)
      .where(sql`${t.status} <> 'Cancelled' and (${t.paymentType} = 'COD' or ${t.isPaid}) and ${t.refundedAt} is null`),
    index('orders_unpaid_online_idx').on(t.createdAt).where(sql`${t.paymentType} = 'Online' and not ${t.isPaid} and ${t.status} <> 'Cancelled'`),
    // The card orders paid in a stretch of time, which the shops' new-order mails read (decision 0250).
    index('orders_paid_at_idx').on(t.paidAt).where(sql`${t.paidAt} is not null`),
    // Refunds owed (paid after a cancel, 0045): the hourly retry reads these few, not every cancelled order.
    index('orders_owed_refund_idx').on(t.id).where(sql`${t.paymentType} = 'Online' and ${t.status} = 'Cancelled' and ${t.isPaid} and ${t.refundedAt} is null`),
    // A shopper's checkouts waiting for a payment, which a new checkout replaces, and one whose page is still being made,
    // which it waits for (decision 0224): few rows, read by place_order, however many cash orders the shopper placed.
    index('orders_user_waiting_idx').on(t.userId).where(sql`${t.paymentType} = 'Online' and not ${t.isPaid} and ${t.status} = 'Order Placed'`),
    // The seller's filters (issue 16, docs/decisions/0078): a status's orders newest first; the few
    // refunded ones; the buyer's name, street or phone as on the order (trigram, so "sha" finds Asha). An id prefix is a
    // range of the primary key, a date range one of orders_created_idx.
    index('orders_status_created_idx').on(t.status, t.createdAt, t.id),
    index('orders_refunded_created_idx').on(t.createdAt, t.id).where(sql`${t.refundedAt} is not null`),
    // A shop's deliveries of a day by window (the board, the seller's delivery-day filter): decision 0142.
    index('orders_seller_slot_idx').on(t.sellerId, t.deliverySlotStart).where(sql`${t.deliverySlotStart} is not null`),
    index('orders_slot_idx').on(t.deliverySlotStart).where(sql`${t.deliverySlotStart} is not null`),
    // The buyer as the order's address names them: name, street and the phone's digits (a shop told "the one on MG Road" or
    // read a missed call's number found nothing by name alone: a probe). The expression is order-repository.ts's buyerText.
    index('orders_buyer_search_trgm_idx').using(
      'gin',
      sql`(coalesce(${t.address} ->> 'firstName', '') || ' ' || coalesce(${t.address} ->> 'lastName', '') || ' ' || coalesce(${t.address} ->> 'street', '') || ' ' || regexp_replace(coalesce(${t.address} ->> 'phone', ''), '[^0-9]', '', 'g')) gin_trgm_ops`,
    ),
  ],
);

/** Order lines copy the product as it was at checkout (name, image, category, unit price). */
export const orderItems = pgTable(
  'order_items',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    orderId: uuid('order_id')
      .notNull()
      .references(() => orders.id, { onDelete: 'cascade' }),
    // No foreign key: a line is a copy of the product as sold, and products are retired, never deleted.
    // The key's check share-locked every product of every checkout (docs/decisions/0087).
    productId: uuid('product_id'),
    name: text('name').notNull(),
    image: text('image'),
    category: text('category').notNull(),
    unitPriceMinor: integer('unit_price_minor').notNull(),
    /** What the shopper ordered (a substitute line: the units it supplies). */
    quantity: integer('quantity').notNull(),
    /** Substitutions (issue 28, docs/decisions/0150): the shopper's preference for this line, copied from the cart. */
    substitute: text('substitute').$type<SubstitutePreference>().notNull().default('similar'),
    /** Units the seller picked (null until the picks are recorded); the order holds, charges and returns these. */
    pickedQuantity: integer('picked_quantity'),
    /** Set on a substitute line: the ordered line whose missing units it supplies. */
    substituteFor: uuid('substitute_for'),
    /** The line's share of its order's coupon discount (issue 29): it paid unit price × quantity − this. */
    discountMinor: bigint('discount_minor', { mode: 'number' }).notNull().default(0),
  },
  (t) => [
    index('order_items_order_idx').on(t.orderId),
    check('order_items_quantity_range', sql`${t.quantity} between 1 and 9`),
    check('order_items_substitute', sql`${t.substitute} in ('similar', 'none')`),
    check('order_items_picked_range', sql`${t.pickedQuantity} between 0 and ${t.quantity}`),
  ],
);

/** Every status an order has had, with when it got it: the timeline in My Orders (issue 16). */
export const orderStatusEvents = pgTable(
  'order_status_events',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    orderId: uuid('order_id')
      .notNull()
      .references(() => orders.id, { onDelete: 'cascade' }),
    status: text('status').notNull(),
    at: timestamp('at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [index('order_status_events_order_idx').on(t.orderId, t.at)],
);

/**
 * Order e-mails queued by the transaction of the action they tell about (docs/decisions/0083): the row
 * exists iff the action committed. What to compose is kept (the order, the kind, the status it reports),
 * not the text: the sender composes at send time from the order. `due_at` is when the next attempt may
 * start (pushed forward while an instance holds it, as a lease, and after a failure, as the backoff).
 * Sent and given-up rows are kept a week, then deleted by the hourly housekeeping.
 */
export const mailOutbox = pgTable(
  'mail_outbox',
  {
    id: bigint('id', { mode: 'number' }).primaryKey().generatedAlwaysAsIdentity(),
    /** The order the mail tells about, or null for a mail about a shop alone (its confirmation link, its status). */
    orderId: uuid('order_id').references(() => orders.id, { onDelete: 'cascade' }),
    /** The shop a mail to a seller is about (issue 26): 'seller-confirm' or 'seller-status' (with `status`). */
    sellerId: uuid('seller_id').references(() => sellers.id, { onDelete: 'cascade' }),
    /** The shopper a mail about their account goes to: 'password-reset' (decision 0254). */
    userId: uuid('user_id').references(() => users.id, { onDelete: 'cascade' }),
    /** 'confirmation', 'status' (with `status`) or 'payment-refunded' (a late payment given back, 0045). */
    kind: text('kind').notNull(),
    status: text('status'),
    /** A shop mail about one of its products, 'product-removed' (decision 0229): the product and the operator's reason. */
    productId: uuid('product_id').references(() => products.id, { onDelete: 'cascade' }),
    note: text('note'),
    /** A shop mail about a payout made to it, 'payout' (decision 0247). */
    payoutId: uuid('payout_id').references(() => payouts.id, { onDelete: 'cascade' }),
    createdAt: createdAt(),
    dueAt: timestamp('due_at', { withTimezone: true }).notNull().defaultNow(),
    attempts: integer('attempts').notNull().default(0),
    lastError: text('last_error'),
    sentAt: timestamp('sent_at', { withTimezone: true }),
    /** Set when the attempts ran out: the mail is not tried again (its last error says why). */
    failedAt: timestamp('failed_at', { withTimezone: true }),
  },
  (t) => [
    index('mail_outbox_due_idx').on(t.dueAt).where(sql`${t.sentAt} is null and ${t.failedAt} is null`),
    index('mail_outbox_created_idx').on(t.createdAt),
    // A shopper's account mails, for the throttle of password-reset links and the cascade of a shopper deleted.
    index('mail_outbox_user_idx').on(t.userId, t.createdAt).where(sql`${t.userId} is not null`),
    check('mail_outbox_subject', sql`${t.orderId} is not null or ${t.sellerId} is not null or ${t.userId} is not null`),
  ],
);

/** Processed payment-provider events, so a replayed webhook is a no-op. */
export const paymentEvents = pgTable('payment_events', {
  id: text('id').primaryKey(),
  type: text('type').notNull(),
  createdAt: createdAt(),
});

/**
 * Failed logins in fixed 15-minute windows (docs/decisions/0020), apart for shoppers and the seller, in
 * three scopes: per e-mail from one client address and per client address (both refuse past their
 * limit), and per e-mail alone (only slows answers down, so nobody can lock the owner out). Attempts
 * with a browser's device token for the account count in a fourth, per token, instead (0097). In the
 * database so that a restart or a second app process does not reset them.
 */
export type LoginFailureScope = 'email' | 'email_address' | 'address' | 'device';

export const loginFailures = pgTable(
  'login_failures',
  {
    account: text('account').$type<'user' | 'seller'>().notNull(),
    scope: text('scope').$type<LoginFailureScope>().notNull(),
    /** The lower-cased e-mail, the client address, both joined by a space, or a device token's id. */
    key: text('key').notNull(),
    failures: integer('failures').notNull(),
    windowStartedAt: timestamp('window_started_at', { withTimezone: true }).notNull(),
  },
  (t) => [
    primaryKey({ columns: [t.account, t.scope, t.key] }),
    index('login_failures_window_idx').on(t.windowStartedAt),
    check('login_failures_scope', sql`${t.scope} in ('email', 'email_address', 'address', 'device')`),
  ],
);

/** Raw bytes (PostgreSQL bytea); Drizzle 0.45 has no built-in column for it. */
const bytea = customType<{ data: Buffer; driverData: Buffer | Uint8Array }>({
  dataType: () => 'bytea',
  // pg returns a Buffer, PGlite a Uint8Array: one type for the code either way.
  fromDriver: (value) => (Buffer.isBuffer(value) ? value : Buffer.from(value)),
});

/**
 * Processed product images when the shop runs on PostgreSQL (docs/decisions/0061), so every instance
 * serves every image without a shared disk. A name is never reused, so a row never changes.
 */
export const storedImages = pgTable('stored_images', {
  name: text('name').primaryKey(),
  bytes: bytea('bytes').notNull(),
  createdAt: createdAt(),
});

/**
 * Request counters of the rate limits (sign-up and login per address, seller login, chat), shared by
 * every instance and kept across restarts (docs/decisions/0062). `key` names the limit and the caller.
 */
export const rateLimitHits = pgTable(
  'rate_limit_hits',
  {
    key: text('key').primaryKey(),
    hits: integer('hits').notNull(),
    /** The end of the current window: the next request after it starts a new one. */
    expiresAt: timestamp('expires_at', { withTimezone: true }).notNull(),
  },
  (t) => [index('rate_limit_hits_expires_idx').on(t.expiresAt)],
);

/**
 * Keys the instances must share, made by whichever starts first (the device tokens' signing key, 0097):
 * every instance of a shop opens the same database, so nothing needs configuring.
 */
export const serverSecrets = pgTable('server_secrets', {
  name: text('name').primaryKey(),
  value: bytea('value').notNull(),
  createdAt: createdAt(),
});

/** When each scheduled chore last ran on any instance, so one run per period happens in all (0062). */
export const scheduledRuns = pgTable('scheduled_runs', {
  task: text('task').primaryKey(),
  lastRunAt: timestamp('last_run_at', { withTimezone: true }).notNull(),
  /** How far a task that works through what happened has got (the new-order mails: orders up to this time, 0250). */
  doneUntil: timestamp('done_until', { withTimezone: true }),
});

/**
 * The digest of each database function file (db/functions/, 0106) as last applied: a start re-applies only a file
 * whose text changed, so restarting an instance beside others under load takes no table locks (0106).
 */
export const appliedFunctionSources = pgTable('applied_function_sources', {
  name: text('name').primaryKey(),
  sha256: text('sha256').notNull(),
  appliedAt: timestamp('applied_at', { withTimezone: true }).notNull().defaultNow(),
});

// The marketplace's money: commission, the shops' ledger and accounts, payouts (issue 26).
export * from './settlement.js';
export * from './delivery.js';

// Coupons and their uses (issue 29).
export * from './coupons.js';

// "Tell me when it's back" (decision 0290).
export * from './stock-alerts.js';
