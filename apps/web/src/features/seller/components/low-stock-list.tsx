import { LOW_STOCK_LIST_MAX, LOW_STOCK_THRESHOLD } from '@greencart/shared';
import { useLowStock } from '../api/get-low-stock';

/**
 * The seller's low-stock list (issue 16, docs/decisions/0072): counted products with
 * LOW_STOCK_THRESHOLD units or fewer, fewest first, at most LOW_STOCK_LIST_MAX. Nothing when none is low.
 */
export function LowStockList() {
  const { data } = useLowStock();
  if (!data || data.products.length === 0) return null;
  return (
    <section aria-labelledby="low-stock-heading" className="mb-6 max-w-4xl rounded-md border border-amber-300 bg-amber-50 px-4 py-3">
      <h2 id="low-stock-heading" className="font-medium text-amber-900">
        Low stock <span className="text-sm font-normal">({LOW_STOCK_THRESHOLD} or fewer left)</span>
      </h2>
      <ul className="mt-2 flex flex-wrap gap-x-6 gap-y-1 text-sm text-gray-800">
        {data.products.map((product) => (
          <li key={product._id}>
            {product.name}: <span className={product.stock === 0 ? 'font-medium text-red-700' : 'font-medium'}>{product.stock === 0 ? 'sold out' : `${product.stock} left`}</span>
          </li>
        ))}
      </ul>
      {data.more && <p className="mt-1 text-sm text-amber-900">The {LOW_STOCK_LIST_MAX} lowest are shown; more products are running low.</p>}
    </section>
  );
}
