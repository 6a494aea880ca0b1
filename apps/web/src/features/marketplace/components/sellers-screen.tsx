import { SELLER_REASON_MAX, SELLER_STATUSES, type SellerListItem, type SellerStatus } from '@greencart/shared';
import { useId, useRef, useState, type FormEvent } from 'react';
import { flushSync } from 'react-dom';
import { toast } from '../../../lib/toast';
import { Link } from 'react-router';
import { useAddressParams } from '../../../lib/address-params';
import { paths } from '../../../config/paths';
import { formatDate } from '../../../lib/dates';
import { setSellerStatus, useSellers } from '../api/sellers';
import { LoadFailed, LoadMore, shownCount } from '../../../components/load-more';
import { ShopSearchField, useShopSearch } from './shop-search';
import { SellerStatusBadge, STATUS_LABEL } from './seller-status-badge';

/**
 * /seller/sellers (issue 26, the operator only): applications and shops, oldest first, 50 at a time,
 * filtered by status (kept in the address) and found by name or e-mail (decision 0215). A pending shop with a
 * confirmed e-mail can be approved; an approved one suspended with a reason the seller is e-mailed and shown; a
 * suspended one reinstated.
 */
export function SellersScreen() {
  const address = useAddressParams();
  const [params, changeParams] = address;
  const status = SELLER_STATUSES.find((s) => s === params.get('status'));
  const search = useShopSearch(address);
  const { data, status: loadStatus, retry, hasMore, loadMore, fetching } = useSellers({ status, q: search.q });
  const sellers = data?.pages.flatMap((page) => page.sellers);
  // Among a thousand shops, the applications waiting are pointed to from every other view of the list.
  const pending = data?.pages[0]?.pending ?? 0;

  return (
    <main className="flex flex-col gap-5 px-4 pt-8 pb-24 md:px-10">
      <h1 className="text-lg font-medium">Sellers</h1>
      <ShopSearchField search={search} />
      <label className="flex w-max flex-col gap-1 text-xs text-gray-500">
        Status
        <select
          value={status ?? ''}
          onChange={(e) => changeParams({ status: e.target.value })}
          className="h-10 rounded border border-field bg-white px-2 text-sm text-gray-800 outline-none focus:border-primary"
        >
          <option value="">All shops</option>
          {SELLER_STATUSES.map((s) => (
            <option key={s} value={s}>
              {STATUS_LABEL[s]}
            </option>
          ))}
        </select>
      </label>
      {status !== 'pending' && pending > 0 && (
        <p role="status" className="w-max max-w-full rounded-md border border-amber-300 bg-amber-50 px-3 py-2 text-sm text-amber-900">
          {pending === 1 ? '1 application waits' : `${pending} applications wait`} for your decision.{' '}
          <button type="button" onClick={() => changeParams({ status: 'pending' })} className="-my-2.5 cursor-pointer py-2.5 font-medium underline">
            Show {pending === 1 ? 'it' : 'them'}
          </button>
        </p>
      )}
      {loadStatus === 'error' && <LoadFailed what="the sellers" onRetry={retry} />}
      {!sellers ? (
        loadStatus !== 'error' && (
          <p role="status" className="text-gray-500">
            Loading sellers…
          </p>
        )
      ) : sellers.length === 0 ? (
        <p className="text-gray-600">
          {search.q ? `No ${status ? `${STATUS_LABEL[status].toLowerCase()} ` : ''}shops match “${search.q}”.` : status ? `No ${STATUS_LABEL[status].toLowerCase()} shops.` : 'No shops yet.'}
        </p>
      ) : (
        <ol className="flex max-w-4xl flex-col gap-4">
          {sellers.map((seller) => (
            <SellerCard key={seller.id} seller={seller} />
          ))}
        </ol>
      )}
      <LoadMore hasMore={hasMore} onClick={loadMore} fetching={fetching} shown={shownCount(sellers, 'shop', 'shops')} />
    </main>
  );
}

