import { useSearchParams } from 'react-router';
import { ProductResults } from '../../features/products/components/product-results';
import { ShopFilter } from '../../features/products/components/shop-filter';

/**
 * /products (spec section 2): in-stock products whose name contains the search text. The text lives
 * in the URL (`/products?q=...`), so a search can be shared, reloaded and gone back to.
 */
export function Component() {
  const [searchParams, setSearchParams] = useSearchParams();
  const query = (searchParams.get('q') ?? '').trim();
  // One shop's products only (issue 26): `?seller=<slug>`.
  const seller = searchParams.get('seller') || undefined;
  return (
    <main className="mx-auto max-w-7xl px-4 py-12 sm:px-6 md:px-16">
      <title>All Products | GreenCart</title>
      <h1 className="text-2xl font-medium md:text-3xl">All Products</h1>
      {query && (
        <p className="mt-1 text-gray-600">
          Results for “<span className="font-medium text-gray-800">{query}</span>”
        </p>
      )}
      {seller && (
        <ShopFilter
          slug={seller}
          onClear={() =>
            setSearchParams((current) => {
              const next = new URLSearchParams(current);
              next.delete('seller');
              return next;
            })
          }
        />
      )}
      <div className="mt-6">
        <ProductResults search={{ q: query, seller }} emptyText={query ? `No products match “${query}”.` : 'No products are in stock right now.'} />
      </div>
    </main>
  );
}
