import {
  formatSlot,
  keptLineDiscountMinor,
  linePaidMinor,
  paymentStanding,
  PICKABLE_STATUSES,
  refundedMinorOf,
  SHOPPER_CANCEL_REASONS,
  shopperCanCancel,
  SUBSTITUTE_LABELS,
  toMajor,
  toMinor,
  type CartItems,
  type Order,
} from '@greencart/shared';
import { createContext, useContext, useRef, useState, type ReactNode } from 'react';
import { toast } from '../../../lib/toast';
import { ApiError } from '../../../lib/api-client';
import { Link } from 'react-router';
import { CouldNotLoad } from '../../../components/could-not-load';
import { Price } from '../../../components/price';
import { env } from '../../../config/env';
import { paths } from '../../../config/paths';
import { formatDate } from '../../../lib/dates';
import { session, useSession } from '../../../lib/session';
import { cancelOrder } from '../api/cancel-order';
import { useMyOrders } from '../api/get-my-orders';
import { reorder } from '../api/reorder';
import { groupByCheckout, type Checkout } from '../checkouts';

/** Who cancelled, in the shopper's words (issue 28). */
const CANCELLED_BY_TEXT: Record<NonNullable<Order['cancelledBy']>, string> = { shopper: 'Cancelled by you', seller: 'Cancelled by the shop', operator: 'Cancelled by GreenCart' };

/**
 * Every status the order took, oldest first, with its time (issue 16); the texts are the statuses as
 * the spec shows them, and 'Refunded' where the payment was given back (docs/decisions/0079).
 */
function Timeline({ steps, cancelledBy }: { steps: NonNullable<Order['timeline']>; cancelledBy: Order['cancelledBy'] }) {
  return (
    <ol aria-label="Order timeline" className="mt-3 flex flex-col gap-2 border-l-2 border-primary/30 pl-4 text-sm md:flex-row md:flex-wrap md:gap-x-8 md:border-l-0 md:pl-0">
      {steps.map((step, i) => (
        <li key={`${step.status}-${step.at}`} className="relative flex items-baseline gap-2">
          <span
            aria-hidden
            className={`absolute top-1.5 -left-[21px] h-2.5 w-2.5 rounded-full md:static md:self-center ${i === steps.length - 1 ? 'bg-primary-ink' : 'bg-primary/40'}`}
          />
          <span className={i === steps.length - 1 ? 'font-medium text-gray-800' : 'text-gray-600'}>
            {step.status === 'Cancelled' && cancelledBy ? CANCELLED_BY_TEXT[cancelledBy] : step.status}
          </span>
          <time dateTime={step.at} className="text-gray-500">
            {formatDate(step.at, 'moment')}
          </time>
        </li>
      ))}
    </ol>
  );
}

/**
 * The cart, as the page's route hands it over (features do not import each other): "Order again" sends the
 * browser's pending cart changes first, then shows the cart the server answers.
 */
export interface ReorderCart {
  flush: () => Promise<void>;
  replacedByServer: (cartItems: CartItems) => void;
}
const ReorderCartContext = createContext<ReorderCart | undefined>(undefined);

/**
 * /my-orders (spec section 2): the shopper's orders, newest on top, a page at a time ('Load more orders'); `below` (the
 * shopper's account) once they are in, so it does not jump down by the list's height when they come (a probe measured a
 * layout shift of 0.23).
 */
export function MyOrders({ cart, below }: { cart?: ReorderCart; below?: ReactNode }) {
  return (
    <ReorderCartContext.Provider value={cart}>
      <MyOrdersList below={below} />
    </ReorderCartContext.Provider>
  );
}

