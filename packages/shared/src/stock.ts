import { QUANTITY_MAX } from './constants.js';

/** The largest stock count a seller can set (issue 16): far above any shelf, far below integer limits. */
export const STOCK_MAX = 1_000_000;
/** A counted product with this many units or fewer shows "Only N left" and is on the seller's low-stock list. */
export const LOW_STOCK_THRESHOLD = 5;
/** How many low-stock products the seller's dashboard lists at once (lowest first). */
export const LOW_STOCK_LIST_MAX = 20;

/** The most of a product one cart line can hold: what is left when counted, and never more than the selector's 9. */
export function maxQuantityFor(stock: number | null): number {
  return stock === null ? QUANTITY_MAX : Math.max(0, Math.min(QUANTITY_MAX, stock));
}

/** The units to announce as "Only N left", or null when the product is not counted, sold out or well stocked. */
export function unitsLeftToShow(product: { stock: number | null; inStock: boolean }): number | null {
  const { stock, inStock } = product;
  return inStock && stock !== null && stock > 0 && stock <= LOW_STOCK_THRESHOLD ? stock : null;
}
