import type { Product } from '@greencart/shared';
import { api } from '../../../lib/api-client';
import { afterWrite } from '../../../lib/route-data';

/**
 * POST /api/product/stock: `{inStock}` (spec section 7) or `{stock}`, the count (issue 16; null: not
 * counted). Every read of the page fetches again (the seller's list shows the product's new state).
 */
export const setStock = (id: string, change: { inStock: boolean } | { stock: number | null }) =>
  api.post<{ message: string; product: Product }>('/api/product/stock', { id, ...change }, { session: 'seller' }).then(afterWrite);
