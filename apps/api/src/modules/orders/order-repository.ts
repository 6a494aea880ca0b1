import { randomUUID } from 'node:crypto';
import { and, desc, eq, exists, gt, gte, inArray, isNotNull, isNull, lt, lte, ne, or, sql, type SQL } from 'drizzle-orm';
import type { AnyPgColumn } from 'drizzle-orm/pg-core';
import type { DbOrTx } from '../../db/client.js';
import { NAME_SEARCH_MIN, ORDER_NUMBER_PREFIX, type CouponRefusal, type Order, type ShopOrderTotals, type ShopRef, type SubstitutePreference } from '@greencart/shared';
import { retryOnConflict } from '../../db/retry.js';
import { containsPattern } from '../../db/contains-pattern.js';
import { queryPreparedRows, queryRows } from '../../db/raw-sql.js';
import { dayStart } from '../../db/store-day.js';
import { orderItems, orders, orderStatusEvents, paymentEvents, sellers, users } from '../../db/schema/index.js';
import { UPLOADS_URL_PREFIX } from '../images/image-storage.js';
import { shopNamed } from '../seller/seller-repository.js';
import { timeOrderedId } from '../../lib/time-ordered-id.js';

export type OrderRow = typeof orders.$inferSelect;
export type OrderItemRow = typeof orderItems.$inferSelect;
export type OrderWithItems = OrderRow & { items: OrderItemRow[] };

async function withItems(db: DbOrTx, rows: OrderRow[]): Promise<OrderWithItems[]> {
  if (rows.length === 0) return [];
  const items = await db
    .select()
    .from(orderItems)
    .where(inArray(orderItems.orderId, rows.map((o) => o.id)))
    // No position column: lines are listed by name, a stable order the shopper can scan.
    .orderBy(orderItems.name, orderItems.id);
  const byOrder = new Map<string, OrderItemRow[]>();
  for (const item of items) byOrder.set(item.orderId, [...(byOrder.get(item.orderId) ?? []), item]);
  return rows.map((order) => ({ ...order, items: byOrder.get(order.id) ?? [] }));
}

/** The seller's filters (issue 16) in the database's terms: days are the shop's (`timeZone`), both included. */
export interface OrderListFilter {
  status?: string;
  payment?: 'Paid' | 'Pending' | 'Refunded';
  fromDay?: string;
  toDay?: string;
  timeZone?: string;
  /** Issue 28: orders whose delivery window starts on this shop day (orders_seller_slot_idx / orders_slot_idx). */
  deliveryDay?: string;
  /** An order's number (`GC-100234` or its digits) or its first digits, an order id or its first characters, or part of the buyer's name as on the order's address. */
  search?: string;
  /** The order of this number exactly (its digits): one read of orders_number_idx. */
  orderNumber?: number;
  /**
   * One shop's orders, by its address (slug) or its id, as the operator's other calls name a shop: the shop's id read
   * once for the query, so orders_seller_created_idx serves it.
   */
  shop?: string;
}

/**
 * The buyer as on the order: name, street and the phone's digits; the same expression as orders_buyer_search_trgm_idx,
 * so the index serves it.
 */
const buyerText = sql`(coalesce(${orders.address} ->> 'firstName', '') || ' ' || coalesce(${orders.address} ->> 'lastName', '') || ' ' || coalesce(${orders.address} ->> 'street', '') || ' ' || regexp_replace(coalesce(${orders.address} ->> 'phone', ''), '[^0-9]', '', 'g'))`;

/** A phone number as typed (`+91 98220-12345`, `(020) 2612`): its digits, as buyerText holds them; else undefined. */
const phoneDigits = (text: string) => (/^[+\d\s().-]+$/.test(text) ? text.replace(/\D/g, '') : undefined);

/**
 * The ids that start with `prefix` (hex digits, dashes ignored) are one range of the primary key:
 * from the prefix padded with 0s to it padded with fs. Undefined when the text cannot start an id.
 */
function idPrefixRange(text: string): [string, string] | undefined {
  const hex = text.replace(/-/g, '').toLowerCase();
  if (!/^[0-9a-f]{1,32}$/.test(hex)) return undefined;
  const uuid = (digits: string) => `${digits.slice(0, 8)}-${digits.slice(8, 12)}-${digits.slice(12, 16)}-${digits.slice(16, 20)}-${digits.slice(20)}`;
  return [uuid(hex.padEnd(32, '0')), uuid(hex.padEnd(32, 'f'))];
}

/** Order numbers are 6 to 15 digits (the sequence starts at 100000, decision 0143). */
const ORDER_NUMBER_DIGITS = { least: 6, most: 15 };

/**
 * The order numbers that start with the digits of `GC-1002`, `gc1002`, `GC 1002` or `1002` (the whole number too): one range
 * of orders_number_idx per length a number can have. None when the text is no start of a number.
 */
export function orderNumberRanges(text: string): [number, number][] {
  // "GC 120001", as read out or copied from a line break, too (a probe found nothing).
  const digits = /^(?:gc[-\s]?)?([1-9]\d{0,14})$/i.exec(text.trim())?.[1];
  if (digits === undefined) return [];
  const ranges: [number, number][] = [];
  for (let length = Math.max(digits.length, ORDER_NUMBER_DIGITS.least); length <= ORDER_NUMBER_DIGITS.most; length++) {
    const scale = 10 ** (length - digits.length);
    ranges.push([Number(digits) * scale, (Number(digits) + 1) * scale - 1]);
  }
  return ranges;
}