function MyOrdersList({ below }: { below?: ReactNode }) {
  const user = useSession((s) => s.user);
  const authChecked = useSession((s) => s.authChecked);
  const { data, hasMore, loadMore, fetching, status, retry } = useMyOrders();
  const orders = data?.pages.flatMap((page) => page.orders);

  return (
    <>
      <main className="mx-auto max-w-7xl px-6 py-16 md:px-16 lg:px-24 xl:px-32">
        <div className="mb-8 flex w-max flex-col items-end">
          <h1 className="text-2xl font-medium uppercase">My orders</h1>
          <div className="h-0.5 w-16 rounded-full bg-primary" />
        </div>
        {!authChecked ? null : !user ? (
          <p className="text-gray-600">
            Please{' '}
            <button type="button" onClick={() => session.setShowUserLogin(true)} className="cursor-pointer font-medium text-primary-ink underline">
              log in
            </button>{' '}
            to see your orders.
          </p>
        ) : status === 'error' ? (
          // Still no toast (spec section 8: only logged), but not "Loading…" for ever (decision 0272).
          <CouldNotLoad what="orders" onRetry={retry} busy={fetching} />
        ) : orders === undefined ? (
          <p className="text-gray-500" role="status">
            Loading your orders…
          </p>
        ) : orders.length === 0 ? (
          <p className="text-gray-600">
            You have no orders yet.{' '}
            <Link to={paths.products} className="font-medium text-primary-ink underline">
              Start shopping
            </Link>
          </p>
        ) : (
          <div className="flex max-w-4xl flex-col gap-10">
            <ol className="flex flex-col gap-10">
              {groupByCheckout(orders).map((checkout) =>
                checkout.orders.length === 1 ? <OrderCard key={checkout.checkoutId} order={checkout.orders[0]!} /> : <CheckoutCard key={checkout.checkoutId} checkout={checkout} />,
              )}
            </ol>
            {hasMore && (
              <button type="button" onClick={loadMore} aria-busy={fetching} className="h-10 w-max cursor-pointer self-center rounded border border-gray-300 px-12 text-primary-ink hover:bg-primary/10">
                {fetching ? 'Loading…' : 'Load more orders'}
              </button>
            )}
          </div>
        )}
      </main>
      {(orders !== undefined || status === 'error') && below}
    </>
  );
}

/** A checkout that bought from several shops (issue 26): one order per shop, each followed on its own. */
function CheckoutCard({ checkout }: { checkout: Checkout }) {
  const first = checkout.orders[0]!;
  return (
    <li aria-label={`Checkout of ${formatDate(first.createdAt, 'moment')}`} className="flex flex-col gap-4 rounded-lg border border-primary/40 bg-primary/5 p-3 md:p-4">
      <div className="flex flex-col gap-1 px-1 text-sm text-gray-600 md:flex-row md:flex-wrap md:items-center md:justify-between md:gap-x-6 md:font-medium">
        <span className="text-base font-medium text-gray-800">
          One checkout, {checkout.orders.length} shops
        </span>
        <span>Date : {formatDate(first.createdAt, 'day')}</span>
        <span>
          Checkout total : <Price amount={toMajor(checkout.totalMinor)} />
          {/* The card was charged more than this total once a shop's order went back (a probe saw it drop, unexplained);
              "after": the total is what stays paid (read as paid, then refunded on top: another probe). */}
          {checkout.refundedMinor > 0 && (
            <>
              {' '}
              (after <Price amount={toMajor(checkout.refundedMinor)} /> refunded)
            </>
          )}
          {checkout.owedMinor > 0 && (
            <>
              {' '}
              (<Price amount={toMajor(checkout.owedMinor)} /> refund on its way)
            </>
          )}
        </span>
      </div>
      <ol className="flex flex-col gap-4 bg-white">
        {checkout.orders.map((order) => (
          <OrderCard key={order._id} order={order} />
        ))}
      </ol>
    </li>
  );
}

/**
 * "Cancel order" while the shop has not packed it (issue 28), behind a confirmation; "Order again" on any
 * order: its available lines go into the cart, and a toast says what was left out and why.
 */
