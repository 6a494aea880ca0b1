import { api } from '../../../lib/api-client';
import { queryCache } from '../../../lib/query-cache';
import { updateSellerProduct } from './get-seller-products';

/** POST /api/product/stock (spec section 7): the seller's list shows the new state; the shop's pages reload. */
export const setStock = (id: string, inStock: boolean) =>
  api.post<{ message: string }>('/api/product/stock', { id, inStock }, { session: 'seller' }).then((answer) => {
    updateSellerProduct(id, { inStock });
    queryCache.invalidate(['products']);
    return answer;
  });