/** Each filter a condition an index serves (docs/decisions/0078); none given, none added. */
function filterConditions(filter: OrderListFilter): SQL[] {
  const conditions: SQL[] = [];
  if (filter.status) conditions.push(eq(orders.status, filter.status));
  if (filter.payment === 'Paid') conditions.push(and(eq(orders.isPaid, true), isNull(orders.refundedAt))!);
  // Still to be paid: a cancelled order unpaid is 'Not paid' (sellerPaymentLabel), no payment is pending on it.
  if (filter.payment === 'Pending') conditions.push(and(eq(orders.isPaid, false), ne(orders.status, 'Cancelled'))!);
  if (filter.payment === 'Refunded') conditions.push(isNotNull(orders.refundedAt));
  const midnight = (day: string, plusDays = 0) => dayStart(day, filter.timeZone ?? 'UTC', plusDays);
  if (filter.fromDay) conditions.push(sql`${orders.createdAt} >= ${midnight(filter.fromDay)}`);
  if (filter.toDay) conditions.push(sql`${orders.createdAt} < ${midnight(filter.toDay, 1)}`);
  if (filter.deliveryDay) {
    conditions.push(sql`${orders.deliverySlotStart} >= ${midnight(filter.deliveryDay)} and ${orders.deliverySlotStart} < ${midnight(filter.deliveryDay, 1)}`);
  }
  if (filter.shop) conditions.push(sql`${orders.sellerId} = (select ${sellers.id} from ${sellers} where ${shopNamed(filter.shop)} limit 1)`);
  if (filter.orderNumber !== undefined) conditions.push(eq(orders.orderNumber, filter.orderNumber));
  if (filter.search) {
    // Trigrams need 3 characters: a shorter text would read every order's buyer, so it only starts an id.
    const contains = (text: string | undefined) => (text !== undefined && text.length >= NAME_SEARCH_MIN ? sql`${buyerText} ilike ${containsPattern(text)}` : undefined);
    const digits = phoneDigits(filter.search);
    const byBuyer = or(contains(filter.search), digits === filter.search ? undefined : contains(digits));
    const range = idPrefixRange(filter.search);
    const byId = range && and(gte(orders.id, range[0]), lte(orders.id, range[1]));
    // An order's number or its first digits, with or without its `GC-`: ranges of orders_number_idx (issue 28).
    const byNumber = or(...orderNumberRanges(filter.search).map(([least, most]) => and(gte(orders.orderNumber, least), lte(orders.orderNumber, most))));
    conditions.push(or(byNumber, byId, byBuyer) ?? sql`false`);
  }
  return conditions;
}

/** Where a step stands among those recorded at the same instant (a cancel and its refund share one). */
const TIMELINE_RANK = sql`array_position(array['Order Placed', 'Processed', 'Picked', 'Packed', 'Dispatched', 'Delivered', 'Cancelled', 'Refunded']::text[], e.status)`;

/** An instant as JavaScript's `toISOString` writes it (milliseconds, UTC), whatever the session's zone. */
const isoTime = (column: SQL) => sql`to_char(${column} at time zone 'UTC', 'YYYY-MM-DD"T"HH24:MI:SS.MS"Z"')`;

/** Minor units as the API's major-unit number (`toMajor`): the exact decimal's nearest double, written shortest. */
const major = (column: SQL) => sql`(${column} / 100.0)::float8`;

/** A JSON array of `element` (a json per row) in `orderBy` order, `[]` for none, written without spaces. */
const jsonArray = (element: SQL, orderBy: SQL) => sql`coalesce(('[' || string_agg(${element}::text, ',' order by ${orderBy}) || ']')::json, '[]'::json)`;

/**
 * The order of the current `orders` row in the API's shape (spec section 3, shared `OrderSchema`): each
 * line carries the product as it was at checkout (copied name, category, image, unit price), lines by
 * name; `amount` the total paid in major units; `address` as it was when placed. Built by the database
 * (docs/decisions/0084): a page of orders is one prepared statement and its JSON text is answered as it comes,
 * where reading the rows and writing them again as JSON in Node cost 9 ms of CPU a page.
 */
function apiOrder({ timeline = false, operator }: ApiOrderParts): SQL {
  // Substitutions (issue 28): the line's preference, the units picked, and on a substitute line the product it replaces.
  const line = sql`(select row_to_json(l) from (select row_to_json(p) as product, i.quantity, i.substitute, i.picked_quantity as picked,
      case when i.substitute_for is null then null else (select r.product_id from order_items r where r.id = i.substitute_for) end as "substituteFor",
      ${major(sql`i.discount_minor`)} as discount
      from (select coalesce(i.product_id, i.id) as "_id", i.name, i.category,
        case when i.image is null then array[]::text[] else array[${UPLOADS_URL_PREFIX} || i.image] end as image,
        ${major(sql`i.unit_price_minor`)} as "offerPrice") p) l)`;
  const event = sql`(select row_to_json(t) from (select e.status, ${isoTime(sql`e.at`)} as at) t)`;
  return sql`(select row_to_json(api) from (select
      ${orders.id} as "_id", ${ORDER_NUMBER_PREFIX} || ${orders.orderNumber} as "orderNumber", ${orders.userId} as "userId",
      (select ${operator ? sql`json_strip_nulls(json_build_object('id', s.id, 'shopName', s.shop_name, 'slug', s.slug, 'status', case when s.id <> ${operator} then s.status end))` : sql`json_build_object('id', s.id, 'shopName', s.shop_name, 'slug', s.slug)`}
        from ${sellers} s where s.id = ${orders.sellerId}) as seller,
      ${orders.checkoutId} as "checkoutId",
      (select ${jsonArray(line, sql`i.name, i.id`)} from ${orderItems} i where i.order_id = ${orders.id}) as items,
      ${major(sql`${orders.amountMinor}`)} as amount,
      ${major(sql`${orders.deliveryFeeMinor}`)} as "deliveryFee",
      ${major(sql`${orders.taxMinor}`)} as tax,
      case when ${orders.deliverySlotStart} is null then null
        else json_build_object('start', ${isoTime(sql`${orders.deliverySlotStart}`)}, 'end', ${isoTime(sql`${orders.deliverySlotEnd}`)}) end as "deliverySlot",
      -- A shop's own coupon is named on that shop's order only: another shop of the checkout (nothing off) is not told it (a probe).
      case when ${orders.discountPaidBy} = 'shop' and ${orders.discountMinor} = 0 then null else ${orders.couponCode} end as coupon,
      ${major(sql`${orders.discountMinor}`)} as discount,
      case when ${orders.discountMinor} = 0 then null else ${orders.discountPaidBy} end as "discountPaidBy",
      jsonb_build_object('_id', coalesce(${orders.addressId}, ${orders.id})) || ${orders.address} as address,
      ${orders.paymentType} as "paymentType", ${orders.status} as status, ${orders.isPaid} as "isPaid",
      ${orders.refundedAt} is not null as "isRefunded", ${isoTime(sql`${orders.createdAt}`)} as "createdAt",
      ${orders.cancelledBy} as "cancelledBy", ${orders.cancelReason} as "cancelReason",
      case when ${orders.pickedAt} is null then null else ${isoTime(sql`${orders.pickedAt}`)} end as "pickedAt",
      ${major(sql`${orders.pickReductionMinor}`)} as "pickReduction"
      ${timeline ? sql`, (select ${jsonArray(event, sql`e.at, ${TIMELINE_RANK}`)} from ${orderStatusEvents} e where e.order_id = ${orders.id}) as timeline` : sql``}
    ) api)::text`;
}

