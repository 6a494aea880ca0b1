import {
  allowedNextStatuses,
  CANCEL_REASON_MAX,
  formatSlot,
  NAME_SEARCH_MIN,
  ORDER_STATUSES,
  SEARCH_TEXT_MAX,
  SELLER_PAYMENT_FILTERS,
  sellerPaymentLabel,
  type CancelledBy,
  type Order,
  type OrderStatus,
  type SellerPaymentFilter,
  type SellerSummary,
} from '@greencart/shared';
import { lazy, Suspense, useDeferredValue, useEffect, useRef, useState } from 'react';
import { toast } from '../../../lib/toast';
import { useAddressParams } from '../../../lib/address-params';
import { DayField } from '../../../components/day-field';
import { Price } from '../../../components/price';
import { env } from '../../../config/env';
import { ApiError } from '../../../lib/api-client';
import { useSellerCanWrite, useSession } from '../../../lib/session';
import { addressDay, formatDate } from '../../../lib/dates';
import { revalidate } from '../../../lib/route-data';
import { refundOrder, sellerOrdersExportUrl, setOrderStatus, useSellerOrders, type SellerOrderFilters } from '../api/seller-orders';
import { PickedLines, RecordPicks } from './order-picks';

// The chart comes in a chunk of its own, asked for when the summary is first drawn: the figures first, the bars in their
// room a moment later (the screen's first load within issue 27's 110 kB with the cancel's reason, decision 0288).
const RevenueChart = lazy(() => import('./revenue-chart').then((m) => ({ default: m.RevenueChart })));

// The summary's days are calendar days (already the shop's): written as they are, in UTC.
const dayLabel = (date: string) => formatDate(`${date}T00:00:00Z`, 'dayOfMonth', 'UTC');

/** sales (orders that earn) and revenue today, unpaid online orders, and the 14-day chart (issue 6). */
function SummaryPanel({ summary }: { summary: SellerSummary }) {
  const tile = 'min-w-0 rounded-md border border-gray-300 px-3 py-2 md:px-4 md:py-3';
  const figure = 'text-lg font-semibold md:text-2xl';
  return (
    // On a phone the revenue has a row of its own under the two counts: a grouped amount (Rs 33,723.75) is wider
    // than a third of the screen.
    <section aria-label="Summary" className="grid max-w-4xl grid-cols-2 gap-2 sm:grid-cols-3 md:gap-3">
      <div className={tile}>
        <p className="text-xs text-gray-500">Sales today</p>
        <p className={figure}>{summary.today.orders}</p>
      </div>
      <div className={`${tile} order-1 col-span-2 sm:order-none sm:col-span-1`}>
        <p className="text-xs text-gray-500">Revenue today</p>
        <p className={figure}>
          <Price amount={summary.today.revenue} />
        </p>
      </div>
      <div className={tile}>
        <p className="text-xs text-gray-500">Unpaid online orders</p>
        <p className={figure}>{summary.unpaidOnlineOrders}</p>
      </div>
      <div className={`${tile} order-2 col-span-2 sm:order-none sm:col-span-3`}>
        {/* The chart's own height while its code comes: nothing below moves. */}
        <Suspense fallback={<div className="h-29 md:h-33" />}>
          <RevenueChart days={summary.revenueByDay} currency={env.currency} dayLabel={dayLabel} />
        </Suspense>
      </div>
    </section>
  );
}

/**
 * The order's status control, forward only, and once delivered its Refund. What cannot be undone (a cancel, a
 * refund: a card payment goes back at once) is asked once more; Keep leaves the order as it was. A status picked
 * with the mouse (or a phone's picker) is saved at once, but Delivered, final, which waits for "Save status" as a
 * status reached with the arrow keys does (they change a closed select's value at each press: each press saved a
 * step and mailed the shopper).
 */
