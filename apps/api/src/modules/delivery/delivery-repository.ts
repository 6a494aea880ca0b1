import { and, eq, getTableColumns, gte, inArray, lt, sql } from 'drizzle-orm';
import type { DbOrTx } from '../../db/client.js';
import { ORDER_NUMBER_PREFIX } from '@greencart/shared';
import { queryRows } from '../../db/raw-sql.js';
import { shopNamed } from '../seller/seller-repository.js';
import { deliverySlotPlaces, orderItems, orders, sellers, shopDelivery } from '../../db/schema/index.js';

export type ShopDeliveryRow = typeof shopDelivery.$inferSelect;

/** The delivery rows of these shops (at most a cart's or a page's shops); a shop without one has none. */
export async function findShopDeliveries(db: DbOrTx, sellerIds: string[]): Promise<ShopDeliveryRow[]> {
  if (sellerIds.length === 0) return [];
  return db.select().from(shopDelivery).where(inArray(shopDelivery.sellerId, sellerIds));
}

/**
 * Writes a shop's delivery. A change makes a new version (checkout refuses terms priced under another, 0139); a
 * save of the same terms keeps the version, so a seller pressing Save again reprices no checkout under way.
 */
export async function saveShopDelivery(db: DbOrTx, row: Omit<ShopDeliveryRow, 'version' | 'updatedAt'>): Promise<ShopDeliveryRow> {
  const { sellerId: _key, ...values } = row;
  const columns = getTableColumns(shopDelivery);
  const terms = Object.keys(values).map((key) => columns[key as keyof typeof values].name);
  const changed = sql.raw(`(${terms.map((c) => `"shop_delivery"."${c}"`).join(', ')}) is distinct from (${terms.map((c) => `excluded."${c}"`).join(', ')})`);
  const [saved] = await db
    .insert(shopDelivery)
    .values({ ...row, version: 1 })
    .onConflictDoUpdate({
      target: shopDelivery.sellerId,
      set: {
        ...values,
        version: sql`case when ${changed} then ${shopDelivery.version} + 1 else ${shopDelivery.version} end`,
        updatedAt: sql`case when ${changed} then now() else ${shopDelivery.updatedAt} end`,
      },
    })
    .returning();
  return saved!;
}

/** The approved shop a call names by its slug or id (GET /api/delivery/slots), if there is one. */
export async function findApprovedShopId(db: DbOrTx, slugOrId: string): Promise<string | undefined> {
  const [row] = await db
    .select({ id: sellers.id })
    .from(sellers)
    .where(and(shopNamed(slugOrId), eq(sellers.status, 'approved')))
    .limit(1);
  return row?.id;
}

/** The approved shops among these ids, with their names. */
export async function findApprovedShops(db: DbOrTx, ids: string[]): Promise<{ id: string; shopName: string }[]> {
  if (ids.length === 0) return [];
  return db
    .select({ id: sellers.id, shopName: sellers.shopName })
    .from(sellers)
    .where(and(inArray(sellers.id, ids), eq(sellers.status, 'approved')))
    .orderBy(sellers.id);
}

/**
 * A page of the approved shops that deliver to a pincode, by id (decision 0138): those listing it or its
 * 3-digit prefix (the GIN index on pincodes) and those delivering everywhere (no row, or null). Reads the
 * shops in id order and stops at `limit`: bounded however many shops there are. `abroad` (an address outside India):
 * only those delivering everywhere, as `deliversTo` says.
 */
export async function findShopsDeliveringTo(db: DbOrTx, pincode: string, abroad: boolean, after: string | undefined, limit: number): Promise<{ id: string; shopName: string }[]> {
  return queryRows(
    db,
    sql`select s.id, s.shop_name as "shopName" from sellers s left join shop_delivery d on d.seller_id = s.id
      where s.status = 'approved' and (d.pincodes is null${abroad ? sql`` : sql` or d.pincodes && array[${pincode}, ${pincode.slice(0, 3)}]::text[]`})
        ${after ? sql`and s.id > ${after}` : sql``}
      order by s.id limit ${limit}`,
  );
}

/** Places taken in a shop's windows starting in [from, to): one primary-key range read. */
export async function findTakenPlaces(db: DbOrTx, sellerId: string, from: Date, to: Date): Promise<{ startsAt: Date; taken: number }[]> {
  return db
    .select({ startsAt: deliverySlotPlaces.startsAt, taken: deliverySlotPlaces.taken })
    .from(deliverySlotPlaces)
    .where(and(eq(deliverySlotPlaces.sellerId, sellerId), gte(deliverySlotPlaces.startsAt, from), lt(deliverySlotPlaces.startsAt, to)));
}

