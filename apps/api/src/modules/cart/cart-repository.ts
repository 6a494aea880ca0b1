import { eq } from 'drizzle-orm';
import type { DbOrTx } from '../../db/client.js';
import { cartItems, users } from '../../db/schema/index.js';

export async function findCartLines(db: DbOrTx, userId: string) {
  return db.select({ productId: cartItems.productId, quantity: cartItems.quantity }).from(cartItems).where(eq(cartItems.userId, userId));
}

/**
 * Replaces the shopper's whole cart (last write wins); the caller runs it in a transaction. The
 * shopper's row is locked first so that saves arriving together (two tabs, a retry) take turns
 * instead of colliding on the cart's primary key.
 */
export async function replaceCartLines(tx: DbOrTx, userId: string, lines: { productId: string; quantity: number }[]) {
  await tx.select({ id: users.id }).from(users).where(eq(users.id, userId)).for('update');
  await tx.delete(cartItems).where(eq(cartItems.userId, userId));
  if (lines.length > 0) await tx.insert(cartItems).values(lines.map((line) => ({ userId, ...line })));
}
