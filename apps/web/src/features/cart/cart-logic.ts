import { CART_MAX_LINES, QUANTITY_MAX, QUANTITY_MIN, type CartItems, type Product, type SubstitutePreference } from '@greencart/shared';

/** The cart rules of spec section 4, as pure functions over the product-id -> quantity map. */

/**
 * Adding sets the quantity to `count` (1 unless the chat proposed more) or adds it, capped at the selector's maximum,
 * or at `max` (what is left of a counted product: maxQuantityFor). A line already above `max` is left as it is, and a
 * product not in a full cart (CART_MAX_LINES lines, what the server saves) is not added (its 51st line made the cart
 * unsaveable and every line "no longer sold": a probe).
 */
export function addItem(cart: CartItems, productId: string, max: number = QUANTITY_MAX, count = 1): CartItems {
  const quantity = cart[productId] ?? 0;
  const most = Math.min(max, QUANTITY_MAX);
  if (quantity >= most || (!quantity && Object.keys(cart).length >= CART_MAX_LINES)) return cart;
  return { ...cart, [productId]: Math.min(quantity + count, most) };
}

/** The quantity selector sets an exact value within 1-9. */
export function setItemQuantity(cart: CartItems, productId: string, quantity: number): CartItems {
  const clamped = Math.min(Math.max(Math.trunc(quantity), QUANTITY_MIN), QUANTITY_MAX);
  return { ...cart, [productId]: clamped };
}

/** Removing takes one away and deletes the line at 0. */
export function removeItem(cart: CartItems, productId: string): CartItems {
  const next = { ...cart };
  const quantity = (next[productId] ?? 0) - 1;
  if (quantity > 0) next[productId] = quantity;
  else delete next[productId];
  return next;
}

/** Merges a visitor's cart into the account's on login: quantities summed, capped at 9; new lines while the cart has room. */
export function mergeCarts(account: CartItems, visitor: CartItems): CartItems {
  let merged = account;
  for (const [id, quantity] of Object.entries(visitor)) merged = addItem(merged, id, QUANTITY_MAX, quantity);
  return merged;
}

/** The same lines and quantities, whatever order the lines were added in. */
export function sameCart(a: CartItems, b: CartItems): boolean {
  const ids = Object.keys(a);
  return ids.length === Object.keys(b).length && ids.every((id) => a[id] === b[id]);
}

export function countItems(cart: CartItems): number {
  return Object.values(cart).reduce((sum, q) => sum + q, 0);
}

/** A cart line with its product; `available` is false when the product was deleted or is out of stock. */
export interface CartLine {
  productId: string;
  quantity: number;
  product: Product | undefined;
  /** The product's name, or the name it had when it is no longer sold (none for an id the shop never had). */
  name: string | undefined;
  available: boolean;
  /** Substitutions (issue 28): the line's own preference, or the shopper's default. */
  substitute: SubstitutePreference;
}

/** The cart as lines in the order they were added; unavailable lines stay visible but are left out of totals. */
export function toCartLines(
  cart: CartItems,
  products: Product[],
  preferenceOf: (productId: string) => SubstitutePreference = () => 'similar',
  gone: { _id: string; name: string }[] = [],
): CartLine[] {
  const byId = new Map(products.map((p) => [p._id, p]));
  const goneNames = new Map(gone.map((g) => [g._id, g.name]));
  return Object.entries(cart).map(([productId, quantity]) => {
    const product = byId.get(productId);
    return { productId, quantity, product, name: product?.name ?? goneNames.get(productId), available: product?.inStock === true, substitute: preferenceOf(productId) };
  });
}
