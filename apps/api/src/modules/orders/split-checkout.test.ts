import { eq, inArray } from 'drizzle-orm';
import type { Order } from '@greencart/shared';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { cartItems, mailOutbox, orders, products } from '../../db/schema/index.js';
import { orderNumberOf, pricedLines } from '../../test/order-builders.js';
import { checkoutThroughApi, createShop, shopProduct } from '../../test/market-builders.js';
import { body, buildTestApp, createAddress, createShopper, mailsSent, type TestApp } from '../../test/test-app.js';
import type { Mailer, MailMessage } from '../mail/mailer.js';
import { placeOrder } from './order-repository.js';
import { createOrderService } from './order-service.js';

/** Issue 26: one cart, one order per shop, all written in one transaction, paid by one payment. */
const sent: MailMessage[] = [];
const mailer: Mailer = { send: async (message) => void sent.push(message) };
let t: TestApp;
let shops: Awaited<ReturnType<typeof createShop>>[];
beforeAll(async () => {
  t = await buildTestApp({}, { mailer });
  shops = [await createShop(t.app, { shopName: 'Asha Greens' }), await createShop(t.app, { shopName: 'Bakery Bose' }), await createShop(t.app, { shopName: 'Chai Corner' })];
});
afterAll(() => t.close());

const ordersOf = (checkoutId: string) => t.app.db.select().from(orders).where(eq(orders.checkoutId, checkoutId)).orderBy(orders.sellerId);
const stockOf = async (id: string) => (await t.app.db.select({ stock: products.stock }).from(products).where(eq(products.id, id)))[0]!.stock;

