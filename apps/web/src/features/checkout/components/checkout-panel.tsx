import {
  deliveryTerms,
  formatPrice,
  formatSlot,
  priceCheckout,
  shopDiscountsOf,
  toMajor,
  toMinor,
  type Address,
  type CouponCheckAnswer,
  type DeliverySlotsAnswer,
  type PaymentType,
  type Product,
  type ShopOrderTotals,
  type SubstitutePreference,
} from '@greencart/shared';
import { useEffect, useId, useRef, useState, type FormEvent, type ReactNode } from 'react';
import type { ApiError } from '../../../lib/api-client';
import { toast } from '../../../lib/toast';
import { Price } from '../../../components/price';
import { keepClear } from '../../../lib/keep-clear';
import { env } from '../../../config/env';
import { session, useSession } from '../../../lib/session';
import { revalidate } from '../../../lib/route-data';
import { checkCoupon } from '../api/check-coupon';
import { appliedCoupon, keepAppliedCoupon, keepSlots, keptSlots, rememberPincode } from '../../../lib/remembered';
import { placeCodOrder, placeOnlineOrder } from '../api/place-order';
import { useShopDeliveries } from '../api/shop-delivery';
import { ONLINE_PAYMENT_UNAVAILABLE, paymentOptions } from '../lib/payment-options';
import { leaveForPayment } from '../lib/leave-for-payment';

const PAYMENT_OPTIONS = paymentOptions(env.onlinePayment);

/**
 * The checkout column of /cart (spec sections 2, 4, 9): delivery address, payment method, summary
 * and the place-order button. The summary uses the same `priceCheckout` as the server's checkout (one
 * order per shop, each taxed on its own: decision 0123).
 * A second click while an order is being placed does nothing; the server also answers a repeated
 * checkout with the first order (docs/decisions/0030).
 */
