import type { ConnectedAccount } from '@greencart/shared';

/**
 * The card payment provider as the order service sees it: a hosted checkout page per checkout.
 * Stripe Checkout when STRIPE_SECRET_KEY is set (stripe-gateway.ts), otherwise the store's own
 * test payment page (test-gateway.ts). Both report the outcome as a PaymentEvent, handled by the
 * one code path `orders.handlePaymentEvent`.
 */
export interface CheckoutLine {
  name: string;
  unitPriceMinor: number;
  quantity: number;
  /** The line's share of a coupon discount (issue 29): the provider charges unit price × quantity − this. */
  discountMinor: number;
}

export interface CheckoutRequest {
  /** The checkout whose shop orders this one payment covers (issue 26). */
  checkoutId: string;
  lines: CheckoutLine[];
  /** Charged as its own line, so the provider's total is the checkout's total to the minor unit. */
  taxMinor: number;
  /** When the page stops taking the payment (`checkoutPayableUntil`); a provider may keep it open longer (Stripe: 30 minutes at least). */
  payableUntil: Date;
  customerEmail: string;
  successUrl: string;
  cancelUrl: string;
}

export interface CheckoutSession {
  id: string;
  url: string;
}

/** What closing a checkout session found: it can no longer be paid, or the payment was already taken. */
export type CloseOutcome = 'closed' | 'paid';

/**
 * A transfer the provider made to a shop's account, with the payout key it was made for (none: not made by a payout);
 * `amountMinor` is what stayed with the shop (less any reversal).
 */
export interface MadeTransfer {
  id: string;
  amountMinor: number;
  payoutKey: string | undefined;
}

export interface PaymentGateway {
  name: 'stripe' | 'test';
  /**
   * Whether the shop takes new online payments through this gateway. False only for the test gateway
   * in production without ALLOW_TEST_PAYMENTS (docs/decisions/0046): its older sessions are still
   * closed, expired and refunded, but no new checkout starts and its page is gone.
   */
  takesPayments: boolean;
  createCheckout(request: CheckoutRequest): Promise<CheckoutSession>;
  /** The page of a session that can still be paid, or undefined when it is over. */
  openCheckoutUrl(sessionId: string): Promise<string | undefined>;
  /** Whether the provider has taken the payment of a session (asked when no event has said so yet). */
  isPaid(sessionId: string): Promise<boolean>;
  /**
   * Makes a session impossible to pay (the seller cancels its order). 'paid' when the provider had
   * already taken the payment; throws when the provider cannot say (docs/decisions/0045).
   */
  closeCheckout(sessionId: string): Promise<CloseOutcome>;
  /**
   * Gives back one order's share of a paid session (the whole payment when the checkout had one shop);
   * safe to retry for the same order. `key` names a refund other than the order's own (the difference its
   * picks took off, issue 28), so each is given back once and neither stands in for the other. A share of 0
   * (picks that left nothing, already given back) gives back nothing and asks the provider nothing.
   */
  refund(sessionId: string, share: { orderId: string; amountMinor: number; key?: string }): Promise<void>;
  /**
   * Pays a shop out of the marketplace's balance (Stripe Connect transfers to its connected account): `made`, the
   * transfers already made to an account, each with the payout key in its metadata (a try whose answer was lost left
   * one); `create`, a new one under the payout key. Undefined where the gateway moves no money (the test gateway:
   * payouts are recorded as manual).
   */
  transfers?: {
    made(destination: string): Promise<MadeTransfer[]>;
    create(request: { destination: string; amountMinor: number; key: string; sellerId: string }): Promise<string>;
  };
  /** A shop's own payout account (Stripe Connect, docs/decisions/0170); undefined where the gateway moves no money. */
  connect?: ConnectAccounts;
}

