import fs from 'node:fs/promises';
import http from 'node:http';
import type { AddressInfo } from 'node:net';
import path from 'node:path';
import type { Order } from '@greencart/shared';
import Stripe from 'stripe';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { eq } from 'drizzle-orm';
import { orders, products, scheduledRuns } from '../../db/schema/index.js';
import { SESSIONLESS_CHECKOUT_GRACE_MS } from '../orders/order-service.js';
import { checkoutWithSlots, EVERY_DAY, setDelivery, slotsOf } from '../../test/delivery-builders.js';
import { createShop, shopProduct } from '../../test/market-builders.js';
import { body, buildTestApp, createAddress, createProduct, createShopper, mailsSent, sellerCookie, type TestApp } from '../../test/test-app.js';

/**
 * Online payment with STRIPE_SECRET_KEY: the real `stripe` SDK talks to a local stand-in of the
 * Stripe API (STRIPE_API_URL), and webhooks are signed with the SDK's own test-header helper.
 */
const WEBHOOK_SECRET = 'whsec_test_greencart';
const PUBLIC_URL = 'https://shop.example';
let t: TestApp;
let created: { path: string; form: URLSearchParams; idempotencyKey: string | undefined }[] = [];
let sessionCount = 0;
let failNextCreate = false;
let failNextRefund = false;
let loseNextRefundAnswer = false;
let failRetrieve = false;
let failExpire = false;
const paidSessions = new Set<string>();
const expiredByShop: string[] = [];
const refunds: { form: URLSearchParams; idempotencyKey: string | undefined }[] = [];
const sessionStatus = new Map<string, string>();

const standIn = http.createServer((req, res) => {
  let raw = '';
  req.on('data', (chunk) => (raw += chunk));
  req.on('end', () => {
    const send = (json: unknown) => res.writeHead(200, { 'content-type': 'application/json' }).end(JSON.stringify(json));
    if (req.method === 'POST' && req.url === '/v1/checkout/sessions' && failNextCreate) {
      failNextCreate = false;
      return res.writeHead(500, { 'content-type': 'application/json' }).end(JSON.stringify({ error: { type: 'api_error', message: 'stand-in down' } }));
    }
    if (req.method === 'POST' && req.url === '/v1/checkout/sessions') {
      created.push({ path: req.url, form: new URLSearchParams(raw), idempotencyKey: req.headers['idempotency-key'] as string | undefined });
      const id = `cs_test_${++sessionCount}`;
      sessionStatus.set(id, 'open');
      return send({ id, object: 'checkout.session', url: `https://checkout.stripe.test/c/pay/${id}`, status: 'open' });
    }
    const expire = /^\/v1\/checkout\/sessions\/(\w+)\/expire$/.exec(req.url ?? '');
    if (req.method === 'POST' && expire && failExpire) {
      return res.writeHead(500, { 'content-type': 'application/json' }).end(JSON.stringify({ error: { type: 'api_error', message: 'stand-in down' } }));
    }
    if (req.method === 'POST' && expire) {
      const id = expire[1]!;
      // As Stripe: only an open session can be expired.
      if (sessionStatus.get(id) !== 'open') {
        const message = 'Only Checkout Sessions with a status in ["open"] can be expired.';
        return res.writeHead(400, { 'content-type': 'application/json' }).end(JSON.stringify({ error: { type: 'invalid_request_error', message } }));
      }
      sessionStatus.set(id, 'expired');
      expiredByShop.push(id);
      return send({ id, object: 'checkout.session', status: 'expired', payment_status: 'unpaid' });
    }
    const retrieve = /^\/v1\/checkout\/sessions\/([\w]+)/.exec(req.url ?? '');
    if (req.method === 'GET' && retrieve && failRetrieve) {
      return res.writeHead(500, { 'content-type': 'application/json' }).end(JSON.stringify({ error: { type: 'api_error', message: 'stand-in down' } }));
    }
    if (req.method === 'GET' && retrieve) {
      const id = retrieve[1]!;
      return send({
        id,
        object: 'checkout.session',
        url: `https://checkout.stripe.test/c/pay/${id}`,
        status: sessionStatus.get(id) ?? 'expired',
        payment_intent: `pi_for_${id}`,
        payment_status: paidSessions.has(id) ? 'paid' : 'unpaid',
      });
    }
    if (req.method === 'POST' && req.url === '/v1/refunds') {
      if (failNextRefund) {
        failNextRefund = false;
        return res.writeHead(500, { 'content-type': 'application/json' }).end(JSON.stringify({ error: { type: 'api_error', message: 'stand-in down' } }));
      }
      const form = new URLSearchParams(raw);
      refunds.push({ form, idempotencyKey: req.headers['idempotency-key'] as string | undefined });
      // Refunded, but the answer never reaches the shop (a timeout).
      if (loseNextRefundAnswer) {
        loseNextRefundAnswer = false;
        return res.writeHead(500, { 'content-type': 'application/json' }).end(JSON.stringify({ error: { type: 'api_error', message: 'answer lost' } }));
      }
      return send({ id: `re_${refunds.length}`, object: 'refund', status: 'succeeded', payment_intent: form.get('payment_intent') });
    }
    if (req.method === 'GET' && req.url?.startsWith('/v1/refunds?')) {
      const intent = new URL(req.url, 'http://stand-in').searchParams.get('payment_intent');
      const data = refunds.flatMap(({ form }, i) =>
        form.get('payment_intent') === intent ? [{ id: `re_${i + 1}`, object: 'refund', status: 'succeeded', metadata: { orderId: form.get('metadata[orderId]'), refundKey: form.get('metadata[refundKey]') } }] : [],
      );
      return send({ object: 'list', has_more: false, data });
    }
    res.writeHead(404, { 'content-type': 'application/json' }).end(JSON.stringify({ error: { message: 'not found' } }));
  });
});