function OrderActions({ order }: { order: Order }) {
  // The operator on another shop's order: what it may do depends on that shop's standing, named then (decision 0277).
  const next = allowedNextStatuses(order, order.seller.status);
  const canWrite = useSellerCanWrite();
  const isOperator = useSession((s) => s.seller?.role === 'operator');
  const [asking, setAsking] = useState<'cancel' | 'refund'>();
  // What the shopper is told with a cancel (decision 0288): optional.
  const [reason, setReason] = useState('');
  const [pending, setPending] = useState<OrderStatus>();
  const byKeys = useRef(false);
  const [busy, setBusy] = useState(false);
  // The buttons pressed go once answered: the keyboard's focus goes back to the status, not to the page's body.
  const select = useRef<HTMLSelectElement>(null);
  const back = () => select.current?.focus();
  // Either question kept as it was: the status the order has, and the focus on it.
  const keep = () => {
    setPending(undefined);
    setAsking(undefined);
    back();
  };
  const choose = (status: OrderStatus) => {
    setPending(undefined);
    back();
    if (status === 'Cancelled') setAsking('cancel');
    else void write(() => setOrderStatus(order._id, status));
  };
  const write = async (call: () => Promise<{ message: string }>) => {
    setBusy(true);
    try {
      toast.success((await call()).message);
    } catch {
      // The API client has shown the server's message. The list is read again: another tab may have moved the order on
      // (a probe's second tab kept offering moves from the old status, each one refused).
      revalidate();
    } finally {
      setBusy(false);
      setAsking(undefined);
      // Once answered, only if the focus was lost meanwhile: the seller may have moved on.
      if (document.activeElement === document.body) back();
    }
  };
  const button = 'h-10 cursor-pointer rounded border px-3 text-sm disabled:cursor-not-allowed disabled:opacity-50';
  return (
    <>
      <label className="flex flex-col gap-1 text-sm">
        <span className="text-gray-500">Status</span>
        <select
          ref={select}
          aria-label={`Status of order ${order.orderNumber}`}
          value={asking === 'cancel' ? 'Cancelled' : (pending ?? order.status)}
          disabled={!canWrite || next.length === 0}
          onPointerDown={() => (byKeys.current = false)}
          onKeyDown={(e) => {
            byKeys.current = true;
            if (e.key === 'Escape' && (pending || asking)) keep();
            if (e.key === 'Enter' && pending) {
              e.preventDefault();
              choose(pending);
            }
          }}
          onChange={(e) => {
            const status = e.target.value as OrderStatus;
            // Delivered is final (cash marked collected, the sale on the statement): it waits for "Save status" too.
            // Back to the stored status (after a Delivered waiting): nothing to save.
            if (!byKeys.current && status !== 'Delivered' && status !== order.status) choose(status);
            else setPending(status === order.status ? undefined : status);
          }}
          className="h-10 rounded border border-field px-2 outline-none focus:border-primary disabled:bg-gray-100"
        >
          {[order.status, ...next].map((status) => (
            <option key={status} value={status}>
              {status}
            </option>
          ))}
        </select>
      </label>
      {/* A status waiting for "Save status", or a cancel or refund asked once more; either way Keep leaves the order as it was.
          Keep comes first, where Refund was: a double-click on Refund pressed the confirmation under it (a probe). */}
      {asking || pending ? (
        // Escape is Keep, as it closes a dialog (a keyboard probe pressed it and the question stayed).
        <div role="group" aria-label={`Order ${order.orderNumber}`} onKeyDown={(e) => e.key === 'Escape' && !busy && keep()} className="flex flex-wrap items-center gap-2">
          {asking === 'cancel' && (
            <input
              aria-label="Reason (optional)"
              placeholder="Reason (optional)"
              value={reason}
              onChange={(e) => setReason(e.target.value)}
              maxLength={CANCEL_REASON_MAX}
              className="h-10 w-full rounded border border-field px-2 outline-none focus:border-primary"
            />
          )}
          <button type="button" disabled={busy} onClick={keep} className={`${button} border-gray-300 text-gray-700`}>
            Keep {order.status}
          </button>
          <button
            type="button"
            disabled={busy}
            onClick={() => (asking ? void write(() => (asking === 'refund' ? refundOrder(order._id) : setOrderStatus(order._id, 'Cancelled', reason.trim() || undefined))) : choose(pending!))}
            className={`${button} ${asking ? 'border-red-700 bg-red-700' : 'border-primary-ink bg-primary-ink'} text-white`}
          >
            {asking ? `Confirm ${asking}` : 'Save status'}
            {/* The sum given back, read before what cannot be undone (a probe refunded one without seeing it). */}
            {asking === 'refund' && (
              <>
                {' '}of <Price amount={order.amount} />
              </>
            )}
          </button>
          {/* A shop's own refund of a cash order keeps its commission (0276): said before, not only in the answer (a probe). */}
          {asking === 'refund' && order.paymentType === 'COD' && !isOperator && (
            <p className="w-full text-xs text-gray-600">You hand the cash back to the shopper; the commission on it stays.</p>
          )}
          {asking === 'cancel' && <p className="w-full text-xs text-gray-600">The shopper reads the reason on My Orders and in the e-mail.</p>}
          {/* Why Delivered asks twice (a probe): it cannot be undone. */}
          {pending === 'Delivered' && <p className="w-full text-xs text-gray-600">Delivered is final: {order.paymentType === 'COD' && 'cash on delivery counts as paid, and '}the sale goes on {order.seller.status ? "the shop's" : 'your'} statement.</p>}
        </div>
      ) : (
        order.status === 'Delivered' &&
        !order.isRefunded && (
          <button type="button" disabled={!canWrite} onClick={() => setAsking('refund')} aria-label={`Refund order ${order.orderNumber}`} className={`${button} w-max border-red-300 text-red-700 hover:bg-red-50`}>
            Refund
          </button>
        )
      )}
    </>
  );
}

