import type { CartItems } from '@greencart/shared';
import type { Db, DbOrTx } from '../../db/client.js';
import { findProductsByIds } from '../products/product-repository.js';
import { lockUser } from '../users/user-repository.js';
import { cartEmptiedByCheckoutWithin, findCartLines, replaceCartLines } from './cart-repository.js';

/** A save is applied, or found older than the checkout that emptied the cart since (the cart kept as it is). */
export type CartSaveOutcome = { outdated: false } | { outdated: true; cart: CartItems };

async function readCart(db: DbOrTx, userId: string): Promise<CartItems> {
  const lines = await findCartLines(db, userId);
  return Object.fromEntries(lines.map((line) => [line.productId, line.quantity]));
}

/**
 * The shopper's cart on the server (spec section 3: product id -> whole quantity 1-9). The browser
 * sends the whole cart after every change; the server keeps the last one it receives, unless the
 * change is older than a checkout (decision 0093).
 */
export function createCartService(db: Db) {
  return {
    get: (userId: string) => readCart(db, userId),

    /**
     * Quantities are validated by CartItemsSchema. A line of a product not on sale (retired since the
     * shopper added it, or an id that never was a product) is left out and the rest saved (decision
     * 0092): refusing the whole cart would drop the shopper's other changes.
     */
    async replace(userId: string, cart: CartItems, changedMsAgo?: number): Promise<CartSaveOutcome> {
      const onSale = new Set((await findProductsByIds(db, Object.keys(cart))).map((p) => p.id));
      return db.transaction(async (tx) => {
        // Saves arriving together (two tabs, a retry) take turns instead of colliding on the cart's
        // key, and a checkout of the same shopper (which holds this lock too) is over before the check.
        await lockUser(tx, userId);
        if (changedMsAgo !== undefined && (await cartEmptiedByCheckoutWithin(tx, userId, changedMsAgo))) {
          return { outdated: true, cart: await readCart(tx, userId) };
        }
        const lines = Object.entries(cart).flatMap(([productId, quantity]) => (onSale.has(productId) ? [{ productId, quantity }] : []));
        await replaceCartLines(tx, userId, lines);
        return { outdated: false };
      });
    },
  };
}

export type CartService = ReturnType<typeof createCartService>;
