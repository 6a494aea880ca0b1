import type { Product } from '@greencart/shared';
import { api } from '../../../lib/api-client';
import { updateSellerProduct } from './get-seller-products';
import { invalidateCatalogue } from './invalidate-catalogue';

/**
 * POST /api/product/stock: `{inStock}` (spec section 7) or `{stock}`, the count (issue 16; null: not
 * counted). The seller's list shows the product's new state in place; every other read fetches again.
 */
export const setStock = (id: string, change: { inStock: boolean } | { stock: number | null }) =>
  api.post<{ message: string; product: Product }>('/api/product/stock', { id, ...change }, { session: 'seller' }).then((answer) => {
    updateSellerProduct(id, answer.product);
    invalidateCatalogue();
    return answer;
  });
