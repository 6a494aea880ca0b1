import type { ShopBalance } from '@greencart/shared';
import { lazy, Suspense, useState } from 'react';
import { Link } from 'react-router';
import { Price } from '../../../components/price';
import { paths } from '../../../config/paths';
import { useShopBalances } from '../api/payouts';
import { LoadFailed, LoadMore, shownCount } from '../../../components/load-more';
import { OperatorPayoutAccount } from './operator-payout-account';
import { ShopSearchField, useShopSearch } from './shop-search';
import { SellerStatusBadge } from './seller-status-badge';
import { useAddressParams } from '../../../lib/address-params';

// Loaded on the first "Record payout" or "Record payment", with its confirmation: the route's first load has no room.
const PayoutForm = lazy(() => import('./payout-form').then((m) => ({ default: m.PayoutForm })));

/**
 * /seller/payouts (issue 26, the operator only): each shop's balance due (sales − commission − refunds −
 * payouts), 20 shops a page, and a payout of at most the balance: a Stripe Connect transfer when the shop
 * has a connected account, else recorded as paid by hand. Each shop links to its statement and shows its payout
 * account and who set it, which the operator sets or disconnects there (docs/decisions/0199). A shop is found by
 * name or e-mail, and "Owed money only" leaves the shops with a balance due (decision 0215). A shop that owes GreenCart
 * (the commission on cash its riders kept: decision 0276) has its payment to GreenCart recorded instead.
 */
export function PayoutsScreen() {
  const address = useAddressParams();
  const search = useShopSearch(address);
  // One of the two at most: the shops GreenCart owes, or those that owe GreenCart (decision 0276). Ticked at once, and kept
  // in the address as the search is (`?owed=true`, `?owes=true`), so a reload keeps it.
  const [params, changeParams] = address;
  const [only, setOnlyState] = useState(() => (params.get('owes') === 'true' ? 'owes' : params.get('owed') === 'true' ? 'owed' : undefined));
  const setOnly = (filter: 'owed' | 'owes' | undefined) => {
    setOnlyState(filter);
    changeParams({ owed: filter === 'owed' ? 'true' : undefined, owes: filter === 'owes' ? 'true' : undefined });
  };
  const { data, status, retry, hasMore, loadMore, fetching } = useShopBalances({ q: search.q, owed: only === 'owed', owes: only === 'owes' });
  const which = only === 'owes' ? ' owing GreenCart' : only ? ' owed money' : '';
  const shops = data?.pages.flatMap((page) => page.shops);
  const first = data?.pages[0];
  return (
    <main className="flex flex-col gap-5 px-4 pt-8 pb-24 md:px-10">
      <h1 className="text-lg font-medium">Payouts</h1>
      {first && (
        <section aria-label="Commission earned" className="grid max-w-4xl gap-3 sm:grid-cols-2">
          <div className="rounded-md border border-gray-300 px-4 py-3">
            <p className="text-xs text-gray-500">Commission earned</p>
            <p className="text-lg font-semibold md:text-2xl">
              <Price amount={first.commissionTotal} />
            </p>
          </div>
          <div className="rounded-md border border-gray-300 px-4 py-3">
            <p className="text-xs text-gray-500">Default commission</p>
            <p className="text-lg font-semibold md:text-2xl">{first.defaultPercent}%</p>
          </div>
        </section>
      )}
      <div className="flex max-w-4xl flex-wrap items-start gap-x-6 gap-y-2">
        <ShopSearchField search={search} />
        {(['owed', 'owes'] as const).map((filter) => (
          <label key={filter} className="flex h-10 items-center gap-2 text-sm text-gray-700 sm:mt-5">
            <input type="checkbox" checked={only === filter} onChange={(e) => setOnly(e.target.checked ? filter : undefined)} className="h-4 w-4 accent-primary" />
            {filter === 'owed' ? 'Owed money only' : 'Owing GreenCart only'}
          </label>
        ))}
      </div>
      {status === 'error' && <LoadFailed what="the balances" onRetry={retry} />}
      {!shops ? (
        status !== 'error' && (
          <p role="status" className="text-gray-500">
            Loading balances…
          </p>
        )
      ) : shops.length === 0 ? (
        <p className="text-gray-600">{search.q ? `No shops${which} match “${search.q}”.` : only ? `No shops${which}.` : 'No shops yet.'}</p>
      ) : (
        <ol className="flex max-w-4xl flex-col gap-3">
          {shops.map((shop) => (
            <ShopBalanceRow key={shop.seller.id} shop={shop} />
          ))}
        </ol>
      )}
      <LoadMore hasMore={hasMore} onClick={loadMore} fetching={fetching} shown={shownCount(shops, 'shop', 'shops')} />
    </main>
  );
}

