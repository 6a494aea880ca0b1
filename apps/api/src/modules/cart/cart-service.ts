import type { CartItems } from '@greencart/shared';
import type { Db } from '../../db/client.js';
import { badRequest } from '../../lib/app-error.js';
import { findProductsByIds } from '../products/product-repository.js';
import { lockUser } from '../users/user-repository.js';
import { findCartLines, replaceCartLines } from './cart-repository.js';

/**
 * The shopper's cart on the server (spec section 3: product id -> whole quantity 1-9). The browser
 * sends the whole cart after every change; the server keeps the last one it receives.
 */
export function createCartService(db: Db) {
  return {
    async get(userId: string): Promise<CartItems> {
      const lines = await findCartLines(db, userId);
      return Object.fromEntries(lines.map((line) => [line.productId, line.quantity]));
    },

    /** Quantities are validated by CartItemsSchema; here every id must be a product that exists. */
    async replace(userId: string, cart: CartItems): Promise<void> {
      const ids = Object.keys(cart);
      const known = new Set((await findProductsByIds(db, ids)).map((p) => p.id));
      const unknown = ids.filter((id) => !known.has(id));
      if (unknown.length > 0) throw badRequest('UNKNOWN_PRODUCT', `cartItems: no such product: ${unknown.join(', ')}`);
      await db.transaction(async (tx) => {
        // Saves arriving together (two tabs, a retry) take turns instead of colliding on the cart's key.
        await lockUser(tx, userId);
        await replaceCartLines(tx, userId, ids.map((productId) => ({ productId, quantity: cart[productId]! })));
      });
    },
  };
}

export type CartService = ReturnType<typeof createCartService>;
