import type { CataloguePage, Product } from '@greencart/shared';
import toast from 'react-hot-toast';
import { api, ApiError } from '../../../lib/api-client';
import { queryCache } from '../../../lib/query-cache';
import { useQuery, usePagedQuery } from '../../../lib/use-query';

/**
 * The storefront's reads (issue 15, docs/decisions/0013): each screen loads only what it shows.
 * Keys start with 'products', so a seller's write invalidates them all. A failed load toasts the
 * spec's 'Error fetching products' (once per request, however many screens watch it).
 */
/** An unknown or malformed product id: an answer, not a failed load (the product page says so). */
export const isUnknownProduct = (err: unknown) => err instanceof ApiError && (err.code === 'PRODUCT_NOT_FOUND' || err.code === 'VALIDATION_FAILED');

const loadProducts = <T>(path: string) =>
  api.get<T>(path, { silent: true }).catch((err: unknown) => {
    if (!isUnknownProduct(err)) toast.error('Error fetching products');
    throw err;
  });

export interface ProductSearch {
  q?: string;
  category?: string;
  /** One shop's products only: its slug (issue 26). */
  seller?: string;
}

/** GET /api/product/search: a page of in-stock products whose name contains `q` (and close matches on a first page). */
export function searchProducts({ q = '', category, seller }: ProductSearch, cursor?: string, limit?: number) {
  const params = new URLSearchParams();
  if (q) params.set('q', q);
  if (category) params.set('category', category);
  if (seller) params.set('seller', seller);
  if (cursor) params.set('cursor', cursor);
  if (limit) params.set('limit', String(limit));
  return loadProducts<CataloguePage>(`/api/product/search?${params}`);
}

const searchKey = (search: ProductSearch) => ['products', 'search', search.q ?? '', search.category?.toLowerCase() ?? '', search.seller ?? ''];

/** /products and category pages: the first page, then more on 'Load more' or scroll. */
export const useProductSearch = (search: ProductSearch) => usePagedQuery(searchKey(search), (cursor) => searchProducts(search, cursor), { keepPrevious: true });

/** Starts the first page of a search before its screen asks (the navbar's settled text); the screen shares it. */
export function prefetchProductSearch(q: string): void {
  const search = { q };
  queryCache.fetch(searchKey(search), async () => ({ pages: [await searchProducts(search)] })).catch(() => undefined);
}

/** GET /api/product/best-sellers: the first 5 in stock (spec section 9). */
export const useBestSellers = () => useQuery(['products', 'best-sellers'], () => loadProducts<{ products: Product[] }>('/api/product/best-sellers').then((a) => a.products));

/** GET /api/product/:id: one product in any stock state. */
export const useProduct = (id: string) => useQuery(['products', 'detail', id], () => loadProducts<{ product: Product }>(`/api/product/${encodeURIComponent(id)}`).then((a) => a.product));

/** GET /api/product/:id/related: up to 5 in-stock products of its category. */
export const useRelatedProducts = (id: string) =>
  useQuery(['products', 'related', id], () => loadProducts<{ products: Product[] }>(`/api/product/${encodeURIComponent(id)}/related`).then((a) => a.products));
