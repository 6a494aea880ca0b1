import { useCallback, useEffect, useRef, useState, useSyncExternalStore } from 'react';
import { hashKey, queryCache, type QueryKey, type QueryState } from './query-cache';

export interface QueryResult<T> extends QueryState<T> {
  retry: () => void;
}

/**
 * Reads `key` from the shared cache, fetching it when missing or old. With `keepPrevious` the last
 * data shown stays while a new key loads (typing a search does not flash skeletons).
 */
export function useQuery<T>(key: QueryKey, fetcher: () => Promise<T>, { enabled = true, keepPrevious = false } = {}): QueryResult<T> {
  const hash = hashKey(key);
  const fetcherRef = useRef(fetcher);
  useEffect(() => {
    fetcherRef.current = fetcher;
  });
  const subscribe = useCallback((listener: () => void) => queryCache.subscribe(JSON.parse(hash) as QueryKey, listener), [hash]);
  const read = () => queryCache.getState<T>(JSON.parse(hash) as QueryKey);
  // The same read on the server: the build prerenders `/` with an empty cache (skeletons).
  const state = useSyncExternalStore(subscribe, read, read);
  useEffect(() => {
    if (enabled) queryCache.ensure(JSON.parse(hash) as QueryKey, () => fetcherRef.current());
  }, [hash, enabled]);
  const [previous, setPrevious] = useState<T | undefined>(undefined);
  if (keepPrevious && state.data !== undefined && state.data !== previous) setPrevious(state.data);
  const retry = useCallback(() => queryCache.retry(JSON.parse(hash) as QueryKey), [hash]);
  if (keepPrevious && state.data === undefined && previous !== undefined && state.status !== 'error') {
    return { ...state, data: previous, status: 'success', fetching: true, retry };
  }
  return { ...state, retry };
}

/** A page of a keyset-paged list: `nextCursor` is null on the last page. */
export interface Page {
  nextCursor: string | null;
}

export interface PagedResult<P extends Page> extends QueryResult<{ pages: P[] }> {
  hasMore: boolean;
  loadMore: () => void;
}

/** A paged list under one key: the first page is fetched like any query, `loadMore` appends the next. */
export function usePagedQuery<P extends Page>(key: QueryKey, fetchPage: (cursor: string | undefined) => Promise<P>, options: { enabled?: boolean; keepPrevious?: boolean } = {}): PagedResult<P> {
  const hash = hashKey(key);
  const fetchPageRef = useRef(fetchPage);
  useEffect(() => {
    fetchPageRef.current = fetchPage;
  });
  const result = useQuery(key, async () => ({ pages: [await fetchPage(undefined)] }), options);
  const last = result.data?.pages.at(-1);
  const loadMore = useCallback(() => {
    const pageKey = JSON.parse(hash) as QueryKey;
    const current = queryCache.getState<{ pages: P[] }>(pageKey).data;
    const cursor = current?.pages.at(-1)?.nextCursor;
    if (!current || !cursor) return;
    queryCache.fetch(pageKey, async () => ({ pages: [...current.pages, await fetchPageRef.current(cursor)] }), { remember: false }).catch(() => undefined);
  }, [hash]);
  return { ...result, hasMore: Boolean(last?.nextCursor), loadMore };
}
