import { priceCheckout, toMajor, toMinor, type PaymentType, type Product, type SubstitutePreference } from '@greencart/shared';
import { useRef, useState, type ReactNode } from 'react';
import toast from 'react-hot-toast';
import { Price } from '../../../components/price';
import { keepClear } from '../../../lib/keep-clear';
import { env } from '../../../config/env';
import { session, useSession } from '../../../lib/session';
import { placeCodOrder, placeOnlineOrder } from '../api/place-order';
import { ONLINE_PAYMENT_UNAVAILABLE, paymentOptions } from '../lib/payment-options';

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
  addressId,
  addressPicker,
  onOrderPlaced,
}: {
  /** The cart's lines that can be bought (in stock); the cart page leaves the others out. */
  lines: { productId: string; quantity: number; product: Product; substitute: SubstitutePreference }[];
  addressId: string | undefined;
  addressPicker: ReactNode;
  /** A cash-on-delivery order was placed: the page clears the cart and moves on. */
  onOrderPlaced: () => void;
}) {
  const user = useSession((s) => s.user);
  const [paymentType, setPaymentType] = useState<PaymentType>('COD');
  const [placing, setPlacing] = useState(false);
  const inFlight = useRef(false);

  const itemCount = lines.reduce((sum, line) => sum + line.quantity, 0);
  const { totals } = priceCheckout(lines.map((line) => ({ sellerId: line.product.seller.id, unitPriceMinor: toMinor(line.product.offerPrice), quantity: line.quantity })));

  const placeOrder = async () => {
    if (inFlight.current) return;
    if (!user) {
      toast.error('Please log in to place an order');
      session.setShowUserLogin(true);
      return;
    }
    if (!addressId) {
      toast.error('please select and address');
      return;
    }
    if (lines.length === 0) {
      toast.error('Your cart is empty');
      return;
    }
    inFlight.current = true;
    setPlacing(true);
    const body = { userId: user._id, items: lines.map((line) => ({ product: line.productId, quantity: line.quantity, substitute: line.substitute })), address: addressId };
    try {
      if (paymentType === 'COD') {
        const { message } = await placeCodOrder(body);
        toast.success(message);
        onOrderPlaced();
      } else {
        const { url } = await placeOnlineOrder(body);
        // Leaving for the payment page: the button stays disabled until the page is gone.
        window.location.assign(url);
        return;
      }
    } catch {
      // The API client has shown the server's message.
    }
    inFlight.current = false;
    setPlacing(false);
  };

  return (
    <section aria-labelledby="summary-heading" className="w-full border border-gray-300/70 bg-gray-100/40 p-5 md:max-w-90">
      <h2 id="summary-heading" className="text-xl font-medium md:text-xl">
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
          className="mt-2 w-full border border-gray-300 bg-white px-3 py-2 outline-none"
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
        <div className="flex justify-between">
          <dt>Shipping Fee</dt>
          <dd className="text-primary-ink">Free</dd>
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
      <button
        type="button"
        {...keepClear}
        onClick={() => void placeOrder()}
        disabled={placing}
        aria-busy={placing}
        className="mt-6 w-full cursor-pointer bg-primary-ink py-3 font-medium text-white transition hover:bg-primary-deep disabled:cursor-wait disabled:opacity-60"
      >
        {paymentType === 'COD' ? 'Place Order' : 'Proceed to Checkout'}
      </button>
    </section>
  );
}
