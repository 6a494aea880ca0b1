import { useEffect, useState } from 'react';
import { useFetcher, type LoaderFunctionArgs } from 'react-router';

/**
 * Server data in the browser through React Router's data APIs (issue 27, decision 0166), which replaced the
 * hand-written query cache: each read is a loader of a data route (`/data/...`, app/route-table.tsx), which a
 * screen loads with a fetcher. The router cancels a superseded load (a stale answer never shows over a newer
 * one) and, after a write's `revalidate()`, loads again every route and fetcher on the page.
 */

/** A data route's answer: the data, or the error the screen shows inline (a thrown one would replace the page). */
export type DataAnswer<T> = { href: string; data: T; error?: undefined } | { href: string; data?: undefined; error: unknown };

/** `/data/x?a=1` as the loader sees its request, to tell which load an answer is of. */
const normal = (href: string) => {
  const url = new URL(href, 'http://shop');
  return url.pathname + url.search;
};

/** A data route's loader: `read` gets the request's search parameters. */
export const dataLoader =
  <T>(read: (params: URLSearchParams) => Promise<T>) =>
  async ({ request }: LoaderFunctionArgs): Promise<DataAnswer<T>> => {
    const url = new URL(request.url);
    const href = url.pathname + url.search;
    try {
      return { href, data: await read(url.searchParams) };
    } catch (error) {
      return { href, error };
    }
  };

/** `path?params`, the empty ones left out. */
export function dataHref(path: string, params: Record<string, string | null | undefined> = {}) {
  const search = new URLSearchParams(Object.entries(params).filter((entry): entry is [string, string] => Boolean(entry[1])));
  return search.size ? `${path}?${search}` : path;
}

let revalidator: (() => Promise<void>) | undefined;

/** Given by app/router.tsx: the router's own revalidation. */
export const setRevalidator = (revalidate: () => Promise<void>) => {
  revalidator = revalidate;
};

/** After a write: every loader and fetcher of the page loads again (what the write changed among them). */
export const revalidate = () => void revalidator?.();

/** A write's answer passed on once the page's reads are asked for again: `api.post(...).then(afterWrite)`. */
export const afterWrite = <T>(answer: T): T => {
  revalidate();
  return answer;
};

export interface QueryResult<T> {
  data: T | undefined;
  error: unknown;
  status: 'loading' | 'success' | 'error';
  /** True while a load is under way (also when older data is shown). */
  fetching: boolean;
  retry: () => void;
}

/**
 * The answer of the data route at `href` (null: nothing to ask, e.g. no shopper signed in). With
 * `keepPrevious` the last answer stays shown while another `href` loads (typing a search does not flash
 * skeletons).
 */
export function useRouteData<T>(href: string | null, { keepPrevious = false } = {}): QueryResult<T> {
  const { load, data: answer, state } = useFetcher<DataAnswer<T>>();
  useEffect(() => {
    if (href) void load(href);
  }, [href, load]);
  const current = href && answer?.href === normal(href) ? answer : undefined;
  const shown = current ?? (href && keepPrevious && answer?.data !== undefined ? answer : undefined);
  const error = current?.error;
  return {
    data: shown?.data,
    error,
    status: shown?.data !== undefined ? 'success' : error !== undefined ? 'error' : 'loading',
    fetching: state !== 'idle',
    retry: () => void (href && load(href)),
  };
}

type PagePatch = (page: never, index: number) => unknown;
const patchListeners = new Map<string, Set<(patch: PagePatch) => void>>();

/**
 * Changes the pages of the lists from the data route `path` shown now, without loading them again: a write
 * whose answer says what changed keeps a changed row in view where it is (an order or a shop that no longer
 * matches the list's filter stays until the list is loaded again). Nothing is kept for lists not shown:
 * a screen loads its lists when it opens.
 */
export function updateShownPages<P>(path: string, patch: (page: P, index: number) => P) {
  for (const listener of patchListeners.get(path) ?? []) listener(patch as PagePatch);
}

/** A page of a keyset-paged list: `nextCursor` is null on the last page. */
export interface Page {
  nextCursor: string | null;
}

export interface PagedResult<P extends Page> extends QueryResult<{ pages: P[] }> {
  hasMore: boolean;
  loadMore: () => void;
}

/**
 * A paged list: the first page from `href`, 'Load more' appends the next (`cursor=`) from a second fetcher.
 * A revalidation loads both again; a page is kept under its own address, so it replaces itself.
 */
export function usePagedRouteData<P extends Page>(href: string | null, options: { keepPrevious?: boolean } = {}): PagedResult<P> {
  const first = useRouteData<P>(href, options);
  const more = useFetcher<DataAnswer<P>>();
  const [loaded, setLoaded] = useState<{ base: string | null; pages: Map<string, P>; patches: PagePatch[] }>({ base: href, pages: new Map(), patches: [] });
  if (loaded.base !== href) setLoaded({ base: href, pages: new Map(), patches: [] });
  useEffect(() => {
    if (!href) return;
    const path = new URL(href, 'http://shop').pathname;
    const listener = (patch: PagePatch) => setLoaded((l) => (l.base === href ? { ...l, patches: [...l.patches, patch] } : l));
    const listeners = patchListeners.get(path) ?? new Set();
    patchListeners.set(path, listeners.add(listener));
    return () => void listeners.delete(listener);
  }, [href]);
  const next = more.data;
  const nextPage = href !== null && next?.href.startsWith(`${normal(href)}${href.includes('?') ? '&' : '?'}cursor=`) ? next.data : undefined;
  if (next && nextPage && loaded.base === href && loaded.pages.get(next.href) !== nextPage) setLoaded({ ...loaded, pages: new Map(loaded.pages).set(next.href, nextPage) });
  const patches = loaded.base === href ? loaded.patches : [];
  const pages =
    first.data === undefined
      ? undefined
      : [first.data, ...(loaded.base === href ? loaded.pages.values() : [])].map((page, i) => patches.reduce<P>((p, patch) => (patch as (page: P, index: number) => P)(p, i), page));
  const cursor = pages?.at(-1)?.nextCursor;
  return {
    ...first,
    data: pages && { pages },
    fetching: first.fetching || more.state !== 'idle',
    hasMore: Boolean(cursor),
    loadMore: () => {
      if (href && cursor) void more.load(`${href}${href.includes('?') ? '&' : '?'}cursor=${encodeURIComponent(cursor)}`);
    },
  };
}
