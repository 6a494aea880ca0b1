import type { CataloguePage } from '@greencart/shared';
import { useEffect, useLayoutEffect, useMemo, useRef, useState, type ReactNode } from 'react';
import { Link, useLocation } from 'react-router';
import { keepListPlace, keptListPlace } from '../../../lib/list-place';
import { useSearchPages, type ProductSearch } from '../api/get-products';
import { CatalogueList } from './catalogue-list';
import { ProductGrid, useDrawnInStages } from './product-grid';

/** A search said back on its page, at most 60 characters: a pasted paragraph filled a phone's screen twice before any result (a probe). */
export const saidBack = (query: string) => (query.length > 60 ? `${query.slice(0, 60)}…` : query);

/** A later page's address that lists nothing (its products sold out since, or a cursor of another list): not indexed. */
export const pastTheEnd = (search: ProductSearch, page: CataloguePage) => Boolean(search.cursor && !page.products.length);

/** This list's address starting after the product `cursor`, or at its start without one (its other parameters kept). */
function pageAddress({ pathname, search }: { pathname: string; search: string }, cursor?: string | null) {
  const params = new URLSearchParams(search);
  if (cursor) params.set('cursor', cursor);
  else params.delete('cursor');
  return `${pathname}${params.size ? `?${params}` : ''}`;
}

/**
 * The results of a search or a category (issue 15): the first page, then the next one on 'Load more'
 * or when the end of the list scrolls near. Close matches for a misspelling follow the exact results.
 * 'Load more' is a link to the next page's address (`?cursor=`), which the server renders: a crawler or a
 * browser without JavaScript walks the whole list through it; the app appends the page in place (docs/decisions/0264).
 */
export function ProductResults({ search, firstPage, emptyText }: { search: ProductSearch; firstPage: CataloguePage; emptyText: ReactNode }) {
  const location = useLocation();
  // Back to this list: its pages asked for again, then the view where the shopper left it (a phone's probe was back at
  // the start with half its cards, the product it had opened gone). Kept per entry of the tab's history.
  const [left] = useState(() => keptListPlace(location.key));
  const { pages, hasMore, loadMore, fetching, failed } = useSearchPages(search, firstPage, left?.cursors);
  const backTo = useRef(left?.cursors[0] === firstPage.nextCursor ? left : null);
  const cursors = useRef<string[]>([]);
  useEffect(() => {
    cursors.current = pages.slice(0, -1).map((page) => page.nextCursor!);
  }, [pages]);
  // On leaving, before the next page is scrolled to its top.
  useLayoutEffect(() => () => keepListPlace(location.key, { cursors: cursors.current, y: scrollY }), [location.key]);
  // One array per answer (not per render), so a deferred draw of the list starts only when a page came.
  const loaded = useMemo(() => pages.flatMap((page) => page.products), [pages]);
  const { drawn: products, complete } = useDrawnInStages(loaded);
  const closeMatches = firstPage.closeMatches ?? [];
  const end = useRef<HTMLDivElement>(null);
  // 'Load more' pressed: how many cards there were, so the first new one takes the focus once drawn (it stayed on the
  // link, now under the new cards: the next Tab went to the footer, and nothing said the list had grown: a probe).
  const list = useRef<HTMLDivElement>(null);
  const focusFrom = useRef<number>(undefined);
  useEffect(() => {
    const from = focusFrom.current;
    if (from === undefined || !complete || (products?.length ?? 0) <= from) return;
    focusFrom.current = undefined;
    list.current?.querySelectorAll('article')[from]?.querySelector<HTMLElement>('a:not([tabindex="-1"])')?.focus();
  }, [products, complete]);

  useEffect(() => {
    if (!backTo.current || !complete || pages.length <= backTo.current.cursors.length) return;
    scrollTo(0, backTo.current.y);
    backTo.current = null;
  }, [complete, pages]);

  const pageCount = pages.length;
  // Observed afresh after each page, once all its cards are drawn: an end still in view then asks for the next one.
  useEffect(() => {
    const target = end.current;
    if (!target || !hasMore || failed || !complete) return;
    const observer = new IntersectionObserver((seen) => seen.some((e) => e.isIntersecting) && loadMore(), { rootMargin: '600px 0px' });
    observer.observe(target);
    return () => observer.disconnect();
  }, [hasMore, failed, loadMore, pageCount, complete]);

  return (
    <>
      {search.cursor && (
        <Link to={pageAddress(location)} className="mb-4 inline-block font-medium text-primary-ink underline">
          Back to the first page
        </Link>
      )}
      {/* A later page's address after its products sold out, or another list's product named: nothing after it here. */}
      <div ref={list}>
        <CatalogueList products={products ?? []} emptyText={search.cursor ? 'No more products here.' : emptyText} leadsPage />
      </div>
      {pageCount > 1 && (
        <p role="status" className="sr-only">
          {loaded.length} products shown
        </p>
      )}
      {closeMatches.length > 0 && search.q && (
        <section aria-labelledby="close-matches-heading" className="mt-10">
          <h2 id="close-matches-heading" className="mb-6 text-xl font-medium md:text-2xl">
            Close matches for “{search.q}”
          </h2>
          <ProductGrid products={closeMatches} />
        </section>
      )}
      {hasMore && (
        <div ref={end} className="mt-10 flex justify-center">
          <Link
            to={pageAddress(location, pages.at(-1)!.nextCursor)}
            rel="next"
            onClick={(event) => {
              // A click opening a new tab or window keeps its way; a plain one appends the page here.
              if (event.ctrlKey || event.metaKey || event.shiftKey) return;
              event.preventDefault();
              focusFrom.current = loaded.length;
              loadMore();
            }}
            aria-busy={fetching}
            className="flex h-10 items-center rounded border border-gray-300 px-12 text-primary-ink hover:bg-primary/10"
          >
            {fetching ? 'Loading…' : failed ? 'Try again' : 'Load more'}
          </Link>
        </div>
      )}
    </>
  );
}
