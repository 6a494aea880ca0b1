import { shopsOwn, type Order } from '@greencart/shared';
import { and, eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { ledgerEntries, mailOutbox, orders, sellers } from '../../db/schema/index.js';
import { checkoutThroughApi, createShop, deliver, shopProduct } from '../../test/market-builders.js';
import { completeTestPayment } from '../../test/order-builders.js';
import { insertTestOrder } from '../../test/seller-builders.js';
import { keptMail } from '../../test/shop-builders.js';
import { body, buildTestApp, mailsSent, sellerCookie, type TestApp } from '../../test/test-app.js';

/**
 * Decision 0277: the operator acting on another shop's order (a refund, a cancel, picks, a status) tells the shop by
 * mail, through the outbox, in the action's transaction: the order's number, what GreenCart did and what it did to the
 * shop's balance; never for its own shop. And it does not mark an approved shop's cash order Delivered: that says the
 * shop's rider collected the cash.
 */
const mail = keptMail();
let t: TestApp;
let operator: string;
beforeAll(async () => {
  t = await buildTestApp({}, { mailer: mail });
  operator = await sellerCookie(t.app);
});
afterAll(() => t.close());

let shops = 0;
/** An approved shop with a known e-mail and name. */
const newShop = () => {
  shops += 1;
  return createShop(t.app, { name: 'Asha', shopName: `Anand Fruits ${shops}`, email: `anand-${shops}-${Date.now()}@example.com` }).then(async (shop) => ({
    ...shop,
    email: (await t.app.db.select({ email: sellers.email }).from(sellers).where(eq(sellers.id, shop.id)))[0]!.email,
  }));
};
type Shop = Awaited<ReturnType<typeof newShop>>;

/** One order of Rs 102 (Rs 100 with tax) at `shop`, cash on delivery or paid by card; its id, number (GC-…) and shopper. */
async function orderAt(shop: Shop, payment: 'cod' | 'card') {
  const product = await shopProduct(t.app, shop.id, { offerPrice: 100, stock: 10 });
  const { answer, shopper } = await checkoutThroughApi(t.app, [{ product, quantity: 2 }], { payment: payment === 'card' ? 'stripe' : 'cod' });
  const id = answer.orders[0]!._id;
  if (payment === 'card') await completeTestPayment(t.app, id);
  const [row] = await t.app.db.select({ orderNumber: orders.orderNumber }).from(orders).where(eq(orders.id, id));
  return { id, number: `GC-${row!.orderNumber}`, product, shopperCookie: shopper.cookie };
}

const call = (url: string, cookie: string, payload: object) => t.app.inject({ method: 'POST', url, headers: { cookie }, payload });
/** One order at `shop` (as `orderAt`), dispatched by the shop itself. */
async function dispatchedAt(shop: Shop, payment: 'cod' | 'card') {
  const order = await orderAt(shop, payment);
  expect((await call('/api/order/status', shop.cookie, { orderId: order.id, status: 'Dispatched' })).statusCode).toBe(200);
  return order;
}
/** The shop mails queued about an order (what the operator did), oldest first. */
const shopMailsOf = (orderId: string) =>
  t.app.db.select().from(mailOutbox).where(and(eq(mailOutbox.orderId, orderId), eq(mailOutbox.kind, 'order-by-operator'))).orderBy(mailOutbox.id);
/** The mails the shop was sent about an order, once the outbox has sent what is due. */
const mailedTo = async (shop: Shop, number: string) => {
  await mailsSent(t.app);
  return mail.sent.filter((m) => m.to === shop.email && m.text.includes(number));
};

describe("the operator's refund of another shop's delivered order (decision 0277)", () => {
  it('tells the shop of a cash order: hand the cash back; the statement entries and what they do to the balance', async () => {
    const shop = await newShop();
    const order = await orderAt(shop, 'cod');
    await deliver(t.app, order.id, shop.cookie);
    expect((await call('/api/order/refund', operator, { orderId: order.id })).statusCode).toBe(200);

    const queued = await shopMailsOf(order.id);
    expect(queued.map((m) => [m.sellerId, m.status])).toEqual([[shop.id, 'refunded']]);
    const [told] = await mailedTo(shop, order.number);
    expect(told!.subject).toBe(`GreenCart refunded order ${order.number} of ${shop.shopName}`);
    expect(told!.text).toContain(`GreenCart refunded the cash-on-delivery order ${order.number} (Rs 204) on ${shopsOwn(shop.shopName)} behalf.`);
    expect(told!.text).toContain('Hand the Rs 204 your rider collected back to the shopper.');
    // The operator's refund gives the commission back (0276): the shop is left as before the order.
    expect(told!.text).toContain('On your statement: Refund Rs 204, Commission returned Rs 20.40, Cash given back Rs 204.');
    expect(told!.text).toContain('Your balance goes up by Rs 20.40.');
  });

  it('tells the shop of a card order: refunded to the card, and its balance goes down by the sale less the commission', async () => {
    const shop = await newShop();
    const order = await orderAt(shop, 'card');
    await deliver(t.app, order.id, shop.cookie);
    expect((await call('/api/order/refund', operator, { orderId: order.id })).statusCode).toBe(200);
    const [told] = await mailedTo(shop, order.number);
    expect(told!.text).toContain(`GreenCart refunded the order ${order.number} on ${shopsOwn(shop.shopName)} behalf: Rs 204 goes back to the shopper's card.`);
    expect(told!.text).toContain('On your statement: Refund Rs 204, Commission returned Rs 20.40.');
    expect(told!.text).toContain('Your balance goes down by Rs 183.60.');
  });
});

describe("the operator's cancel, picks and status changes of another shop's order", () => {
  it('mails the shop once per action, naming the order and what it means', async () => {
    const shop = await newShop();
    const cancelled = await orderAt(shop, 'card');
    // With the reason the shopper is given (decision 0288): the shop reads it too.
    const answer = await call('/api/order/status', operator, { orderId: cancelled.id, status: 'Cancelled', reason: 'The shop cannot deliver this week' });
    expect(answer.statusCode).toBe(200);
    expect(body<{ order: Order }>(answer).order).toMatchObject({ cancelledBy: 'operator', cancelReason: 'The shop cannot deliver this week' });
    expect((await shopMailsOf(cancelled.id)).map((m) => m.status)).toEqual(['cancelled']);
    const [cancelMail] = await mailedTo(shop, cancelled.number);
    expect(cancelMail!.subject).toBe(`GreenCart cancelled order ${cancelled.number} of ${shop.shopName}`);
    expect(cancelMail!.text).toContain(`GreenCart cancelled the order ${cancelled.number} (Rs 204) on ${shopsOwn(shop.shopName)} behalf: do not pack or deliver it; its units are back in your stock.`);
    expect(cancelMail!.text).toContain('do not pack or deliver it; its units are back in your stock.\nThe shopper was told: The shop cannot deliver this week\n');
    expect(cancelMail!.text).toContain("The shopper's card payment of Rs 204 is refunded.");
    expect(cancelMail!.text).toContain('Your balance does not change: the order was never delivered.');

    const picked = await orderAt(shop, 'cod');
    expect((await call('/api/order/pick', operator, { orderId: picked.id, lines: [{ product: picked.product.id, picked: 1 }] })).statusCode).toBe(200);
    expect((await call('/api/order/status', operator, { orderId: picked.id, status: 'Packed' })).statusCode).toBe(200);
    expect((await shopMailsOf(picked.id)).map((m) => m.status)).toEqual(['picked', 'Packed']);
    const [pickMail, packMail] = await mailedTo(shop, picked.number);
    expect(pickMail!.text).toContain(`GreenCart recorded the picks of the order ${picked.number} on ${shopsOwn(shop.shopName)} behalf: its total is now Rs 102, Rs 102 less to collect in cash.`);
    expect(packMail!.subject).toBe(`GreenCart marked Packed order ${picked.number} of ${shop.shopName}`);
    expect(packMail!.text).toContain('Your balance does not change now: the order enters it when it is delivered.');
  });

  it("queues nothing for a refused action, nor for the operator's own shop's orders, nor for a shop's own actions", async () => {
    const own = await insertTestOrder(t.app, { paymentType: 'COD' });
    // The spec's original client: the operator works its own (first) shop's cash orders through to the refund, as before.
    for (const status of ['Processed', 'Delivered'] as const) expect((await call('/api/order/status', operator, { orderId: own.id, status })).statusCode).toBe(200);
    expect((await call('/api/order/refund', operator, { orderId: own.id })).statusCode).toBe(200);
    expect(await shopMailsOf(own.id)).toEqual([]);

    const shop = await newShop();
    const order = await orderAt(shop, 'cod');
    await deliver(t.app, order.id, shop.cookie);
    expect((await call('/api/order/refund', shop.cookie, { orderId: order.id })).statusCode).toBe(200);
    expect((await call('/api/order/refund', operator, { orderId: order.id })).statusCode).toBe(409);
    expect(await shopMailsOf(order.id)).toEqual([]);
  });
});

describe("the operator marking another shop's order Delivered (decision 0277)", () => {
  it("refuses an approved shop's cash order (409, nothing entered, nothing mailed): only the shop knows its rider has the cash", async () => {
    const shop = await newShop();
    const order = await dispatchedAt(shop, 'cod');
    const refused = await call('/api/order/status', operator, { orderId: order.id, status: 'Delivered' });
    expect(refused.statusCode).toBe(409);
    expect(body(refused)).toEqual({
      success: false,
      code: 'CASH_DELIVERY_BY_SHOP',
      message: "Only the shop can mark its cash-on-delivery order Delivered: it says the shop's rider collected the cash. Ask the shop to mark it once its rider has the cash.",
    });
    const [row] = await t.app.db.select({ status: orders.status, isPaid: orders.isPaid }).from(orders).where(eq(orders.id, order.id));
    expect(row).toEqual({ status: 'Dispatched', isPaid: false });
    expect(await t.app.db.select().from(ledgerEntries).where(eq(ledgerEntries.orderId, order.id))).toEqual([]);
    expect(await shopMailsOf(order.id)).toEqual([]);
    // The shop itself still can.
    expect((await call('/api/order/status', shop.cookie, { orderId: order.id, status: 'Delivered' })).statusCode).toBe(200);
  });

  it("cancels a dispatched order of a shop no longer approved (its card payment given back), never an approved shop's", async () => {
    const shop = await newShop();
    const card = await dispatchedAt(shop, 'card');
    const refused = await call('/api/order/status', operator, { orderId: card.id, status: 'Cancelled' });
    expect(refused.statusCode).toBe(409);
    expect(body(refused)).toMatchObject({ code: 'INVALID_STATUS_CHANGE', message: 'Cannot change the order from Dispatched to Cancelled: an order can only be cancelled before it is dispatched' });
    await t.app.db.update(sellers).set({ status: 'suspended', statusReason: 'Late deliveries' }).where(eq(sellers.id, shop.id));
    const cancelled = await call('/api/order/status', operator, { orderId: card.id, status: 'Cancelled' });
    expect(cancelled.statusCode).toBe(200);
    expect(body<{ order: object }>(cancelled).order).toMatchObject({ status: 'Cancelled', isRefunded: true, cancelledBy: 'operator' });
    // Nothing entered the shop's statement (it was never delivered); the shop is told.
    expect(await t.app.db.select().from(ledgerEntries).where(eq(ledgerEntries.orderId, card.id))).toEqual([]);
    expect((await shopMailsOf(card.id)).length).toBe(1);
  });

  it("names another shop's standing on the operator's orders, fresh once it changes, so its Orders screen offers Delivered only when it may", async () => {
    const shop = await newShop();
    const order = await orderAt(shop, 'cod');
    const listed = async (cookie = operator) => {
      const res = await t.app.inject({ method: 'GET', url: `/api/order/seller?seller=${shop.slug}`, headers: { cookie } });
      expect(res.statusCode).toBe(200);
      return body<{ orders: { _id: string; seller: object }[] }>(res).orders.find((o) => o._id === order.id)!.seller;
    };
    expect(await listed()).toEqual({ id: shop.id, shopName: shop.shopName, slug: shop.slug, status: 'approved' });
    // The shop's own list does not: it knows its standing (is-auth), and its orders are its own.
    expect(await listed(shop.cookie)).toEqual({ id: shop.id, shopName: shop.shopName, slug: shop.slug });
    // The answer to a status change, which the screen puts in the list's place, names it too.
    const moved = await call('/api/order/status', operator, { orderId: order.id, status: 'Processed' });
    expect(body<{ order: { seller: object } }>(moved).order.seller).toMatchObject({ status: 'approved' });
    expect(await listed()).toMatchObject({ status: 'approved' });
    // The list is kept until an order changes: a suspension (no order changes) is heard all the same.
    const suspended = await call('/api/seller/sellers/status', operator, { sellerId: shop.id, status: 'suspended', reason: 'Late deliveries' });
    expect(suspended.statusCode).toBe(200);
    await expect.poll(listed).toMatchObject({ status: 'suspended' });
    // The shopper's own answers do not carry it.
    const mine = await t.app.inject({ method: 'GET', url: '/api/order/user', headers: { cookie: order.shopperCookie } });
    expect(body<{ orders: { seller: object }[] }>(mine).orders[0]!.seller).not.toHaveProperty('status');
    // Nor the operator's answers about its own shop's orders.
    const own = await insertTestOrder(t.app, { paymentType: 'COD' });
    const ownMoved = await call('/api/order/status', operator, { orderId: own.id, status: 'Processed' });
    expect(body<{ order: { seller: object } }>(ownMoved).order.seller).not.toHaveProperty('status');
  });

  it("delivers a card order, and a suspended shop's cash order (it cannot write), telling the shop what entered its balance", async () => {
    const shop = await newShop();
    const card = await orderAt(shop, 'card');
    expect((await call('/api/order/status', operator, { orderId: card.id, status: 'Delivered' })).statusCode).toBe(200);
    const [cardMail] = await mailedTo(shop, card.number);
    expect(cardMail!.text).toContain(`GreenCart marked the order ${card.number} (Rs 204) Delivered on ${shopsOwn(shop.shopName)} behalf.`);
    expect(cardMail!.text).toContain('On your statement: Sale Rs 204, Commission Rs 20.40.');
    expect(cardMail!.text).toContain('Your balance goes up by Rs 183.60.');

    const cash = await orderAt(shop, 'cod');
    await t.app.db.update(sellers).set({ status: 'suspended', statusReason: 'Late deliveries' }).where(eq(sellers.id, shop.id));
    expect((await call('/api/order/status', operator, { orderId: cash.id, status: 'Delivered' })).statusCode).toBe(200);
    const [cashMail] = await mailedTo(shop, cash.number);
    expect(cashMail!.text).toContain("That records that your rider collected the Rs 204 in cash, which the shop keeps.");
    expect(cashMail!.text).toContain('On your statement: Sale Rs 204, Commission Rs 20.40, Cash collected Rs 204.');
    expect(cashMail!.text).toContain('Your balance goes down by Rs 20.40.');
  });
});
