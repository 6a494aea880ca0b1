import { LOW_STOCK_LIST_MAX, LOW_STOCK_THRESHOLD } from '@greencart/shared';
import { useState } from 'react';
import { useLowStock } from '../api/get-low-stock';

/** Up to this many, the list starts open; more start folded, so the product list stays in view (a phone's first screen). */
const OPEN_UP_TO = 6;

/**
 * The seller's low-stock list (issue 16, docs/decisions/0072): counted products with
 * LOW_STOCK_THRESHOLD units or fewer, fewest first, at most LOW_STOCK_LIST_MAX. Nothing when none is low.
 * Each name finds its product in the list below (`onFind`), where its count is set.
 */
export function LowStockList({ onFind }: { onFind: (name: string) => void }) {
  const { data } = useLowStock();
  // Open or folded as it first showed, then as the seller leaves it: a count changed below does not fold it.
  const [opened, setOpened] = useState<boolean>();
  if (!data || data.products.length === 0) return null;
  const shown = data.products.length;
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
            {data.more ? '+' : ''} product{shown === 1 ? '' : 's'}
          </span>
        </summary>
        <ul className="mt-2 grid gap-x-6 gap-y-1 text-sm text-gray-800 sm:grid-cols-2">
          {data.products.map((product) => (
            // A name of 200 letters without a space (the store allows it) wraps inside the box, as in the table below.
            <li key={product._id} className="min-w-0 wrap-anywhere">
              <button type="button" onClick={() => onFind(product.name)} className="cursor-pointer py-2.5 text-left underline decoration-amber-400 underline-offset-2 hover:text-primary-ink">
                {product.name}
              </button>
              : <span className={product.stock === 0 ? 'font-medium text-red-700' : 'font-medium'}>{product.stock === 0 ? 'sold out' : `${product.stock} left`}</span>
            </li>
          ))}
        </ul>
        {data.more && <p className="mt-1 text-sm text-amber-900">The {LOW_STOCK_LIST_MAX} lowest are shown; more products are running low.</p>}
      </details>
    </section>
  );
}