describe('a cart of several shops', () => {
  it('places one order per shop in one checkout, each priced on its own lines; the answer lists them with their shop and amount', async () => {
    const apple = await shopProduct(t.app, shops[0]!.id, { offerPrice: 40 });
    const bread = await shopProduct(t.app, shops[1]!.id, { offerPrice: 25.5 });
    const chai = await shopProduct(t.app, shops[2]!.id, { offerPrice: 99 });
    const { res, answer, shopper } = await checkoutThroughApi(t.app, [
      { product: apple, quantity: 2 },
      { product: bread, quantity: 1 },
      { product: chai, quantity: 3 },
    ]);
    expect(res.statusCode).toBe(200);
    expect(answer).toMatchObject({ success: true, message: 'Order Placed Successfully' });
    // Each shop's order: its subtotal plus 2 % tax rounded down, in major units.
    const expected = new Map([
      [shops[0]!.id, 81.6], // 8,000 + 160
      [shops[1]!.id, 26.01], // 2,550 + 51
      [shops[2]!.id, 302.94], // 29,700 + 594
    ]);
    expect(answer.orders).toHaveLength(3);
    for (const order of answer.orders) {
      expect(order.amount).toBe(expected.get(order.seller.id));
      expect(order.seller).toEqual(expect.objectContaining({ shopName: shops.find((s) => s.id === order.seller.id)!.shopName }));
    }
    expect(answer.orderId).toBe(answer.orders[0]!._id);
    const rows = await ordersOf(answer.checkoutId);
    expect(rows.map((r) => r.sellerId).sort()).toEqual(shops.map((s) => s.id).sort());
    expect(rows.every((r) => r.userId === shopper.user.id && r.paymentType === 'COD')).toBe(true);

    // My Orders carries each order's shop and checkout, so the web groups a checkout's shop orders.
    const mine = body<{ orders: Order[] }>(await t.app.inject({ method: 'GET', url: '/api/order/user', headers: { cookie: shopper.cookie } })).orders;
    expect(mine).toHaveLength(3);
    expect(new Set(mine.map((o) => o.checkoutId))).toEqual(new Set([answer.checkoutId]));
    const appleOrder = mine.find((o) => o.seller.id === shops[0]!.id)!;
    expect(appleOrder.items.map((i) => i.product._id)).toEqual([apple.id]);
    expect(appleOrder.seller).toEqual({ id: shops[0]!.id, shopName: 'Asha Greens', slug: shops[0]!.slug });
  });

  it('writes nothing when one shop\'s product is short: no order of any shop, no units taken, the cart kept', async () => {
    const apple = await shopProduct(t.app, shops[0]!.id, { stock: 5 });
    const bread = await shopProduct(t.app, shops[1]!.id, { stock: 1, name: 'Sourdough Loaf' });
    const before = await t.app.db.$count(orders);
    const shopperRun = await checkoutThroughApi(t.app, [{ product: apple, quantity: 2 }], { payment: 'cod' });
    expect(shopperRun.res.statusCode).toBe(200);
    const { shopper, addressId } = shopperRun;
    await t.app.db.insert(cartItems).values([
      { userId: shopper.user.id, productId: apple.id, quantity: 2 },
      { userId: shopper.user.id, productId: bread.id, quantity: 2 },
    ]);
    const { res } = await checkoutThroughApi(t.app, [{ product: apple, quantity: 2 }, { product: bread, quantity: 2 }], { shopper, addressId });
    expect(res.statusCode).toBe(409);
    expect(body(res)).toMatchObject({ success: false, code: 'NOT_ENOUGH_STOCK', message: expect.stringContaining('Only 1 of Sourdough Loaf left') });
    expect(await t.app.db.$count(orders)).toBe(before + 1);
    expect(await stockOf(apple.id)).toBe(3);
    expect(await stockOf(bread.id)).toBe(1);
    expect(await t.app.db.$count(cartItems, eq(cartItems.userId, shopper.user.id))).toBe(2);
  });

  it('sends one confirmation for the checkout, listing every shop\'s order', async () => {
    const apple = await shopProduct(t.app, shops[0]!.id);
    const bread = await shopProduct(t.app, shops[1]!.id);
    const { answer, shopper } = await checkoutThroughApi(t.app, [{ product: apple, quantity: 1 }, { product: bread, quantity: 1 }]);
    await mailsSent(t.app);
    const queued = await t.app.db.select().from(mailOutbox).where(inArray(mailOutbox.orderId, answer.orders.map((o) => o._id)));
    expect(queued.map((m) => m.kind)).toEqual(['confirmation']);
    const mails = sent.filter((m) => m.to === shopper.user.email);
    expect(mails).toHaveLength(1);
    expect(mails[0]!.subject).toBe('GreenCart: your 2 orders are confirmed');
    for (const order of answer.orders) expect(mails[0]!.text).toContain(`Order number: ${await orderNumberOf(t.app, order._id)}\nSold by: ${order.seller.shopName}`);
  });

  it('answers a checkout sent again with the same checkout and its orders, writing nothing more', async () => {
    const apple = await shopProduct(t.app, shops[0]!.id);
    const bread = await shopProduct(t.app, shops[2]!.id);
    const first = await checkoutThroughApi(t.app, [{ product: apple, quantity: 1 }, { product: bread, quantity: 2 }]);
    const again = await checkoutThroughApi(t.app, [{ product: bread, quantity: 2 }, { product: apple, quantity: 1 }], { shopper: first.shopper, addressId: first.addressId });
    expect(again.res.statusCode).toBe(200);
    expect(again.answer.checkoutId).toBe(first.answer.checkoutId);
    expect(again.answer.orders).toEqual(first.answer.orders);
    expect(await ordersOf(first.answer.checkoutId)).toHaveLength(2);
  });

  // It answered with the cancelled order, and with a delivered and refunded one ten minutes later (found by probes).
  it.each([
    ['cancelled by the shopper', { url: '/api/order/cancel', by: 'shopper' }],
    ['taken up by its shop (Processed)', { url: '/api/order/status', by: 'shop', status: 'Processed' }],
    ['delivered', { url: '/api/order/status', by: 'shop', status: 'Delivered' }],
  ] as const)("places the cart sent again as a new checkout once one of the first checkout's orders was %s", async (_what, change) => {
    const apple = await shopProduct(t.app, shops[0]!.id);
    const bread = await shopProduct(t.app, shops[2]!.id);
    const lines = [{ product: apple, quantity: 1 }, { product: bread, quantity: 2 }];
    const first = await checkoutThroughApi(t.app, lines);
    const breadOrder = first.answer.orders.find((o) => o.seller.id === shops[2]!.id)!;
    const cookie = change.by === 'shopper' ? first.shopper.cookie : shops[2]!.cookie;
    const payload = { orderId: breadOrder._id, ...('status' in change ? { status: change.status } : {}) };
    expect((await t.app.inject({ method: 'POST', url: change.url, payload, headers: { cookie } })).statusCode).toBe(200);
    const again = await checkoutThroughApi(t.app, lines, { shopper: first.shopper, addressId: first.addressId });
    expect(again.res.statusCode).toBe(200);
    expect(again.answer.checkoutId).not.toBe(first.answer.checkoutId);
    expect((await ordersOf(again.answer.checkoutId)).map((o) => o.status)).toEqual(['Order Placed', 'Order Placed']);
  });

  it('the same cart with another substitution choice for a line is another checkout', async () => {
    const apple = await shopProduct(t.app, shops[0]!.id);
    const shopper = await createShopper(t.app);
    const address = (await createAddress(t.app, shopper.user.id)).id;
    const send = (substitute: 'similar' | 'none') =>
      t.app.inject({ method: 'POST', url: '/api/order/cod', payload: { items: [{ product: apple.id, quantity: 1, substitute }], address }, headers: { cookie: shopper.cookie } });
    const similar = body<{ checkoutId: string }>(await send('similar'));
    const none = body<{ checkoutId: string }>(await send('none'));
    expect(none.checkoutId).not.toBe(similar.checkoutId);
    expect(body<{ checkoutId: string }>(await send('none')).checkoutId).toBe(none.checkoutId);
  });
});

