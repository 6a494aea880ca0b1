import { useMemo } from 'react';
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
    () => toCartLines(items, products.data ?? [], (productId) => substitutions.lines[productId] ?? substitutions.fallback),
    [items, products.data, substitutions],
  );
  return { lines, loading: ids.length > 0 && products.data === undefined && products.status !== 'error' };
}
