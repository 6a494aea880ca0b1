import { useBestSellers } from '../api/get-products';
import { CatalogueList } from './catalogue-list';

/** 'Best Sellers' on the home page: the first 5 in-stock products (spec section 9). */
export function BestSellers() {
  const { data, status, retry } = useBestSellers();
  return (
    <section aria-labelledby="best-sellers-heading" className="mt-16">
      <h2 id="best-sellers-heading" className="mb-6 text-2xl font-medium md:text-3xl">
        Best Sellers
      </h2>
      <CatalogueList products={data} status={status} onRetry={retry} emptyText="No products are in stock right now." skeletons={5} />
    </section>
  );
}