beforeAll(async () => {
  await new Promise<void>((resolve) => standIn.listen(0, '127.0.0.1', resolve));
  const { port } = standIn.address() as AddressInfo;
  t = await buildTestApp({
    PUBLIC_URL,
    STRIPE_SECRET_KEY: 'sk_test_greencart',
    STRIPE_WEBHOOK_SECRET: WEBHOOK_SECRET,
    STRIPE_API_URL: `http://127.0.0.1:${port}`,
  });
});
afterAll(async () => {
  await t.close();
  standIn.close();
});

const stripe = new Stripe('sk_test_unused');
let eventCount = 0;
function sessionEvent(type: string, sessionId: string, options: { id?: string; paymentStatus?: string } = {}) {
  return JSON.stringify({
    id: options.id ?? `evt_${++eventCount}`,
    object: 'event',
    type,
    data: { object: { id: sessionId, object: 'checkout.session', payment_status: options.paymentStatus ?? 'paid' } },
  });
}
const deliver = (payload: string, secret = WEBHOOK_SECRET, signature = stripe.webhooks.generateTestHeaderString({ payload, secret })) =>
  t.app.inject({ method: 'POST', url: '/api/stripe/webhook', payload, headers: { 'content-type': 'application/json', 'stripe-signature': signature } });

/** Stripe took the shopper's card payment: the session is complete and paid. */
function takePaymentInStripe(sessionId: string) {
  paidSessions.add(sessionId);
  sessionStatus.set(sessionId, 'complete');
}

/** The e-mails about an order in the outbox (no SMTP_URL here), headers unfolded and quoted-printable undone. */
async function mailsAbout(orderId: string): Promise<string[]> {
  await mailsSent(t.app);
  const dir = path.join(t.dataDir, 'outbox');
  const files = await fs.readdir(dir).catch(() => []);
  const texts = await Promise.all(files.map((f) => fs.readFile(path.join(dir, f), 'utf8')));
  return texts
    .map((raw) => raw.replace(/=\r?\n/g, '').replace(/=([0-9A-F]{2})/g, (_m, hex: string) => String.fromCharCode(parseInt(hex, 16))).replace(/\r?\n[ \t]+/g, ' '))
    .filter((text) => text.includes(orderId));
}

const myOrders = async (cookie: string) => body<{ orders: Order[] }>(await t.app.inject({ method: 'GET', url: '/api/order/user', headers: { cookie } })).orders;
const cartOf = async (cookie: string) =>
  body<{ user: { cartItems: Record<string, number> } }>(await t.app.inject({ method: 'GET', url: '/api/user/is-auth', headers: { cookie } })).user.cartItems;

/** The same checkout sent again by its shopper (a second tab, a retry after coming back). */
async function retryCheckout(first: { shopper: { user: { id: string }; cookie: string }; product: { id: string } }) {
  const address = (await t.app.addressBook.list(first.shopper.user.id))[0]!;
  return t.app.inject({
    method: 'POST',
    url: '/api/order/stripe',
    payload: { items: [{ product: first.product.id, quantity: 7 }], address: address._id },
    headers: { cookie: first.shopper.cookie },
  });
}

