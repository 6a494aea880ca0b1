import { desc, eq, inArray } from 'drizzle-orm';
import type { DbOrTx } from '../../db/client.js';
import { orderItems, orders } from '../../db/schema/index.js';

export type OrderRow = typeof orders.$inferSelect;
export type OrderItemRow = typeof orderItems.$inferSelect;
export type OrderWithItems = OrderRow & { items: OrderItemRow[] };

/** Orders newest first with their lines: one shopper's (userId) or all of them (the seller's view). */
export async function listOrdersWithItems(db: DbOrTx, filter: { userId?: string } = {}): Promise<OrderWithItems[]> {
  const base = db.select().from(orders);
  const rows = await (filter.userId ? base.where(eq(orders.userId, filter.userId)) : base).orderBy(desc(orders.createdAt), desc(orders.id));
  if (rows.length === 0) return [];
  const items = await db
    .select()
    .from(orderItems)
    .where(inArray(orderItems.orderId, rows.map((o) => o.id)));
  const byOrder = new Map<string, OrderItemRow[]>();
  for (const item of items) byOrder.set(item.orderId, [...(byOrder.get(item.orderId) ?? []), item]);
  return rows.map((order) => ({ ...order, items: byOrder.get(order.id) ?? [] }));
}
