import { Link } from 'react-router';
import { CouldNotLoad } from '../../../components/could-not-load';
import { paths } from '../../../config/paths';
import { useSession } from '../../../lib/session';
import { useBuyAgainPages, useBuyAgainRow } from '../api/get-buy-again';
import { ProductGrid } from './product-grid';

/**
 * "Buy again" on the home page (issue 28): the signed-in shopper's most often bought products still sold,
 * shown only when there is something; drawn in the browser (the server renders the page for everyone).
 */
export function BuyAgainRow() {
  const user = useSession((s) => s.user);
  const { data } = useBuyAgainRow();
  if (!user || !data || data.products.length === 0) return null;
  return (
    <section aria-labelledby="buy-again-heading" className="mt-16">
      <div className="mb-6 flex items-baseline justify-between gap-4">
        <h2 id="buy-again-heading" className="text-2xl font-medium md:text-3xl">
          Buy again
        </h2>
        <Link to={paths.buyAgain} className="inline-flex h-10 items-center font-medium text-primary-ink hover:underline">
          See all
        </Link>
      </div>
      <ProductGrid products={data.products} />
    </section>
  );
}

/** /buy-again (issue 28): every product the shopper bought that is still sold, most often bought first. */
export function BuyAgainPage() {
  const user = useSession((s) => s.user);
  const authChecked = useSession((s) => s.authChecked);
  const { data, hasMore, loadMore, fetching, status, retry } = useBuyAgainPages();
  const products = data?.pages.flatMap((page) => page.products);
  return (
    <main className="mx-auto max-w-7xl px-4 py-16 sm:px-6 md:px-16">
      <div className="mb-8 flex w-max flex-col items-end">
        <h1 className="text-2xl font-medium uppercase">Buy again</h1>
        <div className="h-0.5 w-16 rounded-full bg-primary" />
      </div>
      {!authChecked ? null : !user ? (
        <p className="text-gray-600">Log in to see the products you bought before.</p>
      ) : status === 'error' ? (
        <CouldNotLoad what="products" onRetry={retry} busy={fetching} />
      ) : products === undefined ? (
        <p className="text-gray-500" role="status">
          Loading your products…
        </p>
      ) : products.length === 0 ? (
        <p className="text-gray-600">
          Nothing to buy again yet.{' '}
          <Link to={paths.products} className="font-medium text-primary-ink underline">
            Start shopping
          </Link>
        </p>
      ) : (
        <div className="flex flex-col gap-8">
          <ProductGrid products={products} />
          {hasMore && (
            <button type="button" onClick={loadMore} aria-busy={fetching} className="h-10 w-max cursor-pointer self-center rounded border border-gray-300 px-12 text-primary-ink hover:bg-primary/10">
              {fetching ? 'Loading…' : 'Load more'}
            </button>
          )}
        </div>
      )}
    </main>
  );
}
