import { and, eq, isNull, sql } from 'drizzle-orm';
import type { SubstitutePreference } from '@greencart/shared';
import type { DbOrTx } from '../../db/client.js';
import { queryRows } from '../../db/raw-sql.js';
import { orderItems, orders, orderStatusEvents } from '../../db/schema/index.js';
import { timeOrderedId } from '../../lib/time-ordered-id.js';

/** An ordered line of an order (not a substitute line), as the picks need it. */
export interface OrderedLine {
  id: string;
  productId: string | null;
  name: string;
  unitPriceMinor: number;
  quantity: number;
  substitute: SubstitutePreference;
  pickedQuantity: number | null;
}

/** Every line of the order: ordered lines, and substitute lines (with `substituteFor`) once picks are recorded. */
export async function findOrderLines(tx: DbOrTx, orderId: string) {
  return tx
    .select({
      id: orderItems.id,
      productId: orderItems.productId,
      name: orderItems.name,
      unitPriceMinor: orderItems.unitPriceMinor,
      quantity: orderItems.quantity,
      substitute: orderItems.substitute,
      pickedQuantity: orderItems.pickedQuantity,
      substituteFor: orderItems.substituteFor,
      discountMinor: orderItems.discountMinor,
    })
    .from(orderItems)
    .where(eq(orderItems.orderId, orderId))
    .orderBy(orderItems.id);
}

/** A product a substitute could be, as it is now (read under its row lock when it is counted). */
export interface SubstituteCandidate {
  id: string;
  sellerId: string;
  name: string;
  category: string;
  image: string | null;
  offerPriceMinor: number;
  sold: boolean;
  stock: number | null;
}

/**
 * Locks the products among `ids` in id order, as checkout and returnOrderStock do (decision 0107: products after the
 * order's row, by id; FOR NO KEY UPDATE), then reads them all as they are now. In two statements, as in place_order:
 * the read after the lock sees the locked rows' last values. All of them, counted or not: one the seller starts counting
 * between the two would be read unlocked, and its units taken after a checkout's could go below 0 (a race probe; a
 * pick is a seller's rare write, so the few uncounted rows it holds cost nothing).
 */
export async function lockAndReadProducts(tx: DbOrTx, ids: string[]): Promise<SubstituteCandidate[]> {
  if (ids.length === 0) return [];
  const param = sql.param([...new Set(ids)]);
  await tx.execute(sql`select 1 from products where id = any(${param}::uuid[]) order by id for no key update`);
  return queryRows<SubstituteCandidate>(
    tx,
    sql`select p.id, p.seller_id as "sellerId", p.name, p.category, p.images->>0 as image, p.offer_price_minor as "offerPriceMinor",
      p.in_stock and p.retired_at is null and coalesce(p.stock, 1) > 0 as sold, p.stock
      from products p where p.id = any(${param}::uuid[])`,
  );
}

/**
 * Moves counted units: `delta` per product (+ back to the shelf, − taken), only for counted products, in one
 * statement on rows the caller locked. A product back from 0 is in stock again; one taken to 0 is out.
 */
export async function moveStock(tx: DbOrTx, moves: { productId: string; delta: number }[]): Promise<void> {
  const counted = moves.filter((m) => m.delta !== 0);
  if (counted.length === 0) return;
  await tx.execute(sql`
    update products p set stock = p.stock + m.delta, in_stock = p.stock + m.delta > 0 and (p.in_stock or p.stock = 0)
    from unnest(${sql.param(counted.map((m) => m.productId))}::uuid[], ${sql.param(counted.map((m) => m.delta))}::int[]) as m(product_id, delta)
    where p.id = m.product_id and p.stock is not null`);
}

/** Records the units picked of each ordered line. */
export async function setPickedQuantities(tx: DbOrTx, picks: { lineId: string; picked: number }[]): Promise<void> {
  if (picks.length === 0) return;
  await tx.execute(sql`
    update order_items i set picked_quantity = p.picked
    from unnest(${sql.param(picks.map((p) => p.lineId))}::uuid[], ${sql.param(picks.map((p) => p.picked))}::int[]) as p(line_id, picked)
    where i.id = p.line_id`);
}

/** Adds substitute lines: each a copy of its product as sold now, at the unit price charged, picked in full. */
export async function insertSubstituteLines(
  tx: DbOrTx,
  orderId: string,
  lines: { substituteFor: string; product: SubstituteCandidate; unitPriceMinor: number; quantity: number; discountMinor: number }[],
): Promise<void> {
  if (lines.length === 0) return;
  await tx.insert(orderItems).values(
    lines.map((line) => ({
      id: timeOrderedId(),
      orderId,
      productId: line.product.id,
      name: line.product.name,
      image: line.product.image,
      category: line.product.category,
      unitPriceMinor: line.unitPriceMinor,
      quantity: line.quantity,
      discountMinor: line.discountMinor,
      pickedQuantity: line.quantity,
      // A substitute is not substituted again.
      substitute: 'none' as const,
      substituteFor: line.substituteFor,
    })),
  );
}

/**
 * Writes the order's new amounts and marks its picks recorded, once: false when another call already did
 * (the caller holds the order's row lock, so this only guards a caller that did not). Stamped with the database's
 * `now()`, the clock the status trigger writes the timeline's other events with: picks that cancel the order
 * (nothing picked) show Picked before Cancelled, at one instant (the app's clock put Picked a few ms after).
 */
export async function markPicked(
  tx: DbOrTx,
  orderId: string,
  totals: { subtotalMinor: number; taxMinor: number; amountMinor: number; deliveryFeeMinor: number; discountMinor: number; reductionMinor: number },
): Promise<boolean> {
  const at = sql`now()`;
  const rows = await tx
    .update(orders)
    .set({
      subtotalMinor: totals.subtotalMinor,
      taxMinor: totals.taxMinor,
      amountMinor: totals.amountMinor,
      deliveryFeeMinor: totals.deliveryFeeMinor,
      discountMinor: totals.discountMinor,
      pickReductionMinor: totals.reductionMinor,
      pickedAt: at,
    })
    .where(and(eq(orders.id, orderId), isNull(orders.pickedAt)))
    .returning({ id: orders.id });
  if (rows.length === 0) return false;
  // The timeline shows the picks in their place (issue 28); the status trigger only records status changes.
  await tx.insert(orderStatusEvents).values({ orderId, status: 'Picked', at });
  return true;
}
