import type { CartItems, SubstitutePreference, Substitutions } from '@greencart/shared';
import type { Db, DbOrTx } from '../../db/client.js';
import { findProductsByIds } from '../products/product-repository.js';
import { lockUser, setSubstituteDefault } from '../users/user-repository.js';
import { cartEmptiedByCheckoutWithin, findCartLines, replaceCartLines } from './cart-repository.js';

/** A save is applied, or found older than the checkout that emptied the cart since (the cart kept as it is). */
export type CartSaveOutcome = { outdated: false } | { outdated: true; cart: CartItems };

async function readCart(db: DbOrTx, userId: string): Promise<CartItems> {
  return (await readCartWithPreferences(db, userId)).cartItems;
}

/** The cart and, for the lines with a preference of their own, their substitution preference (issue 28). */
async function readCartWithPreferences(db: DbOrTx, userId: string): Promise<{ cartItems: CartItems; substitutions: Substitutions }> {
  const lines = await findCartLines(db, userId);
  return {
    cartItems: Object.fromEntries(lines.map((line) => [line.productId, line.quantity])),
    substitutions: Object.fromEntries(lines.flatMap((line) => (line.substitute ? [[line.productId, line.substitute]] : []))),
  };
}

/** Substitutions (issue 28, docs/decisions/0149): what a save says about preferences. */
export interface CartPreferences {
  /** Each line's own; absent: the lines keep theirs (the original client sends none). */
  substitutions?: Substitutions;
  /** The shopper's default, kept on their account. */
  substituteDefault?: SubstitutePreference;
}

/**
 * The shopper's cart on the server (spec section 3: product id -> whole quantity 1-9). The browser
 * sends the whole cart after every change; the server keeps the last one it receives, unless the
 * change is older than a checkout (decision 0093).
 */
export function createCartService(db: Db) {
  return {
    get: (userId: string) => readCart(db, userId),

    getWithPreferences: (userId: string) => readCartWithPreferences(db, userId),

    /**
     * Quantities are validated by CartItemsSchema. A line of a product not on sale (retired since the
     * shopper added it, or an id that never was a product) is left out and the rest saved (decision
     * 0092): refusing the whole cart would drop the shopper's other changes.
     */
    async replace(userId: string, cart: CartItems, changedMsAgo?: number, preferences: CartPreferences = {}): Promise<CartSaveOutcome> {
      const onSale = new Set((await findProductsByIds(db, Object.keys(cart))).map((p) => p.id));
      return db.transaction(async (tx) => {
        // Saves arriving together (two tabs, a retry) take turns instead of colliding on the cart's
        // key, and a checkout of the same shopper (which holds this lock too) is over before the check.
        await lockUser(tx, userId);
        // The default is the shopper's setting, not the cart's content: kept even when the cart is not.
        if (preferences.substituteDefault) await setSubstituteDefault(tx, userId, preferences.substituteDefault);
        if (changedMsAgo !== undefined && (await cartEmptiedByCheckoutWithin(tx, userId, changedMsAgo))) {
          return { outdated: true, cart: await readCart(tx, userId) };
        }
        const kept = preferences.substitutions ?? Object.fromEntries((await findCartLines(tx, userId)).map((line) => [line.productId, line.substitute]));
        const lines = Object.entries(cart).flatMap(([productId, quantity]) => (onSale.has(productId) ? [{ productId, quantity, substitute: kept[productId] ?? null }] : []));
        await replaceCartLines(tx, userId, lines);
        return { outdated: false };
      });
    },
  };
}

export type CartService = ReturnType<typeof createCartService>;
