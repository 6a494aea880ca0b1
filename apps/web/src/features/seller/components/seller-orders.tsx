import { allowedNextStatuses, type Order, type OrderStatus, type SellerSummary } from '@greencart/shared';
import toast from 'react-hot-toast';
import { Price } from '../../../components/price';
import { ApiError } from '../../../lib/api-client';
import { setOrderStatus, useSellerOrders } from '../api/seller-orders';
import { RevenueChart } from './revenue-chart';

const dateFormat = new Intl.DateTimeFormat(undefined, { day: 'numeric', month: 'short', year: 'numeric' });

/** orders and revenue today, unpaid online orders, and the 14-day chart (issue 6). */
function SummaryPanel({ summary }: { summary: SellerSummary }) {
  const tile = 'min-w-0 rounded-md border border-gray-300 px-3 py-2 md:px-4 md:py-3';
  const figure = 'text-lg font-semibold md:text-2xl';
  return (
    <section aria-label="Summary" className="grid max-w-4xl grid-cols-3 gap-2 md:gap-3">
      <div className={tile}>
        <p className="text-xs text-gray-500">Orders today</p>
        <p className={figure}>{summary.today.orders}</p>
      </div>
      <div className={tile}>
        <p className="text-xs text-gray-500">Revenue today</p>
        <p className={figure}>
          <Price amount={summary.today.revenue} />
        </p>
      </div>
      <div className={tile}>
        <p className="text-xs text-gray-500">Unpaid online orders</p>
        <p className={figure}>{summary.unpaidOnlineOrders}</p>
      </div>
      <div className={`${tile} col-span-3`}>
        <RevenueChart days={summary.revenueByDay} />
      </div>
    </section>
  );
}

function StatusControl({ order, onChange }: { order: Order; onChange: (status: OrderStatus) => void }) {
  const next = allowedNextStatuses(order.status);
  return (
    <label className="flex flex-col gap-1 text-sm">
      <span className="text-gray-500">Status</span>
      <select
        aria-label={`Status of order ${order._id}`}
        value={order.status}
        disabled={next.length === 0}
        onChange={(e) => onChange(e.target.value as OrderStatus)}
        className="rounded border border-gray-300 px-2 py-1.5 outline-none focus:border-primary disabled:bg-gray-100"
      >
        {[order.status, ...next].map((status) => (
          <option key={status} value={status}>
            {status}
          </option>
        ))}
      </select>
    </label>
  );
}

/**
 * /seller/orders (spec section 2, issues 6 and 15): the summary, then the orders newest first, 50 at a time with 'Load more', each with its
 * items, the buyer's full address, amount, payment method, date, Payment 'Paid'/'Pending' ('Refunded'
 * once a paid online order was cancelled, 'Refund pending' while a late payment's refund is retried) and a status control offering only the allowed moves.
 * Load errors show the server's message here.
 */
export function SellerOrders() {
  const { data: pages, error, retry, hasMore, loadMore, fetching } = useSellerOrders();
  const data = pages && { orders: pages.pages.flatMap((page) => page.orders), summary: pages.pages[0]!.summary };
  const loadError = error === undefined ? '' : error instanceof ApiError ? error.message : 'Could not load the orders. Please try again.';

  const changeStatus = async (orderId: string, status: OrderStatus) => {
    try {
      toast.success((await setOrderStatus(orderId, status)).message);
    } catch {
      // The API client has shown the server's message; the control still shows the stored status.
    }
  };

  return (
    <main className="flex flex-col gap-5 px-4 py-8 md:px-10">
      <h1 className="text-lg font-medium">Orders List</h1>
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
          <SummaryPanel summary={data.summary} />
          {data.orders.length === 0 ? (
            <p className="text-gray-600">No orders yet.</p>
          ) : (
            <ol className="flex max-w-4xl flex-col gap-4">
              {data.orders.map((order) => (
                <li
                  key={order._id}
                  aria-label={`Order ${order._id}`}
                  className="grid gap-4 rounded-md border border-gray-300 p-4 text-sm text-gray-700 md:grid-cols-[2fr_2fr_1fr_1.3fr] md:items-start"
                >
                  <ul className="flex flex-col gap-1">
                    {order.items.map((item) => (
                      <li key={item.product._id} className="font-medium text-gray-800">
                        {item.product.name} <span className="text-primary-ink">x {item.quantity}</span>
                      </li>
                    ))}
                  </ul>
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
                  <p className="text-base font-medium text-gray-800">
                    <Price amount={order.amount} />
                  </p>
                  <div className="flex flex-col gap-1">
                    <p>Method: {order.paymentType}</p>
                    <p>Date: {dateFormat.format(new Date(order.createdAt))}</p>
                    <p>Payment: {order.isRefunded ? 'Refunded' : order.isPaid ? (order.status === 'Cancelled' ? 'Refund pending' : 'Paid') : 'Pending'}</p>
                    <StatusControl order={order} onChange={(status) => void changeStatus(order._id, status)} />
                  </div>
                </li>
              ))}
            </ol>
          )}
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
