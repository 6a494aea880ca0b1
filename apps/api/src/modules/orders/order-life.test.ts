import { setTimeout as sleep } from 'node:timers/promises';
import type { Order, Product } from '@greencart/shared';
import { eq } from 'drizzle-orm';
import { afterAll, afterEach, beforeAll, describe, expect, it, vi } from 'vitest';
import { mailOutbox, orders, products, sellers } from '../../db/schema/index.js';
import { checkoutThroughApi, createShop, shopProduct } from '../../test/market-builders.js';
import { placeTestOrder } from '../../test/order-builders.js';
import { multipartBody, testImage } from '../../test/seller-builders.js';
import { body, buildTestApp, createProduct, createShopper, sellerCookie, type TestApp } from '../../test/test-app.js';

/** Issue 28, an order's life from the shopper's side: numbers, cancel, buy again, order again, net quantity. */
let t: TestApp;
beforeAll(async () => {
  t = await buildTestApp();
});
afterAll(() => t.close());
afterEach(() => vi.restoreAllMocks());

type Shopper = Awaited<ReturnType<typeof createShopper>>;
const post = (url: string, payload: object, cookie: string) => t.app.inject({ method: 'POST', url, payload, headers: { cookie } });
const get = (url: string, cookie = '') => t.app.inject({ method: 'GET', url, headers: cookie ? { cookie } : {} });
const cancel = (orderId: string, shopper: Shopper) => post('/api/order/cancel', { orderId }, shopper.cookie);
const setStatus = async (orderId: string, status: string) =>
  expect((await post('/api/order/status', { orderId, status }, await sellerCookie(t.app))).statusCode).toBe(200);
const orderRow = async (id: string) => (await t.app.db.select().from(orders).where(eq(orders.id, id)))[0]!;
const stockOf = async (id: string) => (await t.app.db.select({ stock: products.stock }).from(products).where(eq(products.id, id)))[0]!.stock;
const myOrders = async (shopper: Shopper) => body<{ orders: Order[] }>(await get('/api/order/user', shopper.cookie)).orders;
const countedProduct = async (stock: number, offerPrice = 40) => {
  const product = await createProduct(t.app, { offerPrice, price: offerPrice + 10 });
  await t.app.db.update(products).set({ stock }).where(eq(products.id, product.id));
  t.app.products.invalidate();
  return product;
};

describe('order numbers', () => {
  it('numbers orders GC- and a sequence, one after another, in My Orders and in the seller list', async () => {
    const first = await placeTestOrder(t.app);
    const second = await placeTestOrder(t.app, { shopper: first.shopper });
    expect(first.orderNumber).toMatch(/^GC-\d{6,}$/);
    expect(Number(second.orderNumber.slice(3))).toBeGreaterThan(Number(first.orderNumber.slice(3)));
    const mine = await myOrders(first.shopper);
    expect(mine.map((o) => [o._id, o.orderNumber])).toEqual([
      [second.orderId, second.orderNumber],
      [first.orderId, first.orderNumber],
    ]);
    const seller = body<{ orders: Order[] }>(await get(`/api/order/seller?q=${second.orderNumber}`, await sellerCookie(t.app)));
    expect(seller.orders.map((o) => o.orderNumber)).toEqual([second.orderNumber]);
  });

  it("finds an order in the seller list by its number's first digits, GC- or not, of any length, and only those", async () => {
    const placed = await Promise.all(Array.from({ length: 4 }, () => placeTestOrder(t.app)));
    const numbers = [777123, 7771234, 777100, 778000];
    for (const [i, number] of numbers.entries()) await t.app.db.update(orders).set({ orderNumber: number }).where(eq(orders.id, placed[i]!.orderId));
    const found = async (q: string) =>
      body<{ orders: Order[] }>(await get(`/api/order/seller?q=${encodeURIComponent(q)}&limit=50`, await sellerCookie(t.app))).orders.map((o) => o.orderNumber).sort();
    expect(await found('GC-7771')).toEqual(['GC-777100', 'GC-777123', 'GC-7771234']);
    expect(await found('gc77712')).toEqual(['GC-777123', 'GC-7771234']);
    expect(await found('GC-777123')).toEqual(['GC-777123', 'GC-7771234']);
    expect(await found('GC-7771234')).toEqual(['GC-7771234']);
    expect(await found('GC-0777')).toEqual([]);
  });

  it('draws distinct numbers for checkouts placed at the same moment', async () => {
    const placed = await Promise.all(Array.from({ length: 8 }, () => placeTestOrder(t.app)));
    expect(new Set(placed.map((p) => p.orderNumber)).size).toBe(8);
  });
});

