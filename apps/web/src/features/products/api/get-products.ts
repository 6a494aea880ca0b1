import { SEARCH_TEXT_MAX, type CataloguePage } from '@greencart/shared';
import { useCallback, useEffect, useMemo, useRef, useState } from 'react';
import { toast } from '../../../lib/toast';
import { api, ApiError } from '../../../lib/api-client';

/**
 * The storefront's reads (issue 15, docs/decisions/0013): each screen loads only what it shows. The
 * pages' first answers come from their route loaders (catalogue-pages.ts, docs/decisions/0128); what
 * follows in the browser ('Load more') from here. A failed load toasts the spec's 'Error fetching products'.
 */
/** An unknown or malformed product id: an answer, not a failed load (the product page says so). */
export const isUnknownProduct = (err: unknown) => err instanceof ApiError && (err.code === 'PRODUCT_NOT_FOUND' || err.code === 'VALIDATION_FAILED');

export const loadProducts = <T>(path: string) =>
  api.get<T>(path, { silent: true }).catch((err: unknown) => {
    if (!isUnknownProduct(err)) toast.error('Error fetching products');
    throw err;
  });

export interface ProductSearch {
  q?: string;
  category?: string;
  /** One shop's products only: its slug (issue 26). */
  seller?: string;
  /** The list from after this product: a later page's own address (`?cursor=`, docs/decisions/0264). */
  cursor?: string;
}

/**
 * GET /api/product/search: a page of in-stock products whose name contains `q` (and close matches on a first page).
 * `q` cut to the longest search, as the server's page cuts it: a longer one typed or pasted was refused (400) and the
 * page fell to "Something went wrong" (a probe).
 */
export function searchProducts({ q = '', category, seller, cursor }: ProductSearch, limit?: number) {
  const params = new URLSearchParams();
  if (q) params.set('q', q.slice(0, SEARCH_TEXT_MAX));
  if (category) params.set('category', category);
  if (seller) params.set('seller', seller);
  if (cursor) params.set('cursor', cursor);
  if (limit) params.set('limit', String(limit));
  return loadProducts<CataloguePage>(`/api/product/search?${params}`);
}

interface MorePages {
  first: CataloguePage;
  more: CataloguePage[];
  fetching: boolean;
  failed: boolean;
}

/**
 * /products and category pages: the loader's first page, then the next ones on 'Load more' or scroll.
 * A new first page (another search or category) starts the list again; a page asked for under the
 * previous one is dropped when it arrives. `restored`: the cursors of the pages this list had loaded when the shopper
 * left it (Back to it): they are asked for again, together.
 */
export function useSearchPages(search: ProductSearch, first: CataloguePage, restored: string[] = []) {
  // Only a chain that starts from this first page (the list may have changed since).
  const again = restored[0] === first.nextCursor ? restored : [];
  const [state, setState] = useState<MorePages>({ first, more: [], fetching: again.length > 0, failed: false });
  const current = state.first === first ? state : { first, more: [], fetching: false, failed: false };
  if (current !== state) setState(current);
  const pages = useMemo(() => [current.first, ...current.more], [current.first, current.more]);
  const cursor = pages.at(-1)!.nextCursor;
  const asking = useRef<string | null>(null);
  useEffect(() => {
    if (again.length === 0) return;
    Promise.all(again.map((at) => searchProducts({ ...search, cursor: at }))).then(
      (more) => setState((s) => (s.first === first ? { ...s, more, fetching: false } : s)),
      () => setState((s) => (s.first === first ? { ...s, fetching: false } : s)),
    );
    // eslint-disable-next-line react-hooks/exhaustive-deps -- once, for the list as it was left
  }, []);
  const loadMore = useCallback(() => {
    // Not while pages are coming (those asked again on the way back among them): one would come twice.
    if (!cursor || current.fetching || asking.current === cursor) return;
    asking.current = cursor;
    setState((s) => (s.first === first ? { ...s, fetching: true, failed: false } : s));
    searchProducts({ ...search, cursor }).then(
      (page) => setState((s) => (s.first === first ? { ...s, more: [...s.more, page], fetching: false } : s)),
      () => {
        asking.current = null;
        setState((s) => (s.first === first ? { ...s, fetching: false, failed: true } : s));
      },
    );
  }, [cursor, current.fetching, first, search]);
  return { pages, hasMore: Boolean(cursor), fetching: current.fetching, failed: current.failed, loadMore };
}
