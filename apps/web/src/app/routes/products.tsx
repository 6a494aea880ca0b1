import { Link, useLoaderData, useSearchParams } from 'react-router';
import { JsonLd, PageHead } from '../../components/page-head';
import { paths } from '../../config/paths';
import type { ListPageData } from '../../features/products/api/catalogue-pages';
import { pastTheEnd, ProductResults, saidBack } from '../../features/products/components/product-results';
import { ShopFilter } from '../../features/products/components/shop-filter';
import { itemListStructuredData } from '../../features/products/structured-data';

/**
 * /products (spec section 2): in-stock products whose name contains the search text. The text lives
 * in the URL (`/products?q=...`), so a search can be shared, reloaded and gone back to.
 */
export function Component() {
  const { search, shop, firstPage, canonical } = useLoaderData() as ListPageData;
  const [, setSearchParams] = useSearchParams();
  const query = search.q ?? '';
  const echoed = saidBack(query);
  return (
    <main className="mx-auto max-w-7xl px-4 py-12 sm:px-6 md:px-16">
      <PageHead title="All Products | GreenCart" description="Every product in stock at GreenCart: fresh vegetables, fruits, drinks, instant food, dairy, bakery and grains, delivered in under 30 minutes." canonical={canonical} noindex={Boolean(query || search.seller) || pastTheEnd(search, firstPage)} />
      {/* A search found only close matches: the list is of them (it said 0 items above 24 cards, a probe). */}
      <JsonLd data={itemListStructuredData(query ? `Results for ${query}` : 'All Products', firstPage.products.length ? firstPage.products : firstPage.closeMatches, canonical)} />
      <h1 className="text-2xl font-medium md:text-3xl">All Products</h1>
      {/* Kept in place and live: a screen reader hears each search's results arrive, with their number (a probe heard nothing). */}
      <p role="status" className="mt-1 text-gray-600 wrap-anywhere">
        {query && (
          <>
            Results for “<span className="font-medium text-gray-800">{echoed}</span>”
            {/* With the close matches shown below, "no products" alone sent a screen reader's user away (a probe). */}
            <span className="sr-only">
              : {firstPage.nextCursor ? `${firstPage.products.length} or more products` : `${firstPage.products.length || 'no'} product${firstPage.products.length === 1 ? '' : 's'}`}
              {firstPage.closeMatches.length > 0 && `, ${firstPage.closeMatches.length} close match${firstPage.closeMatches.length === 1 ? '' : 'es'}`}
              {/* A shop's name searched for: its shops said too, "no products" alone told of nothing found (a probe). */}
              {firstPage.shops?.length ? `, ${firstPage.shops.length} shop${firstPage.shops.length === 1 ? '' : 's'}` : ''}
            </span>
          </>
        )}
      </p>
      {search.seller && (
        <ShopFilter
          slug={search.seller}
          shopName={shop?.shopName}
          onClear={() =>
            setSearchParams((current) => {
              const next = new URLSearchParams(current);
              // The whole list from its start: a later page's cursor was of the shop's list.
              next.delete('seller');
              next.delete('cursor');
              return next;
            })
          }
        />
      )}
      {/* A shop's name searched for: its page first, before products of other shops named alike (decision 0279). */}
      {firstPage.shops && firstPage.shops.length > 0 && (
        <p className="mt-4 flex flex-wrap gap-x-3 gap-y-1 text-gray-600">
          Shops:
          {firstPage.shops.map((named) => (
            <Link key={named.id} to={paths.shop(named.slug)} className="font-medium text-primary-ink underline">
              {named.shopName}
            </Link>
          ))}
        </p>
      )}
      <div className="mt-6">
        {/* A shop that does not exist, or not now (suspended), is said so: "nothing in stock" was untrue of the store. */}
        <ProductResults
          search={search}
          firstPage={firstPage}
          emptyText={
            search.seller && !shop ? (
              'No open shop has this address.'
            ) : query ? (
              // A way on from a search that found nothing: the whole catalogue.
              <>
                No products match “{echoed}”.{' '}
                <Link to={paths.products} className="font-medium text-primary-ink underline">
                  See all products
                </Link>
              </>
            ) : (
              'No products are in stock right now.'
            )
          }
        />
      </div>
    </main>
  );
}
