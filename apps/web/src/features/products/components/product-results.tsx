import { useEffect, useMemo, useRef } from 'react';
import { useProductSearch, type ProductSearch } from '../api/get-products';
import { CatalogueList } from './catalogue-list';
import { ProductGrid, useDrawnInStages } from './product-grid';

/**
 * The results of a search or a category (issue 15): the first page, then the next one on 'Load more'
 * or when the end of the list scrolls near. Close matches for a misspelling follow the exact results.
 */
export function ProductResults({ search, emptyText }: { search: ProductSearch; emptyText: string }) {
  const { data, status, retry, hasMore, loadMore, fetching } = useProductSearch(search);
  // One array per answer (not per render), so a deferred draw of the list starts only when a page came.
  const loaded = useMemo(() => data?.pages.flatMap((page) => page.products), [data]);
  const { drawn: products, complete } = useDrawnInStages(loaded);
  const closeMatches = data?.pages[0]?.closeMatches ?? [];
  const end = useRef<HTMLDivElement>(null);

  const pageCount = data?.pages.length ?? 0;
  // Observed afresh after each page, once all its cards are drawn: an end still in view then asks for the next one.
  useEffect(() => {
    const target = end.current;
    if (!target || !hasMore || pageCount === 0 || !complete) return;
    const observer = new IntersectionObserver((seen) => seen.some((e) => e.isIntersecting) && loadMore(), { rootMargin: '600px 0px' });
    observer.observe(target);
    return () => observer.disconnect();
  }, [hasMore, loadMore, pageCount, complete]);

  return (
    <>
      <CatalogueList products={products} status={status} onRetry={retry} emptyText={emptyText} />
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
          <button type="button" onClick={loadMore} aria-busy={fetching} className="h-10 rounded border border-gray-300 px-12 text-primary-ink hover:bg-primary/10">
            {fetching ? 'Loading…' : 'Load more'}
          </button>
        </div>
      )}
    </>
  );
}
