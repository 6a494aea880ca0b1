import { useState } from 'react';
import { Link } from 'react-router';
import { paths } from '../../../config/paths';
import { formatDate } from '../../../lib/dates';
import { isUnknownShop, useShop } from '../api/get-shop';
import { ProductResults } from './product-results';

/**
 * /shop/:slug (issue 26): the shop's name and its in-stock products, a page at a time, searchable by name
 * (the text kept in the address, like /products). An unknown or suspended shop says so.
 */
export function ShopProducts({ slug, query, onQueryChange }: { slug: string; query: string; onQueryChange: (q: string) => void }) {
  const shop = useShop(slug);
  const [text, setText] = useState(query);
  if (shop.status === 'error') {
    return isUnknownShop(shop.error) ? (
      <>
        <title>Shop not found | GreenCart</title>
        <h1 className="text-2xl font-medium md:text-3xl">Shop not found</h1>
        <p className="mt-2 text-gray-600">
          No shop sells at this address now.{' '}
          <Link to={paths.products} className="font-medium text-primary-ink underline">
            See all products
          </Link>
        </p>
      </>
    ) : (
      <div className="flex flex-col items-start gap-3 text-gray-600">
        <p>The shop could not be loaded.</p>
        <button type="button" onClick={shop.retry} className="h-10 rounded border border-gray-300 px-5 hover:bg-gray-50">
          Try again
        </button>
      </div>
    );
  }
  return (
    <>
      <title>{`${shop.data?.shopName ?? 'Shop'} | GreenCart`}</title>
      <div className="flex flex-col gap-4 md:flex-row md:items-end md:justify-between">
        <div>
          {/* The heading keeps its height while the profile loads, so the grid below does not jump. */}
          <h1 className="min-h-9 text-2xl font-medium md:min-h-10 md:text-3xl">{shop.data?.shopName}</h1>
          <p className="mt-1 min-h-6 text-gray-600">{shop.data && `A shop on GreenCart since ${formatDate(shop.data.since, 'day')}`}</p>
        </div>
        <form
          role="search"
          onSubmit={(e) => {
            e.preventDefault();
            onQueryChange(text.trim());
          }}
          className="flex w-full max-w-sm gap-2"
        >
          <label htmlFor="shop-search" className="sr-only">
            Search this shop
          </label>
          <input
            id="shop-search"
            type="search"
            value={text}
            onChange={(e) => {
              setText(e.target.value);
              if (e.target.value === '') onQueryChange('');
            }}
            placeholder="Search this shop"
            className="h-10 min-w-0 flex-1 rounded border border-gray-300 px-3 outline-none focus:border-primary"
          />
          <button type="submit" className="h-10 rounded bg-primary-ink px-4 font-medium text-white hover:bg-primary-deep">
            Search
          </button>
        </form>
      </div>
      {query && (
        <p className="mt-3 text-gray-600">
          Results for “<span className="font-medium text-gray-800">{query}</span>”
        </p>
      )}
      <div className="mt-6">
        <ProductResults search={{ q: query, seller: slug }} emptyText={query ? `No products of this shop match “${query}”.` : 'This shop has no products in stock right now.'} />
      </div>
    </>
  );
}