/**
 * What an order's answer carries beyond the spec's: `timeline`, its status events oldest first (My Orders); `operator`,
 * the operator's id in its own answers of the seller area: another shop's order names that shop's standing
 * (`seller.status`), on which what the operator may do to it depends (shared `allowedNextStatuses`, decision 0277).
 */
export interface ApiOrderParts {
  timeline?: boolean;
  operator?: string;
}

/** An order as the API answers it: its id, and its JSON text to send as it is or to parse. */
export type ApiOrderJson = { id: string; json: string };

/**
 * Orders newest first in the API's shape: one shopper's (userId), one shop's (sellerId) or all of them (the
 * operator's view), optionally filtered. `placedOnly` leaves out online orders not (yet) paid: an abandoned payment page
 * is not an order; `ApiOrderParts` adds to each.
 */
export async function listApiOrders(
  db: DbOrTx,
  filter: OrderListFilter & ApiOrderParts & { userId?: string; sellerId?: string; placedOnly?: boolean; before?: string; limit?: number } = {},
): Promise<ApiOrderJson[]> {
  const conditions: SQL[] = filterConditions(filter);
  if (filter.userId) conditions.push(eq(orders.userId, filter.userId));
  // One shop's orders (issue 26): orders_seller_created_idx serves its pages.
  if (filter.sellerId) conditions.push(eq(orders.sellerId, filter.sellerId));
  if (filter.placedOnly) conditions.push(or(eq(orders.paymentType, 'COD'), eq(orders.isPaid, true))!);
  // Keyset paging newest first: orders_created_idx on (created_at, id) serves it at any depth.
  // The cursor is one of the list's own orders: another shopper's or shop's id is as unknown (its page is empty).
  if (filter.before) {
    const cursor = [sql`c.id = ${filter.before}`];
    if (filter.userId) cursor.push(sql`c.user_id = ${filter.userId}`);
    if (filter.sellerId) cursor.push(sql`c.seller_id = ${filter.sellerId}`);
    conditions.push(sql`(${orders.createdAt}, ${orders.id}) < (select c.created_at, c.id from orders c where ${sql.join(cursor, sql` and `)})`);
  }
  const where = conditions.length > 0 ? sql`where ${and(...conditions)}` : sql``;
  const limit = filter.limit === undefined ? sql`` : sql`limit ${filter.limit}`;
  return queryPreparedRows<ApiOrderJson>(
    db,
    sql`select ${orders.id} as id, ${apiOrder(filter)} as json from ${orders} ${where} order by ${orders.createdAt} desc, ${orders.id} desc ${limit}`,
  );
}

/** One order in the API's shape, or undefined. */
export async function findApiOrder(db: DbOrTx, id: string, parts: ApiOrderParts = {}): Promise<Order | undefined> {
  const [row] = await queryRows<ApiOrderJson>(db, sql`select ${orders.id} as id, ${apiOrder(parts)} as json from ${orders} where ${orders.id} = ${id}`);
  return row && (JSON.parse(row.json) as Order);
}

/** The orders' JSON texts as one JSON array, without parsing them. */
export const jsonList = (rows: ApiOrderJson[]) => `[${rows.map((r) => r.json).join(',')}]`;

/** Parsed orders, for code that reads their fields. */
export const parseOrders = (rows: ApiOrderJson[]) => rows.map((r) => JSON.parse(r.json) as Order);

/** What checkout needs of a shop's order it has just written: its id and shop, its amount, a card payment's lines and tax. */
export interface PlacedOrder {
  id: string;
  /** Issue 28: its short number (without `GC-`) and delivery window (ISO instants, null without one). */
  orderNumber: number;
  deliverySlotStart: string | null;
  deliverySlotEnd: string | null;
  sellerId: string;
  seller: ShopRef;
  amountMinor: number;
  taxMinor: number;
  /** Issue 28: the delivery fee included in amountMinor. */
  deliveryFeeMinor: number;
  /** Coupons (issue 29): this shop order's share of the discount, and each line's. */
  discountMinor: number;
  lines: { name: string; unitPriceMinor: number; quantity: number; discountMinor: number }[];
}

/** A checkout just written: its id and one order per shop, in shop id order. */
export interface PlacedCheckout {
  checkoutId: string;
  orders: PlacedOrder[];
  /** The coupon code used (issue 29), or null. */
  coupon: string | null;
}

