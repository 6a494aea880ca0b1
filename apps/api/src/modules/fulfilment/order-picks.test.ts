import { eq, inArray } from 'drizzle-orm';
import type { Order } from '@greencart/shared';
import { afterAll, afterEach, beforeAll, describe, expect, it, vi } from 'vitest';
import { mailOutbox, orders, products } from '../../db/schema/index.js';
import { checkoutThroughApi, createShop, shopProduct } from '../../test/market-builders.js';
import { completeTestPayment } from '../../test/order-builders.js';
import { body, buildTestApp, createAddress, createShopper, type TestApp } from '../../test/test-app.js';

/**
 * Issue 28's substitutions: the shopper's preference per cart line (and their default) is copied onto the
 * order; the seller records what was picked before packing; the server prices the order again (a substitute
 * never costs more, tax on the new subtotal), moves stock, refunds a card the difference exactly once, mails
 * the shopper and shows 'Picked' on the timeline.
 */
let t: TestApp;
beforeAll(async () => {
  t = await buildTestApp();
});
afterAll(() => t.close());
afterEach(() => vi.restoreAllMocks());

type Shop = Awaited<ReturnType<typeof createShop>>;
type Shopper = Awaited<ReturnType<typeof createShopper>>;

const pick = (cookie: string, payload: unknown) => t.app.inject({ method: 'POST', url: '/api/order/pick', payload: payload as object, headers: { cookie } });
const saveCart = (cookie: string, payload: unknown) => t.app.inject({ method: 'POST', url: '/api/cart/update', payload: payload as object, headers: { cookie } });
const stockOf = async (id: string) => (await t.app.db.select({ stock: products.stock }).from(products).where(eq(products.id, id)))[0]!.stock;
const orderRow = async (id: string) => (await t.app.db.select().from(orders).where(eq(orders.id, id)))[0]!;
async function myOrder(shopper: Shopper, orderId: string): Promise<Order> {
  const res = await t.app.inject({ method: 'GET', url: '/api/order/user', headers: { cookie: shopper.cookie } });
  return body<{ orders: Order[] }>(res).orders.find((o) => o._id === orderId)!;
}
const lineOf = (order: Order, productId: string) => order.items.find((i) => i.product._id === productId && i.substituteFor === null)!;
const substituteOf = (order: Order, productId: string) => order.items.find((i) => i.substituteFor === productId);

/** A shop with apples (Rs 40, 10 counted), bananas (Rs 25, not counted), cheese (Rs 100), a dearer and a cheaper substitute. */
async function groceryShop() {
  const shop = await createShop(t.app);
  const apples = await shopProduct(t.app, shop.id, { offerPrice: 40, stock: 10, name: 'Apples' });
  const bananas = await shopProduct(t.app, shop.id, { offerPrice: 25, name: 'Bananas' });
  const cheese = await shopProduct(t.app, shop.id, { offerPrice: 100, name: 'Cheese' });
  const pears = await shopProduct(t.app, shop.id, { offerPrice: 60, stock: 5, name: 'Pears' });
  const plums = await shopProduct(t.app, shop.id, { offerPrice: 30, stock: 5, name: 'Plums' });
  return { shop, apples, bananas, cheese, pears, plums };
}

/** Apples x3, bananas x2, cheese x1: Rs 270 + 2 % tax = Rs 275.40. */
async function placeBasket(g: Awaited<ReturnType<typeof groceryShop>>, payment: 'cod' | 'stripe' = 'cod') {
  const { answer, shopper, res } = await checkoutThroughApi(
    t.app,
    [
      { product: g.apples, quantity: 3 },
      { product: g.bananas, quantity: 2 },
      { product: g.cheese, quantity: 1 },
    ],
    { payment },
  );
  expect(res.statusCode).toBe(200);
  if (payment === 'stripe') await completeTestPayment(t.app, answer.orderId);
  return { orderId: answer.orderId, shopper };
}

