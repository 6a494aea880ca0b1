import { toMinor, type ShopRef } from '@greencart/shared';
import type { CartLine } from './cart-logic';

/** One shop's part of the cart (issue 26): its lines and the subtotal of those on sale, in minor units. */
export interface CartShopGroup {
  /** Null for lines whose product is no longer sold (no shop to name). */
  shop: ShopRef | null;
  lines: CartLine[];
  subtotalMinor: number;
}

/**
 * The cart's lines grouped by the shop that sells them, shops in the order their first line was added,
 * lines no longer sold last. A checkout places one order per shop, so this is how the cart will be split.
 */
export function groupLinesByShop(lines: CartLine[]): CartShopGroup[] {
  const groups = new Map<string | null, CartShopGroup>();
  for (const line of lines) {
    const shop = line.product?.seller ?? null;
    const key = shop?.id ?? null;
    let group = groups.get(key);
    if (!group) groups.set(key, (group = { shop, lines: [], subtotalMinor: 0 }));
    group.lines.push(line);
    if (line.available && line.product) group.subtotalMinor += toMinor(line.product.offerPrice) * line.quantity;
  }
  const unsold = groups.get(null);
  groups.delete(null);
  return unsold ? [...groups.values(), unsold] : [...groups.values()];
}