function ShopBalanceRow({ shop }: { shop: ShopBalance }) {
  const [paying, setPaying] = useState(false);
  const owes = shop.balance < 0;
  const figure = (label: string, amount: number) => (
    <div>
      <dt className="text-xs text-gray-500">{label}</dt>
      <dd>
        <Price amount={amount} />
      </dd>
    </div>
  );
  return (
    <li aria-label={shop.seller.shopName} className="flex flex-col gap-3 rounded-md border border-gray-300 p-4 text-sm text-gray-700">
      {/* A long shop name wraps beside the balance, which keeps its place at the top right. */}
      <div className="flex flex-wrap items-center justify-between gap-3 sm:flex-nowrap">
        <p className="flex min-w-0 flex-wrap items-center gap-2">
          <span className="text-base font-medium text-gray-800">{shop.seller.shopName}</span>
          <SellerStatusBadge status={shop.status} />
          <span className="text-xs text-gray-500">
            {shop.ownShop ? 'own shop: no commission' : `${shop.commissionPercent}% commission${shop.overridePercent === null ? ' (default)' : ''}`}
          </span>
        </p>
        {/* In the statement's words (0247): a shop that owes GreenCart is not "due" a negative sum, and the marketplace's own
            shop keeps its takings (a probe read "Balance due Rs -76.99"). */}
        <p className="shrink-0 sm:text-right">
          <span className="block text-xs text-gray-500">{shop.ownShop ? 'Takings kept' : owes ? 'The shop owes GreenCart' : 'Balance due'}</span>
          <Price amount={Math.abs(shop.balance)} className="text-lg font-semibold text-gray-800" />
        </p>
      </div>
      <dl className="grid grid-cols-2 gap-2 sm:grid-cols-3">
        {figure('Sales', shop.sales)}
        {figure('Commission', shop.commission)}
        {figure('Refunds', shop.refunds)}
        {figure('Paid out', shop.paidOut)}
        {/* Cash on delivery stays with the shop, which pays GreenCart what it owes (decision 0276). */}
        {figure('Cash kept by the shop', shop.cashKept)}
        {figure('Paid in by the shop', shop.paidIn)}
      </dl>
      <div className="flex flex-wrap gap-2">
        {/* The marketplace's own shop keeps what it sells: nothing to pay it. A shop at Rs 0 is told why there is no
            button (a probe found "Record payout" on it). */}
        {!paying && !shop.ownShop && shop.balance === 0 && (
          <p className="flex h-10 items-center text-gray-600">
            Nothing to pay: the balance is&nbsp;<Price amount={0} />
          </p>
        )}
        {!paying && !shop.ownShop && shop.balance !== 0 && (
          <button
            type="button"
            onClick={() => setPaying(true)}
            className="h-10 cursor-pointer rounded bg-primary-ink px-4 font-medium text-white hover:bg-primary-deep"
          >
            {owes ? 'Record payment' : 'Record payout'}
            <span className="sr-only">{owes ? ' from ' : ' to '}{shop.seller.shopName}</span>
          </button>
        )}
        <Link to={`${paths.sellerBalance}?sellerId=${shop.seller.id}`} className="flex h-10 items-center rounded border border-gray-300 px-4 text-primary-ink hover:bg-primary/10">
          Statement<span className="sr-only"> of {shop.seller.shopName}</span>
        </Link>
      </div>
      {paying && (
        <Suspense fallback={null}>
          <PayoutForm shop={shop} owes={owes} onDone={() => setPaying(false)} />
        </Suspense>
      )}
      <OperatorPayoutAccount shop={shop} />
    </li>
  );
}