describe('POST /api/order/cancel', () => {
  it('cancels a cash order before it is packed: stock back, who cancelled on the order, the shopper e-mailed', async () => {
    const product = await countedProduct(5);
    const { orderId, shopper } = await placeTestOrder(t.app, { items: [{ product, quantity: 2 }] });
    expect(await stockOf(product.id)).toBe(3);
    await setStatus(orderId, 'Processed');
    const res = await cancel(orderId, shopper);
    expect(res.statusCode).toBe(200);
    expect(body<{ message: string; order: Order }>(res)).toMatchObject({ message: 'Order cancelled', order: { _id: orderId, status: 'Cancelled', cancelledBy: 'shopper' } });
    expect(await stockOf(product.id)).toBe(5);
    const [shown] = await myOrders(shopper);
    expect(shown).toMatchObject({ status: 'Cancelled', cancelledBy: 'shopper' });
    expect(shown!.timeline!.map((e) => e.status)).toEqual(['Order Placed', 'Processed', 'Cancelled']);
    const mails = await t.app.db.select().from(mailOutbox).where(eq(mailOutbox.orderId, orderId));
    expect(mails.map((m) => [m.kind, m.status])).toContainEqual(['status', 'Cancelled']);
    const composed = await t.app.orders.composeQueuedMails(mails.filter((m) => m.status === 'Cancelled').map((m) => ({ id: m.id, orderId, kind: 'status' as const, status: 'Cancelled' as const, attempts: 0 })));
    expect(composed[0]!.text).toContain('You cancelled this order');
    expect(composed[0]!.subject).toBe(`GreenCart order ${shown!.orderNumber}: Cancelled`);
  });

  it('refunds a paid card order exactly once when two tabs cancel at the same moment', async () => {
    const { orderId, shopper } = await placeTestOrder(t.app, { paymentType: 'Online', paid: true });
    const refund = vi.spyOn(t.app.payments.gateway, 'refund').mockImplementation(async () => {
      await sleep(100);
    });
    const answers = await Promise.all([cancel(orderId, shopper), cancel(orderId, shopper), cancel(orderId, shopper)]);
    expect(answers.map((r) => r.statusCode)).toEqual([200, 200, 200]);
    expect(refund).toHaveBeenCalledTimes(1);
    expect(refund).toHaveBeenCalledWith(expect.any(String), { orderId, amountMinor: (await orderRow(orderId)).amountMinor });
    expect(answers.map((r) => body<{ message: string }>(r).message).sort()).toEqual(['Order already cancelled', 'Order already cancelled', 'Order cancelled and your payment refunded']);
    expect(await orderRow(orderId)).toMatchObject({ status: 'Cancelled', cancelledBy: 'shopper', refundedAt: expect.any(Date) });
    const [shown] = await myOrders(shopper);
    expect(shown!.timeline!.map((e) => e.status)).toEqual(['Order Placed', 'Cancelled', 'Refunded']);
  });

  it('lets an unpaid card order go like an expired payment: its page closed, its units back, no e-mail', async () => {
    const product = await countedProduct(4);
    const { orderId, shopper } = await placeTestOrder(t.app, { paymentType: 'Online', items: [{ product, quantity: 3 }] });
    const close = vi.spyOn(t.app.payments.gateway, 'closeCheckout');
    expect((await cancel(orderId, shopper)).statusCode).toBe(200);
    expect(close).toHaveBeenCalledTimes(1);
    expect(await stockOf(product.id)).toBe(4);
    expect(await t.app.db.select().from(mailOutbox).where(eq(mailOutbox.orderId, orderId))).toEqual([]);
  });

  it('keeps a refused provider from cancelling: nothing changes', async () => {
    const { orderId, shopper } = await placeTestOrder(t.app, { paymentType: 'Online', paid: true });
    vi.spyOn(t.app.payments.gateway, 'refund').mockRejectedValue(new Error('provider down'));
    const res = await cancel(orderId, shopper);
    expect(res.statusCode).toBe(502);
    expect(body(res)).toMatchObject({ success: false, code: 'REFUND_FAILED' });
    expect(await orderRow(orderId)).toMatchObject({ status: 'Order Placed', refundedAt: null, cancelledBy: null });
  });

  it('answers 409 saying why once the order is packed, on its way, delivered or cancelled by the shop', async () => {
    for (const [status, why] of [
      ['Packed', 'already packed'],
      ['Dispatched', 'already on its way'],
      ['Delivered', 'already delivered'],
      ['Cancelled', 'the shop already cancelled it'],
    ] as const) {
      const { orderId, shopper } = await placeTestOrder(t.app);
      await setStatus(orderId, status);
      const res = await cancel(orderId, shopper);
      expect(res.statusCode).toBe(409);
      expect(body(res)).toMatchObject({ success: false, code: 'ORDER_NOT_CANCELLABLE', message: expect.stringContaining(why) });
      expect((await orderRow(orderId)).status).toBe(status);
    }
  });

  it("tells the operator's cancel of another shop's order as GreenCart's, to the shopper and in a later refusal; a shop's own as the shop's", async () => {
    const shop = await createShop(t.app);
    const { answer, shopper } = await checkoutThroughApi(t.app, [{ product: await shopProduct(t.app, shop.id), quantity: 1 }]);
    const orderId = answer.orders[0]!._id;
    // The shop is suspended (it can no longer write): the operator cancels its open order.
    await t.app.db.update(sellers).set({ status: 'suspended' }).where(eq(sellers.id, shop.id));
    await setStatus(orderId, 'Cancelled');
    expect(await orderRow(orderId)).toMatchObject({ status: 'Cancelled', cancelledBy: 'operator' });
    expect((await myOrders(shopper)).find((o) => o._id === orderId)).toMatchObject({ cancelledBy: 'operator' });
    const [mail] = await t.app.orders.composeQueuedMails([{ id: 0, orderId, kind: 'status', status: 'Cancelled', attempts: 0 }]);
    expect(mail!.text).toContain(`GreenCart cancelled this order on behalf of ${shop.shopName}`);
    expect(body(await cancel(orderId, shopper))).toMatchObject({ code: 'ORDER_NOT_CANCELLABLE', message: expect.stringContaining('GreenCart already cancelled it') });
    // Its picks of nothing cancel as well (decision 0162): the operator's, too, are GreenCart's.
    const other = await createShop(t.app);
    const oats = await shopProduct(t.app, other.id);
    const placed = (await checkoutThroughApi(t.app, [{ product: oats, quantity: 1 }])).answer.orders[0]!._id;
    expect((await post('/api/order/pick', { orderId: placed, lines: [{ product: oats.id, picked: 0 }] }, await sellerCookie(t.app))).statusCode).toBe(200);
    expect(await orderRow(placed)).toMatchObject({ status: 'Cancelled', cancelledBy: 'operator' });
    // The operator's own shop's order, cancelled by the operator, is the shop's cancel.
    const own = await placeTestOrder(t.app);
    await setStatus(own.orderId, 'Cancelled');
    expect((await orderRow(own.orderId)).cancelledBy).toBe('seller');
  });

  it("answers another shopper's order as absent (404), a visitor 401, a malformed id 400; nothing changes", async () => {
    const { orderId } = await placeTestOrder(t.app);
    const other = await createShopper(t.app);
    const res = await cancel(orderId, other);
    expect(res.statusCode).toBe(404);
    expect(body(res)).toMatchObject({ success: false, code: 'ORDER_NOT_FOUND' });
    expect((await t.app.inject({ method: 'POST', url: '/api/order/cancel', payload: { orderId } })).statusCode).toBe(401);
    expect((await post('/api/order/cancel', { orderId: 'nope' }, other.cookie)).statusCode).toBe(400);
    expect((await orderRow(orderId)).status).toBe('Order Placed');
  });

  it("cancels one shop's order of a multi-shop checkout and leaves the other shop's", async () => {
    const [a, b] = [await createShop(t.app), await createShop(t.app)];
    const { answer, shopper } = await checkoutThroughApi(t.app, [
      { product: await shopProduct(t.app, a.id), quantity: 1 },
      { product: await shopProduct(t.app, b.id), quantity: 1 },
    ]);
    const [first, second] = answer.orders;
    expect((await cancel(first!._id, shopper)).statusCode).toBe(200);
    expect((await orderRow(first!._id)).status).toBe('Cancelled');
    expect((await orderRow(second!._id)).status).toBe('Order Placed');
  });

  it("closes an unpaid card checkout's payment page when both shops cancel its orders at the same moment (each saw the other live)", async () => {
    const [a, b] = [await createShop(t.app), await createShop(t.app)];
    const [apple, bread] = [await shopProduct(t.app, a.id), await shopProduct(t.app, b.id)];
    const placed = await Promise.all(
      Array.from({ length: 10 }, async () => {
        const { answer } = await checkoutThroughApi(t.app, [{ product: apple, quantity: 1 }, { product: bread, quantity: 1 }], { payment: 'stripe' });
        return answer.orders;
      }),
    );
    const close = vi.spyOn(t.app.payments.gateway, 'closeCheckout');
    const answers = await Promise.all(
      placed.flatMap((shopOrders) => [a, b].map((shop) => post('/api/order/status', { orderId: shopOrders.find((o) => o.seller.id === shop.id)!._id, status: 'Cancelled' }, shop.cookie))),
    );
    expect(answers.map((r) => r.statusCode)).toEqual(Array(20).fill(200));
    const sessions = await Promise.all(placed.map(async (shopOrders) => (await orderRow(shopOrders[0]!._id)).paymentSessionId));
    expect(close.mock.calls.map(([session]) => session).sort()).toEqual(sessions.sort());
  });
});

