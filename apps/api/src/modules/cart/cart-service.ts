import { CART_MAX_LINES, QUANTITY_MAX, type CartItems, type ReorderLeftOutReason, type SubstitutePreference, type Substitutions } from '@greencart/shared';
import type { Db, DbOrTx } from '../../db/client.js';
import { findProductsByIds } from '../products/product-repository.js';
import { lockUser, setSubstituteDefault } from '../users/user-repository.js';
import { cartEmptiedByCheckoutWithin, findCartLines, replaceCartLines } from './cart-repository.js';

/** A save is applied, or found older than the checkout that emptied the cart since (the cart kept as it is). */
export type CartSaveOutcome = { outdated: false } | { outdated: true; cart: CartItems };

/** A line to add again (a past order's): the product as bought (its id, null for a line whose product is gone). */
export interface LineToAdd {
  productId: string | null;
  lineId: string;
  name: string;
  quantity: number;
  /** The substitution preference it was ordered with: a line new to the cart takes it (a line already there keeps its own). */
  substitute?: SubstitutePreference;
}

/** A line not added (whole): the product as the order named it, why, and how many units did go in. */
export interface LeftOutLine {
  product: { _id: string; name: string };
  reason: ReorderLeftOutReason;
  added: number;
  message: string;
}

const leftOutMessage = (name: string, reason: ReorderLeftOutReason, left: number | null): string =>
  ({
    'no-longer-sold': `${name} is no longer sold`,
    'out-of-stock': `${name} is out of stock`,
    'fewer-left': `Only ${left ?? 0} of ${name} left`,
    'quantity-limit': `${name}: at most ${QUANTITY_MAX} of a product fit in the cart`,
    'cart-full': `${name}: your cart holds at most ${CART_MAX_LINES} different products`,
  })[reason];

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

    /**
     * Adds lines to the shopper's cart (issue 28: "Order again"), each product's units on top of what the
     * cart holds, as far as it is sold, in stock, within its units left (counted products), 9 a product and
     * 50 products a cart; answers the whole cart and what did not go in, and why. Stock is only read: a
     * cart holds nothing back, checkout takes the units.
     */
    async addLines(userId: string, toAdd: LineToAdd[]): Promise<{ cartItems: CartItems; leftOut: LeftOutLine[] }> {
      const ids = toAdd.flatMap((l) => (l.productId ? [l.productId] : []));
      const sold = new Map((await findProductsByIds(db, ids)).map((p) => [p.id, p]));
      return db.transaction(async (tx) => {
        await lockUser(tx, userId);
        // With their preferences: the lines written back kept none, so "Order again" reset every line's "don't
        // replace" in the cart, and gave the order's own lines none either (a probe).
        const { cartItems: cart, substitutions } = await readCartWithPreferences(tx, userId);
        const leftOut: LeftOutLine[] = [];
        const leave = (line: LineToAdd, reason: ReorderLeftOutReason, added = 0, left: number | null = null) =>
          leftOut.push({ product: { _id: line.productId ?? line.lineId, name: line.name }, reason, added, message: leftOutMessage(line.name, reason, left) });
        for (const line of toAdd) {
          const product = line.productId ? sold.get(line.productId) : undefined;
          if (!product) {
            leave(line, 'no-longer-sold');
            continue;
          }
          if (!product.inStock || product.stock === 0) {
            leave(line, 'out-of-stock');
            continue;
          }
          const have = cart[product.id] ?? 0;
          if (have === 0 && Object.keys(cart).length >= CART_MAX_LINES) {
            leave(line, 'cart-full');
            continue;
          }
          const cap = Math.min(QUANTITY_MAX, product.stock ?? QUANTITY_MAX);
          const next = Math.max(have, Math.min(have + line.quantity, cap));
          if (next > 0) cart[product.id] = next;
          if (have === 0 && next > 0 && line.substitute) substitutions[product.id] = line.substitute;
          const added = next - have;
          if (added < line.quantity) {
            const byStock = product.stock !== null && product.stock < Math.min(have + line.quantity, QUANTITY_MAX);
            leave(line, byStock ? 'fewer-left' : 'quantity-limit', added, product.stock);
          }
        }
        await replaceCartLines(
          tx,
          userId,
          Object.entries(cart).map(([productId, quantity]) => ({ productId, quantity, substitute: substitutions[productId] ?? null })),
        );
        return { cartItems: cart, leftOut };
      });
    },
  };
}

export type CartService = ReturnType<typeof createCartService>;
