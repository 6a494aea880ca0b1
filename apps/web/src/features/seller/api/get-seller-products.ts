import type { Product } from '@greencart/shared';
import { api } from '../../../lib/api-client';
import { dataHref, dataLoader, usePagedRouteData } from '../../../lib/route-data';

export interface SellerProductPage {
  products: Product[];
  nextCursor: string | null;
}

/** GET /api/seller/products: every product (in stock or not), newest first, a page at a time. */
/** `shop`: one shop's products (a shop's slug), as the operator picking a substitute for that shop's order needs; `out`: only those out of stock. */
export const getSellerProducts = (q: string, cursor?: string, shop?: string, out?: boolean) =>
  api.get<SellerProductPage>(dataHref('/api/seller/products', { q, cursor, seller: shop, stock: out ? 'out' : undefined }), { session: 'seller' });

/** `deleted`: the shop's deleted products instead (the list's `?deleted` view, decision 0231). */
export const sellerProductsLoader = dataLoader((params) =>
  params.has('deleted')
    ? import('./deleted-products').then((m) => m.getDeletedProducts(params.get('q') ?? '', params.get('cursor') ?? undefined, params.get('seller') ?? undefined))
    : getSellerProducts(params.get('q') ?? '', params.get('cursor') ?? undefined, params.get('seller') ?? undefined, params.has('out')),
);

/** `shop`: one shop's products only (the operator's own, among every shop's); `out`: only those out of stock. */
export const useSellerProducts = (q: string, shop?: string, out?: boolean) =>
  usePagedRouteData<SellerProductPage>(dataHref('/data/seller/products', { q, seller: shop, out: out ? '1' : undefined }), { keepPrevious: true });