describe('GET /api/order/buy-again', () => {
  const buyAgain = async (shopper: Shopper, query = '') => body<{ products: Product[]; nextCursor: string | null }>(await get(`/api/order/buy-again${query}`, shopper.cookie));

  it('lists the products of the shopper’s orders most often bought first, only those still sold and in stock, a page at a time', async () => {
    const shopper = await createShopper(t.app);
    const [milk, bread, eggs, retired, suspended, soldOut] = await Promise.all(['Milk', 'Bread', 'Eggs', 'Old Jam', 'Gone Tea', 'Sold Out Figs'].map((name) => createProduct(t.app, { name })));
    const shop = await createShop(t.app);
    await t.app.db.update(products).set({ sellerId: shop.id }).where(eq(products.id, suspended!.id));
    await placeTestOrder(t.app, { shopper, items: [{ product: milk!, quantity: 1 }, { product: bread!, quantity: 1 }, { product: retired!, quantity: 1 }] });
    await placeTestOrder(t.app, { shopper, items: [{ product: milk!, quantity: 2 }, { product: suspended!, quantity: 1 }] });
    await placeTestOrder(t.app, { shopper, items: [{ product: milk!, quantity: 1 }, { product: eggs!, quantity: 1 }, { product: soldOut!, quantity: 1 }] });
    // A card order never paid is no order: its product does not count.
    await placeTestOrder(t.app, { shopper, paymentType: 'Online', items: [{ product: bread!, quantity: 1 }] });
    await placeTestOrder(t.app, { shopper, paymentType: 'Online', items: [{ product: eggs!, quantity: 1 }], paid: true });
    // A cancelled order was never received: its product does not count either.
    const cancelled = await placeTestOrder(t.app, { shopper, items: [{ product: bread!, quantity: 1 }] });
    await t.app.db.update(orders).set({ status: 'Cancelled' }).where(eq(orders.id, cancelled.orderId));
    await t.app.db.update(products).set({ retiredAt: new Date() }).where(eq(products.id, retired!.id));
    await t.app.db.update(sellers).set({ status: 'suspended' }).where(eq(sellers.id, shop.id));
    await t.app.db.update(products).set({ inStock: false }).where(eq(products.id, soldOut!.id));
    t.app.products.invalidate();

    const all = await buyAgain(shopper);
    // Milk in 3 orders, Eggs in 2, Bread in 1.
    expect(all.products.map((p) => p.name)).toEqual(['Milk', 'Eggs', 'Bread']);
    expect(all.nextCursor).toBeNull();
    const page1 = await buyAgain(shopper, '?limit=2');
    expect(page1.products.map((p) => p.name)).toEqual(['Milk', 'Eggs']);
    const page2 = await buyAgain(shopper, `?limit=2&cursor=${page1.nextCursor}`);
    expect(page2.products.map((p) => p.name)).toEqual(['Bread']);
    expect(page2.nextCursor).toBeNull();
    // Another shopper's orders are not theirs.
    expect((await buyAgain(await createShopper(t.app))).products).toEqual([]);
  });

  it('refuses a visitor (401) and a page larger than allowed (400)', async () => {
    expect((await get('/api/order/buy-again')).statusCode).toBe(401);
    expect((await get('/api/order/buy-again?limit=500', (await createShopper(t.app)).cookie)).statusCode).toBe(400);
  });
});

