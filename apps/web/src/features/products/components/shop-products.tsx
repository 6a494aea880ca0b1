import { SEARCH_TEXT_MAX } from '@greencart/shared';
import { useState, type ReactNode } from 'react';
import { formatDate } from '../../../lib/dates';
import type { ShopPageData } from '../api/catalogue-pages';
import { ProductResults, saidBack } from './product-results';

/**
 * /shop/:slug (issue 26): the shop's name and its in-stock products, a page at a time, searchable by name
 * (the text kept in the address, like /products), with its delivery terms under its name. An unknown or suspended
 * shop is the route's 404.
 */
export function ShopProducts({ page, delivery, onQueryChange }: { page: ShopPageData; delivery: ReactNode; onQueryChange: (q: string) => void }) {
  const { shop, search, firstPage } = page;
  const query = search.q ?? '';
  const [text, setText] = useState(query);
  return (
    <>
      <div className="flex flex-col gap-4 md:flex-row md:items-end md:justify-between">
        <div>
          <h1 className="text-2xl font-medium md:text-3xl">{shop.shopName}</h1>
          <p className="mt-1 text-gray-600">{`A shop on GreenCart since ${formatDate(shop.since, 'day')}`}</p>
          {delivery}
        </div>
        {/* Named apart from the navbar's search of the whole store: a landmark list read "search, search" (a probe). */}
        <form
          role="search"
          aria-label="This shop"
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
            name="q"
            type="search"
            maxLength={SEARCH_TEXT_MAX}
            value={text}
            onChange={(e) => {
              setText(e.target.value);
              if (e.target.value === '') onQueryChange('');
            }}
            placeholder="Search this shop"
            className="h-10 min-w-0 flex-1 rounded border border-field px-3 outline-none focus:border-primary"
          />
          <button type="submit" className="h-10 rounded bg-primary-ink px-4 font-medium text-white hover:bg-primary-deep">
            Search
          </button>
        </form>
      </div>
      {query && (
        <p className="mt-3 text-gray-600 wrap-anywhere">
          Results for “<span className="font-medium text-gray-800">{saidBack(query)}</span>”
        </p>
      )}
      <div className="mt-6">
        <ProductResults search={search} firstPage={firstPage} emptyText={query ? `No products of this shop match “${saidBack(query)}”.` : 'This shop has no products in stock right now.'} />
      </div>
    </>
  );
}