describe('one payment for the checkout', () => {
  it('opens one payment page for every shop order, with their lines and total; paying it marks all paid and confirms once', async () => {
    const apple = await shopProduct(t.app, shops[0]!.id, { offerPrice: 40, name: 'Shimla Apple' });
    const bread = await shopProduct(t.app, shops[1]!.id, { offerPrice: 25, name: 'Pav Bread' });
    const { res, answer, shopper } = await checkoutThroughApi(t.app, [{ product: apple, quantity: 1 }, { product: bread, quantity: 2 }], { payment: 'stripe' });
    expect(res.statusCode).toBe(200);
    expect(answer.orders).toHaveLength(2);
    const rows = await ordersOf(answer.checkoutId);
    const sessionId = rows[0]!.paymentSessionId!;
    expect(rows.map((r) => r.paymentSessionId)).toEqual([sessionId, sessionId]);
    const path = answer.url!;
    const page = await t.app.inject({ method: 'GET', url: path, headers: { cookie: shopper.cookie } });
    expect(page.statusCode).toBe(200);
    // 4,000 + 80 and 5,000 + 100: one total of Rs 91.80.
    expect(page.body).toContain('Pay Rs 91.80');
    expect(page.body).toContain('Shimla Apple');
    expect(page.body).toContain('Pav Bread');
    const paid = await t.app.inject({
      method: 'POST',
      url: path,
      payload: 'number=4242424242424242&expiry=12/40&cvc=123',
      headers: { cookie: shopper.cookie, 'content-type': 'application/x-www-form-urlencoded' },
    });
    expect(paid.statusCode).toBe(303);
    expect((await ordersOf(answer.checkoutId)).map((r) => r.isPaid)).toEqual([true, true]);
    const confirmations = await t.app.db.select().from(mailOutbox).where(inArray(mailOutbox.orderId, rows.map((r) => r.id)));
    expect(confirmations.map((m) => m.kind)).toEqual(['confirmation']);
  });

  it("cancelling one shop's paid order refunds that order only: the other shop's stays paid and not refunded", async () => {
    const apple = await shopProduct(t.app, shops[0]!.id);
    const bread = await shopProduct(t.app, shops[1]!.id);
    const { answer, shopper } = await checkoutThroughApi(t.app, [{ product: apple, quantity: 1 }, { product: bread, quantity: 1 }], { payment: 'stripe' });
    const path = answer.url!;
    await t.app.inject({ method: 'POST', url: path, payload: 'number=4242424242424242&expiry=12/40&cvc=123', headers: { cookie: shopper.cookie, 'content-type': 'application/x-www-form-urlencoded' } });
    const appleOrder = answer.orders.find((o) => o.seller.id === shops[0]!.id)!;
    const cancel = await t.app.inject({ method: 'POST', url: '/api/order/status', payload: { orderId: appleOrder._id, status: 'Cancelled' }, headers: { cookie: shops[0]!.cookie } });
    expect(cancel.statusCode).toBe(200);
    expect(body(cancel)).toMatchObject({ message: 'Order cancelled and its payment refunded', order: { status: 'Cancelled', isPaid: true, isRefunded: true } });
    const rows = await ordersOf(answer.checkoutId);
    const other = rows.find((r) => r.sellerId === shops[1]!.id)!;
    expect(other).toMatchObject({ status: 'Order Placed', isPaid: true, refundedAt: null });
  });

  it("keeps the payment page open while another shop's order of the checkout can still be paid", async () => {
    const apple = await shopProduct(t.app, shops[0]!.id);
    const bread = await shopProduct(t.app, shops[1]!.id);
    const { answer, shopper } = await checkoutThroughApi(t.app, [{ product: apple, quantity: 1 }, { product: bread, quantity: 1 }], { payment: 'stripe' });
    const appleOrder = answer.orders.find((o) => o.seller.id === shops[0]!.id)!;
    const breadOrder = answer.orders.find((o) => o.seller.id === shops[1]!.id)!;
    const cancel = (orderId: string, cookie: string) => t.app.inject({ method: 'POST', url: '/api/order/status', payload: { orderId, status: 'Cancelled' }, headers: { cookie } });
    expect((await cancel(appleOrder._id, shops[0]!.cookie)).statusCode).toBe(200);
    const path = answer.url!;
    expect((await t.app.inject({ method: 'GET', url: path, headers: { cookie: shopper.cookie } })).statusCode).toBe(200);
    expect((await cancel(breadOrder._id, shops[1]!.cookie)).statusCode).toBe(200);
    expect((await t.app.inject({ method: 'GET', url: path, headers: { cookie: shopper.cookie } })).statusCode).toBe(409);
  });
});