function SellerCard({ seller }: { seller: SellerListItem }) {
  const [suspending, setSuspending] = useState(false);
  const [busy, setBusy] = useState(false);
  const suspendButton = useRef<HTMLButtonElement>(null);
  const change = async (status: Extract<SellerStatus, 'approved' | 'suspended'>, reason?: string) => {
    setBusy(true);
    try {
      toast.success((await setSellerStatus({ sellerId: seller.id, status, reason: reason || undefined }, seller.status)).message);
      setSuspending(false);
    } catch {
      // The API client has toasted the server's message.
    } finally {
      setBusy(false);
    }
  };
  const isOperator = seller.role === 'operator';
  return (
    <li aria-label={seller.shopName} className="grid gap-3 rounded-md border border-gray-300 p-4 text-sm text-gray-700 md:grid-cols-[1.4fr_1.6fr_auto] md:items-start">
      <div className="flex flex-col gap-1">
        <p className="flex flex-wrap items-center gap-2">
          {seller.status === 'approved' ? (
            <Link to={paths.shop(seller.slug)} className="py-2 text-base font-medium text-gray-800 hover:underline">
              {seller.shopName}
            </Link>
          ) : (
            <span className="text-base font-medium text-gray-800">{seller.shopName}</span>
          )}
          <SellerStatusBadge status={seller.status} declined={seller.declined} />
          {isOperator && <span className="text-xs text-gray-500">(the marketplace’s own shop)</span>}
        </p>
        <p className="text-gray-500">Applied {formatDate(seller.createdAt, 'day')}</p>
        <p>Commission: {isOperator ? 'none' : seller.commissionPercent === null ? 'default rate' : `${seller.commissionPercent}%`}</p>
        <p className="flex gap-4">
          <Link to={`${paths.sellerOrders}?seller=${seller.slug}`} aria-label={`Orders of ${seller.shopName}`} className="py-2.5 text-primary-ink hover:underline">
            Orders
          </Link>
          <Link to={`${paths.sellerProducts}?seller=${seller.slug}`} aria-label={`Products of ${seller.shopName}`} className="py-2.5 text-primary-ink hover:underline">
            Products
          </Link>
          {/* Its coupons, to moderate a shop holding codes (0285): the code search finds one only by its whole code. */}
          <Link to={`${paths.sellerCoupons}?seller=${seller.slug}`} aria-label={`Coupons of ${seller.shopName}`} className="py-2.5 text-primary-ink hover:underline">
            Coupons
          </Link>
        </p>
      </div>
      <div className="flex min-w-0 flex-col gap-1">
        <p className="font-medium text-gray-800">{seller.name}</p>
        {/* Only the address may break anywhere: its note broke mid-word on a phone ("(con firmed)"). */}
        <p>
          <span className="break-all">{seller.email}</span> {seller.emailConfirmed ? <span className="text-green-800">(confirmed)</span> : <span className="text-amber-800">(e-mail not confirmed yet)</span>}
        </p>
        {seller.phone && <p>{seller.phone}</p>}
        {seller.pickupAddress && <p>Pickup: {seller.pickupAddress}</p>}
        {seller.statusReason && <p className="text-gray-600">Reason: {seller.statusReason}</p>}
      </div>
      {!isOperator && (
        <div className="flex flex-wrap gap-2 md:flex-col">
          {seller.status !== 'approved' && (
            <button
              type="button"
              disabled={busy || !seller.emailConfirmed}
              onClick={() => void change('approved')}
              className="h-10 cursor-pointer rounded bg-primary-ink px-4 font-medium text-white hover:bg-primary-deep disabled:cursor-not-allowed disabled:opacity-50"
            >
              {seller.status === 'suspended' && !seller.declined ? 'Reinstate' : 'Approve'}
              <span className="sr-only"> {seller.shopName}</span>
            </button>
          )}
          {seller.status !== 'suspended' && !suspending && (
            <button ref={suspendButton} type="button" disabled={busy} onClick={() => setSuspending(true)} className="h-10 cursor-pointer rounded border border-red-300 px-4 text-red-700 hover:bg-red-50 disabled:opacity-50">
              {seller.status === 'pending' ? 'Decline' : 'Suspend'}
              <span className="sr-only"> {seller.shopName}</span>
            </button>
          )}
        </div>
      )}
      {suspending && (
        <SuspendForm
          shopName={seller.shopName}
          slug={seller.slug}
          application={seller.status === 'pending'}
          busy={busy}
          onSuspend={(reason) => void change('suspended', reason)}
          onCancel={() => {
            // Back to the Suspend (or Decline) the form took the place of, drawn again first (the focus fell to the body).
            flushSync(() => setSuspending(false));
            suspendButton.current?.focus();
          }}
        />
      )}
    </li>
  );
}

/** Suspends a shop, or declines an application (`application`: it has no products or orders to speak of, decision 0252). */
function SuspendForm({
  shopName,
  slug,
  application,
  busy,
  onSuspend,
  onCancel,
}: {
  shopName: string;
  slug: string;
  application: boolean;
  busy: boolean;
  onSuspend: (reason: string) => void;
  onCancel: () => void;
}) {
  const id = useId();
  const [reason, setReason] = useState('');
  const submit = (event: FormEvent) => {
    event.preventDefault();
    onSuspend(reason.trim());
  };
  return (
    <form onSubmit={submit} aria-label={`${application ? 'Decline' : 'Suspend'} ${shopName}`} className="flex flex-col gap-2 rounded border border-red-200 bg-red-50/50 p-3 md:col-span-3">
      <label htmlFor={id} className="text-gray-700">
        Reason (e-mailed to the seller and shown in their seller area)
      </label>
      <textarea id={id} value={reason} onChange={(e) => setReason(e.target.value)} maxLength={SELLER_REASON_MAX} rows={2} required autoFocus className="rounded border border-field bg-white px-3 py-2 outline-none focus:border-primary" />
      {/* A suspended shop can no longer move or cancel its orders: its open ones wait for the operator (a probe's stayed "Order Placed"). */}
      {application ? (
        <p className="text-xs text-gray-500">The shop will not open. The application stays listed as declined: you can still approve it later.</p>
      ) : (
        <p className="text-xs text-gray-500">
          Its products leave the shop at once; its orders stay, and it can no longer move or cancel them: cancel the open ones it cannot deliver from{' '}
          <Link to={`${paths.sellerOrders}?seller=${slug}`} className="text-primary-ink underline">
            its orders
          </Link>
          .
        </p>
      )}
      <div className="flex gap-2">
        <button type="submit" disabled={busy} className="h-10 cursor-pointer rounded bg-red-700 px-4 font-medium text-white hover:bg-red-800 disabled:opacity-60">
          {application ? 'Decline application' : 'Suspend shop'}
        </button>
        <button type="button" disabled={busy} onClick={onCancel} className="h-10 cursor-pointer rounded border border-gray-300 bg-white px-4 text-gray-700">
          Cancel
        </button>
      </div>
    </form>
  );
}