/** A line as the database sells it now (place_order's GC412): its unit price and shop. */
export interface CurrentLinePrice {
  id: string;
  price: number;
  seller: string;
}

export type PlaceOrderOutcome =
  | { refused: 'user' }
  | { repriced: CurrentLinePrice[] }
  | { couponRefused: CouponRefusal }
  | { refused: 'address' }
  /** A card checkout of the shopper's is still being made (its payment page not yet): theirs to finish first. */
  | { refused: 'in-progress' }
  | { refused: 'products'; unknown: string[]; soldOut: string[]; gone: string[]; short: { name: string; left: number }[] }
  | { deliveryTermsChanged: DeliveryTermsNow }
  | { slotsFull: FullSlot[] }
  | { duplicate: string }
  | { checkout: PlacedCheckout; email: string; stockTaken: string[]; waitingSessions: string[] };

/** A chosen delivery window with no place left (place_order's GC410). */
export interface FullSlot {
  sellerId: string;
  shopName: string;
  start: string;
  end: string;
}

/** place_order's GC413: the address's pincode and country, and the order's shops' delivery rows as they are now (snake_case columns). */
export interface DeliveryTermsNow {
  zipcode: string;
  country: string;
  terms: Record<string, unknown>[];
}

/** What checkout passes per shop order about its delivery (issue 28), as the order service priced and chose it. */
export interface OrderDelivery {
  /** shop_delivery.version the fee was priced with; 0 for a shop without terms. */
  version: number;
  slot: { start: Date; end: Date; capacity: number } | null;
}

/** SQLSTATE of place_order's refusal of a shop whose delivery terms changed since they were read (issue 28). */
const DELIVERY_TERMS_CHANGED = 'GC413';
/** SQLSTATE of place_order's refusal of a full delivery window (DETAIL: the full windows). */
const SLOT_FULL = 'GC410';
/** SQLSTATE of place_order's product refusal (its DETAIL is the JSON of what was refused). */
const PRODUCTS_REFUSED = 'GC409';
/** SQLSTATE of place_order's coupon refusal (issue 29; its DETAIL: `{reason}`). */
const COUPON_REFUSED = 'GC414';
/** SQLSTATE of place_order's refusal of lines priced otherwise than sold now (its DETAIL: every line as it is). */
const PRICED_OTHERWISE = 'GC412';

/**
 * Places a checkout in one statement and one round trip: the database function `place_order` (db/functions/
 * place_order.sql, docs/decisions/0065) locks the shopper, checks the address, looks for the same checkout in the
 * window (decision 0030), locks the products and takes counted units (0064), copies names and prices,
 * checks the prices the caller priced with and writes one order per shop with the caller's amounts and its
 * lines (0120, 0123) and, for cash on delivery,
 * empties the cart and queues the confirmation. A refused product rolls the whole statement back. Its
 * writes send no NOTIFY (0086): `stockTaken` names the products whose counted stock it took, for the caller to announce.
 */
export async function placeOrder(
  db: DbOrTx,
  input: {
    userId: string;
    addressId: string;
    paymentType: OrderRow['paymentType'];
    /** Each line with the unit price and shop it was priced with (a line not priced: 0 and null, refused or priced again). */
    lines: { productId: string; quantity: number; unitPriceMinor: number; sellerId: string | null; substitute?: SubstitutePreference }[];
    /** The shop orders as `priceCheckout` priced them, in shop id order. */
    orders: ShopOrderTotals[];
    /** Issue 28: each shop order's delivery terms version and window, by shop id (none: no terms, no window). */
    delivery?: ReadonlyMap<string, OrderDelivery>;
    /** The pincode the shops were checked against ('' unknown); undefined when no shop of the order limits its pincodes. */
    zipcode?: string;
    since: Date;
    /** Coupons (issue 29): the coupon to take a use of, and each line's share of its discount (in `lines`' order). */
    coupon?: { id: string; code: string; paidBy: 'operator' | 'shop'; lineDiscounts: number[] };
  },
): Promise<PlaceOrderOutcome> {
  // Orders' ids stay random (the function makes them): people read out and search by their start, which a
  // time prefix would share with every order of the same minute. Lines' ids, never shown, are time-ordered (0090).
  const checkoutId = randomUUID();
  const { lines } = input;
  const deliveries = input.orders.map((o) => input.delivery?.get(o.sellerId));
  let answer: { refused?: 'user' | 'address' | 'in-progress'; duplicate?: string; placed?: string; orders?: PlacedOrder[]; email?: string; stockTaken?: string[]; waitingSessions?: string[] };
  try {
    // Prepared once per connection on PostgreSQL: the statement is the same for every checkout. One
    // statement is its own transaction: run again if PostgreSQL aborted it to break a deadlock (issue 25).
    const statement = sql`select place_order(${input.userId}, ${input.addressId}, ${input.paymentType}, ${sql.param(lines.map((l) => l.productId))}::uuid[],
        ${sql.param(lines.map((l) => l.quantity))}::int[], ${sql.param(lines.map(() => timeOrderedId()))}::uuid[], ${checkoutId},
        ${input.since.toISOString()}::timestamptz, ${sql.param(lines.map((l) => l.unitPriceMinor))}::int[], ${sql.param(lines.map((l) => l.sellerId))}::uuid[],
        ${sql.param(input.orders.map((o) => o.sellerId))}::uuid[], ${sql.param(input.orders.map((o) => o.amountMinor))}::bigint[],
        ${sql.param(input.orders.map((o) => o.taxMinor))}::bigint[], ${sql.param(input.orders.map((o) => o.deliveryFeeMinor))}::bigint[],
        ${sql.param(deliveries.map((d) => d?.version ?? 0))}::int[], ${sql.param(deliveries.map((d) => d?.slot?.start.toISOString() ?? null))}::timestamptz[],
        ${sql.param(deliveries.map((d) => d?.slot?.end.toISOString() ?? null))}::timestamptz[], ${sql.param(deliveries.map((d) => d?.slot?.capacity ?? null))}::int[],
        ${input.zipcode ?? null}::text,
        ${sql.param(lines.map((l) => l.substitute ?? null))}::text[],
        ${input.coupon?.id ?? null}::uuid, ${input.coupon?.code ?? null}::text,
        ${input.coupon?.paidBy ?? null}::text, ${sql.param(input.orders.map((o) => o.discountMinor))}::bigint[],
        ${sql.param(input.coupon?.lineDiscounts ?? lines.map(() => 0))}::bigint[]) as answer`;
    [{ answer }] = (await retryOnConflict(() => queryPreparedRows(db, statement))) as [{ answer: typeof answer }];
  } catch (err) {
    const cause = ((err as { cause?: unknown }).cause ?? err) as { code?: string; detail?: string };
    if (cause.code === PRICED_OTHERWISE) return { repriced: JSON.parse(cause.detail!) as CurrentLinePrice[] };
    if (cause.code === DELIVERY_TERMS_CHANGED) return { deliveryTermsChanged: JSON.parse(cause.detail!) as DeliveryTermsNow };
    if (cause.code === SLOT_FULL) return { slotsFull: JSON.parse(cause.detail!) as FullSlot[] };
    if (cause.code === COUPON_REFUSED) {
      const { reason, startsAt, household } = JSON.parse(cause.detail!) as { reason: CouponRefusal['reason']; startsAt: string | null; household: boolean };
      return {
        couponRefused: (reason === 'not-started' ? { reason, startsAt: new Date(startsAt!) } : household ? { reason, household } : { reason }) as CouponRefusal,
      };
    }
    if (cause.code !== PRODUCTS_REFUSED) throw err;
    return { refused: 'products', ...(JSON.parse(cause.detail!) as { unknown: string[]; soldOut: string[]; gone: string[]; short: { name: string; left: number }[] }) };
  }
  if (answer.refused) return { refused: answer.refused };
  if (answer.duplicate) return { duplicate: answer.duplicate };
  return {
    checkout: { checkoutId: answer.placed!, orders: answer.orders!, coupon: input.coupon?.code ?? null },
    email: answer.email!,
    stockTaken: answer.stockTaken!,
    waitingSessions: answer.waitingSessions!,
  };
}

