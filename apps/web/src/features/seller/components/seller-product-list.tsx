import { useDeferredValue, useState } from 'react';
import { Price } from '../../../components/price';
import { useSellerProducts } from '../api/get-seller-products';
import { setStock } from '../api/set-stock';

/**
 * /seller/product-list (spec sections 2, 4): every product, newest first, a page at a time with
 * 'Load more', a search box, and an In Stock toggle. A toggle saves the stock on the server and
 * shows the new state in place (a refusal is toasted by the client).
 */
export function SellerProductList() {
  const [search, setSearch] = useState('');
  const query = useDeferredValue(search.trim());
  const { data, status, error, retry, hasMore, loadMore, fetching } = useSellerProducts(query);
  const products = data?.pages.flatMap((page) => page.products) ?? [];
  const [saving, setSaving] = useState<string>();

  const toggle = async (id: string, inStock: boolean) => {
    setSaving(id);
    try {
      await setStock(id, inStock);
    } catch {
      // The API client has shown the server's message.
    } finally {
      setSaving(undefined);
    }
  };

  return (
    // Bottom room so the chat button never covers the last toggle.
    <main className="px-4 pt-8 pb-24 md:px-10">
      <h1 className="pb-4 text-lg font-medium">All Products</h1>
      <div role="search" className="mb-4 max-w-4xl">
        <label htmlFor="seller-product-search" className="sr-only">
          Search your products
        </label>
        <input
          id="seller-product-search"
          type="search"
          value={search}
          onChange={(e) => setSearch(e.target.value)}
          placeholder="Search your products"
          className="h-10 w-full max-w-sm rounded border border-gray-300 px-3 outline-none focus:border-primary"
        />
      </div>
      {status === 'error' ? (
        <p role="alert" className="max-w-4xl rounded border border-red-200 bg-red-50 px-3 py-2 text-sm text-red-700">
          Could not load the products{error instanceof Error ? `: ${error.message}` : '.'}{' '}
          <button type="button" onClick={retry} className="cursor-pointer font-medium underline">
            Try again
          </button>
        </p>
      ) : !data ? (
        <p role="status" className="text-gray-500">
          Loading products…
        </p>
      ) : products.length === 0 ? (
        <p className="text-gray-600">{query ? `No products match “${query}”.` : 'No products yet.'}</p>
      ) : (
        <div className="max-w-4xl overflow-hidden rounded-md border border-gray-300 bg-white">
          <table className="w-full table-fixed text-left">
            <thead className="text-sm text-gray-900">
              <tr>
                <th className="px-3 py-3 font-semibold md:px-4">Product</th>
                <th className="hidden px-4 py-3 font-semibold md:table-cell">Category</th>
                <th className="hidden px-4 py-3 font-semibold md:table-cell">Selling Price</th>
                <th className="w-24 px-3 py-3 font-semibold md:w-28 md:px-4">In Stock</th>
              </tr>
            </thead>
            <tbody className="text-sm text-gray-600">
              {products.map((product) => (
                <tr key={product._id} className="border-t border-gray-300">
                  <td className="px-3 py-3 md:px-4">
                    <div className="flex items-center gap-3">
                      <div className="shrink-0 rounded border border-gray-300 p-1">
                        {product.image[0] ? <img src={product.image[0]} alt="" width={64} height={64} loading="lazy" className="h-12 w-12 object-contain md:h-16 md:w-16" /> : <div className="h-12 w-12 md:h-16 md:w-16" />}
                      </div>
                      <div className="min-w-0">
                        <p className="line-clamp-2 font-medium break-words text-gray-800">{product.name}</p>
                        <p className="text-xs md:hidden">
                          {product.category} · <Price amount={product.offerPrice} />
                        </p>
                      </div>
                    </div>
                  </td>
                  <td className="hidden px-4 py-3 md:table-cell">{product.category}</td>
                  <td className="hidden px-4 py-3 md:table-cell">
                    <Price amount={product.offerPrice} />
                  </td>
                  <td className="px-3 py-3 md:px-4">
                    <label className="relative inline-flex cursor-pointer items-center">
                      <input
                        type="checkbox"
                        role="switch"
                        aria-label={`In Stock: ${product.name}`}
                        className="peer sr-only"
                        checked={product.inStock}
                        disabled={saving === product._id}
                        onChange={(e) => void toggle(product._id, e.target.checked)}
                      />
                      <span className="h-7 w-12 rounded-full bg-slate-300 transition-colors peer-checked:bg-primary-ink peer-focus-visible:outline-2 peer-focus-visible:outline-primary-ink" />
                      <span className="absolute top-1 left-1 h-5 w-5 rounded-full bg-white transition-transform peer-checked:translate-x-5" />
                    </label>
                  </td>
                </tr>
              ))}
            </tbody>
          </table>
        </div>
      )}
      {hasMore && (
        <button type="button" onClick={loadMore} aria-busy={fetching} className="mt-6 h-10 rounded border border-gray-300 px-12 text-primary-ink hover:bg-primary/10">
          {fetching ? 'Loading…' : 'Load more'}
        </button>
      )}
    </main>
  );
}
