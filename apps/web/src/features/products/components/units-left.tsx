import { unitsLeftToShow, type Product } from '@greencart/shared';

/** "Only N left" for a counted product running low (issue 16: LOW_STOCK_THRESHOLD or fewer); nothing otherwise. */
export function UnitsLeft({ product, className = '' }: { product: Pick<Product, 'stock' | 'inStock'>; className?: string }) {
  const left = unitsLeftToShow(product);
  if (left === null) return null;
  return <p className={`font-medium text-amber-800 ${className}`}>Only {left} left</p>;
}
