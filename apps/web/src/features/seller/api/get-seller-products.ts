import type { Product } from '@greencart/shared';
import { api } from '../../../lib/api-client';
import { dataHref, dataLoader, usePagedRouteData } from '../../../lib/route-data';

export interface SellerProductPage {
  products: Product[];
  nextCursor: string | null;
}

/** GET /api/seller/products: every product (in stock or not), newest first, a page at a time. */
/** `shop`: one shop's products (a shop's slug), as the operator picking a substitute for that shop's order needs. */
export const getSellerProducts = (q: string, cursor?: string, shop?: string) => {
  const params = new URLSearchParams();
  if (q) params.set('q', q);
  if (cursor) params.set('cursor', cursor);
  if (shop) params.set('seller', shop);
  return api.get<SellerProductPage>(`/api/seller/products?${params}`, { session: 'seller' });
};

/** `deleted`: the shop's deleted products instead (the list's `?deleted` view, decision 0231). */
export const sellerProductsLoader = dataLoader((params) =>
  params.has('deleted')
    ? import('./deleted-products').then((m) => m.getDeletedProducts(params.get('q') ?? '', params.get('cursor') ?? undefined, params.get('seller') ?? undefined))
    : getSellerProducts(params.get('q') ?? '', params.get('cursor') ?? undefined, params.get('seller') ?? undefined),
);

/** `shop`: one shop's products only (the operator's own, among every shop's). */
export const useSellerProducts = (q: string, shop?: string) => usePagedRouteData<SellerProductPage>(dataHref('/data/seller/products', { q, seller: shop }), { keepPrevious: true });
