import { randomUUID } from 'node:crypto';
import { and, desc, eq, gte, inArray, isNotNull, isNull, lt, lte, or, sql, type SQL } from 'drizzle-orm';
import type { DbOrTx } from '../../db/client.js';
import { queryRows, rowMapper } from '../../db/raw-sql.js';
import { orderItems, orders, orderStatusEvents, paymentEvents, users } from '../../db/schema/index.js';

export type OrderRow = typeof orders.$inferSelect;
export type OrderItemRow = typeof orderItems.$inferSelect;
export type OrderEvent = { status: string; at: Date };
export type OrderWithItems = OrderRow & { items: OrderItemRow[]; timeline?: OrderEvent[] };
export type NewOrderRow = typeof orders.$inferInsert;
export type NewOrderItemRow = Omit<typeof orderItems.$inferInsert, 'orderId'>;

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
  /** An order id or its first characters, or part of the buyer's name as on the order's address. */
  search?: string;
}

/** The shortest text searched in buyers' names (docs/decisions/0078). */
export const NAME_SEARCH_MIN = 3;

/** The buyer's name as on the order; the same expression as orders_buyer_name_trgm_idx, so the index serves it. */
const buyerName = sql`(${orders.address} ->> 'firstName') || ' ' || (${orders.address} ->> 'lastName')`;

const escapeLike = (text: string) => text.replace(/[\\%_]/g, (c) => `\\${c}`);

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

/** Each filter a condition an index serves (docs/decisions/0078); none given, none added. */
function filterConditions(filter: OrderListFilter): SQL[] {
  const conditions: SQL[] = [];
  if (filter.status) conditions.push(eq(orders.status, filter.status));
  if (filter.payment === 'Paid') conditions.push(and(eq(orders.isPaid, true), isNull(orders.refundedAt))!);
  if (filter.payment === 'Pending') conditions.push(eq(orders.isPaid, false));
  if (filter.payment === 'Refunded') conditions.push(isNotNull(orders.refundedAt));
  const midnight = (day: string, plusDays = 0) => sql`((${day}::date + ${plusDays}::int)::timestamp at time zone ${filter.timeZone ?? 'UTC'})`;
  if (filter.fromDay) conditions.push(sql`${orders.createdAt} >= ${midnight(filter.fromDay)}`);
  if (filter.toDay) conditions.push(sql`${orders.createdAt} < ${midnight(filter.toDay, 1)}`);
  if (filter.search) {
    // Trigrams need 3 characters: a shorter text would read every order's name, so it only starts an id.
    const byName = filter.search.length >= NAME_SEARCH_MIN ? sql`${buyerName} ilike ${`%${escapeLike(filter.search)}%`}` : undefined;
    const range = idPrefixRange(filter.search);
    const byId = range && and(gte(orders.id, range[0]), lte(orders.id, range[1]));
    conditions.push(or(byId, byName) ?? sql`false`);
  }
  return conditions;
}

/**
 * Orders newest first with their lines: one shopper's (userId) or all of them (the seller's view,
 * optionally filtered). `placedOnly` leaves out online orders not (yet) paid: an abandoned payment page
 * is not an order. `timeline` adds each order's status events (My Orders).
 */
export async function listOrdersWithItems(
  db: DbOrTx,
  filter: OrderListFilter & { userId?: string; placedOnly?: boolean; before?: string; limit?: number; timeline?: boolean } = {},
): Promise<OrderWithItems[]> {
  const conditions: SQL[] = filterConditions(filter);
  if (filter.userId) conditions.push(eq(orders.userId, filter.userId));
  if (filter.placedOnly) conditions.push(or(eq(orders.paymentType, 'COD'), eq(orders.isPaid, true))!);
  // Keyset paging newest first: orders_created_idx on (created_at, id) serves it at any depth.
  if (filter.before) conditions.push(sql`(${orders.createdAt}, ${orders.id}) < (select c.created_at, c.id from orders c where c.id = ${filter.before})`);
  const query = db
    .select()
    .from(orders)
    .where(and(...conditions))
    .orderBy(desc(orders.createdAt), desc(orders.id))
    .$dynamic();
  const rows = await (filter.limit === undefined ? query : query.limit(filter.limit));
  const listed = await withItems(db, rows);
  return filter.timeline ? withTimeline(db, listed) : listed;
}