export function CheckoutPanel({
  lines,
  unavailable,
  address,
  card,
  addressPicker,
  onOrderPlaced,
}: {
  /** The cart's lines that can be bought (in stock); the cart page leaves the others out. */
  lines: { productId: string; quantity: number; product: Product; substitute: SubstitutePreference }[];
  /** The names of the lines left out: a cart of only these says why Place Order cannot go on. */
  unavailable: string[];
  /** The chosen address: each shop says whether it delivers to its pincode and country (issue 28). */
  address: Pick<Address, '_id' | 'zipcode' | 'country'> | undefined;
  /** Back from a card's payment page (`?pay=card`): the shopper chose the card, and it stays chosen. */
  card: boolean;
  addressPicker: ReactNode;
  /** A cash-on-delivery order was placed: the page clears the cart and moves on. */
  onOrderPlaced: () => void;
}) {
  const user = useSession((s) => s.user);
  const [paymentType, setPaymentType] = useState<PaymentType>(card ? 'Online' : 'COD');
  const [placing, setPlacing] = useState(false);
  const inFlight = useRef(false);

  const [slots, setSlots] = useState(keptSlots);
  useEffect(() => keepSlots(slots), [slots]);
  const pincode = address?.zipcode;
  useEffect(() => {
    if (pincode) rememberPincode(pincode);
  }, [pincode]);

  const coupon = useCoupon(lines, user?._id);
  const itemCount = lines.reduce((sum, line) => sum + line.quantity, 0);
  const shops = new Map(lines.map((line) => [line.product.seller.id, line.product.seller.shopName]));
  const sellerIds = [...shops.keys()].sort();
  const shopDeliveries = useShopDeliveries(sellerIds, pincode, address?.country);
  // Until each shop has answered for this address, the summary names no shop as delivering or not and Place Order
  // waits: a probe read the last address's "Does not deliver" beside the new pincode, and ordered into a refusal for
  // a fee not yet shown.
  const deliveries = shopDeliveries.data;
  const checkingDelivery = sellerIds.length > 0 && shopDeliveries.status === 'loading';
  // Priced as the server charges (decision 0123): each shop's fee under its terms (issue 28), each shop
  // order's share of the coupon and tax on the discounted goods (issue 29). A shop that does not deliver to the
  // address adds no fee (nor a minimum to reach): it brings nothing there, and checkout refuses it by name.
  const { orders: priced, totals } = priceCheckout(
    lines.map((line) => ({ sellerId: line.product.seller.id, unitPriceMinor: toMinor(line.product.offerPrice), quantity: line.quantity })),
    new Map(sellerIds.flatMap((id) => (deliveries?.get(id)?.delivers ? [[id, deliveryTerms(deliveries.get(id)!)] as const] : []))),
    shopDiscountsOf(coupon.applied, toMinor),
  );
  // The shops' orders in the cart's order of shops (priceCheckout's is by id).
  const orders = [...shops.keys()].flatMap((id) => priced.filter((order) => order.sellerId === id));
  // A window chosen is sent only while still offered: one that filled up (a refusal reloads the windows) goes back to
  // "Choose a delivery slot" rather than being sent again beside another one shown as chosen.
  const chosenSlots = Object.fromEntries(
    sellerIds.flatMap((id) => (deliveries?.get(id)?.slotsRequired && deliveries.get(id)!.slots.some((s) => s.start === slots[id]) ? [[id, slots[id]!]] : [])),
  );
  const discountedShops = orders.filter((order) => order.discountMinor > 0);
  // Place Order waits for its order, the coupon's check and the shops' answers for this address.
  const busy = placing || coupon.checking || checkingDelivery;

  const placeOrder = async () => {
    if (inFlight.current || busy) return;
    if (!user) {
      toast.error('Please log in to place an order');
      session.setShowUserLogin(true);
      return;
    }
    if (!address) {
      toast.error('please select and address');
      return;
    }
    // Nothing left to buy: why, not "Your cart is empty" beside the lines still shown; "Not available" covers a line out of stock
    // and one no longer sold (it said "Out of stock" for both: a probe).
    if (lines.length === 0 && unavailable.length > 0) {
      toast.error(`Not available: ${unavailable.join(', ')}. Remove ${unavailable.length === 1 ? 'it' : 'them'} from your cart to continue.`);
      return;
    }
    // A window is the last thing to mend: a shop that does not deliver to the address, or one under its minimum, is
    // the server's refusal to name first (as the server checks them).
    const missingSlot =
      !orders.some((o) => o.shortOfMinimumMinor > 0 || deliveries?.get(o.sellerId)?.delivers === false) &&
      // The first shop as the cart shows them (the second was asked first: a probe).
      [...shops.keys()].find((id) => deliveries?.get(id)?.slotsRequired && !chosenSlots[id]);
    if (missingSlot) {
      const shop = shops.get(missingSlot);
      toast.error(deliveries!.get(missingSlot)!.slots.length > 0 ? `Choose a delivery slot for ${shop}` : `${shop} has no delivery slot left. Try again later or remove its items.`);
      // Where the choice is made, for the keyboard and a screen reader too.
      document.getElementById(`slot-${missingSlot}`)?.focus();
      return;
    }
    inFlight.current = true;
    setPlacing(true);
    const body = {
      userId: user._id,
      items: lines.map((line) => ({ product: line.productId, quantity: line.quantity, substitute: line.substitute })),
      address: address._id,
      ...(coupon.applied ? { coupon: coupon.applied.code } : {}),
      ...(Object.keys(chosenSlots).length > 0 ? { deliverySlots: chosenSlots } : {}),
      // Never charged another total than this one (decision 0223).
      expectedTotal: toMajor(totals.totalMinor),
    };
    try {
      const answer: { message: string; url?: string; backUrl?: string; alreadyPlaced?: true } = paymentType === 'COD' ? await placeCodOrder(body) : await placeOnlineOrder(body);
      // Leaving for the payment page: the button stays disabled until the page is gone. A card checkout paid minutes
      // ago and sent again is answered as placed (decision 0030).
      if (answer.url && !answer.alreadyPlaced) return leaveForPayment(answer.url, answer.backUrl!);
      keepAppliedCoupon(null);
      keepSlots(null);
      // Placed minutes ago and sent again: said plainly, not cheered as a new order (a probe).
      (answer.alreadyPlaced ? toast : toast.success)(answer.message);
      onOrderPlaced();
    } catch {
      // The API client has shown the server's message; the cart's data is loaded again, so the summary shows
      // what changed (a price, the stock, a window's places) before the shopper tries again; an applied coupon is
      // checked again, so one that expired meanwhile is dropped with its reason.
      revalidate();
      if (coupon.applied) void coupon.check(coupon.applied.code);
    }
    inFlight.current = false;
    setPlacing(false);
  };

  return (
    <section aria-labelledby="summary-heading" className="w-full border border-gray-300/70 bg-gray-100/40 p-5 md:max-w-90">
      <h2 id="summary-heading" className="text-xl font-medium">
        Order Summary
      </h2>
      <hr className="my-5 border-gray-300" />
      {/* The address's Change link and the payment choice sit at the right edge, under a phone's chat toggle. */}
      <div {...keepClear} className="mb-6">
        <p className="text-sm font-medium uppercase">Delivery Address</p>
        {addressPicker}
        <label htmlFor="payment-method" className="mt-6 block text-sm font-medium uppercase">
          Payment Method
        </label>
        <select
          id="payment-method"
          value={paymentType}
          onChange={(e) => setPaymentType(e.target.value as PaymentType)}
          aria-describedby={env.onlinePayment ? undefined : 'payment-method-note'}
          className="mt-2 h-10 w-full border border-field bg-white px-3 outline-none"
        >
          {PAYMENT_OPTIONS.map((option) => (
            <option key={option.value} value={option.value} disabled={option.disabled}>
              {option.label}
            </option>
          ))}
        </select>
        {!env.onlinePayment && (
          <p id="payment-method-note" className="mt-2 text-sm text-gray-600">
            {ONLINE_PAYMENT_UNAVAILABLE}
          </p>
        )}
      </div>
      {sellerIds.length > 0 && (
        <section aria-labelledby="delivery-heading" {...keepClear} className="mb-6">
          <h3 id="delivery-heading" className="text-sm font-medium uppercase">
            Delivery
          </h3>
          <ul className="mt-2 flex flex-col gap-3">
            {orders.map((order) => (
              <ShopDelivery
                key={order.sellerId}
                shopName={shops.get(order.sellerId) ?? ''}
                order={order}
                delivery={deliveries?.get(order.sellerId)}
                pincode={pincode}
                slot={chosenSlots[order.sellerId]}
                onSlot={(start) => setSlots((s) => ({ ...s, [order.sellerId]: start }))}
              />
            ))}
          </ul>
        </section>
      )}
      <CouponField coupon={coupon} disabled={lines.length === 0} />
      <hr className="border-gray-300" />
      <dl {...keepClear} className="mt-4 space-y-2 text-gray-600">
        <div className="flex justify-between">
          <dt>Items</dt>
          <dd>{itemCount}</dd>
        </div>
        <div className="flex justify-between">
          <dt>Price</dt>
          <dd>
            <Price amount={toMajor(totals.amountMinor)} />
          </dd>
        </div>
        {coupon.applied && (
          <div className="flex justify-between text-primary-ink">
            {/* The one shop it takes off from named beside it: a line of its own under it read as a second discount (a probe). */}
            <dt>
              Coupon {coupon.applied.code}
              {shops.size > 1 && discountedShops.length === 1 && ` · ${shops.get(discountedShops[0]!.sellerId)}`}
            </dt>
            <dd>
              −<Price amount={toMajor(totals.discountMinor)} />
            </dd>
          </div>
        )}
        {/* The discount per shop when it falls on more than one shop's order. */}
        {coupon.applied && discountedShops.length > 1 &&
          discountedShops.map((order) => (
            <div key={order.sellerId} className="flex justify-between pl-3 text-sm">
              <dt>{shops.get(order.sellerId)}</dt>
              <dd>
                −<Price amount={toMajor(order.discountMinor)} />
              </dd>
            </div>
          ))}
        <div className="flex justify-between">
          <dt>Shipping Fee</dt>
          {totals.deliveryFeeMinor > 0 ? (
            <dd>
              <Price amount={toMajor(totals.deliveryFeeMinor)} />
            </dd>
          ) : orders.length && orders.every((o) => deliveries?.get(o.sellerId)?.delivers === false) ? (
            // No shop delivering to the address: no delivery to be free (it read "Free" beside each "Does not deliver": a probe), nor drawn as good news.
            <dd>—</dd>
          ) : (
            <dd className="text-primary-ink">Free</dd>
          )}
        </div>
        <div className="flex justify-between">
          <dt>Tax (2%)</dt>
          <dd>
            <Price amount={toMajor(totals.taxMinor)} />
          </dd>
        </div>
        <div className="mt-3 flex justify-between text-lg font-medium text-gray-800">
          <dt>Total</dt>
          <dd>
            <Price amount={toMajor(totals.totalMinor)} />
          </dd>
        </div>
      </dl>
      {/* Not while the coupon is being checked: the order would go without its discount (a probe). Disabled for
          assistive technology only: a refusal leaves the keyboard's focus on the button, not on the page (a probe). */}
      <button
        type="button"
        {...keepClear}
        onClick={() => void placeOrder()}
        aria-disabled={busy}
        aria-busy={busy}
        className="mt-6 w-full cursor-pointer bg-primary-ink py-3 font-medium text-white transition hover:bg-primary-deep aria-disabled:cursor-wait aria-disabled:opacity-60"
      >
        {paymentType === 'COD' ? 'Place Order' : 'Proceed to Checkout'}
      </button>
    </section>
  );
}

