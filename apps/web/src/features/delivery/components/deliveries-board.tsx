import { formatSlot } from '@greencart/shared';
import { Link } from 'react-router';
import { DayField } from '../../../components/day-field';
import { Price } from '../../../components/price';
import { paths } from '../../../config/paths';
import { useAddressParams } from '../../../lib/address-params';
import { addressDay, formatDate } from '../../../lib/dates';
import { useSession } from '../../../lib/session';
import { useDeliveries } from '../api/delivery';

/**
 * /seller/deliveries (issue 28): the shop's deliveries of a day (today in the store's time zone unless another is
 * chosen), grouped by window with how full each is; the operator sees every shop's, each window naming its shop.
 * The chosen day is in the address (`?day=2026-12-03`), as Orders and Balance keep their filters (decision 0264): a
 * reload or a shared link opens the same day (a reload went back to today: a probe); a day that is none is today.
 */
export function DeliveriesBoard() {
  const [params, changeParams] = useAddressParams();
  const day = addressDay(params.get('day'));
  const setDay = (next: string) => changeParams({ day: next });
  const isOperator = useSession((s) => s.seller?.role === 'operator');
  const { data, status, retry } = useDeliveries(day);
  return (
    <main className="flex flex-col gap-6 px-4 pt-8 pb-24 md:px-10">
      <div className="flex flex-wrap items-end gap-4">
        <h1 className="text-lg font-medium">Deliveries {day ? `on ${formatDate(day, 'day', 'UTC')}` : 'today'}</h1>
        {/* Typed dd/mm/yyyy (decision 0105); emptied or not a day, the board stays on the last good day. */}
        <DayField
          label="Day"
          day={day ?? data?.day}
          onChange={(next) => next && setDay(next)}
          className="flex flex-col gap-1 text-sm text-gray-600"
          fieldClassName="h-10 w-36 rounded border border-field bg-white px-2 text-gray-900 outline-none focus:border-primary"
        />
      </div>
      {status === 'error' && (
        <p role="alert" className="text-sm text-red-700">
          Could not load the deliveries.{' '}
          <button type="button" onClick={retry} className="cursor-pointer underline">
            Try again
          </button>
        </p>
      )}
      {data && data.windows.length === 0 && (
        // A shop without windows has orders but no deliveries booked: where they are instead.
        <p className="text-gray-600">
          No deliveries booked for this day.{' '}
          {data.nextDay && (
            <>
              The next deliveries are on{' '}
              <button type="button" onClick={() => setDay(data.nextDay!)} className="cursor-pointer font-medium text-primary-ink underline">
                {formatDate(data.nextDay, 'day', 'UTC')}
              </button>
              .{' '}
            </>
          )}
          Only orders placed with a delivery window show here; every order is on{' '}
          <Link to={paths.sellerOrders} className="font-medium text-primary-ink underline">
            Orders
          </Link>
          .
        </p>
      )}
      {data && (
        <ol className="flex max-w-4xl flex-col gap-4">
          {data.windows.map((window) => (
            <li key={`${window.start}-${window.orders[0]?._id}`} className="rounded-md border border-gray-300 p-4">
              <h2 className="flex flex-wrap justify-between gap-2 font-medium">
                <span>
                  {formatSlot(window, data.timeZone)}
                  {isOperator && ` · ${window.shopName}`}
                </span>
                <span className="text-sm font-normal text-gray-600">
                  {window.booked}
                  {window.capacity !== null ? ` of ${window.capacity}` : ''} booked
                  {/* A place held by a card checkout not yet paid is booked but not an order to deliver: said, not left unexplained (a probe). */}
                  {window.booked > window.orderCount && ` · ${window.booked - window.orderCount} awaiting card payment`}
                  {window.orders.length < window.orderCount && ` · first ${window.orders.length} of ${window.orderCount} shown`}
                </span>
              </h2>
              <ul className="mt-3 divide-y divide-gray-200 text-sm">
                {window.orders.map((order) => (
                  <li key={order._id} className="flex flex-wrap justify-between gap-2 py-2">
                    <span>
                      {/* The order's number opens it on Orders: its address, phone and items, which a rider's list needs (a probe). */}
                      <span className="font-medium text-gray-800">{order.buyer}</span> ·{' '}
                      <Link to={`${paths.sellerOrders}?q=${order._id}`} className="text-primary-ink underline">
                        {order.orderNumber}
                      </Link>{' '}
                      · {order.zipcode} · {order.items} item{order.items === 1 ? '' : 's'}
                    </span>
                    <span className="text-gray-600">
                      {/* What the rider collects: the board showed an amount without saying whether it was paid. */}
                      {order.status} · {order.toCollect > 0 ? <>Collect <Price amount={order.toCollect} /> in cash</> : <><Price amount={order.amount} /> {order.refunded ? 'refunded' : 'paid'}</>}
                    </span>
                  </li>
                ))}
              </ul>
            </li>
          ))}
        </ol>
      )}
      {data?.truncated && (
        <p className="text-sm text-gray-600">
          More orders than shown:{' '}
          <Link to={`${paths.sellerOrders}?deliveryDay=${data.day}`} className="font-medium text-primary-ink underline">
            see every order delivered this day
          </Link>
          .
        </p>
      )}
    </main>
  );
}