function OrderActions({ order }: { order: Order }) {
  const cart = useContext(ReorderCartContext);
  const [confirming, setConfirming] = useState(false);
  // Refused alone for its coupon's minimum (decision 0263): the question becomes the whole checkout's.
  const [whole, setWhole] = useState(false);
  // Why, for the shop (decision 0288): optional.
  const [reason, setReason] = useState('');
  const [busy, setBusy] = useState<'cancel' | 'reorder' | undefined>();
  // Where the keyboard's focus goes once the question is answered (the buttons pressed are gone): back to "Cancel
  // order" when kept, to "Order again" when cancelled; each button takes it when it is drawn and enabled.
  const focusNext = useRef<'cancel' | 'again'>(undefined);
  const takesFocus = (name: 'cancel' | 'again') => (button: HTMLButtonElement | null) => {
    if (button && focusNext.current === name) {
      focusNext.current = undefined;
      button.focus();
    }
  };

  // The question put away, the order kept: its "Keep order", or Escape anywhere in it (Escape, then Enter on the
  // focused "Yes" cancelled the order: a probe).
  const keep = () => {
    focusNext.current = 'cancel';
    setConfirming(false);
    setWhole(false);
  };

  const confirmCancel = async () => {
    setBusy('cancel');
    try {
      const answer = await cancelOrder(order._id, whole, reason || undefined);
      toast.success(answer.message);
      focusNext.current = 'again';
      setConfirming(false);
    } catch (err) {
      // The API client toasted why (already packed…); the list is read again.
      setWhole(err instanceof ApiError && err.code === 'COUPON_MINIMUM_ON_CANCEL');
    } finally {
      setBusy(undefined);
    }
  };

  const orderAgain = async () => {
    setBusy('reorder');
    try {
      await cart?.flush();
      const answer = await reorder(order._id);
      cart?.replacedByServer(answer.cartItems);
      const added = order.items.length - answer.leftOut.filter((l) => l.added === 0).length;
      if (answer.leftOut.length === 0) toast.success('Added to your cart');
      else toast(`${added > 0 ? 'Added to your cart, except: ' : 'Nothing could be added: '}${answer.leftOut.map((l) => l.message).join('; ')}`, { icon: 'ℹ️', duration: 8000 });
    } catch {
      // Toasted by the API client.
    } finally {
      setBusy(undefined);
    }
  };

  return (
    <div className="mt-3 flex flex-wrap items-center gap-3 text-sm">
      <button
        ref={takesFocus('again')}
        type="button"
        // Busy, not disabled, while a call runs: a disabled button loses the keyboard's focus to the page's body.
        onClick={() => busy === undefined && void orderAgain()}
        aria-disabled={busy !== undefined}
        aria-busy={busy === 'reorder'}
        className="h-10 cursor-pointer rounded border border-primary px-4 font-medium text-primary-ink hover:bg-primary/10 aria-disabled:cursor-wait"
      >
        {busy === 'reorder' ? 'Adding…' : 'Order again'}
        {/* Which order, to a screen reader going from button to button (every one said "Order again": a probe). */}
        <span className="sr-only"> {order.orderNumber}</span>
      </button>
      {shopperCanCancel(order) &&
        (confirming ? (
          <div
            role="group"
            aria-label="Confirm cancelling this order"
            onKeyDown={(e) => e.key === 'Escape' && keep()}
            className="flex flex-wrap items-center gap-2 rounded border border-red-200 bg-red-50 p-2"
          >
            <span className="text-gray-800">
              Cancel {whole ? 'every order of this checkout' : 'this order'}
              {order.isPaid ? ' and refund your payment' : ''}?
            </span>
            <select aria-label="Why? (optional, for the shop)" value={reason} onChange={(e) => setReason(e.target.value)} className="h-10 rounded border border-field bg-white px-2 text-gray-700">
              <option value="">Why? (optional)</option>
              {SHOPPER_CANCEL_REASONS.map((text) => (
                <option key={text}>{text}</option>
              ))}
            </select>
            {/* Focus moves to the question's safe answer, first: the button pressed to get here is gone (it was left on the
                page's body), and Enter pressed twice, or held, cancelled the order when "Yes" had it (a probe). */}
            <button
              type="button"
              autoFocus
              onClick={keep}
              className="h-10 cursor-pointer rounded border border-gray-300 bg-white px-4 text-gray-700 hover:bg-gray-50"
            >
              Keep order
            </button>
            <button
              type="button"
              onClick={() => busy === undefined && void confirmCancel()}
              aria-disabled={busy !== undefined}
              aria-busy={busy === 'cancel'}
              className="h-10 cursor-pointer rounded bg-red-700 px-4 font-medium text-white hover:bg-red-800 aria-disabled:cursor-wait"
            >
              {busy === 'cancel' ? 'Cancelling…' : whole ? 'Yes, cancel all' : 'Yes, cancel order'}
            </button>
          </div>
        ) : (
          <button ref={takesFocus('cancel')} type="button" onClick={() => setConfirming(true)} className="h-10 cursor-pointer rounded border border-gray-300 px-4 text-gray-700 hover:bg-gray-50">
            Cancel order<span className="sr-only"> {order.orderNumber}</span>
          </button>
        ))}
    </div>
  );
}