describe('pricing in one place (docs/decisions/0123)', () => {
  it('refuses lines priced otherwise than they are sold now, writing nothing and taking no units, and answers the current prices', async () => {
    const apple = await shopProduct(t.app, shops[0]!.id, { offerPrice: 40, stock: 5 });
    const shopper = await createShopper(t.app);
    const addressId = (await createAddress(t.app, shopper.user.id)).id;
    const before = await t.app.db.$count(orders);
    const stale = pricedLines([{ product: { ...apple, offerPriceMinor: 3_900 }, quantity: 2 }]);
    const outcome = await placeOrder(t.app.db, { userId: shopper.user.id, addressId, paymentType: 'COD', ...stale, since: new Date() });
    expect(outcome).toEqual({ repriced: [{ id: apple.id, price: 4_000, seller: shops[0]!.id }] });
    expect(await t.app.db.$count(orders)).toBe(before);
    expect(await stockOf(apple.id)).toBe(5);
  });

  it("charges what the database sells at when the catalogue's kept read is behind a price change", async () => {
    const apple = await shopProduct(t.app, shops[0]!.id, { offerPrice: 40 });
    const bread = await shopProduct(t.app, shops[1]!.id, { offerPrice: 25 });
    // A catalogue read from before both prices went up by a rupee.
    const behind = [
      { ...(await t.app.products.byIds([apple.id]))[0]!, offerPrice: 39 },
      { ...(await t.app.products.byIds([bread.id]))[0]!, offerPrice: 24 },
    ];
    const service = createOrderService({
      db: t.app.db,
      config: t.app.config,
      payments: t.app.payments.gateway,
      notify: () => undefined,
      catalogue: { byIds: async () => behind },
      delivery: t.app.delivery,
      cart: t.app.cart,
      coupons: t.app.coupons,
      log: t.app.log,
    });
    const shopper = await createShopper(t.app);
    const addressId = (await createAddress(t.app, shopper.user.id)).id;
    const placed = await service.placeCodOrder(shopper.user.id, { items: [{ product: apple.id, quantity: 1 }, { product: bread.id, quantity: 2 }], address: addressId });
    expect(new Map(placed.orders.map((o) => [o.seller.id, o.amount]))).toEqual(
      new Map([
        [shops[0]!.id, 40.8],
        [shops[1]!.id, 51],
      ]),
    );
  });
});
