import { formatPrice } from '@greencart/shared';
import type { FastifyError, FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { AppError } from '../../lib/app-error.js';
import { escapeHtml, messagePage } from '../../lib/message-page.js';
import { noBody, routeSchema, USER_CALL, written } from '../../lib/route-schema.js';
import type { OrderWithItems } from '../orders/order-service.js';
import { cartAfterCardPage, checkoutPayableUntil, checkoutReturnUrls } from './payment-gateway.js';
import { checkTestCard, TEST_PAYMENT_PATH, TEST_SESSION_PREFIX, TestCardFormSchema } from './test-gateway.js';

/**
 * The provider's side of a payment: Stripe's webhook, and the built-in test payment page used when
 * Stripe is not configured. Both end in `orders.handlePaymentEvent`, the one place an order is paid.
 */
export async function paymentRoutes(app: FastifyInstance) {
  if (app.payments.gateway.name === 'stripe' && !app.payments.parseStripeWebhook) {
    app.log.warn('STRIPE_SECRET_KEY is set without STRIPE_WEBHOOK_SECRET: online orders will never be marked paid');
  }
  if (app.payments.gateway.name === 'test' && app.config.isProduction) {
    if (app.payments.gateway.takesPayments) {
      app.log.warn('!!! ALLOW_TEST_PAYMENTS=true in production: the test payment page is live and its test card marks orders paid WITHOUT taking any money !!!');
    } else {
      app.log.warn('Online payment is off: STRIPE_SECRET_KEY is not set (the test payment page opens in production only with ALLOW_TEST_PAYMENTS=true)');
    }
  }
  await app.register(stripeWebhookRoute);
  await app.register(testPaymentPageRoutes);
}

const tags = ['Payments'];

/** The signature covers the exact bytes Stripe sent, so this route keeps the raw body. */
async function stripeWebhookRoute(app: FastifyInstance) {
  app.removeAllContentTypeParsers();
  app.addContentTypeParser('*', { parseAs: 'buffer' }, (_request, body, done) => done(null, body));

  // The body stays the raw bytes (any is what lets a Buffer through the validator); described for readers.
  const webhookSchema = routeSchema(
    { tags, summary: "Stripe's webhook: a signed event that marks an order paid or refunded", errors: ['STRIPE_NOT_CONFIGURED', 'INVALID_SIGNATURE'] },
    {
      body: z.any().meta({ description: 'A Stripe event as Stripe sent it, verified with the Stripe-Signature header', type: 'object' }),
      response: { 200: z.object({ received: z.literal(true), result: z.enum(['paid', 'refunded', 'refund-pending', 'cancelled', 'ignored']) }) },
    },
  );
  app.withTypeProvider<ZodTypeProvider>().post('/api/stripe/webhook', { schema: webhookSchema }, async (request) => {
    const parse = app.payments.parseStripeWebhook;
    if (!parse) throw new AppError('STRIPE_NOT_CONFIGURED', 'Stripe webhooks are not configured on this shop');
    const signature = request.headers['stripe-signature'];
    let event;
    try {
      event = parse(Buffer.isBuffer(request.body) ? request.body : Buffer.alloc(0), typeof signature === 'string' ? signature : undefined);
    } catch (err) {
      request.log.warn({ err }, 'refused a Stripe webhook');
      throw new AppError('INVALID_SIGNATURE', 'Invalid webhook signature');
    }
    const result = event ? await app.orders.handlePaymentEvent(event) : 'ignored';
    return { received: true as const, result };
  });
}

async function testPaymentPageRoutes(app: FastifyInstance) {
  app.addContentTypeParser('application/x-www-form-urlencoded', { parseAs: 'string' }, (_request, body, done) =>
    done(null, Object.fromEntries(new URLSearchParams(String(body)))),
  );
  const urls = checkoutReturnUrls(app.payments.gateway, app.config.publicUrl);

  const noSuchSession = () => new AppError('PAYMENT_SESSION_NOT_FOUND', 'No such payment session');
  /** Without the test gateway taking payments (Stripe, or production without ALLOW_TEST_PAYMENTS) there is no page at all. */
  const pageOpen = async () => {
    if (app.payments.gateway.name !== 'test' || !app.payments.gateway.takesPayments) throw noSuchSession();
  };

  /** Only the shopper who placed the checkout sees or pays its test page: one payment for all its shop orders. */
  async function sessionCheckout(sessionId: string, userId: string): Promise<PaidCheckout> {
    const orders = sessionId.startsWith(TEST_SESSION_PREFIX) ? await app.orders.findByPaymentSession(sessionId) : [];
    if (orders.length === 0 || orders[0]!.userId !== userId) throw noSuchSession();
    return {
      items: orders.flatMap((o) => o.items),
      amountMinor: orders.reduce((sum, o) => sum + o.amountMinor, 0),
      taxMinor: orders.reduce((sum, o) => sum + o.taxMinor, 0),
      deliveryFeeMinor: orders.reduce((sum, o) => sum + o.deliveryFeeMinor, 0),
      discountMinor: orders.reduce((sum, o) => sum + o.discountMinor, 0),
      coupon: orders[0]!.couponCode,
      addressId: orders[0]!.addressId,
      // Payable while any of its orders is: a shop's cancel leaves the others to pay (its share refunded if paid).
      closed: orders.every((o) => o.status === 'Cancelled'),
      cancelledMinor: orders.filter((o) => o.status === 'Cancelled').reduce((sum, o) => sum + o.amountMinor, 0),
      isPaid: orders.some((o) => o.isPaid),
      paymentSessionId: sessionId,
      payableUntil: checkoutPayableUntil(orders[0]!.createdAt, orders.map((o) => o.deliverySlotStart)),
    };
  }

  /** The checkout of a page being opened or paid: past `checkoutPayableUntil` it is ended here, as the sweep would end it. */
  async function payableCheckout(sessionId: string, userId: string): Promise<PaidCheckout> {
    const checkout = await sessionCheckout(sessionId, userId);
    if (checkout.closed || checkout.isPaid || Date.now() < checkout.payableUntil.getTime()) return checkout;
    await app.orders.expireTestCheckout(sessionId);
    // Closed now, or paid from another tab just before.
    return sessionCheckout(sessionId, userId);
  }

  const backToCart = (order: PaidCheckout) => cartAfterCardPage(urls.cancelUrl, order.addressId);

  const CLOSED = 'This payment page is closed: its order was cancelled. Return to your cart and place the order again.';
  const EXPIRED = 'This payment page has expired: a card payment is taken within an hour of the order and before its delivery window starts. Return to your cart and place the order again.';
  const ENDED_AS_PAID = 'This checkout was ended a moment before your payment arrived (from another tab, by the shop, or by the store): your payment is refunded. Return to your cart and place the order again.';
  const REFUNDED = 'The orders of this checkout are cancelled and your payment is refunded to your card (My Orders shows them). Return to your cart to place the order again.';
  const closedMessage = (order: PaidCheckout) => (Date.now() >= order.payableUntil.getTime() ? EXPIRED : CLOSED);
  const render = (reply: FastifyReply, order: PaidCheckout, error?: string, entered?: EnteredCard) =>
    reply
      .status(order.closed ? 409 : error ? 402 : 200)
      .type('text/html; charset=utf-8')
      .header('cache-control', 'no-store')
      // Helmet's no-referrer makes Chromium send `Origin: null` with the form post, which the
      // shop's cross-site check refuses; same-origin keeps the real Origin and leaks nothing outside.
      .header('referrer-policy', 'same-origin')
      .send(testPaymentPage(order, { currency: app.config.currency, cancelUrl: backToCart(order), cancelAction: `${TEST_PAYMENT_PATH}/${order.paymentSessionId}/cancel`, error, entered }));

  /**
   * The page's refusals to a browser (a link followed, the card form sent) as a page: signed out, or not this shopper's
   * page. They were the API's JSON (an attacker probe opened a link after its session ended). Anything else, and a call
   * not asking for HTML, goes on to the shop's one error handler.
   */
  const errorHandler = (err: FastifyError, request: FastifyRequest, reply: FastifyReply) => {
    const refusal = err instanceof AppError && PAGE_REFUSALS[err.code];
    if (!refusal || !(request.headers.accept ?? '').includes('text/html')) throw err;
    return reply.status(err.status).type('text/html; charset=utf-8').header('cache-control', 'no-store').send(messagePage({ ...refusal, link: { href: '/my-orders', label: 'Go to My Orders' } }));
  };

  const params = z.object({ sessionId: z.string().meta({ description: 'The checkout\'s test payment session: the last part of the page `url` POST /api/order/stripe answered (built-in test payments only)' }) });
  const page = written('text/html', z.string(), 'The payment page (409 once its order is cancelled, 402 with a declined card)');
  const pageAnswers = { 200: page, 402: page, 409: page, 303: noBody('Paid: on to the shop\'s success page') };
  // Paid: on to the thank-you page, unless every order of the checkout was cancelled since (or the payment came after its
  // end): refunded, which the page says (an attacker probe was thanked for a cancelled order).
  const paidAnswer = (reply: FastifyReply, order: PaidCheckout) => (order.closed ? render(reply, order, REFUNDED) : reply.redirect(urls.successUrl, 303));
  const pageErrors = [...USER_CALL, 'PAYMENT_SESSION_NOT_FOUND'] as const;
  const pageSchema = routeSchema({ tags, summary: 'The built-in test payment page of an order', errors: pageErrors }, { params, response: pageAnswers });
  app.withTypeProvider<ZodTypeProvider>().get(`${TEST_PAYMENT_PATH}/:sessionId`, { onRequest: [pageOpen, app.requireUser], errorHandler, schema: pageSchema }, async (request, reply) => {
    const order = await payableCheckout(request.params.sessionId, request.userId);
    if (order.isPaid) return paidAnswer(reply, order);
    return render(reply, order, order.closed ? closedMessage(order) : undefined);
  });

  app.withTypeProvider<ZodTypeProvider>().post(
    `${TEST_PAYMENT_PATH}/:sessionId`,
    {
      onRequest: [pageOpen, app.requireUser],
      errorHandler,
      schema: {
        consumes: ['application/x-www-form-urlencoded'],
        ...routeSchema(
          { tags, summary: 'Pay on the test payment page with a test card', errors: [...pageErrors, 'CROSS_SITE_REQUEST'] },
          { params, body: TestCardFormSchema, response: pageAnswers },
        ),
      },
    },
    async (request, reply) => {
      const order = await payableCheckout(request.params.sessionId, request.userId);
      // Cancelled by the shops, or past its hour or its window's start: the session is closed.
      if (order.closed) return render(reply, order, closedMessage(order));
      if (!order.isPaid) {
        const card = checkTestCard(request.body);
        // A declined card keeps its number and expiry in the form (a real form clears only the CVC).
        if (!card.ok) return render(reply, order, card.message, { number: request.body.number, expiry: request.body.expiry });
        // The same path as Stripe's checkout.session.completed webhook; the id makes a resubmit a no-op.
        const paid = await app.orders.handlePaymentEvent({ id: `test_evt_${order.paymentSessionId}`, type: 'checkout.session.completed', sessionId: order.paymentSessionId });
        // Ended that same moment (the way back to the cart from another tab, the shop suspended: a probe read the first
        // alone after a suspension): the payment is given back, and said so.
        if (paid === 'refunded' || paid === 'refund-pending') {
          const after = await sessionCheckout(order.paymentSessionId, request.userId);
          if (after.closed) return render(reply, after, ENDED_AS_PAID);
        }
      }
      return reply.redirect(urls.successUrl, 303);
    },
  );

  // The shopper leaves the page for their cart: the checkout ends there and gives back what it held (its last
  // units, a window's place, a coupon's use) at once, not at the sweep an hour on (docs/decisions/0224).
  const cancelSchema = routeSchema(
    { tags, summary: "Cancel a test payment page's checkout and return to the cart", errors: [...pageErrors, 'CROSS_SITE_REQUEST'] },
    { params, response: { 303: noBody('Back to the cart (to the success page when it was paid meanwhile)'), 409: page } },
  );
  app.withTypeProvider<ZodTypeProvider>().post(`${TEST_PAYMENT_PATH}/:sessionId/cancel`, { onRequest: [pageOpen, app.requireUser], errorHandler, schema: cancelSchema }, async (request, reply) => {
    const order = await sessionCheckout(request.params.sessionId, request.userId);
    if (order.isPaid) return paidAnswer(reply, order);
    // The same path as Stripe's checkout.session.expired: the waiting orders are cancelled, a closed page is left as is.
    if (!order.closed) {
      const ended = await app.orders.handlePaymentEvent({ id: `cancelled_${order.paymentSessionId}`, type: 'checkout.session.expired', sessionId: order.paymentSessionId });
      // Paid from another tab between the read above and the cancel (which then changed nothing): on to the paid order.
      if (ended === 'ignored' && (await sessionCheckout(order.paymentSessionId, request.userId)).isPaid) return reply.redirect(urls.successUrl, 303);
    }
    return reply.redirect(backToCart(order), 303);
  });
}

/** What a browser is shown for the page's refusals: what happened and the way on (My Orders lists a card checkout to pay). */
const PAGE_REFUSALS: Partial<Record<string, { title: string; text: string }>> = {
  NOT_AUTHENTICATED: {
    title: 'Sign in to pay',
    text: 'A payment page is for the shopper who placed the order. Sign in to GreenCart, then open the order from My Orders.',
  },
  PAYMENT_SESSION_NOT_FOUND: {
    title: 'No such payment page',
    text: "This payment page is not one of your orders': it may be another account's, or its link is cut short. Your orders are in My Orders.",
  },
};


/** What the test page shows and takes: the lines and totals of every shop order one session pays. */
interface PaidCheckout {
  items: OrderWithItems['items'];
  amountMinor: number;
  taxMinor: number;
  deliveryFeeMinor: number;
  discountMinor: number;
  coupon: string | null;
  addressId: string | null;
  closed: boolean;
  /** The shop orders of the session cancelled since it was made: still in its fixed amount, refunded once paid. */
  cancelledMinor: number;
  isPaid: boolean;
  paymentSessionId: string;
  payableUntil: Date;
}

/** What the shopper typed, written back into the form after a refusal. */
type EnteredCard = { number?: string; expiry?: string };

/** A plain server-rendered page: it must work without the web app and look like a card form. */
function testPaymentPage(order: PaidCheckout, options: { currency: string; cancelUrl: string; cancelAction: string; error?: string; entered?: EnteredCard }): string {
  // A cancelled checkout's page says so and offers no card form.
  const closed = order.closed;
  const price = (minor: number) => escapeHtml(formatPrice(minor, options.currency));
  const line = (label: string, minor: number) => `<li><span>${escapeHtml(label)}</span><span>${minor < 0 ? '−' : ''}${price(Math.abs(minor))}</span></li>`;
  // The lines add up to the total: goods, the coupon's discount, every shop's delivery, tax.
  const items = [
    ...order.items.map((i) => line(`${i.name} × ${i.quantity}`, i.unitPriceMinor * i.quantity)),
    ...(order.discountMinor > 0 ? [line(`Coupon ${order.coupon ?? ''}`.trim(), -order.discountMinor)] : []),
    ...(order.deliveryFeeMinor > 0 ? [line('Delivery', order.deliveryFeeMinor)] : []),
  ].join('');
  return `<!doctype html>
<html lang="en">
<head>
<meta charset="utf-8">
<meta name="viewport" content="width=device-width, initial-scale=1">
<title>Pay ${price(order.amountMinor)} — GreenCart test payment</title>
<link rel="icon" type="image/svg+xml" href="/favicon.svg">
<style>
  body { margin: 0; font-family: system-ui, -apple-system, 'Segoe UI', sans-serif; color: #1f2937; background: #f3f4f6; }
  .banner { background: #fef3c7; color: #78350f; text-align: center; padding: 10px 16px; font-weight: 600; border-bottom: 1px solid #f59e0b; }
  main { max-width: 420px; margin: 32px auto; padding: 0 16px; }
  .card { background: #fff; border-radius: 12px; padding: 24px; box-shadow: 0 1px 3px rgba(0,0,0,.1); }
  h1 { font-size: 1.25rem; margin: 0 0 4px; }
  .total { font-size: 2rem; font-weight: 700; margin: 0 0 16px; }
  ul { list-style: none; padding: 0; margin: 0 0 16px; font-size: .9rem; color: #4b5563; }
  li { display: flex; justify-content: space-between; gap: 12px; padding: 4px 0; }
  li span:first-child { overflow-wrap: anywhere; min-width: 0; }
  li span:last-child { white-space: nowrap; }
  label { display: block; font-size: .875rem; font-weight: 600; margin: 12px 0 4px; }
  input { width: 100%; box-sizing: border-box; padding: 10px 12px; border: 1px solid #d1d5db; border-radius: 8px; font-size: 1rem; }
  input::placeholder { color: #9ca3af; }
  .row { display: flex; gap: 12px; } .row > div { flex: 1; }
  button { margin-top: 20px; width: 100%; padding: 12px; border: 0; border-radius: 8px; background: #1f7a52; color: #fff; font-size: 1rem; font-weight: 600; cursor: pointer; }
  button:hover { background: #17603f; }
  button.cancel, button.cancel:hover { margin-top: 5px; width: auto; padding: 11px 0; background: none; color: #1f7a52; font-size: 1rem; font-weight: 400; text-decoration: underline; }
  .note { background: #fef3c7; color: #78350f; border-radius: 8px; padding: 10px 12px; margin: 0 0 12px; }
  .error { background: #fee2e2; color: #991b1b; border-radius: 8px; padding: 10px 12px; margin: 0 0 12px; }
  .hint { font-size: .8rem; color: #6b7280; margin-top: 16px; }
  a { color: #1f7a52; }
</style>
</head>
<body>
<div class="banner" role="note">Test mode — no real charge</div>
<main>
  <div class="card">
    <h1>GreenCart</h1>
    <p class="total">${price(order.amountMinor)}</p>
    <ul aria-label="Order summary">${items}${line('Tax (2%)', order.taxMinor)}</ul>
    ${options.error ? `<p class="error" role="alert">${escapeHtml(options.error)}</p>` : ''}
    ${!closed && order.cancelledMinor > 0 ? `<p class="note" role="note">A shop has cancelled its order since this page was made: its ${price(order.cancelledMinor)} is refunded to your card as soon as you pay.</p>` : ''}
    ${closed ? `<p><a href="${escapeHtml(options.cancelUrl)}">Return to the cart</a></p>` : cardForm(price(order.amountMinor), options.entered ?? {}, options.cancelAction)}
  </div>
</main>
</body>
</html>`;
}

/** Placeholders say what goes in, not values that could pass for typed ones (a shopper took 4242… as filled in). */
function cardForm(total: string, entered: EnteredCard, cancelAction: string): string {
  const value = (text?: string) => (text ? ` value="${escapeHtml(text)}"` : '');
  return `<form method="post">
      <label for="number">Card number</label>
      <input id="number" name="number" inputmode="numeric" autocomplete="cc-number" placeholder="1234 1234 1234 1234"${value(entered.number)} required>
      <div class="row">
        <div><label for="expiry">Expiry (MM/YY)</label><input id="expiry" name="expiry" autocomplete="cc-exp" placeholder="MM/YY"${value(entered.expiry)} required></div>
        <div><label for="cvc">CVC</label><input id="cvc" name="cvc" inputmode="numeric" autocomplete="cc-csc" placeholder="CVC" required></div>
      </div>
      <button type="submit">Pay ${total}</button>
    </form>
    <p class="hint">Test cards: 4242 4242 4242 4242 pays; 4000 0000 0000 0002 is declined. Any future expiry, any CVC.</p>
    <form method="post" action="${escapeHtml(cancelAction)}"><button type="submit" class="cancel">Cancel and return to the cart</button></form>`;
}
