import { CatalogueList } from '../../features/products/components/catalogue-list';
import { searchProducts } from '../../features/products/lib/catalogue';
import { useShop } from '../../stores/shop-store';

/** /products (spec section 2): in-stock products whose name contains the navbar's search text. */
export function Component() {
  const { products, searchQuery } = useShop();
  const query = searchQuery.trim();
  return (
    <main className="mx-auto max-w-7xl px-4 py-12 sm:px-6 md:px-16">
      <title>All Products | GreenCart</title>
      <h1 className="text-2xl font-medium md:text-3xl">All Products</h1>
      {query && (
        <p className="mt-1 text-gray-600">
          Results for “<span className="font-medium text-gray-800">{query}</span>”
        </p>
      )}
      <div className="mt-6">
        <CatalogueList products={searchProducts(products, query)} emptyText={query ? `No products match “${query}”.` : 'No products are in stock right now.'} />
      </div>
    </main>
  );
}