export async function findOrderWithItems(db: DbOrTx, id: string): Promise<OrderWithItems | undefined> {
  const [row] = await db.select().from(orders).where(eq(orders.id, id)).limit(1);
  return row ? (await withItems(db, [row]))[0] : undefined;
}

/**
 * The orders of every checkout one of `ids` belongs to, in the API's shape, with their shopper's e-mail address as
 * it is now. Each checkout's orders are read through orders_checkout_idx, one lookup per checkout, whatever the
 * planner's statistics say (docs/decisions/0210): written as a join, it read every order of the store for each round of
 * mails on an embedded database whose statistics predate its orders (140 ms a round at 10,000 orders). `offset 0`
 * keeps the planner from turning the lookup back into that join.
 */
export const ordersToMailQuery = (ids: string[]) =>
  sql`select ${orders.id} as id, ${apiOrder({})} as json, ${users.email} as email
    from (select distinct m.checkout_id from orders m where m.id = any(${sql.param(ids)}::uuid[])) c
    cross join lateral (select * from ${orders} o where o.checkout_id = c.checkout_id offset 0) ${orders}
    join ${users} on ${users.id} = ${orders.userId}
    order by ${orders.sellerId}`;

/**
 * Orders in the API's shape and their shopper's e-mail address as it is now, for the mails about them (0083):
 * the orders of every checkout one of `ids` belongs to, since a checkout's confirmation lists all its shops' orders.
 */
export async function findOrdersToMail(db: DbOrTx, ids: string[]): Promise<{ order: Order; email: string }[]> {
  if (ids.length === 0) return [];
  // Prepared (planned once per connection): a round of mails runs it beside every checkout (docs/decisions/0200).
  const rows = await queryPreparedRows<ApiOrderJson & { email: string }>(db, ordersToMailQuery(ids));
  return rows.map((row) => ({ order: JSON.parse(row.json) as Order, email: row.email }));
}

/**
 * The orders one payment session pays: a checkout's shop orders (issue 26), in id order, which is the order
 * they are locked in (decision 0107: orders first, by id).
 */
export async function findOrdersByPaymentSession(db: DbOrTx, sessionId: string, options: { lock?: boolean } = {}): Promise<OrderRow[]> {
  const query = db.select().from(orders).where(eq(orders.paymentSessionId, sessionId)).orderBy(orders.id);
  return options.lock ? query.for('no key update') : query;
}

/** Whether the shopper placed another checkout after `order`'s (orders_user_created_idx: their orders since). */
export async function hasNewerCheckout(db: DbOrTx, order: Pick<OrderRow, 'userId' | 'checkoutId' | 'createdAt'>): Promise<boolean> {
  const [newer] = await db
    .select({ id: orders.id })
    .from(orders)
    .where(and(eq(orders.userId, order.userId), gt(orders.createdAt, order.createdAt), ne(orders.checkoutId, order.checkoutId)))
    .limit(1);
  return newer !== undefined;
}

/** A checkout's shop orders with their shops, in shop id order (the order place_order wrote them in). */
export async function findCheckoutOrders(db: DbOrTx, checkoutId: string): Promise<(OrderRow & { seller: ShopRef })[]> {
  const rows = await db
    .select({ order: orders, seller: { id: sellers.id, shopName: sellers.shopName, slug: sellers.slug } })
    .from(orders)
    .innerJoin(sellers, eq(sellers.id, orders.sellerId))
    .where(eq(orders.checkoutId, checkoutId))
    .orderBy(orders.sellerId);
  return rows.map((row) => ({ ...row.order, seller: row.seller }));
}