/** Where a step stands among those recorded at the same instant (a cancel and its refund share one). */
const TIMELINE_RANK = sql`array_position(array['Order Placed', 'Processed', 'Packed', 'Dispatched', 'Delivered', 'Cancelled', 'Refunded']::text[], ${orderStatusEvents.status})`;

/** Each order's status events, oldest first (order_status_events_order_idx). */
async function withTimeline(db: DbOrTx, rows: OrderWithItems[]): Promise<OrderWithItems[]> {
  if (rows.length === 0) return rows;
  const events = await db
    .select({ orderId: orderStatusEvents.orderId, status: orderStatusEvents.status, at: orderStatusEvents.at })
    .from(orderStatusEvents)
    .where(inArray(orderStatusEvents.orderId, rows.map((o) => o.id)))
    .orderBy(orderStatusEvents.orderId, orderStatusEvents.at, TIMELINE_RANK);
  const byOrder = new Map<string, OrderEvent[]>();
  for (const { orderId, ...event } of events) byOrder.set(orderId, [...(byOrder.get(orderId) ?? []), event]);
  return rows.map((order) => ({ ...order, timeline: byOrder.get(order.id) ?? [] }));
}

const toOrderRow = rowMapper(orders);
const toOrderItemRow = rowMapper(orderItems);

export type PlaceOrderOutcome =
  | { refused: 'user' }
  | { refused: 'address' }
  | { refused: 'products'; unknown: string[]; soldOut: string[]; short: { name: string; left: number }[] }
  | { duplicate: string }
  | { order: OrderWithItems; email: string };

/** SQLSTATE of place_order's product refusal (its DETAIL is the JSON of what was refused). */
const PRODUCTS_REFUSED = 'GC409';

/**
 * Places an order in one statement and one round trip: the database function `place_order` (migration
 * 0012, docs/decisions/0065) locks the shopper, checks the address, looks for the same checkout in the
 * window (decision 0030), locks the products and takes counted units (0064), copies names and prices,
 * computes the totals with `taxPercent`, writes the order and its lines and, for cash on delivery,
 * empties the cart. A refused product rolls the whole statement back.
 */
export async function placeOrder(
  db: DbOrTx,
  input: { userId: string; addressId: string; paymentType: OrderRow['paymentType']; lines: { productId: string; quantity: number }[]; since: Date; taxPercent: number },
): Promise<PlaceOrderOutcome> {
  const orderId = randomUUID();
  const { lines } = input;
  let answer: { refused?: 'user' | 'address'; duplicate?: string; order?: Record<string, unknown>; lines?: Record<string, unknown>[]; email?: string };
  try {
    [{ answer }] = (await queryRows(
      db,
      sql`select place_order(${input.userId}, ${input.addressId}, ${input.paymentType}, ${sql.param(lines.map((l) => l.productId))}::uuid[],
        ${sql.param(lines.map((l) => l.quantity))}::int[], ${sql.param(lines.map(() => randomUUID()))}::uuid[], ${orderId},
        ${input.since.toISOString()}::timestamptz, ${input.taxPercent}) as answer`,
    )) as [{ answer: typeof answer }];
  } catch (err) {
    const cause = ((err as { cause?: unknown }).cause ?? err) as { code?: string; detail?: string };
    if (cause.code !== PRODUCTS_REFUSED) throw err;
    return { refused: 'products', ...(JSON.parse(cause.detail!) as { unknown: string[]; soldOut: string[]; short: { name: string; left: number }[] }) };
  }
  if (answer.refused) return answer.refused === 'user' ? { refused: 'user' } : { refused: 'address' };
  if (answer.duplicate) return { duplicate: answer.duplicate };
  return { order: { ...toOrderRow(answer.order!), items: answer.lines!.map(toOrderItemRow) }, email: answer.email! };
}

export async function findOrderWithItems(db: DbOrTx, id: string): Promise<OrderWithItems | undefined> {
  const [row] = await db.select().from(orders).where(eq(orders.id, id)).limit(1);
  return row ? (await withItems(db, [row]))[0] : undefined;
}