/** A shopper's card checkout of 7 mangoes (`stock`: the units counted, none by default). */
async function checkout(stock?: number) {
  const shopper = await createShopper(t.app);
  const address = await createAddress(t.app, shopper.user.id);
  const product = await createProduct(t.app, { name: 'Alphonso Mango', offerPrice: 0.99 });
  if (stock !== undefined) await t.app.db.update(products).set({ stock }).where(eq(products.id, product.id));
  await t.app.inject({ method: 'POST', url: '/api/cart/update', payload: { cartItems: { [product.id]: 7 } }, headers: { cookie: shopper.cookie } });
  const res = await t.app.inject({
    method: 'POST',
    url: '/api/order/stripe',
    payload: { items: [{ product: product.id, quantity: 7 }], address: address.id },
    headers: { cookie: shopper.cookie },
  });
  expect(res.statusCode).toBe(200);
  const { url } = body<{ url: string }>(res);
  return { shopper, address, product, url, sessionId: url.split('/').at(-1)! };
}

describe('Stripe Checkout', () => {
  it('creates the session from the server\'s prices in the store currency, with the return URLs from PUBLIC_URL, open for an hour', async () => {
    created = [];
    const startedAt = Date.now() / 1000;
    const { url, shopper } = await checkout();
    expect(url).toMatch(/^https:\/\/checkout\.stripe\.test\/c\/pay\/cs_test_/);
    expect(created).toHaveLength(1);
    const form = created[0]!.form;
    expect(form.get('mode')).toBe('payment');
    expect(form.get('success_url')).toBe(`${PUBLIC_URL}/loader?next=my-orders`);
    // The page's way back ends the checkout first (decision 0224), then opens the cart.
    expect(form.get('cancel_url')).toMatch(new RegExp(`^${PUBLIC_URL}/api/order/checkout-back\\?checkout=[0-9a-f-]{36}$`));
    expect(form.get('customer_email')).toBe(shopper.user.email);
    expect(form.get('line_items[0][price_data][currency]')).toBe('inr');
    expect(form.get('line_items[0][price_data][unit_amount]')).toBe('99');
    expect(form.get('line_items[0][quantity]')).toBe('7');
    expect(form.get('line_items[0][price_data][product_data][name]')).toBe('Alphonso Mango');
    // 7 × 0.99 = 6.93, tax 0.13: the provider charges 7.06 like the summary.
    expect(form.get('line_items[1][price_data][unit_amount]')).toBe('13');
    expect(created[0]!.idempotencyKey).toMatch(/^checkout-/);
    // Its orders hold stock, window places and coupon uses: an abandoned page gives them back within the hour.
    const expiresAt = Number(form.get('expires_at'));
    expect(expiresAt).toBeGreaterThanOrEqual(Math.floor(startedAt) + 3600);
    expect(expiresAt).toBeLessThanOrEqual(Date.now() / 1000 + 3600);
  });

  it('closes the session when its delivery window starts, when that is sooner than the hour, and never sooner than Stripe allows (decision 0268)', async () => {
    // A shop delivering daily in a 5-minute window starting `minutes` ahead (10 more when that window would cross midnight).
    const timeZone = t.app.config.storeTimeZone;
    const clock = (at: number) => new Intl.DateTimeFormat('en-GB', { timeZone, hour: '2-digit', minute: '2-digit', hourCycle: 'h23' }).format(at);
    async function expiryWithWindowAhead(minutes: number) {
      const ahead = clock(Date.now() + minutes * 60_000) >= '23:50' ? minutes + 15 : minutes;
      const start = Date.now() + ahead * 60_000;
      const shop = await createShop(t.app);
      await setDelivery(t.app, shop.cookie, { windows: [{ days: EVERY_DAY, start: clock(start), end: clock(start + 5 * 60_000), capacity: 5 }], cutoffMinutes: 0 });
      const fruit = await shopProduct(t.app, shop.id, { offerPrice: 50 });
      const [window] = (await slotsOf(t.app, shop.id)).slots;
      const shopper = await createShopper(t.app);
      const address = await createAddress(t.app, shopper.user.id);
      created = [];
      const placedAt = Date.now() / 1000;
      expect((await checkoutWithSlots(t.app, { cookie: shopper.cookie, addressId: address.id }, [{ product: fruit, quantity: 1 }], { [shop.id]: window!.start }, 'stripe')).statusCode).toBe(200);
      return { expiresAt: Number(created[0]!.form.get('expires_at')), windowStart: Date.parse(window!.start) / 1000, placedAt };
    }
    // The window starts 40 (or 55) minutes on: the page closes then, not at the hour.
    const soon = await expiryWithWindowAhead(40);
    expect(soon.windowStart - soon.placedAt).toBeLessThan(3600);
    expect(soon.expiresAt).toBe(soon.windowStart);
    // 15 (or 30) minutes on: Stripe keeps a session 30 minutes at least.
    const sooner = await expiryWithWindowAhead(15);
    expect(sooner.windowStart - sooner.placedAt).toBeLessThan(31 * 60);
    expect(sooner.expiresAt).toBeGreaterThanOrEqual(Math.floor(sooner.placedAt) + 31 * 60);
    expect(sooner.expiresAt).toBeLessThanOrEqual(Date.now() / 1000 + 31 * 60);
  });

  it('marks the order paid and empties the cart on a signed checkout.session.completed, exactly once', async () => {
    const { shopper, sessionId, product } = await checkout();
    expect(await myOrders(shopper.cookie)).toEqual([]);
    // Added in another tab while the payment page was open: no product of the checkout, it stays (it went: a probe).
    const later = await createProduct(t.app);
    await t.app.inject({ method: 'POST', url: '/api/cart/update', payload: { cartItems: { [product.id]: 7, [later.id]: 2 } }, headers: { cookie: shopper.cookie } });
    const event = sessionEvent('checkout.session.completed', sessionId);
    const res = await deliver(event);
    expect(res.statusCode).toBe(200);
    expect(body(res)).toEqual({ received: true, result: 'paid' });
    const orders = await myOrders(shopper.cookie);
    expect(orders).toMatchObject([{ paymentType: 'Online', isPaid: true, amount: 7.06 }]);
    expect(await cartOf(shopper.cookie)).toEqual({ [later.id]: 2 });

    // A replay of the same event, or another completion of the session, changes nothing.
    await t.app.inject({ method: 'POST', url: '/api/cart/update', payload: { cartItems: { [orders[0]!.items[0]!.product._id]: 1 } }, headers: { cookie: shopper.cookie } });
    expect(body(await deliver(event))).toEqual({ received: true, result: 'ignored' });
    expect(body(await deliver(sessionEvent('checkout.session.completed', sessionId)))).toEqual({ received: true, result: 'ignored' });
    expect(await myOrders(shopper.cookie)).toEqual(orders);
    expect(Object.keys(await cartOf(shopper.cookie))).toHaveLength(1);
  });

  it('refuses a forged, unsigned or tampered webhook and changes nothing', async () => {
    const { shopper, sessionId } = await checkout();
    const event = sessionEvent('checkout.session.completed', sessionId);
    const signedByOther = await deliver(event, 'whsec_attacker');
    const unsigned = await t.app.inject({ method: 'POST', url: '/api/stripe/webhook', payload: event, headers: { 'content-type': 'application/json' } });
    const tampered = await deliver(event.replace(sessionId, `${sessionId}x`), WEBHOOK_SECRET, stripe.webhooks.generateTestHeaderString({ payload: event, secret: WEBHOOK_SECRET }));
    for (const res of [signedByOther, unsigned, tampered]) {
      expect(res.statusCode).toBe(400);
      expect(body(res)).toEqual({ success: false, code: 'INVALID_SIGNATURE', message: 'Invalid webhook signature' });
    }
    expect(await myOrders(shopper.cookie)).toEqual([]);
    // The refused event id was not recorded: the genuine delivery still works.
    expect(body(await deliver(event))).toMatchObject({ result: 'paid' });
  });

  it('cancels the unpaid order when the session expires, and a retried checkout then opens a new session', async () => {
    const { shopper, sessionId, product } = await checkout();
    sessionStatus.set(sessionId, 'expired');
    expect(body(await deliver(sessionEvent('checkout.session.expired', sessionId)))).toMatchObject({ result: 'cancelled' });
    const retry = await retryCheckout({ shopper, product });
    expect(body<{ url: string }>(retry).url).not.toContain(sessionId);
    expect(await cartOf(shopper.cookie)).toEqual({ [product.id]: 7 });
  });

  it('cancels the order when a delayed payment fails (async_payment_failed) and gives its units back, once', async () => {
    const { sessionId } = await checkout();
    const orderOf = () => t.app.db.query.orders.findFirst({ where: (o, { eq }) => eq(o.paymentSessionId, sessionId) });
    const failed = sessionEvent('checkout.session.async_payment_failed', sessionId, { paymentStatus: 'unpaid' });
    expect(body(await deliver(failed))).toMatchObject({ result: 'cancelled' });
    // The units' return is recorded (order-stock.test.ts checks the counts); a replay changes nothing.
    const cancelled = (await orderOf())!;
    expect(cancelled).toMatchObject({ status: 'Cancelled', stockReturnedAt: expect.any(Date) });
    expect(body(await deliver(failed))).toMatchObject({ result: 'ignored' });
    expect((await orderOf())!.stockReturnedAt).toEqual(cancelled.stockReturnedAt);
  });

  it('sends a retried checkout to the open session instead of creating a second one', async () => {
    const first = await checkout();
    created = [];
    const retry = await retryCheckout(first);
    expect(body<{ url: string }>(retry).url).toBe(first.url);
    expect(created).toHaveLength(0);
  });

  it('ignores an unpaid completion (a delayed payment method) and events it does not handle', async () => {
    const { shopper, sessionId } = await checkout();
    expect(body(await deliver(sessionEvent('checkout.session.completed', sessionId, { paymentStatus: 'unpaid' })))).toMatchObject({ result: 'ignored' });
    expect(body(await deliver(sessionEvent('customer.created', sessionId)))).toMatchObject({ result: 'ignored' });
    expect(await myOrders(shopper.cookie)).toEqual([]);
  });

  it('answers 502 when Stripe fails, cancels that order, and a retry opens a new session', async () => {
    const shopper = await createShopper(t.app);
    const address = await createAddress(t.app, shopper.user.id);
    const product = await createProduct(t.app);
    const payload = { items: [{ product: product.id, quantity: 1 }], address: address.id };
    failNextCreate = true;
    const failed = await t.app.inject({ method: 'POST', url: '/api/order/stripe', payload, headers: { cookie: shopper.cookie } });
    expect(failed.statusCode).toBe(502);
    expect(body(failed)).toEqual({ success: false, code: 'PAYMENT_PROVIDER_FAILED', message: 'The payment provider could not be reached. Please try again.' });
    const retry = await t.app.inject({ method: 'POST', url: '/api/order/stripe', payload, headers: { cookie: shopper.cookie } });
    expect(retry.statusCode).toBe(200);
    expect(body<{ url: string }>(retry).url).toMatch(/cs_test_/);
  });

  it('refunds the payment through Stripe when the seller cancels a paid order; if Stripe fails, the order stays as it was', async () => {
    const { shopper, sessionId } = await checkout();
    expect((await deliver(sessionEvent('checkout.session.completed', sessionId))).statusCode).toBe(200);
    const [paid] = await myOrders(shopper.cookie);
    const seller = await sellerCookie(t.app);
    const cancel = () => t.app.inject({ method: 'POST', url: '/api/order/status', payload: { orderId: paid!._id, status: 'Cancelled' }, headers: { cookie: seller } });

    failNextRefund = true;
    const refused = await cancel();
    expect(refused.statusCode).toBe(502);
    expect(body(refused)).toMatchObject({ success: false, code: 'REFUND_FAILED' });
    expect((await myOrders(shopper.cookie))[0]).toMatchObject({ status: 'Order Placed', isPaid: true, isRefunded: false });

    const res = await cancel();
    expect(res.statusCode).toBe(200);
    expect(refunds.at(-1)!.form.get('payment_intent')).toBe(`pi_for_${sessionId}`);
    expect(refunds.at(-1)!.idempotencyKey).toMatch(new RegExp(`^refund-${paid!._id}-\\d+$`));
    expect((await myOrders(shopper.cookie))[0]).toMatchObject({ status: 'Cancelled', isPaid: true, isRefunded: true });
  });

  it('leaves the expiry of unpaid sessions to Stripe (its webhook), not to the test gateway’s sweep', async () => {
    const { shopper } = await checkout();
    expect(await t.app.orders.expireAbandonedTestCheckouts(new Date(Date.now() + 2 * 24 * 60 * 60 * 1000))).toBe(0);
    const [order] = await t.app.db.query.orders.findMany({ where: (o, { eq }) => eq(o.userId, shopper.user.id) });
    expect(order!.status).toBe('Order Placed');
  });

  it('with Stripe too, the checkout sweep cancels a checkout that never got its session (its process stopped first) (0238)', async () => {
    const { shopper } = await checkout();
    const [order] = await t.app.db.query.orders.findMany({ where: (o, { eq }) => eq(o.userId, shopper.user.id) });
    // As a process stopped between writing the orders and storing Stripe's session leaves them, two minutes on.
    await t.app.db
      .update(orders)
      .set({ paymentSessionId: null, createdAt: new Date(Date.now() - SESSIONLESS_CHECKOUT_GRACE_MS - 60_000) })
      .where(eq(orders.checkoutId, order!.checkoutId));
    await t.app.db.delete(scheduledRuns);
    expect(await t.app.housekeeping.expireCheckoutsIfDue()).toBe(true);
    expect((await t.app.db.query.orders.findFirst({ where: (o, { eq }) => eq(o.id, order!.id) }))!.status).toBe('Cancelled');
  });

  it('records a payment Stripe has taken but whose webhook has not arrived when the shopper opens My Orders, once', async () => {
    const { shopper, sessionId } = await checkout();
    expect(await myOrders(shopper.cookie)).toEqual([]);
    paidSessions.add(sessionId);
    const [order] = await myOrders(shopper.cookie);
    expect(order).toMatchObject({ paymentType: 'Online', isPaid: true, status: 'Order Placed' });
    expect(await cartOf(shopper.cookie)).toEqual({});
    // The webhook arriving afterwards changes nothing.
    expect((await deliver(sessionEvent('checkout.session.completed', sessionId))).statusCode).toBe(200);
    expect(await myOrders(shopper.cookie)).toEqual([order]);
  });

  it('still lists the orders when Stripe does not answer, and leaves the checkout waiting', async () => {
    const { shopper, sessionId } = await checkout();
    paidSessions.add(sessionId);
    failRetrieve = true;
    try {
      const res = await t.app.inject({ method: 'GET', url: '/api/order/user', headers: { cookie: shopper.cookie } });
      expect(res.statusCode).toBe(200);
      expect(body<{ orders: Order[] }>(res).orders).toEqual([]);
    } finally {
      failRetrieve = false;
    }
    expect(await myOrders(shopper.cookie)).toHaveLength(1);
  });
});