/**
 * An online order whose payment page is open (decision 0224): a new checkout of its shopper ends it, giving back what it
 * holds. As orders_user_waiting_idx reads it; `o` an alias of orders where a query names it so.
 */
export const awaitingPayment = (o: Record<'paymentType' | 'isPaid' | 'status' | 'paymentSessionId', AnyPgColumn> = orders) =>
  and(eq(o.paymentType, 'Online'), eq(o.isPaid, false), eq(o.status, 'Order Placed'), isNotNull(o.paymentSessionId))!;

/**
 * Checkout sessions of online orders still waiting for their payment, newest first. `sharing`: only those whose
 * orders hold one of these products, this coupon, or a delivery window of one of these shops.
 */
export async function findWaitingPaymentSessions(
  db: DbOrTx,
  filter: { over?: { placedBefore: Date; windowStartedBy: Date }; placedAfter?: Date; userId?: string; sellerId?: string; limit?: number; sharing?: { productIds: string[]; coupon?: string; windowShops: string[] } },
): Promise<string[]> {
  const conditions: SQL[] = [awaitingPayment()];
  // Sessions that can no longer be paid: placed too long ago, or a delivery window of one of their orders has started.
  if (filter.over) conditions.push(or(lt(orders.createdAt, filter.over.placedBefore), lte(orders.deliverySlotStart, filter.over.windowStartedBy))!);
  if (filter.placedAfter) conditions.push(gte(orders.createdAt, filter.placedAfter));
  if (filter.userId) conditions.push(eq(orders.userId, filter.userId));
  if (filter.sellerId) conditions.push(eq(orders.sellerId, filter.sellerId));
  if (filter.sharing) {
    const { productIds, coupon, windowShops } = filter.sharing;
    conditions.push(
      or(
        // The waiting orders' own lines (order_items_order_idx), not every line ever sold of these products.
        productIds.length > 0
          ? exists(db.select({ one: sql`1` }).from(orderItems).where(and(eq(orderItems.orderId, orders.id), inArray(orderItems.productId, productIds))))
          : undefined,
        coupon ? sql`lower(${orders.couponCode}) = lower(${coupon})` : undefined,
        windowShops.length > 0 ? and(isNotNull(orders.deliverySlotStart), inArray(orders.sellerId, windowShops)) : undefined,
      ) ?? sql`false`,
    );
  }
  const query = db.select({ sessionId: orders.paymentSessionId }).from(orders).where(and(...conditions)).orderBy(desc(orders.createdAt)).$dynamic();
  const rows = await (filter.limit ? query.limit(filter.limit) : query);
  // A checkout's shop orders share one session (issue 26): each session once.
  return [...new Set(rows.map((r) => r.sessionId!))];
}

/**
 * Whether ending the shopper's waiting checkouts `sessionIds` would leave enough of every product a refused cart
 * wants: each line's product still sold (not retired, its shop approved, not switched out of stock by hand) and,
 * when counted, its units left plus those the waiting checkouts hold at least the cart's. A cart for 5 of 2 left,
 * 2 held by a page the shopper left, is refused either way: that page is not ended for nothing.
 */
export async function waitingHoldsCover(db: DbOrTx, sessionIds: string[], items: { product: string; quantity: number }[]): Promise<boolean> {
  const [row] = await queryRows<{ short: number }>(
    db,
    sql`with wanted as (
      select w.id, sum(w.quantity)::int as quantity from unnest(${sql.param(items.map((i) => i.product))}::uuid[], ${sql.param(items.map((i) => i.quantity))}::int[]) as w(id, quantity) group by w.id
    ), held as (
      select i.product_id as id, sum(i.quantity)::int as quantity from orders o join order_items i on i.order_id = o.id
      where o.payment_session_id = any(${sql.param(sessionIds)}::text[]) and o.status = 'Order Placed' and not o.is_paid group by i.product_id
    )
    select count(*)::int as short from wanted w join products p on p.id = w.id left join held h on h.id = w.id
    where p.retired_at is not null
      or not exists (select 1 from sellers s where s.id = p.seller_id and s.status = 'approved')
      or (p.stock is null and not p.in_stock)
      or (p.stock is not null and p.stock + coalesce(h.quantity, 0) < w.quantity)`,
  );
  return row!.short === 0;
}

/**
 * Checkouts paid online whose payment page never came to be (docs/decisions/0238): orders still placed and unpaid
 * without a session, placed before `placedBefore`: the process that wrote them stopped before the provider gave it a
 * page (a crash, a restart). Each checkout once; one shopper's with `userId` (orders_user_waiting_idx).
 */
export async function findSessionlessCheckouts(db: DbOrTx, placedBefore: Date, limit: number, userId?: string): Promise<string[]> {
  const rows = await db
    .selectDistinct({ checkoutId: orders.checkoutId })
    .from(orders)
    .where(
      and(
        eq(orders.paymentType, 'Online'),
        eq(orders.isPaid, false),
        eq(orders.status, 'Order Placed'),
        isNull(orders.paymentSessionId),
        lt(orders.createdAt, placedBefore),
        userId === undefined ? undefined : eq(orders.userId, userId),
      ),
    )
    .limit(limit);
  return rows.map((row) => row.checkoutId);
}

/** A checkout's orders, locked in id order (orders come first in the global lock order, docs/decisions/0107). */
export async function lockCheckoutOrders(tx: DbOrTx, checkoutId: string): Promise<OrderRow[]> {
  return tx.select().from(orders).where(eq(orders.checkoutId, checkoutId)).orderBy(orders.id).for('no key update');
}