const FILTER_NAMES = ['status', 'payment', 'from', 'to', 'deliveryDay', 'q', 'seller'] as const;
type FilterName = (typeof FILTER_NAMES)[number];

/**
 * Status, payment, placed between two days (the shop's, decision 0042) and a search by order id or the
 * buyer's name, kept in the address (`/seller/orders?status=Packed`) so a filtered list can be reloaded
 * and shared; with an Export CSV of the same orders.
 */
function OrderFilters({ filters, shopName, onChange }: { filters: SellerOrderFilters; shopName?: string; onChange: (change: Partial<Record<FilterName, string>>) => void }) {
  const field = 'h-10 w-full min-w-0 rounded border border-field bg-white px-2 text-sm outline-none focus:border-primary';
  const label = 'flex flex-col gap-1 text-xs text-gray-500';
  const [search, setSearch] = useState(filters.q ?? '');
  const any = FILTER_NAMES.some((name) => filters[name]);
  return (
    <form role="search" aria-label="Filter orders" onSubmit={(e) => e.preventDefault()} className="grid max-w-4xl grid-cols-2 items-end gap-3 sm:flex sm:flex-wrap">
      {filters.seller && (
        // One shop's orders: the operator came from that shop's card on Sellers (`?seller=<its address>`).
        <p className="col-span-2 flex w-full flex-wrap items-center gap-2 text-sm text-gray-700">
          Orders of {shopName ?? `the shop at /shop/${filters.seller}`}
          <button type="button" onClick={() => onChange({ seller: '' })} className="cursor-pointer text-primary-ink underline">
            All shops
          </button>
        </p>
      )}
      <label className={`${label} col-span-2 sm:w-64`}>
        Order ID, buyer, street or phone
        <input
          type="search"
          maxLength={SEARCH_TEXT_MAX}
          value={search}
          onChange={(e) => {
            setSearch(e.target.value);
            onChange({ q: e.target.value.trim() });
          }}
          placeholder="e.g. GC-100234 or Asha"
          className={field}
        />
      </label>
      <label className={label}>
        Status
        <select value={filters.status ?? ''} onChange={(e) => onChange({ status: e.target.value })} className={field}>
          <option value="">All statuses</option>
          {ORDER_STATUSES.map((status) => (
            <option key={status}>{status}</option>
          ))}
        </select>
      </label>
      <label className={label}>
        Payment
        <select value={filters.payment ?? ''} onChange={(e) => onChange({ payment: e.target.value })} className={field}>
          <option value="">All payments</option>
          {SELLER_PAYMENT_FILTERS.map((payment) => (
            <option key={payment}>{payment}</option>
          ))}
        </select>
      </label>
      <DayField label="From" day={filters.from} onChange={(from) => onChange({ from })} className={label} fieldClassName={field} />
      <DayField label="To" day={filters.to} onChange={(to) => onChange({ to })} className={label} fieldClassName={field} />
      <DayField label="Delivery day" day={filters.deliveryDay} onChange={(deliveryDay) => onChange({ deliveryDay })} className={label} fieldClassName={field} />
      <div className="col-span-2 flex gap-3">
        {any && (
          <button
            type="button"
            onClick={() => {
              setSearch('');
              onChange(Object.fromEntries(FILTER_NAMES.map((name) => [name, ''])));
            }}
            className="h-10 cursor-pointer rounded border border-gray-300 px-3 text-sm text-gray-700 hover:bg-gray-50"
          >
            Clear filters
          </button>
        )}
        <a href={sellerOrdersExportUrl(filters)} download className="flex h-10 items-center rounded bg-primary-ink px-4 text-sm font-medium text-white hover:bg-primary-deep">
          Export CSV
        </a>
      </div>
    </form>
  );
}