type CouponState = ReturnType<typeof useCoupon>;

/**
 * The applied coupon (issue 29): its code kept in this tab for its shopper (`lib/remembered.ts`: a reload keeps it), checked
 * against the cart's lines by the server, and checked again when the lines change (a quantity, a removed line); a
 * code that no longer applies is dropped with its reason.
 */
function useCoupon(lines: { productId: string; quantity: number }[], userId: string | undefined) {
  // Read from the tab on each render: the shopper is known after the page (a reload) and may change (another signs in).
  const code = appliedCoupon(userId);
  // The last check's answer, or its refusal's message.
  const [result, setResult] = useState<CouponCheckAnswer | string>();
  const [checking, setChecking] = useState(false);
  // A code kept is checked next (the effect below), so it shows as being checked; none kept, none is.
  const keep = (next: string | null) => {
    keepAppliedCoupon(next, userId);
    setChecking(!!next);
  };
  const items = lines.map((line) => ({ product: line.productId, quantity: line.quantity }));
  const itemsKey = JSON.stringify(items);
  const latest = useRef(0);
  // A refusal is for the lines it was given for: "add Rs 50 more" goes once the shopper changes them (a probe).
  const [linesChecked, setLinesChecked] = useState(itemsKey);
  if (linesChecked !== itemsKey) {
    setLinesChecked(itemsKey);
    if (typeof result === 'string') setResult(undefined);
  }

  const check = async (checked: string) => {
    const call = ++latest.current;
    setChecking(true);
    try {
      const answer = await checkCoupon(checked, items);
      if (call === latest.current) setResult(answer);
    } catch (err) {
      if (call !== latest.current) return;
      keep(null);
      // Every failure of the call is an ApiError with a message for the shopper (a lost connection included), a
      // malformed code's without the field's API name ("code: A coupon code has only letters…" was shown: a probe).
      setResult((err as ApiError).shown);
    } finally {
      if (call === latest.current) setChecking(false);
    }
  };

  useEffect(() => {
    // A code kept or typed, or the cart changed under it: its discount is priced on the lines as they are now.
    // Started after this render (the check's own state changes belong to its answer, not to the effect).
    // An emptied cart (an order placed) has nothing to price; the cart's lines load after a reload.
    if (code && items.length > 0) void Promise.resolve().then(() => check(code));
    // eslint-disable-next-line react-hooks/exhaustive-deps -- only the code and the cart's lines trigger a new check
  }, [itemsKey, code]);

  const remove = () => {
    latest.current++;
    keep(null);
    setResult(undefined);
  };
  // Applied while its code is kept for this shopper: another signing in while the cart is open finds it gone.
  return { applied: code && typeof result === 'object' ? result : undefined, error: typeof result === 'string' && result, checking, check, keep, remove };
}