/** One payment session for all the shop orders of a checkout. */
export async function setPaymentSession(db: DbOrTx, checkoutId: string, sessionId: string): Promise<void> {
  await db.update(orders).set({ paymentSessionId: sessionId }).where(eq(orders.checkoutId, checkoutId));
}

/**
 * Marks an order paid, by default at the database's time: the new-order mails (decision 0250) read `paid_at` against
 * that clock, which an instance's own may not match (a probe's instance 3 minutes fast left orders unmailed).
 */
export async function markOrderPaid(tx: DbOrTx, orderId: string, paidAt: Date | SQL = sql`now()`): Promise<void> {
  await tx.update(orders).set({ isPaid: true, paidAt }).where(eq(orders.id, orderId));
}

/** Records the refund once: false when another attempt (the hourly retry, a redelivered event) already did. */
export async function markOrderRefunded(db: DbOrTx, orderId: string, refundedAt: Date): Promise<boolean> {
  const rows = await db
    .update(orders)
    .set({ refundedAt })
    .where(and(eq(orders.id, orderId), isNull(orders.refundedAt)))
    .returning({ id: orders.id });
  return rows.length > 0;
}

/**
 * Online orders paid after they were cancelled whose refund has not gone through yet. A seller's
 * cancel of a paid order refunds before it commits, so this state means only "refund owed" (0045).
 */
export async function findOwedRefunds(db: DbOrTx): Promise<{ id: string; paymentSessionId: string | null; amountMinor: number }[]> {
  return db
    .select({ id: orders.id, paymentSessionId: orders.paymentSessionId, amountMinor: orders.amountMinor })
    .from(orders)
    .where(and(eq(orders.paymentType, 'Online'), eq(orders.status, 'Cancelled'), eq(orders.isPaid, true), isNull(orders.refundedAt)));
}

export async function setOrderStatus(tx: DbOrTx, orderId: string, status: string): Promise<void> {
  await tx.update(orders).set({ status }).where(eq(orders.id, orderId));
}

/**
 * Several orders about to be cancelled together (a checkout's payment expired or failed, its page never made):
 * their rows, their counted products and their windows' places locked up front, each kind in one statement in
 * the global order (orders by id, products by id, places by shop and start; decisions 0107, 0141), before
 * `returnOrderStock` gives each order's back. One order at a time took a two-shop checkout's products in the
 * order of its orders' random ids, not the products' own, and deadlocked with checkouts under load.
 */
export async function lockOrdersAndHoldings(tx: DbOrTx, orderIds: string[]): Promise<void> {
  const ids = sql.param(orderIds);
  await tx.execute(sql`select 1 from orders where id = any(${ids}::uuid[]) order by id for no key update`);
  await tx.execute(sql`
    select 1 from products where id in (select product_id from order_items where order_id = any(${ids}::uuid[])) and stock is not null
    order by id for no key update`);
  await tx.execute(sql`
    select 1 from delivery_slot_places d join orders o on d.seller_id = o.seller_id and d.starts_at = o.delivery_slot_start
    where o.id = any(${ids}::uuid[]) order by d.seller_id, d.starts_at for no key update of d`);
}

/**
 * Gives a cancelled order's units back, exactly once (orders.stock_returned_at marks it; a second call
 * returns nothing), to the products that are counted (stock not null); one back from 0 is in stock
 * again. Products are locked in id order, as checkout takes them (docs/decisions/0064), no stronger than
 * checkout does (FOR NO KEY UPDATE: order lines' and cart lines' key checks need not wait), and in a
 * statement before the one that updates them, as in place_order (decision 0107).
 * Issue 28: the order's place in its delivery window goes back with its units, after them (the global lock
 * order: products, then windows; decision 0141): every cancel, expiry and decline passes here.

 *
 * Coupons (issue 29, docs/decisions/0157): every cancel path comes here (payment expired or declined, a
 * seller's or the shopper's cancel), so this is where a checkout's coupon use is given back, once its last
 * live order with a share of the discount is cancelled; the coupon's row is locked after the products, as place_order takes it.
 */
export async function returnOrderStock(tx: DbOrTx, orderId: string): Promise<void> {
  const rows = await queryRows<{ productId: string | null; quantity: number | null; hasSlot: boolean; couponId: string | null; checkoutId: string; discountMinor: number }>(
    tx,
    sql`with claimed as (
      update orders set stock_returned_at = now() where id = ${orderId} and stock_returned_at is null returning id, delivery_slot_start, coupon_id, checkout_id, discount_minor
    )
    select i.product_id as "productId", sum(coalesce(i.picked_quantity, i.quantity))::int as quantity, bool_or(c.delivery_slot_start is not null) as "hasSlot",
      c.coupon_id as "couponId", c.checkout_id as "checkoutId", c.discount_minor::float8 as "discountMinor"
    from claimed c left join order_items i on i.order_id = c.id
    group by i.product_id, c.coupon_id, c.checkout_id, c.discount_minor order by i.product_id`,
  );
  if (rows.length === 0) return;
  const lines = rows.filter((l) => l.productId !== null);
  if (lines.length > 0) {
    const ids = sql.param(lines.map((l) => l.productId));
    await tx.execute(sql`select 1 from products where id = any(${ids}::uuid[]) and stock is not null order by id for no key update`);
    await tx.execute(sql`
      update products p set stock = p.stock + l.quantity, in_stock = p.in_stock or p.stock = 0
      from unnest(${ids}::uuid[], ${sql.param(lines.map((l) => l.quantity))}::int[]) as l(product_id, quantity)
      where p.id = l.product_id and p.stock is not null`);
  }
  if (rows.some((r) => r.hasSlot)) {
    await tx.execute(sql`
      update delivery_slot_places d set taken = d.taken - 1 from orders o
      where o.id = ${orderId} and d.seller_id = o.seller_id and d.starts_at = o.delivery_slot_start and d.taken > 0`);
  }
  const { couponId, checkoutId, discountMinor } = rows[0]!;
  if (couponId) await releaseCouponUse(tx, checkoutId, discountMinor);
}

