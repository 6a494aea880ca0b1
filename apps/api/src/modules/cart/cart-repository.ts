import { eq } from 'drizzle-orm';
import type { DbOrTx } from '../../db/client.js';
import { cartItems } from '../../db/schema/index.js';

export async function findCartLines(db: DbOrTx, userId: string) {
  return db.select({ productId: cartItems.productId, quantity: cartItems.quantity }).from(cartItems).where(eq(cartItems.userId, userId));
}

/**
 * Replaces the shopper's whole cart (last write wins). The caller runs it in a transaction holding
 * the shopper's row lock (`lockUser`), so saves arriving together take turns.
 */
export async function replaceCartLines(tx: DbOrTx, userId: string, lines: { productId: string; quantity: number }[]) {
  await tx.delete(cartItems).where(eq(cartItems.userId, userId));
  if (lines.length > 0) await tx.insert(cartItems).values(lines.map((line) => ({ userId, ...line })));
}
