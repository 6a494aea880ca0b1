import type { Product } from '@greencart/shared';
import { useShop } from '../../../stores/shop-store';
import { ProductGrid, ProductGridSkeleton } from './product-grid';

/**
 * A product list that follows the catalogue's load: skeletons while it loads, a retry when it failed
 * (the store has already toasted 'Error fetching products'), the empty text when nothing matches.
 */
export function CatalogueList({ products, emptyText, skeletons = 10 }: { products: Product[]; emptyText: string; skeletons?: number }) {
  const { productsStatus, reloadProducts } = useShop();
  if (productsStatus === 'loading') return <ProductGridSkeleton count={skeletons} />;
  if (productsStatus === 'error') {
    return (
      <div className="flex flex-col items-start gap-3 py-6 text-gray-600">
        <p>The products could not be loaded.</p>
        <button type="button" onClick={() => void reloadProducts()} className="h-10 rounded border border-gray-300 px-5 hover:bg-gray-50">
          Try again
        </button>
      </div>
    );
  }
  if (products.length === 0) return <p className="py-6 text-gray-600">{emptyText}</p>;
  return <ProductGrid products={products} />;
}
