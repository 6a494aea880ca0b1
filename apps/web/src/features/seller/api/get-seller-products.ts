import type { Product } from '@greencart/shared';
import { api } from '../../../lib/api-client';
import { queryCache } from '../../../lib/query-cache';
import { usePagedQuery } from '../../../lib/use-query';

export interface SellerProductPage {
  products: Product[];
  nextCursor: string | null;
}

/** GET /api/seller/products: every product (in stock or not), newest first, a page at a time. */
export const getSellerProducts = (q: string, cursor?: string) => {
  const params = new URLSearchParams();
  if (q) params.set('q', q);
  if (cursor) params.set('cursor', cursor);
  return api.get<SellerProductPage>(`/api/seller/products?${params}`, { session: 'seller' });
};

export const sellerProductsKey = (q: string) => ['seller', 'products', q] as const;

export const useSellerProducts = (q: string) => usePagedQuery(sellerProductsKey(q), (cursor) => getSellerProducts(q, cursor), { keepPrevious: true });

/** Writes one product's new state into every loaded page of the seller's list (no reload of the pages). */
export function updateSellerProduct(id: string, change: Partial<Product>) {
  queryCache.update<{ pages: SellerProductPage[] }>(['seller', 'products'], (data) => ({
    pages: data.pages.map((page) => ({ ...page, products: page.products.map((p) => (p._id === id ? { ...p, ...change } : p)) })),
  }));
}