function OrderCard({ order }: { order: Order }) {
  return (
    <li aria-label={`Order ${order.orderNumber}`} className="rounded-lg border border-gray-300 p-4 py-5">
      {/* Each order a heading, its items under it: a screen reader moving by headings heard product names only (a probe). */}
      <h2 className="mb-1 text-base font-medium text-gray-800">Order {order.orderNumber}</h2>
      <div className="flex flex-col gap-1 text-sm text-gray-500 md:flex-row md:flex-wrap md:items-center md:justify-between md:gap-x-6 md:font-medium">
        <span className="break-all">OrderId : {order._id}</span>
        <span>
          Sold by{' '}
          <Link to={paths.shop(order.seller.slug)} className="text-primary-ink hover:underline">
            {order.seller.shopName}
          </Link>
        </span>
        <span>
          {/* Where the payment stands (a paid card order said only "Online", as an unpaid one does). */}
          Payment : {order.paymentType} ({paymentStanding(order)})
        </span>
        {/* Coupons (issue 29): this shop order's share of the discount, before its total. */}
        {order.discount > 0 && (
          <span className="text-primary-ink">
            Coupon {order.coupon} : −<Price amount={order.discount} />
          </span>
        )}
        {/* A cancelled order's total is struck through: nothing of it is paid (a probe read it beside a checkout total without it). */}
        <span>
          Total Amount :{' '}
          {order.status === 'Cancelled' ? (
            <del>
              <Price amount={order.amount} />
            </del>
          ) : (
            <Price amount={order.amount} />
          )}
        </span>
        {/* The amount given back, not only that it was (a probe found it in the e-mail alone). */}
        {order.isRefunded && (
          <span className="text-primary-ink">
            Refunded : <Price amount={toMajor(refundedMinorOf(order))} />
          </span>
        )}
      </div>
      {/* Each part whole on its line: with a delivery slot, "Status : Order / Placed" and "Tax : / Rs 0.63" broke mid-value (a probe). */}
      <div className="mt-2 flex flex-col gap-1 text-sm text-gray-500 md:flex-row md:flex-wrap md:gap-x-6 md:*:whitespace-nowrap">
        <span>Status : {order.status}</span>
        {/* Its total's every part, so goods, tax and delivery add up to it (a probe found no tax to make them). */}
        <span>
          Tax : <Price amount={order.tax} />
        </span>
        <span>
          Delivery : {order.deliveryFee > 0 ? <Price amount={order.deliveryFee} /> : 'Free'}
        </span>
        {order.deliverySlot && <span>Delivery slot : {formatSlot(order.deliverySlot, env.timeZone)}</span>}
        <span>Date : {formatDate(order.createdAt, 'day')}</span>
      </div>
      {order.timeline && order.timeline.length > 0 && <Timeline steps={order.timeline} cancelledBy={order.cancelledBy} />}
      {/* The reason given with the cancel (decision 0288): the shop's, GreenCart's or the shopper's own. */}
      {order.cancelReason && <p className="mt-2 text-sm wrap-anywhere text-gray-700">Reason : {order.cancelReason}</p>}
      <OrderActions order={order} />
      {order.pickedAt && <PickNotice order={order} />}
      <ul className="mt-4 flex flex-col">
        {withSubstitutes(order.items).map(({ item, replaces }) => (
          <OrderLine
            key={`${item.product._id}-${item.substituteFor ?? ''}`}
            item={item}
            replaces={replaces}
            showPreference={order.pickedAt === null && (PICKABLE_STATUSES as readonly string[]).includes(order.status)}
          />
        ))}
      </ul>
    </li>
  );
}

