import type { Product, RetiredProduct } from '@greencart/shared';
import { api } from '../../../lib/api-client';
import { afterWrite, dataHref, usePagedRouteData } from '../../../lib/route-data';

export interface DeletedProductPage {
  products: RetiredProduct[];
  nextCursor: string | null;
}

/** GET /api/seller/products/retired (decision 0231): the shop's deleted products (the operator: every shop's), last deleted first. */
export const getDeletedProducts = (q: string, cursor?: string, shop?: string) =>
  api.get<DeletedProductPage>(dataHref('/api/seller/products/retired', { q, cursor, seller: shop }), { session: 'seller' });

/**
 * Through the seller list's data route (`deleted`): a route of their own would cost every first load its line of the
 * route table. `shop`: one shop's only (the operator's filter, a shop's slug).
 */
export const useDeletedProducts = (q: string, shop?: string) => usePagedRouteData<DeletedProductPage>(dataHref('/data/seller/products', { q, deleted: '1', seller: shop }), { keepPrevious: true });

/** POST /api/product/restore: the product is back in the shop, out of stock. */
export const restoreProduct = (id: string) => api.post<{ message: string; product: Product }>('/api/product/restore', { id }, { session: 'seller' }).then(afterWrite);
