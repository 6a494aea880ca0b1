import type { Product } from '@greencart/shared';
import { api } from '../../../lib/api-client';
import { dataHref, dataLoader, usePagedRouteData } from '../../../lib/route-data';

export interface SellerProductPage {
  /** `waiting`: shoppers who asked to hear it is back (decision 0290); not on the deleted products' view. */
  products: (Product & { waiting?: number })[];
  nextCursor: string | null;
}

/**
 * What the list narrows to: `shop`, one shop's products (a shop's slug: the operator's own among every shop's, or the
 * shop whose order the operator picks a substitute for); `out`, only those out of stock; `category`, one category's.
 */
export interface SellerProductFilters {
  shop?: string;
  out?: boolean;
  category?: string;
}

/** GET /api/seller/products: every product (in stock or not), newest first, a page at a time. */
export const getSellerProducts = (q: string, cursor?: string, { shop, out, category }: SellerProductFilters = {}) =>
  api.get<SellerProductPage>(dataHref('/api/seller/products', { q, cursor, seller: shop, stock: out ? 'out' : undefined, category }), { session: 'seller' });

/** `deleted`: the shop's deleted products instead (the list's `?deleted` view, decision 0231). */
export const sellerProductsLoader = dataLoader<SellerProductPage>((params) =>
  params.has('deleted')
    ? import('./deleted-products').then((m) => m.getDeletedProducts(params.get('q') ?? '', params.get('cursor') ?? undefined, params.get('seller') ?? undefined))
    : getSellerProducts(params.get('q') ?? '', params.get('cursor') ?? undefined, {
        shop: params.get('seller') ?? undefined,
        out: params.has('out'),
        category: params.get('category') ?? undefined,
      }),
);

export const useSellerProducts = (q: string, { shop, out, category }: SellerProductFilters) =>
  usePagedRouteData<SellerProductPage>(dataHref('/data/seller/products', { q, seller: shop, out: out ? '1' : undefined, category }), { keepPrevious: true });