describe('POST /api/order/reorder', () => {
  it("adds the order's available lines to the server cart, within the units left, and says which were left out and why", async () => {
    const shopper = await createShopper(t.app);
    const [kept, retired, soldOut] = await Promise.all(['Apples', 'Discontinued Jam', 'Sold Out Figs'].map((name) => createProduct(t.app, { name })));
    const few = await countedProduct(9);
    const { orderId } = await placeTestOrder(t.app, {
      shopper,
      items: [
        { product: kept!, quantity: 2 },
        { product: retired!, quantity: 1 },
        { product: soldOut!, quantity: 1 },
        { product: few, quantity: 5 },
      ],
    });
    await t.app.db.update(products).set({ retiredAt: new Date() }).where(eq(products.id, retired!.id));
    await t.app.db.update(products).set({ inStock: false }).where(eq(products.id, soldOut!.id));
    // 4 of `few` were left after the order took 5; the shopper already has 1 in the cart.
    await post('/api/cart/update', { cartItems: { [few.id]: 1 } }, shopper.cookie);
    t.app.products.invalidate();

    const res = await post('/api/order/reorder', { orderId }, shopper.cookie);
    expect(res.statusCode).toBe(200);
    const answer = body<{ message: string; cartItems: Record<string, number>; leftOut: { product: { _id: string; name: string }; reason: string; added: number }[] }>(res);
    expect(answer.message).toBe('Added to your cart, except what is no longer available');
    expect(answer.cartItems).toEqual({ [kept!.id]: 2, [few.id]: 4 });
    expect(answer.leftOut).toEqual([
      expect.objectContaining({ product: { _id: retired!.id, name: 'Discontinued Jam' }, reason: 'no-longer-sold', added: 0 }),
      expect.objectContaining({ product: { _id: soldOut!.id, name: 'Sold Out Figs' }, reason: 'out-of-stock', added: 0 }),
      expect.objectContaining({ product: { _id: few.id, name: few.name }, reason: 'fewer-left', added: 3 }),
    ]);
    const cart = body<{ user: { cartItems: Record<string, number> } }>(await get('/api/user/is-auth', shopper.cookie)).user.cartItems;
    expect(cart).toEqual(answer.cartItems);
  });

  it('says a line cut at the cart’s 9 of a product would not fit, not that it is no longer available', async () => {
    const shopper = await createShopper(t.app);
    const potato = await createProduct(t.app, { name: 'Potato' });
    const { orderId } = await placeTestOrder(t.app, { shopper, items: [{ product: potato, quantity: 4 }] });
    await post('/api/cart/update', { cartItems: { [potato.id]: 7 } }, shopper.cookie);
    const answer = body<{ message: string; leftOut: { reason: string }[] }>(await post('/api/order/reorder', { orderId }, shopper.cookie));
    expect(answer.leftOut.map((l) => l.reason)).toEqual(['quantity-limit']);
    expect(answer.message).toBe('Added to your cart, except what would not fit in it');
  });

  it('orders again what was ordered, not the substitute a seller picked for it; buy again lists what was ordered and what arrived', async () => {
    const shop = await createShop(t.app);
    const [iceCream, cookies, otherIceCream] = await Promise.all(['Vanilla Ice Cream', 'Cookies', 'Other Vanilla Ice Cream'].map((name) => shopProduct(t.app, shop.id, { name, offerPrice: 50 })));
    const { answer, shopper } = await checkoutThroughApi(t.app, [
      { product: iceCream!, quantity: 1 },
      { product: cookies!, quantity: 2 },
    ]);
    const orderId = answer.orders[0]!._id;
    const picked = await post('/api/order/pick', { orderId, lines: [{ product: iceCream!.id, picked: 0, substituteProduct: otherIceCream!.id }] }, shop.cookie);
    expect(picked.statusCode).toBe(200);
    const res = await post('/api/order/reorder', { orderId }, shopper.cookie);
    expect(body<{ cartItems: Record<string, number> }>(res).cartItems).toEqual({ [iceCream!.id]: 1, [cookies!.id]: 2 });
    const again = body<{ products: Product[] }>(await get('/api/order/buy-again', shopper.cookie)).products.map((p) => p.name);
    expect(again.sort()).toEqual(['Cookies', 'Other Vanilla Ice Cream', 'Vanilla Ice Cream']);
  });

  it("orders again with each line's substitution preference, and keeps those of the lines already in the cart", async () => {
    const shop = await createShop(t.app);
    const [onion, potato, rice] = await Promise.all(['Onion', 'Potato', 'Rice'].map((name) => shopProduct(t.app, shop.id, { name, offerPrice: 40 })));
    const { answer, shopper } = await checkoutThroughApi(t.app, [
      { product: onion!, quantity: 3 },
      { product: potato!, quantity: 1, substitute: 'none' },
    ]);
    // The cart holds rice with its own "don't replace" when the shopper orders again.
    const saved = await post('/api/cart/update', { cartItems: { [rice!.id]: 1 }, substitutions: { [rice!.id]: 'none' } }, shopper.cookie);
    expect(saved.statusCode, saved.body).toBe(200);
    expect((await post('/api/order/reorder', { orderId: answer.orders[0]!._id }, shopper.cookie)).statusCode).toBe(200);
    const me = body<{ user: { cartItems: Record<string, number>; substitutions: Record<string, string> } }>(await get('/api/user/is-auth', shopper.cookie)).user;
    expect(me.cartItems).toEqual({ [rice!.id]: 1, [onion!.id]: 3, [potato!.id]: 1 });
    expect(me.substitutions).toMatchObject({ [rice!.id]: 'none', [potato!.id]: 'none' });
  });

  it("answers another shopper's order as absent (404) and leaves both carts as they were", async () => {
    const { orderId } = await placeTestOrder(t.app);
    const other = await createShopper(t.app);
    const res = await post('/api/order/reorder', { orderId }, other.cookie);
    expect(res.statusCode).toBe(404);
    expect(body(res)).toMatchObject({ code: 'ORDER_NOT_FOUND' });
    expect(body<{ user: { cartItems: object } }>(await get('/api/user/is-auth', other.cookie)).user.cartItems).toEqual({});
  });
});