describe('a payment for an order that was cancelled', () => {
  const orderOfSession = async (sessionId: string) => (await t.app.db.query.orders.findFirst({ where: (o, { eq }) => eq(o.paymentSessionId, sessionId) }))!;
  const cancel = async (orderId: string) =>
    t.app.inject({ method: 'POST', url: '/api/order/status', payload: { orderId, status: 'Cancelled' }, headers: { cookie: await sellerCookie(t.app) } });

  const goBack = (checkoutId: string, headers: Record<string, string> = {}) => t.app.inject({ method: 'GET', url: `/api/order/checkout-back?checkout=${checkoutId}`, headers });

  it("ends the waiting checkout when its shopper comes back from Stripe's page (cancel_url): session expired, units back, on to the cart with its address", async () => {
    created = [];
    const { shopper, address, product, sessionId } = await checkout(7);
    const stockOf = async () => (await t.app.db.query.products.findFirst({ where: (p, { eq }) => eq(p.id, product.id) }))!.stock;
    const order = await orderOfSession(sessionId);
    expect(created[0]!.form.get('cancel_url')).toBe(`${PUBLIC_URL}/api/order/checkout-back?checkout=${order.checkoutId}`);
    // Held by the page: no unit left for anyone, the shopper's own cart included.
    expect(await stockOf()).toBe(0);
    // Another shopper, a visitor or a link that is not one ends nothing: on to the cart.
    const other = await createShopper(t.app);
    for (const res of [await goBack(order.checkoutId, { cookie: other.cookie }), await goBack(order.checkoutId), await goBack('not-a-checkout', { cookie: shopper.cookie })]) {
      expect([res.statusCode, res.headers.location]).toEqual([303, `${PUBLIC_URL}/cart`]);
    }
    expect((await orderOfSession(sessionId)).status).toBe('Order Placed');

    const back = await goBack(order.checkoutId, { cookie: shopper.cookie });
    expect([back.statusCode, back.headers.location]).toEqual([303, `${PUBLIC_URL}/cart?address=${address.id}&pay=card`]);
    expect(await orderOfSession(sessionId)).toMatchObject({ status: 'Cancelled', stockReturnedAt: expect.any(Date) });
    expect(sessionStatus.get(sessionId)).toBe('expired');
    expect(await stockOf()).toBe(7);
    // The cart was kept; followed again, the link has nothing more to end.
    expect(await cartOf(shopper.cookie)).toEqual({ [product.id]: 7 });
    expect((await goBack(order.checkoutId, { cookie: shopper.cookie })).headers.location).toBe(`${PUBLIC_URL}/cart?address=${address.id}&pay=card`);
  });

  it('sends the shopper back from Stripe to My Orders when the payment went through before its webhook arrived, and records it', async () => {
    const { shopper, sessionId } = await checkout();
    takePaymentInStripe(sessionId);
    const back = await goBack((await orderOfSession(sessionId)).checkoutId, { cookie: shopper.cookie });
    expect(back.headers.location).toBe(`${PUBLIC_URL}/loader?next=my-orders`);
    expect(await orderOfSession(sessionId)).toMatchObject({ status: 'Order Placed', isPaid: true });
  });

  it('closes the Stripe checkout session when the seller cancels the unpaid order, so it can no longer be paid', async () => {
    const { sessionId } = await checkout();
    const order = await orderOfSession(sessionId);
    const res = await cancel(order.id);
    expect(res.statusCode).toBe(200);
    expect(body(res)).toMatchObject({ message: 'Order status updated to Cancelled', order: { status: 'Cancelled', isPaid: false } });
    expect(expiredByShop).toContain(sessionId);
    expect(sessionStatus.get(sessionId)).toBe('expired');
  });

  it('a checkout refused for the last unit the shopper\'s own waiting Stripe checkout holds stays refused as such when Stripe cannot close it', async () => {
    const shopper = await createShopper(t.app);
    const address = await createAddress(t.app, shopper.user.id);
    const last = await createProduct(t.app, { name: 'Last Jackfruit', offerPrice: 80 });
    await t.app.db.update(products).set({ stock: 1 }).where(eq(products.id, last.id));
    const place = (payment: 'stripe' | 'cod') =>
      t.app.inject({ method: 'POST', url: `/api/order/${payment}`, payload: { items: [{ product: last.id, quantity: 1 }], address: address.id }, headers: { cookie: shopper.cookie } });
    const sessionId = body<{ url: string }>(await place('stripe')).url.split('/').at(-1)!;
    failExpire = true;
    failRetrieve = true;
    try {
      const res = await place('cod');
      expect(res.statusCode).toBe(409);
      expect(body(res)).toMatchObject({ success: false, code: 'OUT_OF_STOCK' });
      expect((await orderOfSession(sessionId)).status).toBe('Order Placed');
    } finally {
      failExpire = false;
      failRetrieve = false;
    }
  });

  it('refuses the cancel when Stripe cannot be reached to close the session, and changes nothing', async () => {
    const { sessionId } = await checkout();
    const order = await orderOfSession(sessionId);
    failExpire = true;
    failRetrieve = true;
    try {
      const res = await cancel(order.id);
      expect(res.statusCode).toBe(502);
      expect(body(res)).toEqual({
        success: false,
        code: 'CHECKOUT_CLOSE_FAILED',
        message: 'The payment page of this order could not be closed, so the order was not cancelled. Please try again.',
      });
    } finally {
      failExpire = false;
      failRetrieve = false;
    }
    expect((await orderOfSession(sessionId)).status).toBe('Order Placed');
    expect(sessionStatus.get(sessionId)).toBe('open');
  });

  it('refunds at once a payment that still arrives for a cancelled order: shown Refunded, the refund e-mailed, never "order placed"', async () => {
    const { shopper, product, sessionId } = await checkout();
    const order = await orderOfSession(sessionId);
    expect((await cancel(order.id)).statusCode).toBe(200);
    // The shopper's payment was already on its way (or a delayed method succeeded late).
    const res = await deliver(sessionEvent('checkout.session.completed', sessionId));
    expect(res.statusCode).toBe(200);
    expect(body(res)).toEqual({ received: true, result: 'refunded' });
    expect(refunds.at(-1)!.form.get('payment_intent')).toBe(`pi_for_${sessionId}`);
    expect(refunds.at(-1)!.idempotencyKey).toMatch(new RegExp(`^refund-${order.id}-\\d+$`));
    expect(await myOrders(shopper.cookie)).toMatchObject([{ _id: order.id, status: 'Cancelled', isPaid: true, isRefunded: true }]);
    // The cart is the shopper's to order again.
    expect(await cartOf(shopper.cookie)).toEqual({ [product.id]: 7 });
    const mails = await mailsAbout(order.id);
    expect(mails).toHaveLength(1);
    expect(mails[0]).toContain(`Subject: GreenCart order GC-${order.orderNumber} was cancelled: your payment is refunded`);
    expect(mails[0]).toContain('We have refunded Rs 7.06, all you paid for this order.');
    expect(mails[0]).not.toContain('Your order is placed');
    // A replay, or Stripe's own retry, refunds nothing more.
    const refundCount = refunds.length;
    expect(body(await deliver(sessionEvent('checkout.session.completed', sessionId)))).toMatchObject({ result: 'ignored' });
    expect(refunds).toHaveLength(refundCount);
  });

  it('keeps a payment whose refund failed as owed, and the hourly retry refunds it and mails the shopper once', async () => {
    const { shopper, sessionId } = await checkout();
    const order = await orderOfSession(sessionId);
    expect((await cancel(order.id)).statusCode).toBe(200);
    failNextRefund = true;
    const res = await deliver(sessionEvent('checkout.session.completed', sessionId));
    expect(body(res)).toEqual({ received: true, result: 'refund-pending' });
    // The fact is kept: paid, cancelled, not refunded yet; the seller sees it, no e-mail claims a refund.
    expect(await myOrders(shopper.cookie)).toMatchObject([{ _id: order.id, status: 'Cancelled', isPaid: true, isRefunded: false }]);
    expect(await mailsAbout(order.id)).toEqual([]);

    expect(await t.app.orders.retryOwedRefunds()).toBe(1);
    expect(refunds.at(-1)!.idempotencyKey).toMatch(new RegExp(`^refund-${order.id}-\\d+$`));
    expect(await myOrders(shopper.cookie)).toMatchObject([{ _id: order.id, isRefunded: true }]);
    expect(await t.app.orders.retryOwedRefunds()).toBe(0);
    expect(await mailsAbout(order.id)).toHaveLength(1);
  });

  it('a refund Stripe made whose answer was lost is found at Stripe by its key and not made again (decision 0044)', async () => {
    const { shopper, sessionId } = await checkout();
    const order = await orderOfSession(sessionId);
    expect((await cancel(order.id)).statusCode).toBe(200);
    loseNextRefundAnswer = true;
    expect(body(await deliver(sessionEvent('checkout.session.completed', sessionId)))).toEqual({ received: true, result: 'refund-pending' });
    const made = refunds.filter(({ form }) => form.get('metadata[orderId]') === order.id);
    expect(made).toHaveLength(1);
    expect(made[0]!.form.get('metadata[refundKey]')).toBe(`refund-${order.id}`);
    // The retry (an hour on, or a day: under another idempotency key) reads it back and records it, paying nothing more.
    expect(await t.app.orders.retryOwedRefunds()).toBe(1);
    expect(refunds.filter(({ form }) => form.get('metadata[orderId]') === order.id)).toHaveLength(1);
    expect(await myOrders(shopper.cookie)).toMatchObject([{ _id: order.id, isRefunded: true }]);
  });

  it('refunds when the seller cancels an order whose payment Stripe took before its webhook arrived', async () => {
    const { shopper, sessionId } = await checkout();
    const order = await orderOfSession(sessionId);
    takePaymentInStripe(sessionId);
    const refundCount = refunds.length;
    const res = await cancel(order.id);
    expect(res.statusCode).toBe(200);
    expect(body(res)).toMatchObject({ message: 'Order cancelled and its payment refunded', order: { status: 'Cancelled', isPaid: true, isRefunded: true } });
    expect(refunds).toHaveLength(refundCount + 1);
    // The webhook that follows changes nothing and sends no confirmation.
    expect(body(await deliver(sessionEvent('checkout.session.completed', sessionId)))).toMatchObject({ result: 'ignored' });
    expect(refunds).toHaveLength(refundCount + 1);
    expect(await myOrders(shopper.cookie)).toMatchObject([{ status: 'Cancelled', isRefunded: true }]);
    const mails = await mailsAbout(order.id);
    expect(mails).toHaveLength(1);
    expect(mails[0]).toContain('was cancelled: your payment is refunded');
  });

  it('records the payment of a retried checkout whose earlier session Stripe already took, instead of cancelling it', async () => {
    const first = await checkout();
    takePaymentInStripe(first.sessionId);
    const retry = await retryCheckout(first);
    expect(retry.statusCode).toBe(200);
    expect(body<{ url: string }>(retry).url).toBe(`${PUBLIC_URL}/loader?next=my-orders`);
    expect(await myOrders(first.shopper.cookie)).toMatchObject([{ status: 'Order Placed', isPaid: true, isRefunded: false }]);
  });
});
