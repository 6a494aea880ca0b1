import type { Product } from '@greencart/shared';
import { ProductCard } from './product-card';

const GRID = 'grid grid-cols-2 gap-3 sm:grid-cols-3 md:gap-6 lg:grid-cols-4 xl:grid-cols-5';
/**
 * Cards out of view skip style, layout and paint until they scroll near (their last drawn size, or
 * about a phone card's, holds their place): a list hundreds of cards long costs what the screen shows.
 */
const CARD_CELL = '[content-visibility:auto] [contain-intrinsic-size:auto_340px]';

/** The card grid of every product list: home's Best Sellers, /products, categories, related products. */
export function ProductGrid({ products }: { products: Product[] }) {
  return (
    <ul className={GRID}>
      {products.map((product) => (
        <li key={product._id} className={CARD_CELL}>
          <ProductCard product={product} />
        </li>
      ))}
    </ul>
  );
}

/** Grey cards in the grid's shape while the catalogue loads, so the page does not jump when it arrives. */
export function ProductGridSkeleton({ count = 5 }: { count?: number }) {
  return (
    <div role="status" aria-live="polite">
      <span className="sr-only">Loading products…</span>
      <ul className={GRID} aria-hidden="true">
        {Array.from({ length: count }, (_, i) => (
          <li key={i} className="animate-pulse rounded-md border border-gray-200 p-3 md:px-4">
            <div className="aspect-square w-full rounded bg-gray-200" />
            <div className="mt-3 h-3 w-1/3 rounded bg-gray-200" />
            <div className="mt-2 h-4 w-3/4 rounded bg-gray-200" />
            <div className="mt-2 h-3 w-1/2 rounded bg-gray-200" />
            <div className="mt-4 h-10 w-full rounded bg-gray-200" />
          </li>
        ))}
      </ul>
    </div>
  );
}