export interface DeliveryOrderRow {
  id: string;
  sellerId: string;
  slotStart: string;
  slotEnd: string;
  buyer: string;
  zipcode: string;
  status: string;
  amountMinor: number;
  paymentType: 'COD' | 'Online';
  isPaid: boolean;
  /** Given back after delivery (POST /api/order/refund): the board says so, not "paid" (a probe). */
  refunded: boolean;
  items: number;
  capacity: number | null;
  /** Places of the window taken (every order booked in it, a card checkout waiting for its payment too), null without a row. */
  taken: number | null;
  /** The window's orders to deliver, every one (the row's window shows at most `perWindow`). */
  windowOrders: number;
  orderNumber: string;
  shopName: string;
}

/**
 * When the first delivery booked from `from` on starts (an order to deliver, as the board counts them), or null: the
 * next day an empty board sends the shop to (orders_seller_slot_idx, orders_slot_idx).
 */
export async function findNextDelivery(db: DbOrTx, filter: { sellerId?: string; from: Date }): Promise<Date | null> {
  const [row] = await db
    .select({ start: orders.deliverySlotStart })
    .from(orders)
    .where(
      and(
        gte(orders.deliverySlotStart, filter.from),
        filter.sellerId ? eq(orders.sellerId, filter.sellerId) : undefined,
        sql`${orders.status} <> 'Cancelled' and (${orders.paymentType} = 'COD' or ${orders.isPaid})`,
      ),
    )
    .orderBy(orders.deliverySlotStart)
    .limit(1);
  return row?.start ?? null;
}

/**
 * The windows starting in [from, to) (a shop's day) that have orders to deliver, by start then shop, at most `windows`
 * of them, each with its count of such orders and its first `perWindow` orders (by when placed): a busy window no
 * longer hides the windows after it (a probe's board showed one window of three, its first 200 orders). One range of
 * orders_seller_slot_idx (orders_slot_idx for the operator's every shop) counted, then each window's orders read from
 * the same index. Cancelled orders and online orders not paid are not deliveries. `items`: the units to hand over, as
 * picked (a substitute's are its own).
 */
export async function findDeliveries(db: DbOrTx, filter: { sellerId?: string; from: Date; to: Date; windows: number; perWindow: number }): Promise<DeliveryOrderRow[]> {
  const iso = (column: unknown) => sql`to_char(${column} at time zone 'UTC', 'YYYY-MM-DD"T"HH24:MI:SS.MS"Z"')`;
  const delivering = (o: string) => sql.raw(`${o}.status <> 'Cancelled' and (${o}.payment_type = 'COD' or ${o}.is_paid)`);
  return queryRows<DeliveryOrderRow>(
    db,
    sql`with w as (
        select o.seller_id, o.delivery_slot_start as starts_at, max(o.delivery_slot_end) as ends_at, count(*)::int as orders
        from ${orders} o
        where o.delivery_slot_start >= ${filter.from.toISOString()}::timestamptz and o.delivery_slot_start < ${filter.to.toISOString()}::timestamptz
          ${filter.sellerId ? sql`and o.seller_id = ${filter.sellerId}` : sql``} and ${delivering('o')}
        group by o.seller_id, o.delivery_slot_start
        order by o.delivery_slot_start, o.seller_id limit ${filter.windows}
      )
      select o.id, w.seller_id as "sellerId", ${iso(sql`w.starts_at`)} as "slotStart", ${iso(sql`w.ends_at`)} as "slotEnd", w.orders as "windowOrders",
        (o.address ->> 'firstName') || ' ' || (o.address ->> 'lastName') as buyer, o.address ->> 'zipcode' as zipcode, o.status,
        o.amount_minor::float8 as "amountMinor",
        o.payment_type as "paymentType", o.is_paid as "isPaid", o.refunded_at is not null as refunded,
        (select coalesce(sum(coalesce(i.picked_quantity, i.quantity)), 0)::int from ${orderItems} i where i.order_id = o.id) as items,
        p.capacity, p.taken, ${ORDER_NUMBER_PREFIX} || o.order_number as "orderNumber",
        (select s.shop_name from ${sellers} s where s.id = w.seller_id) as "shopName"
      from w
      cross join lateral (
        select o.* from ${orders} o
        where o.seller_id = w.seller_id and o.delivery_slot_start = w.starts_at and ${delivering('o')}
        order by o.created_at, o.id limit ${filter.perWindow}
      ) o
      left join ${deliverySlotPlaces} p on p.seller_id = w.seller_id and p.starts_at = w.starts_at
      order by w.starts_at, w.seller_id, o.created_at, o.id`,
  );
}