function CouponField({ coupon, disabled }: { coupon: CouponState; disabled: boolean }) {
  const id = useId();
  const [code, setCode] = useState('');
  // Applying swaps the form for the applied line and Remove swaps it back: the control that takes the pressed one's
  // place takes the keyboard's focus (it went to the page's body), once the shopper acted, not when the cart opens.
  const focusNext = useRef<'remove' | 'field'>(undefined);
  const takesFocus = (name: 'remove' | 'field') => (control: HTMLElement | null) => {
    if (control && focusNext.current === name) {
      focusNext.current = undefined;
      control.focus();
    }
  };
  // Apply stays enabled while a code is checked (a second press checks again, the last answer wins): a disabled button
  // dropped the keyboard's focus to the page after a refusal (a probe).
  const submit = (event: FormEvent) => {
    event.preventDefault();
    if (code.trim() === '') return;
    focusNext.current = 'remove';
    coupon.keep(code.trim());
  };
  if (coupon.applied) {
    return (
      <div {...keepClear} className="mb-4 flex flex-wrap items-center justify-between gap-x-3 text-sm">
        <p role="status">
          Coupon <span className="font-medium text-gray-800">{coupon.applied.code}</span> applied
        </p>
        <button
          ref={takesFocus('remove')}
          type="button"
          onClick={() => {
            focusNext.current = 'field';
            coupon.remove();
          }}
          className="min-h-10 cursor-pointer text-primary-ink underline"
        >
          Remove coupon
        </button>
        {/* An amount larger than the goods it applies to: the shopper knows the rest is lost before ordering (a probe). */}
        {coupon.applied.unused > 0 && <p className="w-full text-gray-600">{coupon.applied.message}</p>}
      </div>
    );
  }
  return (
    <form {...keepClear} onSubmit={submit} noValidate className="mb-4 text-sm">
      <label htmlFor={id} className="block font-medium uppercase">
        Coupon
      </label>
      <div className="mt-2 flex gap-2">
        <input
          ref={takesFocus('field')}
          id={id}
          value={code}
          onChange={(e) => setCode(e.target.value)}
          autoComplete="off"
          maxLength={32}
          aria-invalid={coupon.error ? true : undefined}
          aria-describedby={coupon.error ? `${id}-error` : undefined}
          className="h-10 min-w-0 flex-1 border border-field bg-white px-3 uppercase outline-none placeholder:normal-case"
          placeholder="Enter a code"
        />
        <button
          type="submit"
          disabled={disabled}
          className="h-10 cursor-pointer border border-primary-ink px-3 font-medium text-primary-ink hover:bg-primary/10 disabled:cursor-not-allowed disabled:opacity-60"
        >
          Apply coupon
        </button>
      </div>
      {coupon.error && (
        <p id={`${id}-error`} role="alert" className="mt-2 text-red-700">
          {coupon.error}
        </p>
      )}
    </form>
  );
}

