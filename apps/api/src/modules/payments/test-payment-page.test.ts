import fs from 'node:fs/promises';
import path from 'node:path';
import type { Order } from '@greencart/shared';
import { and, eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { deliverySlotPlaces, orders, products } from '../../db/schema/index.js';
import { SESSIONLESS_CHECKOUT_GRACE_MS } from '../orders/order-service.js';
import { checkoutWithSlots, EVERY_DAY, setDelivery, slotsOf } from '../../test/delivery-builders.js';
import { createShop, shopProduct } from '../../test/market-builders.js';
import { body, buildTestApp, createAddress, createProduct, createShopper, sellerCookie, type TestApp } from '../../test/test-app.js';
import { CHECKOUT_SESSION_LIFETIME_MS } from './payment-gateway.js';
import { checkTestCard } from './test-gateway.js';

/** Online payment without STRIPE_SECRET_KEY: the store's own test payment page. */
let t: TestApp;
const PUBLIC_URL = 'http://shop.test';
beforeAll(async () => {
  t = await buildTestApp({ PUBLIC_URL });
});
afterAll(() => t.close());

const myOrders = async (cookie: string) => body<{ orders: Order[] }>(await t.app.inject({ method: 'GET', url: '/api/order/user', headers: { cookie } })).orders;
const cartOf = async (cookie: string) =>
  body<{ user: { cartItems: Record<string, number> } }>(await t.app.inject({ method: 'GET', url: '/api/user/is-auth', headers: { cookie } })).user.cartItems;

async function startOnlineCheckout(app = t.app) {
  const shopper = await createShopper(app);
  const address = await createAddress(app, shopper.user.id);
  const product = await createProduct(app, { offerPrice: 33.33 });
  await app.inject({ method: 'POST', url: '/api/cart/update', payload: { cartItems: { [product.id]: 3 } }, headers: { cookie: shopper.cookie } });
  const res = await app.inject({
    method: 'POST',
    url: '/api/order/stripe',
    payload: { items: [{ product: product.id, quantity: 3 }], address: address.id },
    headers: { cookie: shopper.cookie },
  });
  expect(res.statusCode).toBe(200);
  const json = body<{ success: boolean; url: string; checkoutId: string; backUrl: string }>(res);
  expect(json.success).toBe(true);
  // The way back the cart puts in the browser's history for Back (decision 0224).
  expect(json.backUrl).toBe(`/api/order/checkout-back?checkout=${json.checkoutId}`);
  // A path on the store itself, whatever PUBLIC_URL says: the shopper stays on the host their login cookie is for.
  expect(json.url).toMatch(/^\/pay\/test\/test_cs_/);
  return { shopper, product, path: json.url };
}

const pay = (path: string, cookie: string, card: Record<string, string>) =>
  t.app.inject({ method: 'POST', url: path, payload: new URLSearchParams(card).toString(), headers: { cookie, 'content-type': 'application/x-www-form-urlencoded' } });

/**
 * Runs `action` (a page's call) while another tab acts on the same checkout at the last moment: just before the page's
 * own `event` reaches the orders, the other tab's opposite event lands (a payment before a cancel, an end before a payment).
 */
async function withOtherTabFirst<T>(path: string, event: 'checkout.session.expired' | 'checkout.session.completed', action: () => Promise<T>): Promise<T> {
  const sessionId = path.split('/').at(-1)!;
  const handle = t.app.orders.handlePaymentEvent;
  const other = event === 'checkout.session.expired' ? 'checkout.session.completed' : 'checkout.session.expired';
  t.app.orders.handlePaymentEvent = async (e) => {
    if (e.type === event) await handle({ id: `other_tab_${sessionId}`, type: other, sessionId });
    return handle(e);
  };
  try {
    return await action();
  } finally {
    t.app.orders.handlePaymentEvent = handle;
  }
}

describe('the built-in test payment page', () => {
  it('shows the total, is marked as test mode, and pays with 4242 4242 4242 4242 exactly once', async () => {
    const { shopper, product, path } = await startOnlineCheckout();
    const page = await t.app.inject({ method: 'GET', url: path, headers: { cookie: shopper.cookie } });
    expect(page.statusCode).toBe(200);
    expect(page.body).toContain('Test mode — no real charge');
    // The card form posts back with a real Origin (helmet's no-referrer would make it `null`).
    expect(page.headers['referrer-policy']).toBe('same-origin');
    expect(page.body).toContain('Rs 101.98');
    // Not an order until paid; the cart stays for a shopper who leaves the page.
    expect(await myOrders(shopper.cookie)).toEqual([]);
    expect(await cartOf(shopper.cookie)).toEqual({ [product.id]: 3 });

    const paid = await pay(path, shopper.cookie, { number: '4242 4242 4242 4242', expiry: '12/99', cvc: '123' });
    expect(paid.statusCode).toBe(303);
    expect(paid.headers.location).toBe('/loader?next=my-orders');
    const orders = await myOrders(shopper.cookie);
    expect(orders).toMatchObject([{ paymentType: 'Online', isPaid: true, status: 'Order Placed', amount: 101.98 }]);
    expect(await cartOf(shopper.cookie)).toEqual({});

    // Paying again (back button, resubmit) changes nothing.
    const again = await pay(path, shopper.cookie, { number: '4242424242424242', expiry: '12/99', cvc: '123' });
    expect(again.statusCode).toBe(303);
    expect(await myOrders(shopper.cookie)).toEqual(orders);
  });

  it('answers a paid card checkout sent again (its cart filled again) as placed and paid, charging nothing and emptying the cart (a probe)', async () => {
    const { shopper, product, path } = await startOnlineCheckout();
    expect((await pay(path, shopper.cookie, { number: '4242 4242 4242 4242', expiry: '12/99', cvc: '123' })).statusCode).toBe(303);
    const [order] = await myOrders(shopper.cookie);
    await t.app.inject({ method: 'POST', url: '/api/cart/update', payload: { cartItems: { [product.id]: 3 } }, headers: { cookie: shopper.cookie } });
    const [address] = await t.app.db.select({ id: orders.addressId }).from(orders).where(eq(orders.id, order!._id));
    const again = await t.app.inject({ method: 'POST', url: '/api/order/stripe', payload: { items: [{ product: product.id, quantity: 3 }], address: address!.id }, headers: { cookie: shopper.cookie } });
    expect(body(again)).toMatchObject({
      success: true,
      url: '/loader?next=my-orders',
      alreadyPlaced: true,
      message: `You paid for this same order in the last 10 minutes (${order!.orderNumber}): nothing new was placed or charged. It is in My Orders.`,
      orderId: order!._id,
    });
    expect(await cartOf(shopper.cookie)).toEqual({});
    expect(await myOrders(shopper.cookie)).toHaveLength(1);
  });

  it('declines 4000 0000 0000 0002 with a clear message and leaves the order unpaid', async () => {
    const { shopper, product, path } = await startOnlineCheckout();
    const declined = await pay(path, shopper.cookie, { number: '4000 0000 0000 0002', expiry: '01/40', cvc: '999' });
    expect(declined.statusCode).toBe(402);
    expect(declined.body).toContain('Your card was declined.');
    // The form keeps what was typed but the CVC; its placeholders say what goes in; the shop's icon is named.
    expect(declined.body).toContain('placeholder="1234 1234 1234 1234" value="4000 0000 0000 0002"');
    expect(declined.body).toContain('placeholder="MM/YY" value="01/40"');
    // Not as a field's value (a bare '999' turned up in a random checkout id: CI).
    expect(declined.body).not.toContain('value="999"');
    expect(declined.body).toContain('<link rel="icon" type="image/svg+xml" href="/favicon.svg">');
    expect(await myOrders(shopper.cookie)).toEqual([]);
    expect(await cartOf(shopper.cookie)).toEqual({ [product.id]: 3 });
  });

  it("is only the ordering shopper's", async () => {
    const { path } = await startOnlineCheckout();
    const stranger = await createShopper(t.app);
    expect((await t.app.inject({ method: 'GET', url: path, headers: { cookie: stranger.cookie } })).statusCode).toBe(404);
    expect((await pay(path, stranger.cookie, { number: '4242424242424242', expiry: '12/99', cvc: '123' })).statusCode).toBe(404);
    expect((await t.app.inject({ method: 'GET', url: path })).statusCode).toBe(401);
  });

  it('tells a browser signed out, or of another account, what happened as a page, with the way to My Orders (it was JSON: a probe)', async () => {
    const { path } = await startOnlineCheckout();
    const stranger = await createShopper(t.app);
    const browser = { accept: 'text/html,application/xhtml+xml,application/xml;q=0.9,*/*;q=0.8' };
    const signedOut = await t.app.inject({ method: 'GET', url: path, headers: browser });
    expect(signedOut.statusCode).toBe(401);
    expect(signedOut.headers['content-type']).toBe('text/html; charset=utf-8');
    expect(signedOut.body).toContain('<h1>Sign in to pay</h1>');
    expect(signedOut.body).toContain('href="/my-orders"');
    const another = await t.app.inject({ method: 'GET', url: path, headers: { ...browser, cookie: stranger.cookie } });
    expect(another.statusCode).toBe(404);
    expect(another.body).toContain('<h1>No such payment page</h1>');
    expect(another.body).not.toContain('Pay ');
    // The card form sent after the session ended: a page too.
    const form = await t.app.inject({ method: 'POST', url: path, payload: 'number=4242424242424242&expiry=12%2F99&cvc=123', headers: { ...browser, 'content-type': 'application/x-www-form-urlencoded', origin: PUBLIC_URL } });
    expect(form.statusCode).toBe(401);
    expect(form.body).toContain('<h1>Sign in to pay</h1>');
    // A call asking for JSON keeps the shop's error shape.
    expect(body(await t.app.inject({ method: 'GET', url: path, headers: { accept: 'application/json' } }))).toMatchObject({ success: false, code: 'NOT_AUTHENTICATED' });
  });

  it("'Cancel and return to the cart' ends the checkout at once: its units go back, the page closes, the cart stays", async () => {
    const { shopper, product, path } = await startOnlineCheckout();
    const cancelPath = `${path}/cancel`;
    const page = await t.app.inject({ method: 'GET', url: path, headers: { cookie: shopper.cookie } });
    expect(page.body).toContain(`<form method="post" action="${cancelPath}"><button type="submit" class="cancel">Cancel and return to the cart</button></form>`);
    await t.app.db.update(products).set({ stock: 0 }).where(eq(products.id, product.id));
    const order = (await t.app.db.query.orders.findFirst({ where: (o, { eq }) => eq(o.paymentSessionId, path.split('/').at(-1)!) }))!;
    const stockLeft = async () => (await t.app.db.query.products.findFirst({ where: (p, { eq }) => eq(p.id, product.id) }))!.stock;
    const cancel = (cookie: string, headers: Record<string, string> = {}) =>
      t.app.inject({ method: 'POST', url: cancelPath, payload: '', headers: { cookie, 'content-type': 'application/x-www-form-urlencoded', ...headers } });

    // Nobody else ends it: another shopper is told there is no such page, another site is refused.
    expect((await cancel((await createShopper(t.app)).cookie)).statusCode).toBe(404);
    expect(body(await cancel(shopper.cookie, { origin: 'https://evil.example' }))).toMatchObject({ success: false, code: 'CROSS_SITE_REQUEST' });
    expect((await t.app.inject({ method: 'POST', url: cancelPath })).statusCode).toBe(401);
    expect(await stockLeft()).toBe(0);

    const cancelled = await cancel(shopper.cookie);
    expect(cancelled.statusCode).toBe(303);
    // Back to the cart with the checkout's address chosen (decision 0246).
    expect(cancelled.headers.location).toBe(`/cart?address=${order.addressId}&pay=card`);
    expect((await t.app.db.query.orders.findFirst({ where: (o, { eq }) => eq(o.id, order.id) }))!.status).toBe('Cancelled');
    expect(await stockLeft()).toBe(3);
    expect(await cartOf(shopper.cookie)).toEqual({ [product.id]: 3 });
    const closed = await t.app.inject({ method: 'GET', url: path, headers: { cookie: shopper.cookie } });
    expect(closed.statusCode).toBe(409);
    // Its link goes back to the cart as the cancel did, the checkout's address chosen (decision 0246).
    expect(closed.body).toContain(`<a href="/cart?address=${order.addressId}&#38;pay=card">Return to the cart</a>`);
    expect(closed.body).not.toContain('<form');
    // A second click (back button) changes nothing more.
    expect((await cancel(shopper.cookie)).headers.location).toBe(`/cart?address=${order.addressId}&pay=card`);
    expect(await stockLeft()).toBe(3);
  });

  it('a cancel that meets a payment made in another tab at that moment goes on to the paid order, not to the cart', async () => {
    const { shopper, path } = await startOnlineCheckout();
    // The other tab's payment lands between the cancel's read of the checkout and its end of it.
    const cancel = await withOtherTabFirst(path, 'checkout.session.expired', () => t.app.inject({ method: 'POST', url: `${path}/cancel`, headers: { cookie: shopper.cookie } }));
    expect(cancel.headers.location).toBe('/loader?next=my-orders');
    expect(await myOrders(shopper.cookie)).toMatchObject([{ isPaid: true, status: 'Order Placed' }]);
  });

  it('a payment that meets the way back to the cart at that moment is refunded and the page says so, not thank you (a probe)', async () => {
    const { shopper, path } = await startOnlineCheckout();
    // The other tab's Back ends the checkout between the page's read of it and the payment's arrival.
    const paid = await withOtherTabFirst(path, 'checkout.session.completed', () => pay(path, shopper.cookie, { number: '4242 4242 4242 4242', expiry: '12/99', cvc: '123' }));
    expect(paid.statusCode).toBe(409);
    expect(paid.body).toContain('This checkout was ended a moment before your payment arrived (from another tab, by the shop, or by the store): your payment is refunded.');
    expect(await myOrders(shopper.cookie)).toMatchObject([{ isPaid: true, isRefunded: true, status: 'Cancelled' }]);
    // The page opened again, or its Cancel pressed in a tab left open: refunded, said so, not "thank you" (an attacker probe).
    for (const again of [{ method: 'GET' as const, url: path }, { method: 'POST' as const, url: `${path}/cancel` }]) {
      const answer = await t.app.inject({ ...again, headers: { cookie: shopper.cookie } });
      expect(answer.statusCode).toBe(409);
      expect(answer.body).toContain('The orders of this checkout are cancelled and your payment is refunded to your card');
    }
  });

  it('the way back to the cart that meets the payment at that moment goes on to My Orders, not the emptied cart (a probe)', async () => {
    const { shopper, path } = await startOnlineCheckout();
    const sessionId = path.split('/').at(-1)!;
    const order = (await t.app.db.query.orders.findFirst({ where: (o, { eq }) => eq(o.paymentSessionId, sessionId) }))!;
    const gateway = t.app.payments.gateway;
    const close = gateway.closeCheckout;
    // The payment lands while the way back closes the session (the test gateway closes any: the provider's word comes after).
    gateway.closeCheckout = async (id) => {
      await t.app.orders.handlePaymentEvent({ id: `other_tab_${id}`, type: 'checkout.session.completed', sessionId: id });
      return close(id);
    };
    try {
      const back = await t.app.inject({ method: 'GET', url: `/api/order/checkout-back?checkout=${order.checkoutId}`, headers: { cookie: shopper.cookie } });
      expect(back.headers.location).toBe('/loader?next=my-orders');
    } finally {
      gateway.closeCheckout = close;
    }
    expect(await myOrders(shopper.cookie)).toMatchObject([{ isPaid: true, status: 'Order Placed' }]);
  });

  it('answers 503 DATABASE_UNAVAILABLE, not the provider\'s 502, when the database drops while the payment page is made; the order is cancelled (a probe)', async () => {
    const shopper = await createShopper(t.app);
    const address = await createAddress(t.app, shopper.user.id);
    const product = await createProduct(t.app);
    await t.app.db.update(products).set({ stock: 3 }).where(eq(products.id, product.id));
    const gateway = t.app.payments.gateway;
    const create = gateway.createCheckout;
    // As the session's save met a connection cut by `pg_terminate_backend`.
    gateway.createCheckout = async () => {
      throw new Error('query failed', { cause: Object.assign(new Error('terminating connection due to administrator command'), { code: '57P01' }) });
    };
    try {
      const answer = await t.app.inject({ method: 'POST', url: '/api/order/stripe', payload: { items: [{ product: product.id, quantity: 2 }], address: address.id }, headers: { cookie: shopper.cookie } });
      expect(answer.statusCode).toBe(503);
      expect(body(answer)).toMatchObject({ success: false, code: 'DATABASE_UNAVAILABLE' });
    } finally {
      gateway.createCheckout = create;
    }
    expect(await myOrders(shopper.cookie)).toEqual([]);
    const [row] = await t.app.db.select({ stock: products.stock }).from(products).where(eq(products.id, product.id));
    expect(row!.stock).toBe(3);
  });

  it('a cart paid by card and sent again for cash from a second device within minutes is that order: nothing new is placed (a probe)', async () => {
    const { shopper, product, path } = await startOnlineCheckout();
    expect((await pay(path, shopper.cookie, { number: '4242 4242 4242 4242', expiry: '12/99', cvc: '123' })).statusCode).toBe(303);
    const [order] = await myOrders(shopper.cookie);
    const [address] = await t.app.db.select({ id: orders.addressId }).from(orders).where(eq(orders.id, order!._id));
    const cash = await t.app.inject({ method: 'POST', url: '/api/order/cod', payload: { items: [{ product: product.id, quantity: 3 }], address: address!.id }, headers: { cookie: shopper.cookie } });
    expect(cash.statusCode).toBe(200);
    expect(body(cash)).toMatchObject({ alreadyPlaced: true, message: `You paid for this same order in the last 10 minutes (${order!.orderNumber}): nothing new was placed or charged. It is in My Orders.` });
    expect(await myOrders(shopper.cookie)).toHaveLength(1);
    // Sent for cash first, the same cart by card is that order too: no payment page, nothing charged.
    await t.app.inject({ method: 'POST', url: '/api/cart/update', payload: { cartItems: { [product.id]: 1 } }, headers: { cookie: shopper.cookie } });
    const first = await t.app.inject({ method: 'POST', url: '/api/order/cod', payload: { items: [{ product: product.id, quantity: 1 }], address: address!.id }, headers: { cookie: shopper.cookie } });
    const card = await t.app.inject({ method: 'POST', url: '/api/order/stripe', payload: { items: [{ product: product.id, quantity: 1 }], address: address!.id }, headers: { cookie: shopper.cookie } });
    expect(body(card)).toMatchObject({ alreadyPlaced: true, url: '/loader?next=my-orders', checkoutId: body<{ checkoutId: string }>(first).checkoutId });
    expect(await myOrders(shopper.cookie)).toHaveLength(2);
  });

  it('a cancel after the payment went through leaves the paid order and goes on to My Orders', async () => {
    const { shopper, path } = await startOnlineCheckout();
    expect((await pay(path, shopper.cookie, { number: '4242424242424242', expiry: '12/99', cvc: '123' })).statusCode).toBe(303);
    const cancel = await t.app.inject({ method: 'POST', url: `${path}/cancel`, headers: { cookie: shopper.cookie } });
    expect(cancel.statusCode).toBe(303);
    expect(cancel.headers.location).toBe('/loader?next=my-orders');
    expect(await myOrders(shopper.cookie)).toMatchObject([{ isPaid: true, status: 'Order Placed' }]);
  });

  it('sends a retried checkout back to the same payment page instead of a second order', async () => {
    const { shopper, product, path } = await startOnlineCheckout();
    const address = (await t.app.addressBook.list(shopper.user.id))[0]!;
    const retry = await t.app.inject({
      method: 'POST',
      url: '/api/order/stripe',
      payload: { items: [{ product: product.id, quantity: 3 }], address: address._id },
      headers: { cookie: shopper.cookie },
    });
    expect(body<{ url: string }>(retry).url).toBe(path);
  });

  it('expires a session left unpaid for an hour, as Stripe does: its order is cancelled and can no longer be paid', async () => {
    const abandoned = await startOnlineCheckout();
    const recent = await startOnlineCheckout();
    const sessionOf = (path: string) => path.split('/').at(-1)!;
    const orderOf = async (path: string) => (await t.app.db.query.orders.findFirst({ where: (o, { eq }) => eq(o.paymentSessionId, sessionOf(path)) }))!;
    expect(await t.app.orders.expireAbandonedTestCheckouts()).toBe(0);
    const lifetimeAndAMinuteAgo = new Date(Date.now() - CHECKOUT_SESSION_LIFETIME_MS - 60_000);
    await t.app.db.update(orders).set({ createdAt: lifetimeAndAMinuteAgo }).where(eq(orders.paymentSessionId, sessionOf(abandoned.path)));
    expect(await t.app.orders.expireAbandonedTestCheckouts()).toBe(1);
    expect((await orderOf(abandoned.path)).status).toBe('Cancelled');
    const page = await pay(abandoned.path, abandoned.shopper.cookie, { number: '4242 4242 4242 4242', expiry: '12/34', cvc: '123' });
    expect(page.statusCode).toBe(409);
    expect(page.body).toContain('This payment page has expired');
    expect((await orderOf(abandoned.path)).isPaid).toBe(false);
    // The shopper's cart is left as it was, ready for a new checkout.
    expect(await cartOf(abandoned.shopper.cookie)).toEqual({ [abandoned.product.id]: 3 });
    expect((await orderOf(recent.path)).status).toBe('Order Placed');
  });

  it('refuses a payment after its hour itself, before the sweep: the order is cancelled, its units given back, the card not taken (decision 0268)', async () => {
    const { shopper, product, path } = await startOnlineCheckout();
    // Counted from here: 5 left beside the 3 the page holds.
    await t.app.db.update(products).set({ stock: 5 }).where(eq(products.id, product.id));
    const sessionId = path.split('/').at(-1)!;
    await t.app.db.update(orders).set({ createdAt: new Date(Date.now() - CHECKOUT_SESSION_LIFETIME_MS - 1_000) }).where(eq(orders.paymentSessionId, sessionId));
    const paid = await pay(path, shopper.cookie, { number: '4242 4242 4242 4242', expiry: '12/99', cvc: '123' });
    expect(paid.statusCode).toBe(409);
    expect(paid.body).toContain('This payment page has expired: a card payment is taken within an hour of the order and before its delivery window starts.');
    expect(paid.body).not.toContain('name="number"');
    const order = (await t.app.db.query.orders.findFirst({ where: (o, { eq }) => eq(o.paymentSessionId, sessionId) }))!;
    expect(order).toMatchObject({ status: 'Cancelled', isPaid: false });
    expect((await t.app.db.query.products.findFirst({ where: (p, { eq }) => eq(p.id, product.id) }))!.stock).toBe(8);
    // The sweep finds nothing left to end; the cart is the shopper's to order again.
    expect(await t.app.orders.expireAbandonedTestCheckouts()).toBe(0);
    expect(await cartOf(shopper.cookie)).toEqual({ [product.id]: 3 });
  });

  it('closes when a delivery window of the checkout starts, even within its hour: the page and the sweep both (decision 0268)', async () => {
    const shop = await createShop(t.app);
    await setDelivery(t.app, shop.cookie, { windows: [{ days: EVERY_DAY, start: '08:00', end: '22:00', capacity: 5 }], cutoffMinutes: 0 });
    const fruit = await shopProduct(t.app, shop.id, { offerPrice: 50 });
    const [window] = (await slotsOf(t.app, shop.id)).slots;
    const checkoutInWindow = async () => {
      const shopper = await createShopper(t.app);
      const address = await createAddress(t.app, shopper.user.id);
      const res = await checkoutWithSlots(t.app, { cookie: shopper.cookie, addressId: address.id }, [{ product: fruit, quantity: 1 }], { [shop.id]: window!.start }, 'stripe');
      expect(res.statusCode).toBe(200);
      const path = body<{ url: string }>(res).url;
      return { shopper, path, sessionId: path.split('/').at(-1)! };
    };
    const opened = await checkoutInWindow();
    const left = await checkoutInWindow();
    expect((await slotsOf(t.app, shop.id)).slots.find((s) => s.start === window!.start)!.remaining).toBe(3);
    // Time passes: the window started a minute ago (the checkouts are minutes old).
    const started = new Date(Date.now() - 60_000);
    for (const { sessionId } of [opened, left]) await t.app.db.update(orders).set({ deliverySlotStart: started }).where(eq(orders.paymentSessionId, sessionId));
    const places = and(eq(deliverySlotPlaces.sellerId, shop.id), eq(deliverySlotPlaces.startsAt, started));
    await t.app.db.update(deliverySlotPlaces).set({ startsAt: started }).where(eq(deliverySlotPlaces.sellerId, shop.id));
    const page = await t.app.inject({ method: 'GET', url: opened.path, headers: { cookie: opened.shopper.cookie } });
    expect(page.statusCode).toBe(409);
    expect(page.body).toContain('This payment page has expired');
    expect((await pay(opened.path, opened.shopper.cookie, { number: '4242 4242 4242 4242', expiry: '12/99', cvc: '123' })).statusCode).toBe(409);
    expect(await t.app.orders.expireAbandonedTestCheckouts()).toBe(1);
    for (const { sessionId } of [opened, left]) {
      expect(await t.app.db.query.orders.findFirst({ where: (o, { eq }) => eq(o.paymentSessionId, sessionId) })).toMatchObject({ status: 'Cancelled', isPaid: false });
    }
    // Both places given back.
    expect(await t.app.db.select({ taken: deliverySlotPlaces.taken }).from(deliverySlotPlaces).where(places)).toEqual([{ taken: 0 }]);
  });

  /**
   * A card checkout of 2 units of a product with `stock`, left as a process that stopped between writing its orders and
   * the provider's answer leaves it: no session. With the shopper's way to send the same cart again.
   */
  async function checkoutLeftByACrash(stock: number) {
    const shopper = await createShopper(t.app);
    const address = await createAddress(t.app, shopper.user.id);
    const product = await createProduct(t.app, { offerPrice: 20 });
    await t.app.db.update(products).set({ stock }).where(eq(products.id, product.id));
    const stockLeft = async () => (await t.app.db.query.products.findFirst({ where: (p, { eq }) => eq(p.id, product.id) }))!.stock;
    const placeOnline = () =>
      t.app.inject({ method: 'POST', url: '/api/order/stripe', payload: { items: [{ product: product.id, quantity: 2 }], address: address.id }, headers: { cookie: shopper.cookie } });
    expect((await placeOnline()).statusCode).toBe(200);
    const order = (await t.app.db.query.orders.findFirst({ where: (o, { eq }) => eq(o.userId, shopper.user.id) }))!;
    await t.app.db.update(orders).set({ paymentSessionId: null }).where(eq(orders.checkoutId, order.checkoutId));
    return { order, stockLeft, placeOnline };
  }

  it('cancels a checkout that never got its payment page (its process stopped first) two minutes on, giving its units back (decision 0238)', async () => {
    const { order, stockLeft, placeOnline } = await checkoutLeftByACrash(5);
    expect(await stockLeft()).toBe(3);
    // Sent again meanwhile, it is the same checkout, still being prepared; the sweep leaves it for now.
    expect(body(await placeOnline())).toMatchObject({ success: false, code: 'CHECKOUT_IN_PROGRESS' });
    expect(await t.app.orders.expireSessionlessCheckouts()).toBe(0);

    await t.app.db.update(orders).set({ createdAt: new Date(Date.now() - SESSIONLESS_CHECKOUT_GRACE_MS - 60_000) }).where(eq(orders.checkoutId, order.checkoutId));
    expect(await t.app.orders.expireSessionlessCheckouts()).toBe(1);
    expect((await t.app.db.query.orders.findFirst({ where: (o, { eq }) => eq(o.id, order.id) }))!.status).toBe('Cancelled');
    expect(await stockLeft()).toBe(5);
    expect(await t.app.orders.expireSessionlessCheckouts()).toBe(0);
    // The shopper's next try is a new checkout with its payment page.
    const again = await placeOnline();
    expect(again.statusCode).toBe(200);
    expect(body<{ url: string }>(again).url).toMatch(/\/pay\/test\/test_cs_/);
    expect(await stockLeft()).toBe(3);
  });

  it('the same cart sent again after a checkout left without its payment page for two minutes cancels it and opens a new page at once (decision 0238)', async () => {
    // Its last two units held by the leftover.
    const { order: first, stockLeft, placeOnline } = await checkoutLeftByACrash(2);
    await t.app.db.update(orders).set({ createdAt: new Date(Date.now() - SESSIONLESS_CHECKOUT_GRACE_MS + 30_000) }).where(eq(orders.checkoutId, first.checkoutId));
    // Within the provider's longest call it may still be answered: being prepared.
    expect(body(await placeOnline())).toMatchObject({ success: false, code: 'CHECKOUT_IN_PROGRESS' });

    await t.app.db.update(orders).set({ createdAt: new Date(Date.now() - SESSIONLESS_CHECKOUT_GRACE_MS - 1_000) }).where(eq(orders.checkoutId, first.checkoutId));
    const again = await placeOnline();
    expect(again.statusCode, again.body).toBe(200);
    expect(body<{ url: string; checkoutId: string }>(again)).toMatchObject({ url: expect.stringMatching(/\/pay\/test\/test_cs_/) });
    expect(body<{ checkoutId: string }>(again).checkoutId).not.toBe(first.checkoutId);
    expect((await t.app.db.query.orders.findFirst({ where: (o, { eq }) => eq(o.id, first.id) }))!.status).toBe('Cancelled');
    // The units the leftover held are the new checkout's: held once.
    expect(await stockLeft()).toBe(0);
  });

  it('lists goods, the coupon, every shop\'s delivery and tax: its lines add up to the amount charged', async () => {
    const shop = await createShop(t.app);
    await setDelivery(t.app, shop.cookie, { fee: 25 });
    const fruit = await shopProduct(t.app, shop.id, { offerPrice: 120 });
    const code = `PAGE${Date.now().toString(36).toUpperCase()}`;
    expect((await t.app.inject({ method: 'POST', url: '/api/seller/coupons', payload: { code, type: 'amount', value: 10 }, headers: { cookie: await sellerCookie(t.app) } })).statusCode).toBe(200);
    const shopper = await createShopper(t.app);
    const address = await createAddress(t.app, shopper.user.id);
    const res = await t.app.inject({ method: 'POST', url: '/api/order/stripe', payload: { items: [{ product: fruit.id, quantity: 2 }], address: address.id, coupon: code }, headers: { cookie: shopper.cookie } });
    expect(res.statusCode).toBe(200);
    const page = await t.app.inject({ method: 'GET', url: body<{ url: string }>(res).url, headers: { cookie: shopper.cookie } });
    const rupees = (text: string) => Math.round(Number(text.replace(/[^\d.]/g, '')) * 100) * (text.startsWith('−') ? -1 : 1);
    const lines = [...page.body.matchAll(/<li><span>([^<]*)<\/span><span>([^<]*)<\/span><\/li>/g)].map(([, label, amount]) => [label!, rupees(amount!)] as const);
    expect(lines.map(([label]) => label)).toEqual([expect.stringContaining('× 2'), `Coupon ${code}`, 'Delivery', 'Tax (2%)']);
    const total = rupees(/<p class="total">([^<]*)<\/p>/.exec(page.body)![1]!);
    expect(lines.reduce((sum, [, minor]) => sum + minor, 0)).toBe(total);
    expect(total).toBe(24_000 - 1_000 + 25_00 + 460);
    // Cancelled, it goes back to the cart with its address chosen again (decision 0246).
    const cancel = await t.app.inject({ method: 'POST', url: `${body<{ url: string }>(res).url}/cancel`, headers: { cookie: shopper.cookie } });
    expect(cancel.headers.location).toBe(`/cart?address=${address.id}&pay=card`);
  });

  it('gives an abandoned checkout back at the sweep every few minutes, not at the hourly housekeeping', async () => {
    const abandoned = await startOnlineCheckout();
    const sessionId = abandoned.path.split('/').at(-1)!;
    const statusOf = async () => (await t.app.db.query.orders.findFirst({ where: (o, { eq }) => eq(o.paymentSessionId, sessionId) }))!.status;
    await t.app.db.update(orders).set({ createdAt: new Date(Date.now() - CHECKOUT_SESSION_LIFETIME_MS - 60_000) }).where(eq(orders.paymentSessionId, sessionId));
    await t.app.housekeeping.runIfDue();
    expect(await statusOf()).toBe('Order Placed');
    expect(await t.app.housekeeping.expireCheckoutsIfDue()).toBe(true);
    expect(await statusOf()).toBe('Cancelled');
    // Once per period across instances: an ask a moment later finds the sweep done.
    expect(await t.app.housekeeping.expireCheckoutsIfDue()).toBe(false);
  });

  it('is closed once the seller cancels the order: no card form, the test card is refused and nothing is paid', async () => {
    const { shopper, product, path } = await startOnlineCheckout();
    const order = (await t.app.db.query.orders.findFirst({ where: (o, { eq }) => eq(o.paymentSessionId, path.split('/').at(-1)!) }))!;
    const cancel = await t.app.inject({
      method: 'POST',
      url: '/api/order/status',
      payload: { orderId: order.id, status: 'Cancelled' },
      headers: { cookie: await sellerCookie(t.app) },
    });
    expect(cancel.statusCode).toBe(200);
    const page = await t.app.inject({ method: 'GET', url: path, headers: { cookie: shopper.cookie } });
    expect(page.statusCode).toBe(409);
    expect(page.body).toContain('This payment page is closed: its order was cancelled.');
    expect(page.body).not.toContain('<form');
    const paid = await pay(path, shopper.cookie, { number: '4242 4242 4242 4242', expiry: '12/99', cvc: '123' });
    expect(paid.statusCode).toBe(409);
    expect(paid.body).not.toContain('<form');
    expect(await myOrders(shopper.cookie)).toEqual([]);
    expect(await cartOf(shopper.cookie)).toEqual({ [product.id]: 3 });
  });

  it("says when one shop of the checkout cancelled its order before the payment: its share, refunded once paid", async () => {
    // A probe paid a page that still listed the cancelled shop's lines, with no word of them (the amount is fixed, as Stripe's is).
    const [kept, cancelling] = [await createShop(t.app), await createShop(t.app)];
    const lines = [await shopProduct(t.app, kept.id, { offerPrice: 50 }), await shopProduct(t.app, cancelling.id, { offerPrice: 20 })];
    const shopper = await createShopper(t.app);
    const address = await createAddress(t.app, shopper.user.id);
    const res = await t.app.inject({ method: 'POST', url: '/api/order/stripe', payload: { items: lines.map((p) => ({ product: p.id, quantity: 1 })), address: address.id }, headers: { cookie: shopper.cookie } });
    expect(res.statusCode, res.body).toBe(200);
    const path = body<{ url: string }>(res).url;
    const note = 'A shop has cancelled its order since this page was made';
    expect((await t.app.inject({ method: 'GET', url: path, headers: { cookie: shopper.cookie } })).body).not.toContain(note);
    const theirs = (await t.app.db.query.orders.findFirst({ where: (o, { and, eq }) => and(eq(o.paymentSessionId, path.split('/').at(-1)!), eq(o.sellerId, cancelling.id)) }))!;
    expect((await t.app.inject({ method: 'POST', url: '/api/order/status', payload: { orderId: theirs.id, status: 'Cancelled' }, headers: { cookie: cancelling.cookie } })).statusCode).toBe(200);
    const page = await t.app.inject({ method: 'GET', url: path, headers: { cookie: shopper.cookie } });
    expect(page.statusCode).toBe(200);
    expect(page.body).toContain(`${note}: its Rs 20.40 is refunded to your card as soon as you pay.`);
  });

  it('answers junk card forms with a 4xx in the shop’s error shape and changes nothing', async () => {
    const { shopper, path } = await startOnlineCheckout();
    const json = (payload: string) => ({ payload, headers: { cookie: shopper.cookie, 'content-type': 'application/json' } });
    const junk = [
      json('{"number":["4242424242424242"],"expiry":"12/99","cvc":"123"}'),
      json('{"number":"4242424242424242","expiry":"12/99","cvc":123}'),
      json('{"number":{"a":1},"expiry":"12/99","cvc":"123"}'),
      json('{"number":"4242424242424242","expiry":null,"cvc":"123"}'),
      json('null'),
      json('[]'),
      json('"4242424242424242"'),
      json('42'),
      json(JSON.stringify({ number: '4'.repeat(100_000), expiry: '12/99', cvc: '123' })),
      { payload: `number=${'4'.repeat(2_000_000)}&expiry=12%2F99&cvc=123`, headers: { cookie: shopper.cookie, 'content-type': 'application/x-www-form-urlencoded' } },
      { payload: 'number=4242424242424242', headers: { cookie: shopper.cookie, 'content-type': 'text/plain' } },
      { payload: '--x\r\n', headers: { cookie: shopper.cookie, 'content-type': 'multipart/form-data' } },
      { payload: '{"number":', headers: { cookie: shopper.cookie, 'content-type': 'application/json' } },
    ];
    for (const request of junk) {
      const res = await t.app.inject({ method: 'POST', url: path, ...request });
      expect(res.statusCode, request.payload.slice(0, 60)).toBeGreaterThanOrEqual(400);
      expect(res.statusCode, request.payload.slice(0, 60)).toBeLessThan(500);
      expect(body(res), request.payload.slice(0, 60)).toMatchObject({ success: false, code: expect.any(String), message: expect.any(String) });
    }
    const typed = await t.app.inject({ method: 'POST', url: path, ...junk[1]! });
    expect(body(typed)).toMatchObject({ code: 'VALIDATION_FAILED', message: expect.stringContaining('cvc') });
    expect(await myOrders(shopper.cookie)).toEqual([]);
    // The genuine form still pays.
    expect((await pay(path, shopper.cookie, { number: '4242424242424242', expiry: '12/99', cvc: '123' })).statusCode).toBe(303);
  });
});

it('has no Stripe webhook without Stripe configured', async () => {
  const res = await t.app.inject({ method: 'POST', url: '/api/stripe/webhook', payload: '{}', headers: { 'content-type': 'application/json' } });
  expect(res.statusCode).toBe(404);
  expect(body(res)).toMatchObject({ success: false, code: 'STRIPE_NOT_CONFIGURED' });
});

describe('test card rules', () => {
  const now = new Date('2026-06-15T00:00:00Z');
  it.each([
    [{ number: '4242 4242 4242 4242', expiry: '06/26', cvc: '123' }, undefined],
    [{ number: '4242424242424242', expiry: '05/26', cvc: '123' }, "Your card's expiry date is in the past."],
    [{ number: '4242424242424242', expiry: '13/30', cvc: '123' }, 'Enter the expiry date as MM/YY.'],
    [{ number: '4242424242424242', expiry: '12/30', cvc: '12' }, "Enter the card's 3 or 4 digit security code (CVC)."],
    [{ number: '4000 0000 0000 0002', expiry: '12/30', cvc: '123' }, 'Your card was declined. Try another card.'],
    [{ number: '5555 5555 5555 4444', expiry: '12/30', cvc: '123' }, 'Test mode accepts only the test card 4242 4242 4242 4242.'],
    [{ number: '', expiry: '12/30', cvc: '123' }, 'Enter the card number.'],
  ])('%o -> %s', (card, message) => {
    const result = checkTestCard(card, now);
    expect(result.ok ? undefined : result.message).toBe(message);
  });
});

describe('in production (NODE_ENV=production) without Stripe', () => {
  const production = { NODE_ENV: 'production', SELLER_EMAIL: 'boss@shop.example', SELLER_PASSWORD: 'long-enough-password', PUBLIC_URL };

  /** A built web app of one index.html, to see what the server tells the page. */
  async function webDist(dir: string) {
    const dist = path.join(dir, 'web');
    await fs.mkdir(dist, { recursive: true });
    await fs.writeFile(path.join(dist, 'index.html'), '<head><meta name="currency" content="Rs" />\n<meta name="online-payment" content="available" /></head>');
    return dist;
  }

  it('refuses online orders with a clear 409 and writes nothing, has no test payment page, and tells the cart', async () => {
    const shop = await buildTestApp(production);
    try {
      expect(shop.app.payments.gateway).toMatchObject({ name: 'test', takesPayments: false });
      const shopper = await createShopper(shop.app);
      const address = await createAddress(shop.app, shopper.user.id);
      const product = await createProduct(shop.app);
      const res = await shop.app.inject({
        method: 'POST',
        url: '/api/order/stripe',
        payload: { items: [{ product: product.id, quantity: 1 }], address: address.id },
        headers: { cookie: shopper.cookie },
      });
      expect(res.statusCode).toBe(409);
      expect(body(res)).toEqual({
        success: false,
        code: 'ONLINE_PAYMENT_UNAVAILABLE',
        message: 'Online payment is not available in this shop at the moment. Please choose Cash On Delivery.',
      });
      expect(await shop.app.db.query.orders.findMany()).toEqual([]);
      for (const method of ['GET', 'POST'] as const) {
        const page = await shop.app.inject({ method, url: '/pay/test/test_cs_00000000-0000-4000-8000-000000000000', headers: { cookie: shopper.cookie } });
        expect(page.statusCode).toBe(404);
      }
    } finally {
      await shop.close();
    }
    const withWeb = await buildTestApp({ ...production, WEB_DIST: await webDist(shop.dataDir) });
    try {
      const page = await withWeb.app.inject({ method: 'GET', url: '/', headers: { accept: 'text/html' } });
      expect(page.body).toContain('<meta name="online-payment" content="unavailable" />');
    } finally {
      await withWeb.close();
    }
  });

  it('with ALLOW_TEST_PAYMENTS=true takes test payments as in development', async () => {
    const dir = await fs.mkdtemp(path.join(t.dataDir, 'dist-'));
    const shop = await buildTestApp({ ...production, ALLOW_TEST_PAYMENTS: 'true', WEB_DIST: await webDist(dir) });
    try {
      const { shopper, path: pagePath } = await startOnlineCheckout(shop.app);
      const paid = await shop.app.inject({
        method: 'POST',
        url: pagePath,
        payload: new URLSearchParams({ number: '4242424242424242', expiry: '12/99', cvc: '123' }).toString(),
        headers: { cookie: shopper.cookie, 'content-type': 'application/x-www-form-urlencoded' },
      });
      expect(paid.statusCode).toBe(303);
      expect((await shop.app.db.query.orders.findMany())[0]).toMatchObject({ isPaid: true });
      expect((await shop.app.inject({ method: 'GET', url: '/', headers: { accept: 'text/html' } })).body).toContain('<meta name="online-payment" content="available" />');
    } finally {
      await shop.close();
    }
  });
});