describe('net quantity (productData)', () => {
  const addProduct = async (fields: object) => {
    const { payload, headers } = await multipartBody(
      { productData: JSON.stringify({ name: 'Basmati Rice', category: 'Grains', price: 130, offerPrice: 120, ...fields }) },
      [{ name: 'a.png', data: await testImage('png', 200) }],
    );
    return t.app.inject({ method: 'POST', url: '/api/product/add', payload, headers: { ...headers, cookie: await sellerCookie(t.app) } });
  };
  const update = async (productData: object) => {
    const { payload, headers } = await multipartBody({ productData: JSON.stringify(productData) });
    return t.app.inject({ method: 'POST', url: '/api/product/update', payload, headers: { ...headers, cookie: await sellerCookie(t.app) } });
  };

  it('is set on add, changed and cleared on edit, and carried by the product answers', async () => {
    const added = await addProduct({ netQuantity: { amount: 2, unit: 'kg' } });
    expect(added.statusCode).toBe(200);
    const product = body<{ product: Product }>(added).product;
    expect(product.netQuantity).toEqual({ amount: 2, unit: 'kg' });
    expect(body<{ product: Product }>(await update({ id: product._id, netQuantity: { amount: 500, unit: 'g' } })).product.netQuantity).toEqual({ amount: 500, unit: 'g' });
    expect((await t.app.products.byIds([product._id]))[0]!.netQuantity).toEqual({ amount: 500, unit: 'g' });
    const cleared = body<{ product: Product }>(await update({ id: product._id, netQuantity: null })).product;
    expect(cleared).not.toHaveProperty('netQuantity');
  });

  it('gives a product without a weight its net quantity as its weight (the cart showed "Weight: N/A"); a weight given stays', async () => {
    const onlyNet = body<{ product: Product }>(await addProduct({ name: 'Toor Dal', netQuantity: { amount: 1, unit: 'kg' } })).product;
    expect(onlyNet).toMatchObject({ weight: '1 kg', netQuantity: { amount: 1, unit: 'kg' } });
    expect((await t.app.products.byIds([onlyNet._id]))[0]!.weight).toBe('1 kg');
    const both = body<{ product: Product }>(await addProduct({ name: 'Eggs', weight: 'Tray of 6', netQuantity: { amount: 6, unit: 'pcs' } })).product;
    expect(both.weight).toBe('Tray of 6');
    const neither = body<{ product: Product }>(await addProduct({ name: 'Honey' })).product;
    expect(neither).not.toHaveProperty('weight');
  });

  it('refuses a unit outside g, kg, ml, l, pcs and a zero amount (400, nothing written)', async () => {
    for (const netQuantity of [{ amount: 1, unit: 'lb' }, { amount: 0, unit: 'g' }, { amount: 1 }]) {
      const res = await addProduct({ name: `Bad ${JSON.stringify(netQuantity)}`, netQuantity });
      expect(res.statusCode).toBe(400);
      expect(body(res)).toMatchObject({ success: false });
    }
    const names = (await t.app.db.select({ name: products.name }).from(products)).map((p) => p.name);
    expect(names.some((n) => n.startsWith('Bad '))).toBe(false);
  });
});
