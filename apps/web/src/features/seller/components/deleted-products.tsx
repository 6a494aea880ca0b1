import { SEARCH_TEXT_MAX } from '@greencart/shared';
import { useDeferredValue, useState } from 'react';
import { Link } from 'react-router';
import { paths } from '../../../config/paths';
import { useAddressParams } from '../../../lib/address-params';
import { formatDate } from '../../../lib/dates';
import { useSellerCanWrite, useSession } from '../../../lib/session';
import { toast } from '../../../lib/toast';
import { LoadFailed, LoadMore, shownCount } from '../../../components/load-more';
import { restoreProduct, useDeletedProducts } from '../api/deleted-products';

/**
 * /seller/product-list?deleted (decision 0231): the shop's deleted products, last deleted first, a page at a time,
 * each with Restore: it comes back out of stock, to be put in stock on All Products. A product the operator removed
 * says so, and only the operator restores it; the operator sees every shop's, or one shop's (`?seller=`).
 */
export function DeletedProducts() {
  const [search, setSearch] = useState('');
  const query = useDeferredValue(search.trim());
  const isOperator = useSession((s) => s.seller?.role === 'operator');
  // The operator's one shop, kept from All Products (`?seller=`, from the shop's card on Sellers): Deleted products lost it.
  const [params, change] = useAddressParams();
  const shop = isOperator ? params.get('seller') || undefined : undefined;
  const { data, status, retry, hasMore, loadMore, fetching } = useDeletedProducts(query, shop);
  const products = data?.pages.flatMap((page) => page.products) ?? [];
  const [restoring, setRestoring] = useState<string>();
  const canWrite = useSellerCanWrite();

  const restore = async (id: string) => {
    setRestoring(id);
    try {
      const { product } = await restoreProduct(id);
      toast.success(`${product.name} is back in your products, out of stock`);
    } catch {
      // The API client has shown the server's message.
    } finally {
      setRestoring(undefined);
    }
  };

  return (
    <main className="px-4 pt-8 pb-24 md:px-10">
      <h1 className="pb-1 text-lg font-medium">Deleted Products</h1>
      <p className="mb-4 max-w-4xl text-sm text-gray-600">
        Shoppers do not see these. A restored product comes back out of stock: put it in stock on{' '}
        <Link to={shop ? `${paths.sellerProducts}?seller=${encodeURIComponent(shop)}` : paths.sellerProducts} className="font-medium text-primary-ink underline">
          All Products
        </Link>
        .
      </p>
      <div role="search" className="mb-4 max-w-4xl">
        <input
          type="search"
          maxLength={SEARCH_TEXT_MAX}
          aria-label="Search deleted products"
          value={search}
          onChange={(e) => setSearch(e.target.value)}
          placeholder="Search deleted products"
          className="h-10 w-full max-w-sm rounded border border-field px-3 outline-none focus:border-primary"
        />
        {shop && (
          <p className="mt-2 flex flex-wrap items-center gap-2 text-sm text-gray-700">
            Deleted products of {products[0]?.seller.shopName ?? `the shop at /shop/${shop}`}
            <button type="button" onClick={() => change({ seller: '' })} className="cursor-pointer py-2.5 text-primary-ink underline">
              All shops
            </button>
          </p>
        )}
      </div>
      {status === 'error' ? (
        <LoadFailed what="the deleted products" onRetry={retry} />
      ) : !data ? (
        <p role="status" className="text-gray-500">
          Loading deleted products…
        </p>
      ) : products.length === 0 ? (
        <p className="text-gray-600">{query ? `No deleted products match “${query}”.` : 'No deleted products.'}</p>
      ) : (
        <ul className="flex max-w-4xl flex-col divide-y divide-gray-300 rounded-md border border-gray-300 bg-white text-sm text-gray-600">
          {products.map((product) => {
            const locked = product.removedByOperator && !isOperator;
            return (
              <li key={product._id} aria-label={product.name} className="flex flex-wrap items-center gap-3 px-3 py-3 md:px-4">
                <div className="shrink-0 rounded border border-gray-300 p-0.5 md:p-1">
                  {product.image[0] ? <img src={product.image[0]} alt="" width={64} height={64} loading="lazy" className="h-10 w-9 object-contain md:h-16 md:w-16" /> : <div className="h-10 w-9 md:h-16 md:w-16" />}
                </div>
                <div className="min-w-0 flex-1">
                  <p className="line-clamp-2 font-medium break-words text-gray-800">{product.name}</p>
                  <p className="text-xs text-gray-500">
                    {isOperator && `${product.seller.shopName} · `}
                    {product.category} · deleted {formatDate(product.retiredAt, 'day')}
                    {product.removedByOperator && ' by the operator'}
                  </p>
                  {locked && <p className="text-xs text-red-700">Removed by the operator: only the operator can restore it.</p>}
                  {/* Why, as the e-mail said it (a probe: the list did not). */}
                  {product.removalReason && <p className="text-xs break-words whitespace-pre-line text-red-700">Reason: {product.removalReason}</p>}
                </div>
                <button
                  type="button"
                  disabled={!canWrite || locked || restoring === product._id}
                  onClick={() => void restore(product._id)}
                  aria-label={`Restore ${product.name}`}
                  className="cursor-pointer h-10 rounded border border-gray-300 px-4 text-primary-ink hover:bg-primary/10 disabled:cursor-not-allowed disabled:opacity-50"
                >
                  {restoring === product._id ? 'Restoring…' : 'Restore'}
                </button>
              </li>
            );
          })}
        </ul>
      )}
      <div className="mt-6">
        <LoadMore hasMore={hasMore} onClick={loadMore} fetching={fetching} shown={shownCount(data && products, 'deleted product', 'deleted products')} />
      </div>
    </main>
  );
}
