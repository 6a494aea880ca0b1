import type { Product } from '@greencart/shared';
import { CatalogueList } from './catalogue-list';

/** 'Best Sellers' on the home page: the first 5 in-stock products (spec section 9), as the home page's loader read them. */
export function BestSellers({ products }: { products: Product[] }) {
  return (
    <section aria-labelledby="best-sellers-heading" className="mt-16">
      <h2 id="best-sellers-heading" className="mb-6 text-2xl font-medium md:text-3xl">
        Best Sellers
      </h2>
      <CatalogueList products={products} emptyText="No products are in stock right now." />
    </section>
  );
}
