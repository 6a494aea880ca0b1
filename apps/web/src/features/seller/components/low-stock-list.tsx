import { LOW_STOCK_THRESHOLD } from '@greencart/shared';
import { useState } from 'react';
import { useLowStock } from '../api/get-low-stock';

/** Up to this many, the list starts open; more start folded, so the product list stays in view (a phone's first screen). */
const OPEN_UP_TO = 6;

/**
 * The seller's low-stock list (issue 16, docs/decisions/0072): counted products with
 * LOW_STOCK_THRESHOLD units or fewer, fewest first, a page at a time with 'Show more' (a probe's shop had 235 sold out
 * and could not see the ones with a few left behind the first 20). Nothing when none is low.
 * Each name finds its product in the list below (`onFind`), where its count is set.
 */
export function LowStockList({ onFind }: { onFind: (name: string) => void }) {
  const { data, hasMore, loadMore, fetching } = useLowStock();
  // Open or folded as it first showed, then as the seller leaves it: a count changed below does not fold it.
  const [opened, setOpened] = useState<boolean>();
  const products = data?.pages.flatMap((page) => page.products) ?? [];
  if (products.length === 0) return null;
  const shown = products.length;
  return (
    <section aria-labelledby="low-stock-heading" className="mb-6 max-w-4xl rounded-md border border-amber-300 bg-amber-50 px-4 py-3">
      <details open={opened ?? shown <= OPEN_UP_TO} onToggle={(e) => setOpened(e.currentTarget.open)}>
        <summary className="cursor-pointer">
          <h2 id="low-stock-heading" className="inline font-medium text-amber-900">
            Low stock <span className="text-sm font-normal">({LOW_STOCK_THRESHOLD} or fewer left)</span>
          </h2>
          <span className="text-sm text-amber-900">
            {' · '}
            {shown}
            {hasMore ? '+' : ''} product{shown === 1 ? '' : 's'}
          </span>
        </summary>
        <ul className="mt-2 grid gap-x-6 gap-y-1 text-sm text-gray-800 sm:grid-cols-2">
          {products.map((product) => (
            // A name of 200 letters without a space (the store allows it) wraps inside the box, as in the table below.
            <li key={product._id} className="min-w-0 wrap-anywhere">
              <button type="button" onClick={() => onFind(product.name)} className="cursor-pointer py-2.5 text-left underline decoration-amber-400 underline-offset-2 hover:text-primary-ink">
                {product.name}
              </button>
              : <span className={product.stock === 0 ? 'font-medium text-red-700' : 'font-medium'}>{product.stock === 0 ? 'sold out' : `${product.stock} left`}</span>
            </li>
          ))}
        </ul>
        {hasMore && (
          <button type="button" onClick={loadMore} aria-busy={fetching} className="mt-1 h-10 cursor-pointer text-sm font-medium text-amber-900 underline">
            {fetching ? 'Loading…' : 'Show more running low'}
          </button>
        )}
      </details>
    </section>
  );
}