/** Stripe Connect's accounts as the marketplace uses them: one Express account per shop, onboarded on Stripe's pages. */
export interface ConnectAccounts {
  /** Creates the shop's connected account (idempotent per shop for a day: a retried create is the same account). */
  createAccount(request: { sellerId: string; email: string; shopName: string }): Promise<string>;
  /** A single-use link to Stripe's onboarding of the account, which sends the seller back to `returnUrl`. */
  onboardingUrl(accountId: string, urls: { returnUrl: string; refreshUrl: string }): Promise<string>;
  /** The account as Stripe reports it now. */
  account(accountId: string): Promise<ConnectedAccount>;
}

/** What a provider told the shop about a checkout session. */
export interface PaymentEvent {
  /** The provider's event id: a replayed event with the same id is a no-op. */
  id: string;
  /** Paid; or over without a payment (expired, or a delayed payment method failed): the order is cancelled. */
  type: 'checkout.session.completed' | 'checkout.session.expired' | 'checkout.session.async_payment_failed';
  sessionId: string;
}

/**
 * A checkout session can be paid for an hour (Stripe Checkout allows 30 minutes to 24 hours; the test page
 * follows it): its orders hold counted stock, delivery-window places and coupon uses until then, so an
 * abandoned payment page gives them back within the hour, not a day later (docs/decisions/0224).
 */
export const CHECKOUT_SESSION_LIFETIME_MS = 60 * 60 * 1000;

/**
 * The last moment a checkout can be paid: its hour, or sooner when one of its shop orders' delivery windows starts
 * first (docs/decisions/0268): a payment then would buy a delivery the shop could no longer plan.
 */
export function checkoutPayableUntil(placedAt: Date, windowStarts: readonly (Date | null)[]): Date {
  const starts = windowStarts.flatMap((start) => (start ? [start.getTime()] : []));
  return new Date(Math.min(placedAt.getTime() + CHECKOUT_SESSION_LIFETIME_MS, ...starts));
}

/**
 * Return pages after the hosted checkout (spec section 2: /loader waits, then opens My Orders). Stripe's are absolute,
 * at PUBLIC_URL. The test gateway's page is the store's own: its addresses are paths, so the shopper stays on the
 * host they came by (a store reached at 127.0.0.1 while PUBLIC_URL said localhost sent them to a host where their
 * login cookie was not, and the page answered "Please log in to continue").
 */
const siteOf = (gateway: Pick<PaymentGateway, 'name'>, publicUrl: string) => (gateway.name === 'test' ? '' : publicUrl);
export function checkoutReturnUrls(gateway: Pick<PaymentGateway, 'name'>, publicUrl: string) {
  const site = siteOf(gateway, publicUrl);
  return { successUrl: `${site}/loader?next=my-orders`, cancelUrl: `${site}/cart` };
}

/**
 * The cart back from a card's payment page: the checkout's address chosen (its coupon is kept by the tab: docs/decisions
 * 0246) and paying by card still (`pay=card`): back from the page the cart offered cash on delivery again, and one more
 * tap placed an order the shopper had not chosen (a probe). Not the caller's checkout (no address): the cart as it is.
 */
export const cartAfterCardPage = (cartUrl: string, addressId: string | null) => (addressId ? `${cartUrl}?address=${addressId}&pay=card` : cartUrl);

/** GET /api/order/checkout-back: a hosted payment page's own way back to the store (Stripe's cancel_url, decision 0224). */
export const CHECKOUT_BACK_PATH = '/api/order/checkout-back';

/**
 * The return pages of one checkout's payment page: its way back first ends the checkout (what it held is given
 * back at once, as the test page's cancel does), then opens the cart.
 */
export function checkoutSessionUrls(gateway: Pick<PaymentGateway, 'name'>, publicUrl: string, checkoutId: string) {
  return { ...checkoutReturnUrls(gateway, publicUrl), cancelUrl: `${siteOf(gateway, publicUrl)}${checkoutBackPath(checkoutId)}` };
}

/** A checkout's way back on the store itself: the payment page's cancel link, and the browser's Back (the cart's history entry). */
export const checkoutBackPath = (checkoutId: string) => `${CHECKOUT_BACK_PATH}?checkout=${checkoutId}`;
