import type { Product } from '@greencart/shared';
import { ProductGrid, ProductGridSkeleton } from './product-grid';

/**
 * A product list that follows its load: skeletons while it loads, a retry when it failed (the load
 * has already toasted 'Error fetching products'), the empty text when nothing matches.
 */
export function CatalogueList({
  products,
  status,
  onRetry,
  emptyText,
  skeletons = 10,
}: {
  products: Product[] | undefined;
  status: 'loading' | 'success' | 'error';
  onRetry: () => void;
  emptyText: string;
  skeletons?: number;
}) {
  if (status === 'error') {
    return (
      <div className="flex flex-col items-start gap-3 py-6 text-gray-600">
        <p>The products could not be loaded.</p>
        <button type="button" onClick={onRetry} className="h-10 rounded border border-gray-300 px-5 hover:bg-gray-50">
          Try again
        </button>
      </div>
    );
  }
  if (!products) return <ProductGridSkeleton count={skeletons} />;
  if (products.length === 0) return <p className="py-6 text-gray-600">{emptyText}</p>;
  return <ProductGrid products={products} />;
}