/** Orders with their lines and their shopper's e-mail address as it is now, for the mails about them (0083). */
export async function findOrdersToMail(db: DbOrTx, ids: string[]): Promise<(OrderWithItems & { email: string })[]> {
  if (ids.length === 0) return [];
  const rows = await db.select({ order: orders, email: users.email }).from(orders).innerJoin(users, eq(users.id, orders.userId)).where(inArray(orders.id, ids));
  const emails = new Map(rows.map((r) => [r.order.id, r.email]));
  return (await withItems(db, rows.map((r) => r.order))).map((order) => ({ ...order, email: emails.get(order.id)! }));
}

export async function findOrderByPaymentSession(db: DbOrTx, sessionId: string, options: { lock?: boolean } = {}): Promise<OrderRow | undefined> {
  const query = db.select().from(orders).where(eq(orders.paymentSessionId, sessionId)).limit(1);
  const [row] = await (options.lock ? query.for('update') : query);
  return row;
}

/** Checkout sessions of online orders still waiting for their payment, newest first. */
export async function findWaitingPaymentSessions(
  db: DbOrTx,
  filter: { placedBefore?: Date; placedAfter?: Date; userId?: string; limit?: number },
): Promise<string[]> {
  const conditions: SQL[] = [eq(orders.paymentType, 'Online'), eq(orders.isPaid, false), eq(orders.status, 'Order Placed'), isNotNull(orders.paymentSessionId)];
  if (filter.placedBefore) conditions.push(lt(orders.createdAt, filter.placedBefore));
  if (filter.placedAfter) conditions.push(gte(orders.createdAt, filter.placedAfter));
  if (filter.userId) conditions.push(eq(orders.userId, filter.userId));
  const query = db.select({ sessionId: orders.paymentSessionId }).from(orders).where(and(...conditions)).orderBy(desc(orders.createdAt)).$dynamic();
  const rows = await (filter.limit ? query.limit(filter.limit) : query);
  return rows.map((r) => r.sessionId!);
}

export async function setPaymentSession(db: DbOrTx, orderId: string, sessionId: string): Promise<void> {
  await db.update(orders).set({ paymentSessionId: sessionId }).where(eq(orders.id, orderId));
}

export async function markOrderPaid(tx: DbOrTx, orderId: string, paidAt: Date): Promise<void> {
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
export async function findOwedRefunds(db: DbOrTx): Promise<{ id: string; paymentSessionId: string | null }[]> {
  return db
    .select({ id: orders.id, paymentSessionId: orders.paymentSessionId })
    .from(orders)
    .where(and(eq(orders.paymentType, 'Online'), eq(orders.status, 'Cancelled'), eq(orders.isPaid, true), isNull(orders.refundedAt)));
}

export async function setOrderStatus(tx: DbOrTx, orderId: string, status: string): Promise<void> {
  await tx.update(orders).set({ status }).where(eq(orders.id, orderId));
}

/**
 * Gives a cancelled order's units back, exactly once (orders.stock_returned_at marks it; a second call
 * returns nothing), to the products that are counted (stock not null); one back from 0 is in stock
 * again. Products are locked in id order, as checkout takes them (docs/decisions/0064).
 */
export async function returnOrderStock(tx: DbOrTx, orderId: string): Promise<void> {
  await tx.execute(sql`
    with claimed as (
      update orders set stock_returned_at = now() where id = ${orderId} and stock_returned_at is null returning id
    ),
    lines as (
      select i.product_id, sum(i.quantity)::int as quantity from order_items i join claimed c on c.id = i.order_id group by i.product_id
    ),
    counted as (
      select id, stock, in_stock from products where id in (select product_id from lines) and stock is not null order by id for update
    )
    update products p set stock = c.stock + l.quantity, in_stock = c.in_stock or c.stock = 0
    from counted c join lines l on l.product_id = c.id
    where p.id = c.id`);
}

/** True the first time an event id is seen; false for a replay (the primary key refuses it). */
export async function recordPaymentEvent(tx: DbOrTx, id: string, type: string): Promise<boolean> {
  const inserted = await tx.insert(paymentEvents).values({ id, type }).onConflictDoNothing().returning({ id: paymentEvents.id });
  return inserted.length > 0;
}
