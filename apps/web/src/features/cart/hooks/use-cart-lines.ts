import { useMemo } from 'react';
import { useSession } from '../../../lib/session';
import { useCartProducts } from '../api/get-cart-products';
import { useCartItems, useSubstitutions } from '../cart';
import { toCartLines, type CartLine } from '../cart-logic';

/** The cart as lines with their products, loaded by id; `loading` until the first answer. */
export function useCartLines(): { lines: CartLine[]; loading: boolean } {
  const items = useCartItems();
  const ids = useMemo(() => Object.keys(items), [items]);
  const products = useCartProducts(ids);
  const substitutions = useSubstitutions();
  const lines = useMemo(
    () => toCartLines(items, products.data?.products ?? [], (productId) => substitutions.lines[productId] ?? substitutions.fallback, products.data?.gone),
    [items, products.data, substitutions],
  );
  // A signed-in shopper's cart comes with the session's check: until it answers, an empty cart is not known to be one.
  const authChecked = useSession((s) => s.authChecked);
  return { lines, loading: !authChecked || (ids.length > 0 && products.data === undefined && products.status !== 'error') };
}
