import Stripe from 'stripe';
import type { PaymentEvent, PaymentGateway } from './payment-gateway.js';

/** How long one idempotency key of a refund or a transfer is used: an hour, the owed refunds' retry period. */
const RETRY_KEY_PERIOD_MS = 60 * 60 * 1000;

/** Stripe keeps a session open 30 minutes at least; a minute more for the clocks' difference. */
const STRIPE_SHORTEST_SESSION_MS = 31 * 60 * 1000;

/**
 * Stripe wants an ISO currency code; the shop is configured with a display symbol (CURRENCY,
 * default 'Rs'). A symbol that is already a 3-letter code is used as is.
 */
const CURRENCY_CODES: Record<string, string> = { Rs: 'inr', '₹': 'inr', $: 'usd', '€': 'eur', '£': 'gbp' };

export function stripeCurrency(symbol: string): string {
  const code = CURRENCY_CODES[symbol] ?? (/^[A-Za-z]{3}$/.test(symbol) ? symbol.toLowerCase() : undefined);
  if (!code) throw new Error(`CURRENCY "${symbol}" has no ISO currency code for Stripe: use a 3-letter code such as INR`);
  return code;
}

export interface StripeGatewayOptions {
  secretKey: string;
  webhookSecret: string | undefined;
  /** A local stand-in for the Stripe API (tests); the real API when unset. */
  apiUrl: string | undefined;
  currency: string;
}

export function createStripeClient(options: Pick<StripeGatewayOptions, 'secretKey' | 'apiUrl'>): Stripe {
  if (!options.apiUrl) return new Stripe(options.secretKey, { maxNetworkRetries: 2, timeout: 20_000 });
  const url = new URL(options.apiUrl);
  return new Stripe(options.secretKey, {
    host: url.hostname,
    port: url.port || (url.protocol === 'https:' ? 443 : 80),
    protocol: url.protocol === 'https:' ? 'https' : 'http',
    maxNetworkRetries: 0,
    timeout: 20_000,
  });
}

