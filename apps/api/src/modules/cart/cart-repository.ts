import { and, eq, gt, or, sql } from 'drizzle-orm';
import type { SubstitutePreference } from '@greencart/shared';
import type { DbOrTx } from '../../db/client.js';
import { cartItems, orders } from '../../db/schema/index.js';

export async function findCartLines(db: DbOrTx, userId: string) {
  return db
    .select({ productId: cartItems.productId, quantity: cartItems.quantity, substitute: cartItems.substitute })
    .from(cartItems)
    .where(eq(cartItems.userId, userId));
}

/**
 * Replaces the shopper's whole cart (last write wins). The caller runs it in a transaction holding
 * the shopper's row lock (`lockUser`), so saves arriving together take turns.
 */
export async function replaceCartLines(tx: DbOrTx, userId: string, lines: { productId: string; quantity: number; substitute?: SubstitutePreference | null }[]) {
  await tx.delete(cartItems).where(eq(cartItems.userId, userId));
  if (lines.length > 0) await tx.insert(cartItems).values(lines.map((line) => ({ userId, ...line })));
}

/**
 * A card checkout paid (decision 0093): its orders' products leave the shopper's cart, and only they. The payment can
 * come minutes after the orders were placed; a product added meanwhile (another tab) stays (it went with the rest: a probe).
 */
export async function removeOrderedFromCart(tx: DbOrTx, userId: string, orderIds: string[]) {
  await tx.execute(sql`delete from cart_items where user_id = ${userId}
    and product_id in (select i.product_id from order_items i where i.order_id = any(${sql.param(orderIds)}::uuid[]))`);
}

/**
 * Whether checkout emptied the shopper's cart less than `ms` ago: a cash order is placed with its
 * cart emptied in the same transaction (place_order), a card order's cart is emptied when it is paid.
 * Read here rather than through the orders module: it is the cart's own rule (decision 0093), and one
 * indexed read (orders by user) inside the save's transaction.
 */
export async function cartEmptiedByCheckoutWithin(tx: DbOrTx, userId: string, ms: number): Promise<boolean> {
  const since = sql`now() - ${ms}::float8 * interval '1 millisecond'`;
  const [row] = await tx
    .select({ id: orders.id })
    .from(orders)
    .where(and(eq(orders.userId, userId), or(and(eq(orders.paymentType, 'COD'), gt(orders.createdAt, since)), gt(orders.paidAt, since))))
    .limit(1);
  return row !== undefined;
}