/** Who cancelled an order, as the shop reads it. */
const CANCELLED_BY_NAME: Record<CancelledBy, string> = { shopper: 'the shopper', seller: 'the shop', operator: 'GreenCart' };

/** How often an open Orders screen in view asks for its orders again, so new ones come in without a reload. */
export const ORDERS_REFRESH_MS = 30_000;

/**
 * /seller/orders (spec section 2, issues 6 and 15): the summary, then the orders newest first, 20 at a time with 'Load more', each with its
 * items, the buyer's full address, amount, payment method, date, Payment 'Paid'/'Pending' ('Refunded'
 * once a paid online order was cancelled, 'Refund pending' while a late payment's refund is retried) and a status control offering only the allowed moves.
 * Load errors show the server's message here.
 */
export function SellerOrders() {
  const [params, changeParams] = useAddressParams();
  // The server answers from the pages it keeps until an order changes, so an idle shop costs it little.
  useEffect(() => {
    const timer = setInterval(() => document.visibilityState === 'visible' && revalidate(), ORDERS_REFRESH_MS);
    return () => clearInterval(timer);
  }, []);
  const typed: SellerOrderFilters = {
    status: (params.get('status') || undefined) as OrderStatus | undefined,
    payment: (params.get('payment') || undefined) as SellerPaymentFilter | undefined,
    from: addressDay(params.get('from')),
    to: addressDay(params.get('to')),
    deliveryDay: addressDay(params.get('deliveryDay')),
    q: params.get('q') || undefined,
    seller: params.get('seller') || undefined,
  };
  // Typing in the search box re-renders at once; the list follows the settled text.
  const q = useDeferredValue(typed.q);
  const filters = { ...typed, q };
  const setFilters = (change: Partial<Record<FilterName, string>>) =>
    changeParams(change, (next) => {
      // A day range the wrong way round keeps the end just typed and lets go of the other (it was refused whole).
      if (next.get('from')! > next.get('to')!) next.delete(change.from ? 'to' : 'from');
    });
  const filtered = FILTER_NAMES.some((name) => filters[name]);
  const { data: pages, error, retry, hasMore, loadMore, fetching } = useSellerOrders(filters);
  const isOperator = useSession((s) => s.seller?.role === 'operator');
  const data = pages && { orders: pages.pages.flatMap((page) => page.order), summary: pages.pages[0]!.summary };
  // An order's day as the shop counts it (decision 0042), so it agrees with the From/To filter and the summary.
  const timeZone = data?.summary.timeZone ?? 'Asia/Kolkata';
  const loadError = error === undefined ? '' : error instanceof ApiError ? error.message : 'Could not load the orders. Please try again.';

  return (
    // Bottom room so the chat toggle never covers the last order's status (tablet widths; a phone's is in the menu's column).
    <main className="flex flex-col gap-5 px-4 pt-8 pb-24 md:px-10">
      <h1 className="text-lg font-medium">Orders List</h1>
      {data && <SummaryPanel summary={data.summary} />}
      <OrderFilters filters={typed} shopName={data?.orders.find((order) => order.seller.slug === typed.seller)?.seller.shopName} onChange={setFilters} />
      {loadError && (
        <p role="alert" className="max-w-4xl rounded border border-red-200 bg-red-50 px-3 py-2 text-sm text-red-700">
          Could not load the orders: {loadError}{' '}
          <button type="button" onClick={retry} className="cursor-pointer font-medium underline">
            Try again
          </button>
        </p>
      )}
      {!data ? (
        !loadError && (
          <p role="status" className="text-gray-500">
            Loading orders…
          </p>
        )
      ) : (
        <>
          {data.orders.length === 0 ? (
            <p className="text-gray-600">{!filtered ? 'No orders yet.' : q && q.length < NAME_SEARCH_MIN ? `No order ID starts with “${q}”; names need ${NAME_SEARCH_MIN}+ letters.` : 'No orders match these filters.'}</p>
          ) : (
            <ol className="flex max-w-4xl flex-col gap-4">
              {data.orders.map((order) => (
                <li
                  key={order._id}
                  aria-label={`Order ${order.orderNumber}`}
                  className="grid gap-4 rounded-md border border-gray-300 p-4 text-sm text-gray-700 wrap-anywhere md:grid-cols-[2fr_2fr_1fr_1.3fr] md:items-start"
                >
                  <p className="text-xs text-gray-500 md:col-span-4">
                    {/* Only the id may break anywhere: a shop's name broke mid-word on a phone ("Daily Bakehou / se"). */}
                    <span className="text-sm font-semibold text-gray-800">{order.orderNumber}</span> · <span className="break-all">Order {order._id}</span>
                    {/* The operator sees every shop's orders (issue 26): whose each one is. */}
                    {isOperator && <span className="font-medium text-gray-700"> · {order.seller.shopName}</span>}
                  </p>
                  <PickedLines order={order} />
                  <address className="not-italic text-gray-600">
                    <p className="font-medium text-gray-800">
                      {order.address.firstName} {order.address.lastName}
                    </p>
                    <p>
                      {order.address.street}, {order.address.city}
                    </p>
                    <p>
                      {order.address.state}, {order.address.zipcode}, {order.address.country}
                    </p>
                    <p>{order.address.phone}</p>
                  </address>
                  <div>
                    <p className="text-base font-medium text-gray-800">
                      <Price amount={order.amount} />
                      {/* Coupons (issue 29): the discount the buyer got on this order, and who pays it is the coupon's. */}
                      {order.discount > 0 && (
                        <span className="block text-sm font-normal text-primary-ink">
                          incl. coupon {order.coupon} −<Price amount={order.discount} />
                          {order.discountPaidBy === 'operator' && ', paid by GreenCart'}
                        </span>
                      )}
                    </p>
                    <p>{order.deliveryFee > 0 ? <>Delivery <Price amount={order.deliveryFee} /></> : 'Free delivery'}</p>
                  </div>
                  <div className="flex flex-col gap-1">
                    {order.deliverySlot && <p className="font-medium text-gray-800">Slot: {formatSlot(order.deliverySlot, timeZone)}</p>}
                    <p>Method: {order.paymentType}</p>
                    <p>Date: {formatDate(order.createdAt, 'moment', timeZone)}</p>
                    <p>Payment: {sellerPaymentLabel(order)}</p>
                    {/* Who cancelled, and the reason given (decision 0288): the shop's, the operator's or the shopper's. */}
                    {order.cancelledBy && (
                      <p>
                        Cancelled by {CANCELLED_BY_NAME[order.cancelledBy]}
                        {order.cancelReason && `: ${order.cancelReason}`}
                      </p>
                    )}
                    <OrderActions order={order} />
                    {order.pickedAt && order.pickReduction > 0 && (
                      <p className="text-amber-800">
                        Picks: <Price amount={order.pickReduction} /> {order.paymentType === 'Online' ? 'refunded' : 'off'}
                      </p>
                    )}
                  </div>
                  {/* Before packing (issue 28): what was picked, fewer, none or a substitute. Keyed so a changed order starts afresh. */}
                  <RecordPicks key={order.pickedAt ?? 'open'} order={order} />
                </li>
              ))}
            </ol>
          )}
          {/* The count a filter or Load more shows, heard by a screen reader (LoadMore's, whose chunk would take this first load past 110 kB). */}
          <p role="status" className="sr-only">
            {data.orders.length} {data.orders.length === 1 ? 'order' : 'orders'} shown
          </p>
          {hasMore && (
            <button type="button" onClick={loadMore} aria-busy={fetching} className="h-10 w-max rounded border border-gray-300 px-12 text-primary-ink hover:bg-primary/10">
              {fetching ? 'Loading…' : 'Load more'}
            </button>
          )}
        </>
      )}
    </main>
  );
}