/**
 * One shop's delivery in the summary (issue 28): whether it delivers to the chosen pincode, its fee or "Free", how
 * much more makes delivery free or reaches its minimum, and its windows to choose from.
 */
function ShopDelivery({
  shopName,
  order,
  delivery,
  pincode,
  slot,
  onSlot,
}: {
  shopName: string;
  order: ShopOrderTotals;
  delivery: DeliverySlotsAnswer | undefined;
  pincode: string | undefined;
  slot: string | undefined;
  onSlot: (start: string) => void;
}) {
  const money = (minor: number) => formatPrice(minor, env.currency);
  return (
    <li aria-label={`Delivery from ${shopName}`} className="flex flex-col gap-1 text-sm text-gray-600">
      <p className="flex justify-between gap-2">
        <span className="font-medium text-gray-800">{shopName}</span>
        {/* No fee from a shop that does not deliver there (the line below says so). */}
        {delivery?.delivers !== false && <span>{order.deliveryFeeMinor > 0 ? `Delivery ${money(order.deliveryFeeMinor)}` : 'Free delivery'}</span>}
      </p>
      {pincode && delivery && (
        <p className={delivery.delivers ? 'text-primary-ink' : 'font-medium text-red-700'}>{delivery.delivers ? `Delivers to ${pincode}` : `Does not deliver to ${pincode}`}</p>
      )}
      {order.toFreeDeliveryMinor !== null && <p>Add {money(order.toFreeDeliveryMinor)} more for free delivery</p>}
      {order.shortOfMinimumMinor > 0 && (
        <p className="font-medium text-red-700">
          Add {money(order.shortOfMinimumMinor)} more: {shopName} delivers orders of {money(order.amountMinor + order.shortOfMinimumMinor)} or more
        </p>
      )}
      {delivery?.slotsRequired && delivery.delivers && (
        <label className="mt-1 flex flex-col">
          Delivery slot for {shopName}
          <select id={`slot-${order.sellerId}`} value={slot ?? ''} onChange={(e) => onSlot(e.target.value)} className="mt-1 h-10 w-full border border-field bg-white px-3 outline-none">
            <option value="" disabled>
              {delivery.slots.length > 0 ? 'Choose a delivery slot' : 'No slot left: try again later'}
            </option>
            {delivery.slots.map((s) => (
              <option key={s.start} value={s.start}>
                {formatSlot(s, delivery.timeZone)} ({s.remaining} left)
              </option>
            ))}
          </select>
        </label>
      )}
    </li>
  );
}