export function createStripeGateway(options: StripeGatewayOptions): PaymentGateway & {
  /** Verifies the `Stripe-Signature` of a webhook on its raw body; undefined for an event the shop ignores. */
  parseWebhook(rawBody: Buffer, signature: string | undefined): PaymentEvent | undefined;
  webhookConfigured: boolean;
} {
  const stripe = createStripeClient(options);
  const currency = stripeCurrency(options.currency);
  return {
    name: 'stripe',
    takesPayments: true,
    webhookConfigured: options.webhookSecret !== undefined,
    async createCheckout(request) {
      // A discounted line (issue 29) is charged as one item at its discounted total: its discount need not
      // divide by its quantity, and Stripe takes no negative line. The total charged is the checkout's.
      const lineItems = request.lines.map((line) =>
        line.discountMinor > 0
          ? {
              quantity: 1,
              price_data: { currency, unit_amount: line.unitPriceMinor * line.quantity - line.discountMinor, product_data: { name: `${line.name} × ${line.quantity} (coupon applied)` } },
            }
          : { quantity: line.quantity, price_data: { currency, unit_amount: line.unitPriceMinor, product_data: { name: line.name } } },
      );
      if (request.taxMinor > 0) {
        lineItems.push({ quantity: 1, price_data: { currency, unit_amount: request.taxMinor, product_data: { name: 'Tax (2%)' } } });
      }
      const session = await stripe.checkout.sessions.create(
        {
          mode: 'payment',
          line_items: lineItems,
          success_url: request.successUrl,
          cancel_url: request.cancelUrl,
          client_reference_id: request.checkoutId,
          expires_at: Math.floor(Math.max(request.payableUntil.getTime(), Date.now() + STRIPE_SHORTEST_SESSION_MS) / 1000),
          customer_email: request.customerEmail,
          metadata: { checkoutId: request.checkoutId },
        },
        // A retried create (network blip) returns the same session instead of a second one.
        { idempotencyKey: `checkout-${request.checkoutId}` },
      );
      if (!session.url) throw new Error(`Stripe returned checkout session ${session.id} without a url`);
      return { id: session.id, url: session.url };
    },
    async openCheckoutUrl(sessionId) {
      const session = await stripe.checkout.sessions.retrieve(sessionId);
      return session.status === 'open' && session.url ? session.url : undefined;
    },
    async isPaid(sessionId) {
      // Asked while a shopper waits for their orders: a short bound and no retries.
      const session = await stripe.checkout.sessions.retrieve(sessionId, {}, { timeout: 3_000, maxNetworkRetries: 0 });
      return session.payment_status === 'paid';
    },
    async closeCheckout(sessionId) {
      try {
        await stripe.checkout.sessions.expire(sessionId);
        return 'closed';
      } catch (expireError) {
        // Only an open session can be expired: ask what became of it (the shopper may just have paid).
        const session = await stripe.checkout.sessions.retrieve(sessionId).catch(() => {
          throw expireError;
        });
        if (session.status === 'complete' && session.payment_status === 'paid') return 'paid';
        // Expired, or complete with a delayed payment still to come (its success arrives as an event and is refunded).
        if (session.status !== 'open') return 'closed';
        throw expireError;
      }
    },
    async refund(sessionId, { orderId, amountMinor, key }) {
      // Stripe refuses a refund of 0: nothing is owed back.
      if (amountMinor === 0) return;
      const session = await stripe.checkout.sessions.retrieve(sessionId);
      const paymentIntent = typeof session.payment_intent === 'string' ? session.payment_intent : session.payment_intent?.id;
      if (!paymentIntent) throw new Error(`Stripe checkout session ${sessionId} has no payment to refund`);
      const refundKey = key ?? `refund-${orderId}`;
      // Given back already by a try whose answer was lost (a timeout after Stripe refunded), however long ago: not twice.
      // Read back by the refund's own key in its metadata: Stripe keeps an idempotency key's answer for a day only.
      const earlier = await stripe.refunds.list({ payment_intent: paymentIntent, limit: 100 });
      if (earlier.data.some((refund) => refund.metadata?.refundKey === refundKey && refund.status !== 'failed' && refund.status !== 'canceled')) return;
      // A partial refund: the payment covers every shop order of the checkout, this gives back one order's share. The
      // idempotency key names the hour: tries within it are one request at Stripe (two at once too), and a failure Stripe
      // keeps as that key's answer holds until the next hour's retry, not for a day (decision 0044, amended).
      await stripe.refunds.create(
        { payment_intent: paymentIntent, amount: amountMinor, metadata: { orderId, refundKey } },
        { idempotencyKey: `${refundKey}-${Math.floor(Date.now() / RETRY_KEY_PERIOD_MS)}` },
      );
    },
    transfers: {
      // The account's latest transfers (Stripe lists the newest first): the payouts read back what a lost answer made.
      async made(destination) {
        const { data } = await stripe.transfers.list({ destination, limit: 100 });
        // What stayed with the shop: a transfer reversed at Stripe (in part, or whole) paid it that much less.
        return data.map((transfer) => ({ id: transfer.id, amountMinor: transfer.amount - (transfer.amount_reversed ?? 0), payoutKey: transfer.metadata?.payoutKey }));
      },
      async create({ destination, amountMinor, key, sellerId }) {
        const transfer = await stripe.transfers.create(
          { amount: amountMinor, currency, destination, metadata: { sellerId, payoutKey: key } },
          { idempotencyKey: `payout-${key}-${Math.floor(Date.now() / RETRY_KEY_PERIOD_MS)}` },
        );
        return transfer.id;
      },
    },
    connect: {
      async createAccount({ sellerId, email, shopName }) {
        // Express: Stripe hosts the shop's onboarding and dashboard; the marketplace only transfers to it.
        const account = await stripe.accounts.create(
          { type: 'express', email, business_profile: { name: shopName }, capabilities: { transfers: { requested: true } }, metadata: { sellerId } },
          { idempotencyKey: `connect-account-${sellerId}` },
        );
        return account.id;
      },
      async onboardingUrl(accountId, { returnUrl, refreshUrl }) {
        const link = await stripe.accountLinks.create({ account: accountId, type: 'account_onboarding', return_url: returnUrl, refresh_url: refreshUrl });
        return link.url;
      },
      async account(accountId) {
        // Asked while the seller's Balance screen loads: a short bound and no retries.
        const account = await stripe.accounts.retrieve(accountId, {}, { timeout: 3_000, maxNetworkRetries: 0 });
        return {
          id: account.id,
          detailsSubmitted: account.details_submitted ?? false,
          chargesEnabled: account.charges_enabled ?? false,
          payoutsEnabled: account.payouts_enabled ?? false,
        };
      },
    },
    parseWebhook(rawBody, signature) {
      if (!options.webhookSecret) throw new Error('STRIPE_WEBHOOK_SECRET is not set');
      // Throws Stripe's signature error for a forged, altered or stale (> 5 min) event.
      const event = stripe.webhooks.constructEvent(rawBody, signature ?? '', options.webhookSecret);
      if (event.type === 'checkout.session.completed' || event.type === 'checkout.session.async_payment_succeeded') {
        // Card payments are paid on completion; delayed methods report 'unpaid' until async_payment_succeeded.
        if (event.data.object.payment_status !== 'paid') return undefined;
        return { id: event.id, type: 'checkout.session.completed', sessionId: event.data.object.id };
      }
      if (event.type === 'checkout.session.expired' || event.type === 'checkout.session.async_payment_failed') {
        return { id: event.id, type: event.type, sessionId: event.data.object.id };
      }
      return undefined;
    },
  };
}

export type StripeGateway = ReturnType<typeof createStripeGateway>;