type OrderItem = Order['items'][number];

/** The ordered lines, each followed by the substitute that replaced its missing units (issue 28). */
function withSubstitutes(items: OrderItem[]): { item: OrderItem; replaces?: string }[] {
  return items
    .filter((item) => item.substituteFor === null)
    .flatMap((item) => [
      { item },
      ...items.filter((s) => s.substituteFor === item.product._id).map((s) => ({ item: s, replaces: item.product.name })),
    ]);
}

/** What the seller's picks changed (issue 28): the difference refunded to the card, or not collected on delivery. */
export function PickNotice({ order }: { order: Order }) {
  const reduced = order.pickReduction > 0;
  return (
    <p role="note" className="mt-3 rounded border border-amber-300 bg-amber-50 px-3 py-2 text-sm text-amber-900">
      Items picked on {formatDate(order.pickedAt!, 'moment')}.{' '}
      {!reduced ? (
        'Your total is unchanged.'
      ) : order.paymentType === 'Online' ? (
        <>
          <Price amount={order.pickReduction} /> refunded to your card.
        </>
      ) : (
        // Once delivered (or given back), in the past tense: "You pay … less" stayed on a finished order (a probe).
        <>
          You {order.status === 'Delivered' ? 'paid' : 'pay'} <Price amount={order.pickReduction} /> less on delivery.
        </>
      )}
    </p>
  );
}

/**
 * One line: as ordered, or as picked once the seller recorded it (fewer, none), or a substitute; its
 * substitution preference while the seller may still pick (before packing).
 */
export function OrderLine({ item, replaces, showPreference }: { item: OrderItem; replaces?: string; showPreference: boolean }) {
  const held = item.picked ?? item.quantity;
  const paid = { unitPriceMinor: toMinor(item.product.offerPrice), quantity: item.quantity, discountMinor: toMinor(item.discount) };
  const kept = keptLineDiscountMinor(paid, held);
  return (
    <li className="flex flex-col justify-between gap-4 border-t border-gray-200 py-5 text-gray-500 md:flex-row md:items-center md:gap-16">
      {/* A long name wraps in its own column: the picture keeps its size, Quantity and Amount stay whole. */}
      <div className="flex min-w-0 flex-1 items-center">
        <div className="shrink-0 rounded-lg bg-primary/10 p-4">
          {item.product.image[0] ? <img src={item.product.image[0]} alt="" width={64} height={64} className="h-16 w-16 object-contain" /> : <div className="h-16 w-16" />}
        </div>
        <div className="ml-4 min-w-0">
          <h3 className="text-xl font-medium break-words text-gray-800">{item.product.name}</h3>
          {replaces ? <p className="font-medium text-amber-800">Substitute for {replaces}</p> : <p>Category: {item.product.category}</p>}
          {showPreference && <p className="text-xs">If unavailable: {SUBSTITUTE_LABELS[item.substitute]}</p>}
        </div>
      </div>
      <div className="shrink-0 whitespace-nowrap md:w-32">
        <p>Quantity: {item.quantity}</p>
        {!replaces && item.picked !== null && item.picked < item.quantity && (
          <p className="font-medium text-amber-800">{item.picked === 0 ? 'Not available' : `Picked: ${item.picked} of ${item.quantity}`}</p>
        )}
      </div>
      <p className="shrink-0 text-lg font-medium text-primary-ink md:w-44">
        Amount: <Price amount={toMajor(linePaidMinor(paid, held))} />
        {/* The coupon's share of the units the line still holds (all of it until picks leave some out). */}
        {kept > 0 && (
          <span className="block text-sm font-normal text-gray-500">
            after −<Price amount={toMajor(kept)} /> coupon
          </span>
        )}
      </p>
    </li>
  );
}