describe('the substitution preference', () => {
  it('is kept per cart line and as the shopper default, and copied onto the order (checkout item, else cart line, else default)', async () => {
    const g = await groceryShop();
    const shopper = await createShopper(t.app);
    const address = await createAddress(t.app, shopper.user.id);
    const saved = await saveCart(shopper.cookie, {
      cartItems: { [g.apples.id]: 1, [g.bananas.id]: 1, [g.cheese.id]: 1 },
      substitutions: { [g.bananas.id]: 'similar' },
      substituteDefault: 'none',
    });
    expect(saved.statusCode).toBe(200);
    const me = body<{ user: { substitutions: Record<string, string>; substituteDefault: string } }>(
      await t.app.inject({ method: 'GET', url: '/api/user/is-auth', headers: { cookie: shopper.cookie } }),
    ).user;
    expect(me).toMatchObject({ substitutions: { [g.bananas.id]: 'similar' }, substituteDefault: 'none' });
    // The original client's body (no substitutions) keeps the lines' preferences.
    expect((await saveCart(shopper.cookie, { cartItems: { [g.apples.id]: 2, [g.bananas.id]: 1, [g.cheese.id]: 1 } })).statusCode).toBe(200);
    const res = await t.app.inject({
      method: 'POST',
      url: '/api/order/cod',
      headers: { cookie: shopper.cookie },
      payload: { address: address.id, items: [{ product: g.apples.id, quantity: 2 }, { product: g.bananas.id, quantity: 1 }, { product: g.cheese.id, quantity: 1, substitute: 'similar' }] },
    });
    expect(res.statusCode).toBe(200);
    const order = await myOrder(shopper, body<{ orderId: string }>(res).orderId);
    expect(lineOf(order, g.apples.id)).toMatchObject({ substitute: 'none', picked: null });
    expect(lineOf(order, g.bananas.id)).toMatchObject({ substitute: 'similar' });
    expect(lineOf(order, g.cheese.id)).toMatchObject({ substitute: 'similar' });
    expect(order).toMatchObject({ pickedAt: null, pickReduction: 0 });
  });

  it('refuses a preference that is not one of the two, changing nothing', async () => {
    const g = await groceryShop();
    const shopper = await createShopper(t.app);
    const res = await saveCart(shopper.cookie, { cartItems: { [g.apples.id]: 1 }, substitutions: { [g.apples.id]: 'anything' } });
    expect(res.statusCode).toBe(400);
    expect(body(res)).toMatchObject({ success: false, code: 'VALIDATION_FAILED' });
    const me = await t.app.inject({ method: 'GET', url: '/api/user/is-auth', headers: { cookie: shopper.cookie } });
    expect(body<{ user: { cartItems: object; substituteDefault: string } }>(me).user).toMatchObject({ cartItems: {}, substituteDefault: 'similar' });
  });
});