/**
 * Coupons: a checkout's use given back when none of its live orders has a share of the discount any more (a no-op
 * twice): the shops' orders it gave nothing keep no use of a once-per-shopper or limited code; before that, what an
 * order no longer has of the discount (`orderDiscountMinor`: all of a cancelled order's share, the part a pick left
 * out) leaves the use's and the coupon's sums, so "discount given" counts only what live orders were given. A cancel
 * (`returnOrderStock`) and picks (after the order's new discount is written) call it.
 * The use's row is locked first, in a statement of its own: two shops' orders cancelled at once each saw the
 * other still live (its cancel not yet committed) and neither gave the use back. Under the lock, the check's
 * fresh snapshot sees the cancel that held it. Orders, then the use, then the coupon: as picks take them.
 */
export async function releaseCouponUse(tx: DbOrTx, checkoutId: string, orderDiscountMinor: number): Promise<void> {
  await tx.execute(sql`select 1 from coupon_uses where checkout_id = ${checkoutId} and released_at is null for no key update`);
  const released = await queryRows<{ couponId: string }>(
    tx,
    sql`with released as (
      update coupon_uses u set released_at = now()
      where u.checkout_id = ${checkoutId} and u.released_at is null
        and not exists (select 1 from orders o where o.checkout_id = ${checkoutId} and o.status <> 'Cancelled' and o.discount_minor > 0)
      returning u.coupon_id, u.discount_minor
    ), given_back as (
      update coupons c set uses_taken = c.uses_taken - 1, discount_given_minor = c.discount_given_minor - r.discount_minor
      from released r where c.id = r.coupon_id returning c.id
    )
    select id as "couponId" from given_back`,
  );
  if (released.length === 0 && orderDiscountMinor > 0) await lowerCouponDiscount(tx, checkoutId, orderDiscountMinor);
}

/**
 * Coupons: a checkout's live use kept `byMinor` less of its discount (picks that left units out keep only their
 * share), so the coupon's running sum and a later release count what the shopper was finally given.
 */
async function lowerCouponDiscount(tx: DbOrTx, checkoutId: string, byMinor: number): Promise<void> {
  await tx.execute(sql`
    with lowered as (
      update coupon_uses u set discount_minor = u.discount_minor - ${byMinor}
      where u.checkout_id = ${checkoutId} and u.released_at is null
      returning u.coupon_id
    )
    update coupons c set discount_given_minor = c.discount_given_minor - ${byMinor}
    from lowered l where c.id = l.coupon_id`);
}

/** True the first time an event id is seen; false for a replay (the primary key refuses it). */
export async function recordPaymentEvent(tx: DbOrTx, id: string, type: string): Promise<boolean> {
  const inserted = await tx.insert(paymentEvents).values({ id, type }).onConflictDoNothing().returning({ id: paymentEvents.id });
  return inserted.length > 0;
}

/**
 * How many of a shopper's newest orders "buy again" reads (issue 28, docs/decisions/0146): a bounded, indexed read
 * (orders_user_created_idx, then each order's lines by order_items_order_idx), whatever their history's length.
 */
export const BUY_AGAIN_ORDERS_READ = 200;

/**
 * The ids of products the shopper bought (placed orders: cash on delivery, or paid; not cancelled; what they ordered,
 * picked or not, and a substitute that arrived: a product the seller could not pick was left out and only its substitute
 * listed, though "Order again" orders the product, not the substitute: a probe) that are still sold (not
 * retired, their shop approved) and in stock, as the shop's lists show them, most often bought first (in how many orders), then most recently; a page of
 * `limit` from `offset`. The grouping is over the newest BUY_AGAIN_ORDERS_READ orders' lines only.
 */
export async function findBoughtProductIds(db: DbOrTx, userId: string, page: { offset: number; limit: number }): Promise<string[]> {
  const rows = await queryRows<{ id: string }>(
    db,
    sql`select i.product_id as id
      from (select o.id, o.created_at from orders o
            where o.user_id = ${userId} and (o.payment_type = 'COD' or o.is_paid) and o.status <> 'Cancelled'
            order by o.created_at desc limit ${BUY_AGAIN_ORDERS_READ}) recent
      join order_items i on i.order_id = recent.id and (i.substitute_for is null or coalesce(i.picked_quantity, i.quantity) > 0)
      join products p on p.id = i.product_id and p.retired_at is null and p.in_stock
      where exists (select 1 from sellers s where s.id = p.seller_id and s.status = 'approved')
      group by i.product_id
      order by count(distinct recent.id) desc, max(recent.created_at) desc, i.product_id
      limit ${page.limit} offset ${page.offset}`,
  );
  return rows.map((r) => r.id);
}

/**
 * The lines of one of the shopper's orders as ordered (product id, name, quantity, substitution preference), or undefined
 * when it is not theirs.
 * A seller's substitute is not one of them: "Order again" after a substitution put the substitute back in the cart
 * beside the product it stood in for, both at full price.
 */
export async function findShopperOrderLines(
  db: DbOrTx,
  userId: string,
  orderId: string,
): Promise<{ productId: string | null; lineId: string; name: string; quantity: number; substitute: SubstitutePreference }[] | undefined> {
  const [order] = await db.select({ id: orders.id }).from(orders).where(and(eq(orders.id, orderId), eq(orders.userId, userId))).limit(1);
  if (!order) return undefined;
  return db
    .select({ productId: orderItems.productId, lineId: orderItems.id, name: orderItems.name, quantity: orderItems.quantity, substitute: orderItems.substitute })
    .from(orderItems)
    .where(and(eq(orderItems.orderId, orderId), isNull(orderItems.substituteFor)))
    .orderBy(orderItems.name, orderItems.id);
}