describe('POST /api/order/pick', () => {
  it('records full, fewer, none and a substitute: repriced (a substitute never costs more), tax recomputed, stock moved, COD total reduced', async () => {
    const g = await groceryShop();
    const { orderId, shopper } = await placeBasket(g);
    expect(await stockOf(g.apples.id)).toBe(7);
    const res = await pick(g.shop.cookie, {
      orderId,
      lines: [
        { product: g.apples.id, picked: 1, substituteProduct: g.pears.id },
        { product: g.bananas.id, picked: 0 },
      ],
    });
    expect(res.statusCode).toBe(200);
    // Apples 1 x 40 + pears 2 x 40 (not 60) + cheese 100 = 220; tax 4.40; was 275.40.
    expect(body(res)).toMatchObject({ message: 'Picks recorded; the total is reduced by Rs 51', order: { amount: 224.4, pickReduction: 51 } });
    const order = await myOrder(shopper, orderId);
    expect(lineOf(order, g.apples.id)).toMatchObject({ quantity: 3, picked: 1 });
    expect(substituteOf(order, g.apples.id)).toMatchObject({ product: { _id: g.pears.id, name: 'Pears', offerPrice: 40 }, quantity: 2, picked: 2 });
    expect(lineOf(order, g.bananas.id)).toMatchObject({ quantity: 2, picked: 0 });
    expect(lineOf(order, g.cheese.id)).toMatchObject({ quantity: 1, picked: 1 });
    expect(order.timeline!.map((e) => e.status)).toEqual(['Order Placed', 'Picked']);
    expect(await orderRow(orderId)).toMatchObject({ subtotalMinor: 22_000, taxMinor: 440, amountMinor: 22_440, pickReductionMinor: 5_100 });
    // Two apples back on the shelf, two pears taken.
    expect(await stockOf(g.apples.id)).toBe(9);
    expect(await stockOf(g.pears.id)).toBe(3);
    // The shopper is told what changed.
    const mails = await t.app.db.select().from(mailOutbox).where(eq(mailOutbox.orderId, orderId));
    expect(mails.map((m) => m.kind)).toContain('picked');
    const [message] = await t.app.orders.composeQueuedMails([{ id: 0, orderId, kind: 'picked', attempts: 0 }]);
    expect(message!.text).toContain('Apples: 1 of 3 picked');
    expect(message!.text).toContain('replaced by 2 x Pears at Rs 40 each');
    expect(message!.text).toContain('Bananas: not available (2 ordered)');
    expect(message!.text).toContain('You pay Rs 51 less on delivery.');
    // The status mails after it list what the order holds and the cash to collect, not what was ordered.
    const [dispatched] = await t.app.orders.composeQueuedMails([{ id: 0, orderId, kind: 'status', status: 'Dispatched', attempts: 0 }]);
    expect(dispatched!.text).toContain('Items: 1 x Apples, Bananas (not available), 1 x Cheese, 2 x Pears (substitute)');
    expect(dispatched!.text).toContain('To pay on delivery: Rs 224.40');
    const [delivered] = await t.app.orders.composeQueuedMails([{ id: 0, orderId, kind: 'status', status: 'Delivered', attempts: 0 }]);
    expect(delivered!.text).not.toContain('To pay on delivery');
    // The seller's CSV lists the units the order now holds.
    const csv = await t.app.inject({ method: 'GET', url: `/api/order/seller/export?q=${orderId}`, headers: { cookie: g.shop.cookie } });
    expect(csv.body).toContain('1 x Apples; Bananas (not available); 1 x Cheese; 2 x Pears (substitute)');
  });

  it('charges a cheaper substitute its own price', async () => {
    const g = await groceryShop();
    const { orderId, shopper } = await placeBasket(g);
    expect((await pick(g.shop.cookie, { orderId, lines: [{ product: g.apples.id, picked: 2, substituteProduct: g.plums.id }] })).statusCode).toBe(200);
    const order = await myOrder(shopper, orderId);
    expect(substituteOf(order, g.apples.id)).toMatchObject({ product: { offerPrice: 30 }, quantity: 1 });
    // 2 x 40 + 30 + 50 + 100 = 260 + 5.20 tax.
    expect(order).toMatchObject({ amount: 265.2, pickReduction: 10.2 });
  });

  it('gives a substitute the coupon share of the units it replaces, so a pick never raises what the shopper pays', async () => {
    const g = await groceryShop();
    const code = (prefix: string) => `${prefix}${Date.now().toString(36).toUpperCase()}`;
    const seller = { id: g.shop.id, role: 'seller' as const };
    const tenOff = await t.app.coupons.create(seller, { code: code('TENOFF'), type: 'percent', value: 10, firstOrderOnly: false });
    const hundredOff = await t.app.coupons.create(seller, { code: code('HUNDRED'), type: 'amount', value: 100, firstOrderOnly: false });
    const placeWith = async (coupon: string) => {
      const shopper = await createShopper(t.app);
      const address = (await createAddress(t.app, shopper.user.id)).id;
      const res = await t.app.inject({ method: 'POST', url: '/api/order/stripe', headers: { cookie: shopper.cookie }, payload: { address, coupon, items: [{ product: g.apples.id, quantity: 3 }] } });
      expect(res.statusCode, res.body).toBe(200);
      const orderId = body<{ orderId: string }>(res).orderId;
      await completeTestPayment(t.app, orderId);
      return { orderId, shopper };
    };

    // Apples 3 x 40 = 120, 10 % off = 108, tax 2.16: paid 110.16. Pears (60) replace all three at 40 each and keep the Rs 12 off.
    const ten = await placeWith(tenOff.code);
    expect((await orderRow(ten.orderId)).amountMinor).toBe(11_016);
    const res = await pick(g.shop.cookie, { orderId: ten.orderId, lines: [{ product: g.apples.id, picked: 0, substituteProduct: g.pears.id }] });
    expect(res.statusCode).toBe(200);
    expect(body(res)).toMatchObject({ order: { amount: 110.16, discount: 12, pickReduction: 0 } });
    expect(substituteOf(await myOrder(ten.shopper, ten.orderId), g.apples.id)).toMatchObject({ product: { offerPrice: 40 }, quantity: 3, discount: 12 });

    // Rs 100 off 120 leaves 20 (+ 0.40 tax). Plums (3 x 30 = 90) carry at most their own 90 of it: 0 to pay, 20.40 refunded.
    const hundred = await placeWith(hundredOff.code);
    expect((await orderRow(hundred.orderId)).amountMinor).toBe(2_040);
    const cheaper = await pick(g.shop.cookie, { orderId: hundred.orderId, lines: [{ product: g.apples.id, picked: 0, substituteProduct: g.plums.id }] });
    expect(body(cheaper)).toMatchObject({ order: { amount: 0, discount: 90, pickReduction: 20.4 } });
  });

  it('never substitutes a "don\'t replace" line (409), and changes nothing', async () => {
    const g = await groceryShop();
    const shopper = await createShopper(t.app);
    const placed = await t.app.inject({
      method: 'POST',
      url: '/api/order/cod',
      headers: { cookie: shopper.cookie },
      payload: { address: (await createAddress(t.app, shopper.user.id)).id, items: [{ product: g.bananas.id, quantity: 2, substitute: 'none' }] },
    });
    const orderId = body<{ orderId: string }>(placed).orderId;
    const res = await pick(g.shop.cookie, { orderId, lines: [{ product: g.bananas.id, picked: 1, substituteProduct: g.plums.id }] });
    expect(res.statusCode).toBe(409);
    expect(body(res)).toEqual({ success: false, code: 'SUBSTITUTE_NOT_ALLOWED', message: 'The shopper asked not to replace Bananas: record fewer units (or none) instead.' });
    expect(await stockOf(g.plums.id)).toBe(5);
    expect(await orderRow(orderId)).toMatchObject({ pickedAt: null, amountMinor: 5_100 });
    // Fewer is fine: 25 + 0.50 tax.
    const fewer = await pick(g.shop.cookie, { orderId, lines: [{ product: g.bananas.id, picked: 1 }] });
    expect(fewer.statusCode).toBe(200);
    expect(body(fewer)).toMatchObject({ order: { amount: 25.5, pickReduction: 25.5 } });
  });

  it('refunds a card payment the difference exactly once; the same picks again answer the order, other picks are refused', async () => {
    const g = await groceryShop();
    const { orderId, shopper } = await placeBasket(g, 'stripe');
    const refund = vi.spyOn(t.app.payments.gateway, 'refund');
    const lines = [{ product: g.cheese.id, picked: 0 }];
    const first = await pick(g.shop.cookie, { orderId, lines });
    expect(first.statusCode).toBe(200);
    expect(body(first)).toMatchObject({ message: 'Picks recorded; the total is refunded by Rs 102', order: { amount: 173.4, pickReduction: 102, isRefunded: false } });
    const again = await pick(g.shop.cookie, { orderId, lines });
    expect(again.statusCode).toBe(200);
    expect(body(again)).toMatchObject({ message: 'These picks were already recorded', order: { amount: 173.4 } });
    const other = await pick(g.shop.cookie, { orderId, lines: [{ product: g.cheese.id, picked: 1 }] });
    expect(other.statusCode).toBe(409);
    expect(body(other)).toMatchObject({ code: 'PICKS_ALREADY_RECORDED' });
    expect(refund).toHaveBeenCalledTimes(1);
    expect(refund.mock.calls[0]![1]).toEqual({ orderId, amountMinor: 10_200, key: `pick-refund-${orderId}` });
    const order = await myOrder(shopper, orderId);
    expect(order).toMatchObject({ amount: 173.4, pickReduction: 102, isPaid: true });
    const [message] = await t.app.orders.composeQueuedMails([{ id: 0, orderId, kind: 'picked', attempts: 0 }]);
    expect(message!.text).toContain('We have refunded the difference of Rs 102 to your card.');
    // Cancelled after the pick's refund: the rest goes back, and the mail says so (it said "in full").
    const cancel = await t.app.inject({ method: 'POST', url: '/api/order/status', payload: { orderId, status: 'Cancelled' }, headers: { cookie: g.shop.cookie } });
    expect(cancel.statusCode).toBe(200);
    const [cancelled] = await t.app.orders.composeQueuedMails([{ id: 0, orderId, kind: 'status', status: 'Cancelled', attempts: 0 }]);
    expect(cancelled!.text).toContain('We have refunded the rest of what you paid for this order, Rs 173.40 (the part for the items not picked went back earlier).');
    expect(cancelled!.text).not.toContain('in full');
  });

  it('refunds once when the same picks are recorded many times at once, and lets one of different picks win', async () => {
    const g = await groceryShop();
    const { orderId } = await placeBasket(g, 'stripe');
    const refund = vi.spyOn(t.app.payments.gateway, 'refund');
    const answers = await Promise.all(Array.from({ length: 8 }, () => pick(g.shop.cookie, { orderId, lines: [{ product: g.apples.id, picked: 1 }] })));
    expect(answers.map((a) => a.statusCode)).toEqual(answers.map(() => 200));
    expect(refund).toHaveBeenCalledTimes(1);
    expect(await stockOf(g.apples.id)).toBe(9);

    const second = await placeBasket(g, 'stripe');
    const racing = await Promise.all([0, 1, 2, 3].map((picked) => pick(g.shop.cookie, { orderId: second.orderId, lines: [{ product: g.apples.id, picked }] })));
    expect(racing.filter((a) => a.statusCode === 200)).toHaveLength(1);
    expect(racing.filter((a) => a.statusCode === 409).map((a) => body(a).code)).toEqual(['PICKS_ALREADY_RECORDED', 'PICKS_ALREADY_RECORDED', 'PICKS_ALREADY_RECORDED']);
    // 9 left after the first order's pick, 3 taken by the second order, its missing units back: one winner's.
    const winner = body<{ order: Order }>(racing.find((a) => a.statusCode === 200)!).order;
    expect(await stockOf(g.apples.id)).toBe(9 - 3 + (3 - lineOf(winner, g.apples.id).picked!));
    expect(refund).toHaveBeenCalledTimes(winner.pickReduction > 0 ? 2 : 1);
  });

  it('changes nothing when the card refund fails (502)', async () => {
    const g = await groceryShop();
    const { orderId } = await placeBasket(g, 'stripe');
    vi.spyOn(t.app.payments.gateway, 'refund').mockRejectedValueOnce(new Error('provider down'));
    const res = await pick(g.shop.cookie, { orderId, lines: [{ product: g.apples.id, picked: 0, substituteProduct: g.plums.id }] });
    expect(res.statusCode).toBe(502);
    expect(body(res)).toMatchObject({ code: 'REFUND_FAILED' });
    expect(await orderRow(orderId)).toMatchObject({ pickedAt: null, amountMinor: 27_540 });
    expect([await stockOf(g.apples.id), await stockOf(g.plums.id)]).toEqual([7, 5]);
  });

  it('gives back the units the order holds after its picks when it is cancelled', async () => {
    const g = await groceryShop();
    const { orderId } = await placeBasket(g);
    await pick(g.shop.cookie, { orderId, lines: [{ product: g.apples.id, picked: 1, substituteProduct: g.pears.id }] });
    expect([await stockOf(g.apples.id), await stockOf(g.pears.id)]).toEqual([9, 3]);
    const cancel = await t.app.inject({ method: 'POST', url: '/api/order/status', payload: { orderId, status: 'Cancelled' }, headers: { cookie: g.shop.cookie } });
    expect(cancel.statusCode).toBe(200);
    expect([await stockOf(g.apples.id), await stockOf(g.pears.id)]).toEqual([10, 5]);
  });

  it('answers 404 to another shop, 409 after Packed, 400 for a bad line, 409 for a substitute not of the shop or not sold', async () => {
    const g = await groceryShop();
    const other: Shop = await createShop(t.app);
    const foreign = await shopProduct(t.app, other.id, { offerPrice: 10 });
    const retired = await shopProduct(t.app, g.shop.id, { offerPrice: 10 });
    await t.app.db.update(products).set({ retiredAt: new Date() }).where(eq(products.id, retired.id));
    const { orderId } = await placeBasket(g);

    const notMine = await pick(other.cookie, { orderId, lines: [{ product: g.apples.id, picked: 1 }] });
    expect(notMine.statusCode).toBe(404);
    expect(body(notMine)).toMatchObject({ code: 'ORDER_NOT_FOUND' });
    const asShopper = await t.app.inject({ method: 'POST', url: '/api/order/pick', payload: { orderId, lines: [{ product: g.apples.id, picked: 1 }] }, headers: { cookie: (await createShopper(t.app)).cookie } });
    expect(asShopper.statusCode).toBe(403);

    const refusals: [unknown, number, string, string?][] = [
      [[{ product: g.pears.id, picked: 1 }], 400, 'INVALID_PICK', `lines: product ${g.pears.id} is not a line of this order`],
      [[{ product: g.apples.id, picked: 4 }], 400, 'INVALID_PICK', 'lines: Apples: 4 picked but 3 ordered'],
      [[{ product: g.apples.id, picked: 1 }, { product: g.apples.id, picked: 2 }], 400, 'INVALID_PICK', 'lines: Apples is named twice'],
      [[{ product: g.apples.id, picked: 3, substituteProduct: g.pears.id }], 400, 'INVALID_PICK', 'lines: Apples was picked in full: nothing to substitute'],
      [[{ product: g.apples.id, picked: 1, substituteProduct: foreign.id }], 409, 'SUBSTITUTE_UNAVAILABLE', `This substitute cannot be used: no product ${foreign.id} in this shop.`],
      [[{ product: g.apples.id, picked: 1, substituteProduct: retired.id }], 409, 'SUBSTITUTE_UNAVAILABLE'],
      // Pears for all 6 missing units, with 5 left.
      [
        [{ product: g.apples.id, picked: 0, substituteProduct: g.pears.id }, { product: g.bananas.id, picked: 0, substituteProduct: g.pears.id }, { product: g.cheese.id, picked: 0, substituteProduct: g.pears.id }],
        409,
        'SUBSTITUTE_UNAVAILABLE',
        'This substitute cannot be used: only 5 of Pears left.',
      ],
      [[{ product: g.apples.id, picked: -1 }], 400, 'VALIDATION_FAILED'],
    ];
    for (const [lines, status, code, message] of refusals) {
      const res = await pick(g.shop.cookie, { orderId, lines });
      expect(res.statusCode, JSON.stringify(lines)).toBe(status);
      expect(body(res)).toMatchObject({ success: false, code, ...(message ? { message } : {}) });
    }
    expect(await orderRow(orderId)).toMatchObject({ pickedAt: null, amountMinor: 27_540 });
    expect([await stockOf(g.apples.id), await stockOf(g.pears.id)]).toEqual([7, 5]);

    await t.app.inject({ method: 'POST', url: '/api/order/status', payload: { orderId, status: 'Packed' }, headers: { cookie: g.shop.cookie } });
    const packed = await pick(g.shop.cookie, { orderId, lines: [{ product: g.apples.id, picked: 1 }] });
    expect(packed.statusCode).toBe(409);
    expect(body(packed)).toEqual({ success: false, code: 'PICK_NOT_ALLOWED', message: 'Picks cannot be recorded: the order is already Packed: picks are recorded before it is packed' });
  });

  it('refuses picks on an online order not paid yet', async () => {
    const g = await groceryShop();
    const { answer } = await checkoutThroughApi(t.app, [{ product: g.apples, quantity: 1 }], { payment: 'stripe' });
    const res = await pick(g.shop.cookie, { orderId: answer.orderId, lines: [{ product: g.apples.id, picked: 0 }] });
    expect(res.statusCode).toBe(409);
    expect(body(res)).toMatchObject({ code: 'PICK_NOT_ALLOWED', message: 'Picks cannot be recorded: the online payment has not been received yet' });
    expect((await t.app.db.select({ id: orders.id }).from(orders).where(inArray(orders.id, [answer.orderId]))).length).toBe(1);
  });
});
