import { randomUUID } from 'node:crypto';
import { and, eq, sql } from 'drizzle-orm';
import { shopsOwn, type LedgerAnswer, type Order, type PayoutAnswer, type PayoutsAnswer } from '@greencart/shared';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { ledgerEntries, mailOutbox, orders, sellerAccounts, sellers } from '../../db/schema/index.js';
import { checkoutThroughApi, createShop, deliver, shopProduct } from '../../test/market-builders.js';
import { completeTestPayment } from '../../test/order-builders.js';
import { keptMail } from '../../test/shop-builders.js';
import { body, buildTestApp, createShopper, mailsSent, operatorId, sellerCookie, type TestApp } from '../../test/test-app.js';

/** Issue 26: commission, each shop's append-only ledger and payouts; who may read and change what. */
let t: TestApp;
let shopA: Awaited<ReturnType<typeof createShop>>;
let shopB: Awaited<ReturnType<typeof createShop>>;
let pending: Awaited<ReturnType<typeof createShop>>;
let operator: string;
let shopper: string;
const mail = keptMail();
beforeAll(async () => {
  t = await buildTestApp({}, { mailer: mail });
  shopA = await createShop(t.app, { shopName: 'Anand Fruits' });
  shopB = await createShop(t.app, { shopName: 'Bela Bakes' });
  pending = await createShop(t.app, { status: 'pending' });
  operator = await sellerCookie(t.app);
  shopper = (await createShopper(t.app)).cookie;
});
afterAll(() => t.close());

const call = (method: 'GET' | 'POST', url: string, cookie?: string, payload?: object) =>
  t.app.inject({ method, url, headers: cookie ? { cookie } : {}, ...(payload ? { payload } : {}) });

/**
 * A checkout of one product of each shop given, at Rs 100 each (102 with tax), paid by card (GreenCart holds the money
 * until it pays the shop out); `cod`: cash on delivery, which the shop's rider collects and the shop keeps (0276). The
 * orders by shop id.
 */
async function checkoutFrom(payment: 'card' | 'cod', shops: { id: string }[]) {
  const lines = await Promise.all(shops.map(async (shop) => ({ product: await shopProduct(t.app, shop.id, { offerPrice: 100 }), quantity: 1 })));
  const { answer } = await checkoutThroughApi(t.app, lines, { payment: payment === 'card' ? 'stripe' : 'cod' });
  if (payment === 'card') await completeTestPayment(t.app, answer.orders[0]!._id);
  return new Map(answer.orders.map((o) => [o.seller.id, o._id]));
}
const orderFrom = (...shops: { id: string }[]) => checkoutFrom('card', shops);

const ledgerOf = async (cookie: string, sellerId?: string) =>
  body<LedgerAnswer>(await call('GET', `/api/seller/ledger${sellerId ? `?sellerId=${sellerId}` : ''}`, cookie));

describe('who may do what (two shops, the operator, a shopper, a visitor)', () => {
  it("scopes the seller order calls to the caller's shop: its list, summary and export; the operator's cover all", async () => {
    const orders = await orderFrom(shopA, shopB);
    const aOrder = orders.get(shopA.id)!;
    const bOrder = orders.get(shopB.id)!;
    const page = async (cookie: string) => body<{ order: Order[]; summary: { today: { orders: number } } }>(await call('GET', '/api/order/seller?limit=100', cookie));
    const aPage = await page(shopA.cookie);
    expect(aPage.order.map((o) => o._id)).toContain(aOrder);
    expect(aPage.order.every((o) => o.seller.id === shopA.id)).toBe(true);
    const operatorPage = await page(operator);
    expect(operatorPage.order.map((o) => o._id)).toEqual(expect.arrayContaining([aOrder, bOrder]));
    expect(operatorPage.summary.today.orders).toBeGreaterThan(aPage.summary.today.orders);
    const csv = (await call('GET', '/api/order/seller/export', shopB.cookie)).body;
    expect(csv).toContain(bOrder);
    expect(csv).not.toContain(aOrder);
  });

  it.each([
    ['visitor', (): string | undefined => undefined, 401, 'NOT_AUTHENTICATED'],
    ['shopper', () => shopper, 403, 'FORBIDDEN'],
    ['the other shop', () => shopB.cookie, 404, 'ORDER_NOT_FOUND'],
    ['a pending shop', () => pending.cookie, 403, 'SHOP_NOT_APPROVED'],
  ] as const)("refuses a status change of shop A's order to %s, changing nothing", async (_who, cookie, status, code) => {
    const aOrder = (await orderFrom(shopA)).get(shopA.id)!;
    const res = await call('POST', '/api/order/status', cookie(), { orderId: aOrder, status: 'Processed' });
    expect(res.statusCode).toBe(status);
    expect(body(res)).toMatchObject({ success: false, code });
    const refund = await call('POST', '/api/order/refund', cookie(), { orderId: aOrder });
    expect(refund.statusCode).toBe(status);
    // Read from the database: the seller's list is kept until the orders feed is heard (decision 0080).
    const [row] = await t.app.db.select({ status: orders.status, refundedAt: orders.refundedAt }).from(orders).where(eq(orders.id, aOrder));
    expect(row).toEqual({ status: 'Order Placed', refundedAt: null });
  });

  it("lets shop A and the operator move shop A's order", async () => {
    const aOrder = (await orderFrom(shopA)).get(shopA.id)!;
    expect((await call('POST', '/api/order/status', shopA.cookie, { orderId: aOrder, status: 'Processed' })).statusCode).toBe(200);
    expect((await call('POST', '/api/order/status', operator, { orderId: aOrder, status: 'Packed' })).statusCode).toBe(200);
  });

  it.each([
    ['GET', '/api/seller/commission', undefined],
    ['POST', '/api/seller/commission', { percent: 50 }],
    ['GET', '/api/seller/payouts', undefined],
    ['POST', '/api/seller/payouts', { sellerId: '00000000-0000-4000-8000-000000000000', amount: 1, key: 'matrix-key-1' }],
    ['POST', '/api/seller/payouts/received', { sellerId: '00000000-0000-4000-8000-000000000000', amount: 1, key: 'matrix-key-2' }],
    ['POST', '/api/seller/payout-account', { sellerId: '00000000-0000-4000-8000-000000000000', stripeAccountId: null }],
  ] as const)('%s %s is the operator\'s alone: 401 visitor, 403 shopper, 403 OPERATOR_ONLY for a shop', async (method, url, payload) => {
    expect((await call(method, url, undefined, payload)).statusCode).toBe(401);
    expect((await call(method, url, shopper, payload)).statusCode).toBe(403);
    for (const shop of [shopA, shopB, pending]) {
      const res = await call(method, url, shop.cookie, payload);
      expect(res.statusCode).toBe(403);
      expect(body(res)).toMatchObject({ success: false, code: 'OPERATOR_ONLY' });
    }
    expect(body(await call('GET', '/api/seller/commission', operator))).toMatchObject({ defaultPercent: 10 });
  });

  it("answers a shop its own ledger, and not found for another shop's it names; the operator any shop's; visitors and shoppers none", async () => {
    for (const url of ['/api/seller/ledger', '/api/seller/ledger/export']) {
      expect((await call('GET', `${url}?sellerId=${shopA.id}`)).statusCode).toBe(401);
      expect((await call('GET', `${url}?sellerId=${shopA.id}`, shopper)).statusCode).toBe(403);
      // Another shop's id was answered with the caller's own ledger, as if it were shop A's.
      const other = await call('GET', `${url}?sellerId=${shopA.id}`, shopB.cookie);
      expect(other.statusCode).toBe(404);
      expect(body(other)).toMatchObject({ success: false, code: 'SELLER_NOT_FOUND' });
    }
    expect((await ledgerOf(shopB.cookie, shopB.id)).seller.id).toBe(shopB.id);
    expect((await ledgerOf(operator, shopA.id)).seller.id).toBe(shopA.id);
    expect((await ledgerOf(pending.cookie)).seller.id).toBe(pending.id);
    const exported = await call('GET', `/api/seller/ledger/export?sellerId=${shopB.id}`, shopB.cookie);
    expect(exported.headers['content-disposition']).toContain(shopB.slug);
    const unknown = await call('GET', '/api/seller/ledger?sellerId=00000000-0000-4000-8000-000000000000', operator);
    expect(unknown.statusCode).toBe(404);
    expect(body(unknown)).toMatchObject({ code: 'SELLER_NOT_FOUND' });
  });
});

describe("a shop's payout account without Stripe (docs/decisions/0170)", () => {
  it("answers 'manual' to each shop for its own account, not found for another shop's, to the operator for any shop; visitors and shoppers none", async () => {
    const url = `/api/seller/payout-account?sellerId=${shopA.id}`;
    expect((await call('GET', url)).statusCode).toBe(401);
    expect((await call('GET', url, shopper)).statusCode).toBe(403);
    for (const cookie of [shopA.cookie, operator]) {
      expect(body(await call('GET', url, cookie))).toEqual({ success: true, message: 'Payouts are recorded by hand', mode: 'manual', account: null, setBy: null });
    }
    for (const shop of [shopB, pending]) {
      expect(body(await call('GET', '/api/seller/payout-account', shop.cookie))).toMatchObject({ success: true, mode: 'manual' });
      expect(body(await call('GET', url, shop.cookie))).toMatchObject({ success: false, code: 'SELLER_NOT_FOUND' });
    }
    const unknown = await call('GET', '/api/seller/payout-account?sellerId=00000000-0000-4000-8000-000000000000', operator);
    expect(body(unknown)).toMatchObject({ success: false, code: 'SELLER_NOT_FOUND' });
  });

  it('refuses to connect a Stripe account: 401 visitor, 403 shopper and pending shop, 409 PAYOUTS_MANUAL for a shop and the operator', async () => {
    const url = '/api/seller/payout-account/connect';
    expect((await call('POST', url)).statusCode).toBe(401);
    expect((await call('POST', url, shopper)).statusCode).toBe(403);
    expect(body(await call('POST', url, pending.cookie))).toMatchObject({ success: false, code: 'SHOP_NOT_APPROVED' });
    for (const cookie of [shopA.cookie, operator]) {
      const res = await call('POST', url, cookie);
      expect(res.statusCode).toBe(409);
      expect(body(res)).toMatchObject({ success: false, code: 'PAYOUTS_MANUAL' });
    }
  });
});

describe("the operator's hand on a shop's payout account (docs/decisions/0191, 0199)", () => {
  const setAccount = (sellerId: string, stripeAccountId: string | null, cookie = operator) => call('POST', '/api/seller/payout-account', cookie, { sellerId, stripeAccountId });
  const listed = async (sellerId: string) =>
    body<PayoutsAnswer>(await call('GET', '/api/seller/payouts?limit=100', operator)).shops.find((s) => s.seller.id === sellerId);

  it("sets and disconnects one shop's account, listed with who set it; the other shops untouched; without Stripe payouts stay manual", async () => {
    const shop = await createShop(t.app);
    const other = await createShop(t.app);
    expect(body(await setAccount(other.id, 'acct_1OtherShop9'))).toEqual({ success: true, message: "The shop's Stripe account is kept; payouts are recorded by hand until Stripe is configured" });
    // One account pays one shop: another shop's account is refused, and the shop keeps what it had.
    const taken = await setAccount(shop.id, 'acct_1OtherShop9');
    expect(taken.statusCode).toBe(409);
    expect(body(taken)).toMatchObject({ success: false, code: 'PAYOUT_ACCOUNT_TAKEN', message: `This Stripe account already receives ${shopsOwn(other.shopName)} payouts: each shop needs its own` });
    expect((await listed(shop.id))?.payoutAccount).toBeNull();
    expect((await setAccount(other.id, 'acct_1OtherShop9')).statusCode).toBe(200);
    // Two shops given one new account at once: exactly one gets it.
    const [x, y] = [await createShop(t.app), await createShop(t.app)];
    const raced = await Promise.all([setAccount(x.id, 'acct_1Raced'), setAccount(y.id, 'acct_1Raced')]);
    expect(raced.map((res) => res.statusCode).sort()).toEqual([200, 409]);

    expect((await setAccount(shop.id, 'acct_1OperatorSet')).statusCode).toBe(200);
    // No Stripe on this server: the account is kept, but a payout is still recorded by hand.
    expect(await listed(shop.id)).toMatchObject({ payoutAccount: { id: 'acct_1OperatorSet', setBy: 'operator' }, connectedAccount: false });
    expect(body(await setAccount(shop.id, null))).toEqual({ success: true, message: 'Payouts are paid by hand' });
    expect(await listed(shop.id)).toMatchObject({ payoutAccount: null, connectedAccount: false });
    expect(await listed(other.id)).toMatchObject({ payoutAccount: { id: 'acct_1OtherShop9', setBy: 'operator' } });
  });

  it("disconnects an account the shop connected itself (a deliberate step of its own) but never replaces it in one", async () => {
    const shop = await createShop(t.app);
    expect((await setAccount(shop.id, null)).statusCode).toBe(200);
    // As Connect onboarding (0170) leaves it; this server has no Stripe to onboard with.
    await t.app.db.update(sellerAccounts).set({ stripeAccountId: 'acct_1ShopOwn42', stripeAccountSetBy: 'shop' }).where(eq(sellerAccounts.sellerId, shop.id));
    expect(await listed(shop.id)).toMatchObject({ payoutAccount: { id: 'acct_1ShopOwn42', setBy: 'shop' } });

    const replace = await setAccount(shop.id, 'acct_1OperatorSet');
    expect(replace.statusCode).toBe(409);
    expect(body(replace)).toMatchObject({ success: false, code: 'PAYOUT_ACCOUNT_CONNECTED_BY_SHOP' });
    expect(await listed(shop.id)).toMatchObject({ payoutAccount: { id: 'acct_1ShopOwn42', setBy: 'shop' } });
    // Neither the shop itself nor another shop may clear it: the operator's call alone.
    for (const cookie of [shop.cookie, shopB.cookie]) expect(body(await setAccount(shop.id, null, cookie))).toMatchObject({ code: 'OPERATOR_ONLY' });
    expect(await listed(shop.id)).toMatchObject({ payoutAccount: { id: 'acct_1ShopOwn42', setBy: 'shop' } });

    expect((await setAccount(shop.id, null)).statusCode).toBe(200);
    expect(await listed(shop.id)).toMatchObject({ payoutAccount: null });
  });

  it('refuses a malformed account id (400 on the field) and an unknown shop (404), writing nothing', async () => {
    const bad = await setAccount(shopA.id, 'acct_x');
    expect(bad.statusCode).toBe(400);
    expect(body(bad)).toMatchObject({ success: false, issues: [{ path: 'body.stripeAccountId', message: 'A Stripe account id looks like acct_1A2b3C4d5E6f7G8h' }] });
    const unknown = await setAccount('00000000-0000-4000-8000-000000000000', 'acct_1NobodyHere');
    expect(unknown.statusCode).toBe(404);
    expect(body(unknown)).toMatchObject({ code: 'SELLER_NOT_FOUND' });
    expect(await listed(shopA.id)).toMatchObject({ payoutAccount: null });
  });
});

describe('commission and the ledger', () => {
  it("records a delivered order's sale and the commission at the shop's rate; a refund and its commission given back as new entries", async () => {
    const shop = await createShop(t.app);
    // A rate a hair off 2 decimals is kept at them, and the answer says the rate kept (it echoed 12.500000001: a probe).
    expect(body(await call('POST', '/api/seller/commission', operator, { percent: 12.500000001, sellerId: shop.id }))).toMatchObject({
      // Naming the shop, its percent sign kept with the figure (a no-break space).
      message: `${shopsOwn(shop.shopName)} commission is set to 12.5%`,
      shop: { sellerId: shop.id, overridePercent: 12.5, percent: 12.5 },
    });
    const orderId = (await orderFrom(shop)).get(shop.id)!;
    await deliver(t.app, orderId, shop.cookie);
    // Delivered twice is refused; the sale is recorded once.
    expect((await call('POST', '/api/order/status', shop.cookie, { orderId, status: 'Delivered' })).statusCode).toBe(409);
    let ledger = await ledgerOf(shop.cookie);
    // 102.00 sold, 12.5 % = 12.75 commission.
    expect(ledger.entries.map((e) => [e.type, e.amount, e.orderId])).toEqual([
      ['commission', 12.75, orderId],
      ['sale', 102, orderId],
    ]);
    expect(ledger.balance).toBe(89.25);

    const refund = await call('POST', '/api/order/refund', shop.cookie, { orderId });
    expect(refund.statusCode).toBe(200);
    expect(body(refund)).toMatchObject({ order: { status: 'Delivered', isRefunded: true } });
    expect(body(await call('POST', '/api/order/refund', shop.cookie, { orderId }))).toMatchObject({ code: 'ORDER_NOT_REFUNDABLE' });
    // The shopper is told, once (a cancel's refund was mailed; a return's was not).
    const mails = await t.app.db.select().from(mailOutbox).where(eq(mailOutbox.orderId, orderId));
    expect(mails.filter((m) => m.kind === 'refunded')).toHaveLength(1);
    expect(mails.find((m) => m.kind === 'refunded')!.status).toBe('seller');
    const [message] = await t.app.orders.composeQueuedMails([{ id: 0, orderId, kind: 'refunded', by: 'seller', attempts: 0 }]);
    expect(message!.subject).toMatch(/^GreenCart order GC-\d+ is refunded: Rs 102$/);
    expect(message!.text).toContain(`${shop.shopName} has refunded your GreenCart order`);
    ledger = await ledgerOf(shop.cookie);
    expect(ledger.entries.map((e) => [e.type, e.amount])).toEqual([
      ['commission', -12.75],
      ['refund', 102],
      ['commission', 12.75],
      ['sale', 102],
    ]);
    expect(ledger.balance).toBe(0);
    // The operator's refund of another shop's order is told as GreenCart's, on the shop's behalf (a probe: "the shop has refunded").
    const byOperator = (await orderFrom(shop)).get(shop.id)!;
    await deliver(t.app, byOperator, shop.cookie);
    expect((await call('POST', '/api/order/refund', operator, { orderId: byOperator })).statusCode).toBe(200);
    const [queued] = (await t.app.db.select().from(mailOutbox).where(eq(mailOutbox.orderId, byOperator))).filter((m) => m.kind === 'refunded');
    expect(queued!.status).toBe('operator');
    const [told] = await t.app.orders.composeQueuedMails([{ id: 0, orderId: byOperator, kind: 'refunded', by: 'operator', attempts: 0 }]);
    expect(told!.text).toContain(`GreenCart has refunded your order GC-`);
    expect(told!.text).toContain(`from ${shop.shopName} on the shop's behalf: Rs 102.`);
  });

  it('charges the default to a shop without its own rate, and the new default once the operator changes it', async () => {
    const shop = await createShop(t.app);
    const first = (await orderFrom(shop)).get(shop.id)!;
    await deliver(t.app, first, shop.cookie);
    expect(body(await call('POST', '/api/seller/commission', operator, { percent: 5 }))).toMatchObject({ defaultPercent: 5 });
    const second = (await orderFrom(shop)).get(shop.id)!;
    await deliver(t.app, second, shop.cookie);
    const commissions = (await ledgerOf(operator, shop.id)).entries.filter((e) => e.type === 'commission').map((e) => [e.orderId, e.amount]);
    expect(commissions).toEqual([
      [second, 5.1],
      [first, 10.2],
    ]);
    // The shop reads the rate it pays now beside its statement; its own rate, once set, replaces the default.
    expect((await ledgerOf(shop.cookie)).commissionPercent).toBe(5);
    await call('POST', '/api/seller/commission', operator, { percent: 8.5, sellerId: shop.id });
    expect((await ledgerOf(shop.cookie)).commissionPercent).toBe(8.5);
    await call('POST', '/api/seller/commission', operator, { percent: 10 });
  });

  it('e-mails each shop whose rate changes (its own rate set or dropped, the default it pays), in the change; none when it stays', async () => {
    const suffix = randomUUID().slice(0, 6);
    const [paysDefault, ownRate] = [await createShop(t.app, { name: 'Asha', shopName: `Asha Greens ${suffix}s` }), await createShop(t.app, { shopName: `Ravi Farm ${suffix}` })];
    const unconfirmed = await createShop(t.app, { status: 'pending' });
    await t.app.db.update(sellers).set({ emailConfirmedAt: null }).where(eq(sellers.id, unconfirmed.id));
    // An application with its e-mail confirmed sells nothing yet either (a probe: it was told the default rate).
    const waitingApplication = await createShop(t.app, { status: 'pending' });
    const mails = async (shop: { id: string }) =>
      (await t.app.db.select().from(mailOutbox).where(and(eq(mailOutbox.sellerId, shop.id), eq(mailOutbox.kind, 'commission'))).orderBy(mailOutbox.id)).map((m) => [m.status, m.note]);
    const commission = async (payload: object) => expect((await call('POST', '/api/seller/commission', operator, payload)).statusCode).toBe(200);
    // What the operator is asked to confirm before changing the default (0249 amended): the shops it reaches and mails.
    const onDefault = async () => body<{ shopsOnDefault: number }>(await call('GET', '/api/seller/commission', operator)).shopsOnDefault;
    const before = await onDefault();

    await commission({ percent: 7.5, sellerId: ownRate.id });
    expect(await onDefault()).toBe(before - 1);
    await commission({ percent: 7.5, sellerId: ownRate.id });
    await commission({ percent: 6 });
    await commission({ percent: 6 });
    expect(await mails(ownRate)).toEqual([['own', '750']]);
    const mailedDefault = await t.app.db.select().from(mailOutbox).where(and(eq(mailOutbox.kind, 'commission'), eq(mailOutbox.status, 'default'), eq(mailOutbox.note, '600')));
    expect(new Set(mailedDefault.map((m) => m.sellerId)).size).toBe(before - 1);
    expect(await mails(paysDefault)).toEqual([['default', '600']]);
    // An application whose e-mail is not confirmed gets nothing (anyone can apply in any name); the operator's shop pays none.
    expect(await mails(unconfirmed)).toEqual([]);
    expect(await mails(waitingApplication)).toEqual([]);
    expect(await mails({ id: await operatorId(t.app) })).toEqual([]);
    // Its own rate dropped: the shop pays the default again, and is told which.
    await commission({ percent: null, sellerId: ownRate.id });
    expect(await mails(ownRate)).toEqual([['own', '750'], ['default', '600']]);
    // Set to what it pays already: nothing changes, nothing is sent.
    await commission({ percent: 6, sellerId: paysDefault.id });
    expect(await mails(paysDefault)).toEqual([['default', '600']]);

    // As sent (claimed from the outbox and written): the rate, which rate it is, from when it applies.
    await mailsSent(t.app);
    const sent = (shop: { shopName: string }) => mail.sent.filter((m) => m.subject.startsWith(`GreenCart: ${shop.shopName}'`));
    // A name ending in s takes the apostrophe alone.
    expect(sent(paysDefault).map((m) => m.subject)).toEqual([`GreenCart: ${paysDefault.shopName}' commission is now 6%`]);
    expect(sent(ownRate)[0]!.subject).toBe(`GreenCart: ${ownRate.shopName}'s commission is now 7.5%`);
    expect(sent(paysDefault)[0]!.text).toContain(`GreenCart's commission for ${paysDefault.shopName} is now 6%, the marketplace's default rate.`);
    expect(sent(paysDefault)[0]!.text).toContain('Orders already delivered keep the commission they were charged.');
    expect(sent(ownRate).map((m) => m.text.split('\n')[2])).toEqual([
      `GreenCart's commission for ${ownRate.shopName} is now 7.5%, a rate of your shop's own.`,
      `GreenCart's commission for ${ownRate.shopName} is now 6%, the marketplace's default rate.`,
    ]);
    await commission({ percent: 10 });
  });

  it("charges the operator's own shop no commission: a delivered order is a sale alone, its rate cannot be set, Payouts says so, it is not paid out", async () => {
    const own = { id: await operatorId(t.app) };
    const orderId = (await orderFrom(own)).get(own.id)!;
    await deliver(t.app, orderId, operator);
    const entries = (await ledgerOf(operator, own.id)).entries.filter((e) => e.orderId === orderId);
    expect(entries.map((e) => [e.type, e.amount])).toEqual([['sale', 102]]);
    expect((await ledgerOf(operator, own.id)).commissionPercent).toBe(0);
    const refused = await call('POST', '/api/seller/commission', operator, { percent: 5, sellerId: own.id });
    expect(refused.statusCode).toBe(400);
    expect(body(refused)).toMatchObject({ success: false, code: 'OWN_SHOP_NO_COMMISSION' });
    const listed = body<PayoutsAnswer>(await call('GET', '/api/seller/payouts?limit=100', operator)).shops;
    expect(listed.find((s) => s.seller.id === own.id)).toMatchObject({ ownShop: true, commissionPercent: 0, overridePercent: null, commission: 0 });
    expect(listed.filter((s) => s.seller.id !== own.id).every((s) => !s.ownShop && s.commissionPercent > 0)).toBe(true);
    // Nor is it paid out: its sales are the marketplace's own money ("GreenCart paid Rs 1.50 to GreenCart", a probe).
    const balance = (await ledgerOf(operator, own.id)).balance;
    const payout = await call('POST', '/api/seller/payouts', operator, { sellerId: own.id, amount: 1.5, key: `own-${randomUUID()}` });
    // Nor is it among the shops owed money, though its balance is above zero (a probe found it there, not payable).
    expect(balance).toBeGreaterThan(0);
    expect(body<PayoutsAnswer>(await call('GET', '/api/seller/payouts?owed=true&q=greencart', operator)).shops.map((s) => s.seller.id)).not.toContain(own.id);
    expect(payout.statusCode).toBe(409);
    expect(body(payout)).toMatchObject({ success: false, code: 'OWN_SHOP_NO_PAYOUT' });
    expect((await ledgerOf(operator, own.id)).balance).toBe(balance);
  });

  it('refuses a commission outside 0-100 or with 3 decimals, and an unknown shop', async () => {
    // 1e-9 % rounds to 0.00: it was taken and shown as "set to 1e-9 %".
    for (const payload of [{ percent: 101 }, { percent: -1 }, { percent: 1.005 }, { percent: 1e-9 }, { percent: null }]) {
      expect((await call('POST', '/api/seller/commission', operator, payload)).statusCode).toBe(400);
    }
    const unknown = await call('POST', '/api/seller/commission', operator, { percent: 3, sellerId: '00000000-0000-4000-8000-000000000000' });
    expect(body(unknown)).toMatchObject({ success: false, code: 'SELLER_NOT_FOUND' });
  });

  it('pages the statement newest first and exports it whole as CSV', async () => {
    const shop = await createShop(t.app);
    for (let i = 0; i < 3; i++) await deliver(t.app, (await orderFrom(shop)).get(shop.id)!, shop.cookie);
    const first = body<LedgerAnswer>(await call('GET', '/api/seller/ledger?limit=4', shop.cookie));
    expect(first.entries).toHaveLength(4);
    const rest = body<LedgerAnswer>(await call('GET', `/api/seller/ledger?limit=4&cursor=${first.nextCursor}`, shop.cookie));
    expect(rest.entries).toHaveLength(2);
    expect(rest.nextCursor).toBeNull();
    const ids = [...first.entries, ...rest.entries].map((e) => Number(e.id));
    expect(ids).toEqual([...ids].sort((a, b) => b - a));
    // Another shop's entry as the cursor is as unknown: an empty page, not this shop's entries older than it (decision 0260).
    const other = await createShop(t.app);
    await deliver(t.app, (await orderFrom(other)).get(other.id)!, other.cookie);
    const foreign = body<LedgerAnswer>(await call('GET', '/api/seller/ledger?limit=1', other.cookie)).entries[0]!.id;
    expect(Number(foreign)).toBeGreaterThan(ids[0]!);
    expect(body<LedgerAnswer>(await call('GET', `/api/seller/ledger?cursor=${foreign}`, shop.cookie)).entries).toEqual([]);
    const file = (await call('GET', '/api/seller/ledger/export', shop.cookie)).body;
    // A byte-order mark first, as the catalogue and orders exports have, so spreadsheet apps read it as UTF-8.
    expect(file.startsWith('\ufeffEntry,')).toBe(true);
    const csv = file.trim().split('\r\n');
    expect(csv[0]).toBe('Entry,Date (UTC),Type,Amount,Order ID,Payout ID,Change to balance,Order number,Date (Asia/Kolkata),Payout reference,Description');
    expect(csv.slice(1).map((line) => line.split(',').at(-1))).toEqual(['Commission', 'Sale', 'Commission', 'Sale', 'Commission', 'Sale']);
    expect(csv).toHaveLength(7);
    expect(first.balance).toBe(275.4); // 3 × (102 − 10.2)
    // Each entry names its order by the number Orders shows, on the screen's answer and in the file.
    const shopOrders = body<{ orders: Order[] }>(await call('GET', '/api/order/seller?limit=100', shop.cookie)).orders;
    const numbers = new Map(shopOrders.map((o) => [o._id, o.orderNumber]));
    for (const entry of [...first.entries, ...rest.entries]) expect(entry.orderNumber).toBe(numbers.get(entry.orderId!));
    expect(csv.slice(1).map((line) => line.split(',')[7])).toEqual([...first.entries, ...rest.entries].map((e) => e.orderNumber));
    // Dated in the store's zone too, as the screens and the orders' CSV are: 5 h 30 ahead of the UTC column.
    for (const line of csv.slice(1)) {
      const cells = line.split(',');
      expect(Date.parse(`${cells[8]}:00+05:30`)).toBe(Math.floor(Date.parse(cells[1]!) / 60_000) * 60_000);
    }
    // The signed column sums to the balance (a sale adds, a commission takes away); the amounts as their types name them.
    const changes = csv.slice(1).map((line) => Number(line.split(',')[6]));
    expect(changes.filter((c) => c < 0)).toHaveLength(3);
    expect(Math.round(changes.reduce((sum, c) => sum + c, 0) * 100)).toBe(27_540);
  });

  it("a statement of days says the balance before its first day and after its last, whatever page is read", async () => {
    const shop = await createShop(t.app);
    await deliver(t.app, (await orderFrom(shop)).get(shop.id)!, shop.cookie);
    // A payout of a past day, appended then as `appendEntries` would: the entry and its account's balance.
    await t.app.db.insert(ledgerEntries).values({ sellerId: shop.id, type: 'payout', amountMinor: 5000, createdAt: new Date('2026-10-15T20:00:00Z') });
    await t.app.db.update(sellerAccounts).set({ balanceMinor: sql`${sellerAccounts.balanceMinor} - 5000` }).where(eq(sellerAccounts.sellerId, shop.id));
    const read = async (query: string) => body<LedgerAnswer>(await call('GET', `/api/seller/ledger?${query}`, shop.cookie));
    const whole = await read('');
    expect(whole.period).toBeUndefined();
    const balance = whole.balance;
    expect(balance).toBeGreaterThan(0);
    const today = new Intl.DateTimeFormat('en-CA', { timeZone: 'Asia/Kolkata' }).format(new Date());
    const cases: [string, { from: string | null; to: string | null; opening: number; closing: number }][] = [
      ['from=2026-10-01&to=2026-10-31', { from: '2026-10-01', to: '2026-10-31', opening: 0, closing: -50 }],
      // 20:00 UTC on 15 October is the 16th in the store's zone: the 15th ends before it.
      ['from=2026-10-15&to=2026-10-15', { from: '2026-10-15', to: '2026-10-15', opening: 0, closing: 0 }],
      ['from=2026-10-17&to=2026-10-31', { from: '2026-10-17', to: '2026-10-31', opening: -50, closing: -50 }],
      ['from=2026-11-01', { from: '2026-11-01', to: null, opening: -50, closing: balance }],
      ['to=2026-10-31', { from: null, to: '2026-10-31', opening: 0, closing: -50 }],
      [`from=${today}&to=${today}&limit=1`, { from: today, to: today, opening: -50, closing: balance }],
    ];
    for (const [query, period] of cases) expect((await read(query)).period, query).toEqual(period);
    // The next page of a stretch says the same: it is the stretch's, not the page's.
    const first = await read(`from=${today}&to=${today}&limit=1`);
    const next = await read(`from=${today}&to=${today}&limit=1&cursor=${first.nextCursor}`);
    expect(next.period).toEqual(first.period);
    // Closing less opening is what the stretch's entries did to the balance.
    const effects = [...first.entries, ...next.entries].map((e) => (e.type === 'sale' ? e.amount : -e.amount));
    expect(Math.round((first.period!.closing - first.period!.opening) * 100)).toBe(Math.round(effects.reduce((a, b) => a + b, 0) * 100));
    // Another shop's days are not this one's.
    const other = await createShop(t.app);
    expect(body<LedgerAnswer>(await call('GET', '/api/seller/ledger?from=2026-10-01', other.cookie)).period).toEqual({ from: '2026-10-01', to: null, opening: 0, closing: 0 });
  });

  it('reads a stretch of shop days of the statement, on the screen and in the CSV: a month for the accounts', async () => {
    const shop = await createShop(t.app);
    // An entry of a past day, as appended then (the ledger is append-only: inserted with its day, not moved to it).
    await t.app.db.insert(ledgerEntries).values({ sellerId: shop.id, type: 'payout', amountMinor: 5000, createdAt: new Date('2026-10-15T20:00:00Z') });
    await deliver(t.app, (await orderFrom(shop)).get(shop.id)!, shop.cookie);
    const today = new Intl.DateTimeFormat('en-CA', { timeZone: 'Asia/Kolkata' }).format(new Date());
    const types = async (query: string) => body<LedgerAnswer>(await call('GET', `/api/seller/ledger?${query}`, shop.cookie)).entries.map((e) => e.type);
    expect(await types('')).toEqual(['commission', 'sale', 'payout']);
    expect(await types(`from=${today}&to=${today}`)).toEqual(['commission', 'sale']);
    // 20:00 UTC on 15 October is 01:30 on the 16th in the store's zone: the day the shop reads on its screens.
    expect(await types('from=2026-10-16&to=2026-10-16')).toEqual(['payout']);
    expect(await types('from=2026-10-15&to=2026-10-15')).toEqual([]);
    expect(await types('from=2026-10-01&to=2026-10-31')).toEqual(['payout']);
    expect(await types('from=2026-11-01')).toEqual(['commission', 'sale']);
    expect(await types('to=2026-10-31')).toEqual(['payout']);
    // Paged within the stretch as without one.
    const page = body<LedgerAnswer>(await call('GET', `/api/seller/ledger?from=${today}&limit=1`, shop.cookie));
    expect(page.entries.map((e) => e.type)).toEqual(['commission']);
    expect(body<LedgerAnswer>(await call('GET', `/api/seller/ledger?from=${today}&limit=1&cursor=${page.nextCursor}`, shop.cookie)).entries.map((e) => e.type)).toEqual(['sale']);
    // The CSV of a month: its entries only, its days in the file's name.
    const october = await call('GET', '/api/seller/ledger/export?from=2026-10-01&to=2026-10-31', shop.cookie);
    expect(october.headers['content-disposition']).toBe(`attachment; filename="greencart-ledger-${shop.slug}-from-2026-10-01-to-2026-10-31.csv"`);
    expect(october.body.trim().split('\r\n').slice(1).map((line) => line.split(',')[2])).toEqual(['payout']);
    // Refused with the reason: a stretch that ends before it starts, a day that does not exist.
    const refusals: [string, string][] = [
      ['from=2026-11-02&to=2026-11-01', 'from must not be after to'],
      ['from=2026-02-30', 'from is not a calendar date'],
    ];
    for (const [query, message] of refusals) {
      for (const url of ['/api/seller/ledger', '/api/seller/ledger/export']) {
        const refused = await call('GET', `${url}?${query}`, shop.cookie);
        expect(refused.statusCode, url).toBe(400);
        expect(body(refused)).toMatchObject({ code: 'VALIDATION_FAILED', message: expect.stringContaining(message) });
      }
    }
  });

  it('never changes or deletes an entry, whoever tries: the database refuses', async () => {
    const shop = await createShop(t.app);
    await deliver(t.app, (await orderFrom(shop)).get(shop.id)!, shop.cookie);
    await expect(t.app.db.execute(sql`update ${ledgerEntries} set amount_minor = 1 where seller_id = ${shop.id}`)).rejects.toThrow();
    await expect(t.app.db.execute(sql`delete from ${ledgerEntries} where seller_id = ${shop.id}`)).rejects.toThrow();
    await expect(t.app.db.execute(sql`truncate ${ledgerEntries}`)).rejects.toThrow();
    expect((await ledgerOf(shop.cookie)).entries).toHaveLength(2);
  });
});

describe('payouts', () => {
  /** A shop whose balance is 91.80 after one delivered order of Rs 100 (102 with tax, 10 % commission). */
  async function shopWithBalance() {
    const shop = await createShop(t.app);
    await deliver(t.app, (await orderFrom(shop)).get(shop.id)!, shop.cookie);
    return shop;
  }
  const payout = (payload: object) => call('POST', '/api/seller/payouts', operator, payload);

  it('records a manual payout once per key: a retry answers the same payout; the key with another amount is refused', async () => {
    const shop = await shopWithBalance();
    const first = await payout({ sellerId: shop.id, amount: 50, key: `key-${shop.id}` });
    expect(first.statusCode).toBe(200);
    expect(body<PayoutAnswer>(first)).toMatchObject({ payout: { amount: 50, method: 'manual', transferId: null }, balance: 41.8, replayed: false });
    const again = body<PayoutAnswer>(await payout({ sellerId: shop.id, amount: 50, key: `key-${shop.id}` }));
    expect(again).toMatchObject({ payout: { id: body<PayoutAnswer>(first).payout.id }, balance: 41.8, replayed: true });
    const reused = await payout({ sellerId: shop.id, amount: 10, key: `key-${shop.id}` });
    expect(reused.statusCode).toBe(409);
    expect(body(reused)).toMatchObject({ code: 'PAYOUT_KEY_REUSED' });
    const ledger = await ledgerOf(shop.cookie);
    expect(ledger.entries[0]).toMatchObject({ type: 'payout', description: 'Payout', amount: 50, payoutId: body<PayoutAnswer>(first).payout.id });
    expect(ledger.balance).toBe(41.8);
    // The shop is e-mailed once (not for the retry): the amount, how it was paid, the reference (decision 0247).
    const queued = await t.app.db.select().from(mailOutbox).where(and(eq(mailOutbox.sellerId, shop.id), eq(mailOutbox.kind, 'payout')));
    expect(queued).toHaveLength(1);
    const [message] = await t.app.sellers.composeQueuedMails([{ id: queued[0]!.id, sellerId: shop.id, kind: 'payout', payoutId: queued[0]!.payoutId!, attempts: 1 }]);
    expect(message).toMatchObject({ to: expect.stringMatching(/^shop-.+@example\.com$/), subject: `GreenCart: payout of Rs 50 to ${shop.shopName}` });
    expect(message!.text).toContain('Paid by hand');
    expect(message!.text).toContain(`Payout ID: ${body<PayoutAnswer>(first).payout.id}`);
    expect(message!.text).not.toContain('Reference:');
  });

  it("keeps the operator's reference of a payout (a bank transfer's UTR): on the payout, the statement, its CSV and the shop's mail", async () => {
    const shop = await shopWithBalance();
    const paid = await payout({ sellerId: shop.id, amount: 40, key: `utr-${shop.id}`, reference: '  UTR SBIN0123456789  ' });
    expect(paid.statusCode, paid.body).toBe(200);
    expect(body<PayoutAnswer>(paid).payout.reference).toBe('UTR SBIN0123456789');
    expect((await ledgerOf(shop.cookie)).entries[0]).toMatchObject({ type: 'payout', payoutReference: 'UTR SBIN0123456789' });
    const csv = (await call('GET', '/api/seller/ledger/export', shop.cookie)).body.trim().split('\r\n');
    expect(csv[0]!.split(',').slice(-2)).toEqual(['Payout reference', 'Description']);
    expect(csv[1]!.split(',').slice(-2)).toEqual(['UTR SBIN0123456789', 'Payout']);
    const [queued] = await t.app.db.select().from(mailOutbox).where(and(eq(mailOutbox.sellerId, shop.id), eq(mailOutbox.kind, 'payout')));
    const [message] = await t.app.sellers.composeQueuedMails([{ id: queued!.id, sellerId: shop.id, kind: 'payout', payoutId: queued!.payoutId!, attempts: 1 }]);
    expect(message!.text).toContain('Reference: UTR SBIN0123456789');
    // Refused whole, nothing paid: a reference with a line break, one too long, one that is not text.
    for (const reference of ['UTR\r\nBcc: x@example.com', 'x'.repeat(65), 42]) {
      const refused = await payout({ sellerId: shop.id, amount: 1, key: `bad-${randomUUID()}`, reference });
      expect(refused.statusCode).toBe(400);
      expect(body(refused)).toMatchObject({ code: 'VALIDATION_FAILED', message: expect.stringContaining('reference') });
    }
    expect((await ledgerOf(shop.cookie)).balance).toBe(51.8);
    // Typed text in the CSV is never a spreadsheet formula (a probe's =HYPERLINK(…)), as in the orders' CSV.
    expect((await payout({ sellerId: shop.id, amount: 1, key: `formula-${shop.id}`, reference: '=HYPERLINK("x")' })).statusCode).toBe(200);
    const exported = (await call('GET', '/api/seller/ledger/export', shop.cookie)).body.trim().split('\r\n');
    expect(exported[1]!.endsWith(`,"'=HYPERLINK(""x"")",Payout`)).toBe(true);
  });

  it('never pays more than the balance: 8 payouts of 30 at once for a balance of 91.80 pay 3, refuse 5', async () => {
    const shop = await shopWithBalance();
    const answers = await Promise.all(Array.from({ length: 8 }, (_, i) => payout({ sellerId: shop.id, amount: 30, key: `race-${shop.id}-${i}` })));
    expect(answers.map((a) => a.statusCode).sort()).toEqual([200, 200, 200, 409, 409, 409, 409, 409]);
    for (const refused of answers.filter((a) => a.statusCode === 409)) expect(body(refused)).toMatchObject({ code: 'PAYOUT_EXCEEDS_BALANCE', message: "A payout cannot be more than the shop's balance (Rs 1.80)" });
    expect((await ledgerOf(shop.cookie)).balance).toBe(1.8);
  });

  it('says a shop in debt owes GreenCart, not that its balance is negative (a probe read "Rs -81.80")', async () => {
    const shop = await createShop(t.app);
    const orderId = (await orderFrom(shop)).get(shop.id)!;
    await deliver(t.app, orderId, shop.cookie);
    expect((await payout({ sellerId: shop.id, amount: 91.8, key: `all-${shop.id}` })).statusCode).toBe(200);
    expect((await call('POST', '/api/order/refund', shop.cookie, { orderId })).statusCode).toBe(200);
    const { balance } = await ledgerOf(shop.cookie);
    expect(balance).toBeLessThan(0);
    const refused = await payout({ sellerId: shop.id, amount: 1, key: `debt-${shop.id}` });
    expect(refused.statusCode).toBe(409);
    expect(body(refused)).toMatchObject({ code: 'PAYOUT_EXCEEDS_BALANCE', message: `Nothing can be paid out: the shop owes GreenCart Rs ${(-balance).toFixed(2)}` });
  });

  it('pays one payout for 8 identical requests sent at once', async () => {
    const shop = await shopWithBalance();
    const answers = await Promise.all(Array.from({ length: 8 }, () => payout({ sellerId: shop.id, amount: 20, key: `same-${shop.id}` })));
    expect(answers.map((a) => a.statusCode)).toEqual(Array(8).fill(200));
    expect(new Set(answers.map((a) => body<PayoutAnswer>(a).payout.id)).size).toBe(1);
    expect(answers.filter((a) => !body<PayoutAnswer>(a).replayed)).toHaveLength(1);
    expect((await ledgerOf(shop.cookie)).balance).toBe(71.8);
  });

  it('lists every shop with its balance due, a page at a time, with the operator\'s commission total', async () => {
    const shop = await shopWithBalance();
    const pages: PayoutsAnswer[] = [];
    let cursor: string | null = null;
    do {
      const page: PayoutsAnswer = body<PayoutsAnswer>(await call('GET', `/api/seller/payouts?limit=2${cursor ? `&cursor=${cursor}` : ''}`, operator));
      expect(page.shops.length).toBeLessThanOrEqual(2);
      pages.push(page);
      cursor = page.nextCursor;
    } while (cursor);
    const shops = pages.flatMap((p) => p.shops);
    expect(new Set(shops.map((s) => s.seller.id)).size).toBe(shops.length);
    expect(shops.find((s) => s.seller.id === shop.id)).toMatchObject({ balance: 91.8, sales: 102, commission: 10.2, refunds: 0, payouts: 0, commissionPercent: 10, overridePercent: null });
    expect(shops.find((s) => s.seller.id === pending.id)).toMatchObject({ status: 'pending', balance: 0 });
    const commission = shops.reduce((sum, s) => sum + Math.round(s.commission * 100), 0);
    expect(Math.round(pages[0]!.commissionTotal * 100)).toBe(commission);
  });

  it('finds a shop by a part of its name, and lists only the shops owed money with owed=true', async () => {
    const n = randomUUID().slice(0, 8);
    const owed = await createShop(t.app, { shopName: `Owed Orchard ${n}` });
    await deliver(t.app, (await orderFrom(owed)).get(owed.id)!, owed.cookie);
    const paidUp = await createShop(t.app, { shopName: `Paid Orchard ${n}` });
    await deliver(t.app, (await orderFrom(paidUp)).get(paidUp.id)!, paidUp.cookie);
    expect((await payout({ sellerId: paidUp.id, amount: 91.8, key: `all-${paidUp.id}` })).statusCode).toBe(200);
    const idle = await createShop(t.app, { shopName: `Idle Orchard ${n}` });
    const shops = async (query: string) => body<PayoutsAnswer>(await call('GET', `/api/seller/payouts?${query}`, operator)).shops;

    expect((await shops(`q=orchard%20${n}`)).map((s) => s.seller.id)).toEqual([owed.id, paidUp.id, idle.id]);
    expect(await shops(`q=orchard%20${n}&owed=true`)).toEqual([expect.objectContaining({ seller: expect.objectContaining({ id: owed.id }), balance: 91.8 })]);
    // Every shop owed money, and none that is not, across the whole list.
    const owedAll = await shops('owed=true&limit=100');
    expect(owedAll.every((s) => s.balance > 0)).toBe(true);
    expect(owedAll.map((s) => s.seller.id)).toContain(owed.id);
    expect((await shops(`q=orchard%20${n}&owed=false`)).map((s) => s.seller.id)).toEqual([owed.id, paidUp.id, idle.id]);
    for (const query of ['q=or', 'owed=yes']) expect((await call('GET', `/api/seller/payouts?${query}`, operator)).statusCode, query).toBe(400);
  });

  it('refuses an unknown shop, a zero amount, more than 2 decimals and a short key with 4xx', async () => {
    const unknown = await payout({ sellerId: '00000000-0000-4000-8000-000000000000', amount: 1, key: 'unknown-shop-key' });
    expect(body(unknown)).toMatchObject({ code: 'SELLER_NOT_FOUND' });
    // 1e-9 rupees passed as more than 0 and failed the database's check (500).
    for (const bad of [{ amount: 0 }, { amount: 1.234 }, { amount: 1e-9 }, { key: 'short' }]) {
      const res = await payout({ sellerId: shopA.id, amount: 1, key: 'a-valid-key-1', ...bad });
      expect(res.statusCode).toBe(400);
    }
    // More than one payout may pay: said so, with the way to pay a larger balance.
    const tooLarge = await payout({ sellerId: shopA.id, amount: 100_000_000.01, key: 'a-valid-key-2' });
    expect(body(tooLarge)).toMatchObject({ code: 'VALIDATION_FAILED', message: 'amount: one payout or payment is at most Rs 10,00,00,000: record a larger sum in several' });
  });
});

describe('cash on delivery: the shop keeps what its rider collects, and owes the commission (decision 0276)', () => {
  const received = (payload: object, cookie = operator) => call('POST', '/api/seller/payouts/received', cookie, payload);
  const labels = (ledger: LedgerAnswer) => ledger.entries.map((e) => [e.type, e.amount]);

  it('enters the cash collected with the sale, so the shop owes its commission and nothing is paid out; a refund hands the cash back', async () => {
    const shop = await createShop(t.app);
    const orderId = (await checkoutFrom('cod', [shop])).get(shop.id)!;
    await deliver(t.app, orderId, shop.cookie);
    const delivered = await ledgerOf(shop.cookie);
    // Newest first: the sale of 102 (100 + tax), its 10 % commission, and the 102 in cash the shop's rider took.
    expect(labels(delivered)).toEqual([['payout', 102], ['commission', 10.2], ['sale', 102]]);
    expect(delivered.entries[0]).toMatchObject({ orderId });
    expect(delivered.balance).toBe(-10.2);
    // Nothing to pay out: the shop has the money, and owes GreenCart its commission (the cash was paid out at the door before).
    const refused = await call('POST', '/api/seller/payouts', operator, { sellerId: shop.id, amount: 1, key: `cod-${randomUUID()}` });
    expect(refused.statusCode).toBe(409);
    expect(body(refused)).toMatchObject({ code: 'PAYOUT_EXCEEDS_BALANCE', message: 'Nothing can be paid out: the shop owes GreenCart Rs 10.20' });
    const listed = body<PayoutsAnswer>(await call('GET', `/api/seller/payouts?q=${encodeURIComponent(shop.shopName)}`, operator)).shops[0];
    expect(listed).toMatchObject({ balance: -10.2, sales: 102, commission: 10.2, payouts: 102, paidOut: 0, cashKept: 102, paidIn: 0 });
    expect(body<PayoutsAnswer>(await call('GET', `/api/seller/payouts?owed=true&q=${encodeURIComponent(shop.shopName)}`, operator)).shops).toEqual([]);
    // The operator finds the shops that owe GreenCart (a probe could not: "owed" lists those GreenCart owes).
    const owing = body<PayoutsAnswer>(await call('GET', '/api/seller/payouts?owes=true&limit=100', operator)).shops;
    expect(owing.map((s) => s.seller.id)).toContain(shop.id);
    expect(owing.every((s) => s.balance < 0)).toBe(true);
    expect((await call('GET', '/api/seller/payouts?owes=yes', operator)).statusCode).toBe(400);
    // A card order beside it: GreenCart holds that money, and owes it less the two commissions.
    await deliver(t.app, (await checkoutFrom('card', [shop])).get(shop.id)!, shop.cookie);
    expect((await ledgerOf(shop.cookie)).balance).toBe(81.6);
    // The cash order given back by the shop: it hands the cash back itself and the sale is undone, but the commission
    // stays, since no money passed GreenCart (a probe refunded old cash orders to zero a shop's debt).
    const refund = await call('POST', '/api/order/refund', shop.cookie, { orderId });
    expect(refund.statusCode).toBe(200);
    expect(body(refund)).toMatchObject({ message: 'Order refunded: hand the cash back to the shopper. The commission on it stays; GreenCart can give it back for a return it checks.' });
    const refunded = await ledgerOf(shop.cookie);
    expect(labels(refunded).slice(0, 2)).toEqual([['payout', -102], ['refund', 102]]);
    expect(refunded.balance).toBe(81.6);
    // The statement's CSV names each entry as the screen does.
    const csv = (await call('GET', '/api/seller/ledger/export', shop.cookie)).body.trim().split('\r\n');
    expect(csv.slice(1).map((line) => line.split(',').at(-1))).toEqual(['Cash given back', 'Refund', 'Commission', 'Sale', 'Cash collected', 'Commission', 'Sale']);
    // And the ledger's answer, where `payout` alone read as four things (cash kept, cash given back, payouts, payments: a probe).
    expect(refunded.entries.map((e) => e.description)).toEqual(['Cash given back', 'Refund', 'Commission', 'Sale', 'Cash collected', 'Commission', 'Sale']);
    const signed = csv.slice(1).map((line) => Number(line.split(',')[6]));
    expect(Math.round(signed.reduce((sum, c) => sum + c, 0) * 100)).toBe(8160);
    // A return the operator refunds (it checked it) gives the commission back as well.
    const checked = (await checkoutFrom('cod', [shop])).get(shop.id)!;
    await deliver(t.app, checked, shop.cookie);
    const byOperator = await call('POST', '/api/order/refund', operator, { orderId: checked });
    expect(byOperator.statusCode).toBe(200);
    expect(body(byOperator)).toMatchObject({ message: 'Order refunded' });
    const back = await ledgerOf(shop.cookie);
    expect(labels(back).slice(0, 3)).toEqual([['payout', -102], ['commission', -10.2], ['refund', 102]]);
    expect(back.balance).toBe(81.6);
  });

  it("enters no cash for the operator's own shop: its cash is GreenCart's, all of it takings", async () => {
    const own = { id: await operatorId(t.app) };
    const before = (await ledgerOf(operator)).balance;
    const orderId = (await checkoutFrom('cod', [own])).get(own.id)!;
    await deliver(t.app, orderId, operator);
    const ledger = await ledgerOf(operator);
    expect(ledger.entries.filter((e) => e.orderId === orderId).map((e) => [e.type, e.amount])).toEqual([['sale', 102]]);
    expect(ledger.balance).toBe(Math.round((before + 102) * 100) / 100);
  });

  it("records the shop's payment of what it owes once per key, at most what it owes, with its reference, and tells the shop", async () => {
    const shop = await createShop(t.app);
    await deliver(t.app, (await checkoutFrom('cod', [shop])).get(shop.id)!, shop.cookie);
    const key = `paid-in-${shop.id}`;
    const tooMuch = await received({ sellerId: shop.id, amount: 10.21, key });
    expect(tooMuch.statusCode).toBe(409);
    expect(body(tooMuch)).toMatchObject({ success: false, code: 'PAYMENT_EXCEEDS_DEBT', message: 'A payment from the shop cannot be more than it owes GreenCart (Rs 10.20)' });
    const paid = await received({ sellerId: shop.id, amount: 10.2, key, reference: 'UPI 4021 7788' });
    expect(paid.statusCode, paid.body).toBe(200);
    expect(body<PayoutAnswer>(paid)).toMatchObject({ message: 'Payment from the shop recorded', payout: { amount: 10.2, method: 'received', reference: 'UPI 4021 7788' }, balance: 0, replayed: false });
    // A retry answers the same payment; the key sent as a payout, or for another amount, is refused.
    expect(body<PayoutAnswer>(await received({ sellerId: shop.id, amount: 10.2, key }))).toMatchObject({ message: 'This payment was already recorded', balance: 0, replayed: true });
    expect(body(await call('POST', '/api/seller/payouts', operator, { sellerId: shop.id, amount: 10.2, key }))).toMatchObject({
      code: 'PAYOUT_KEY_REUSED',
      message: 'This key was already used for a payment from the shop, not a payout to it: send a new key',
    });
    expect(body(await received({ sellerId: shop.id, amount: 5, key }))).toMatchObject({ code: 'PAYOUT_KEY_REUSED' });
    // Owing nothing now, nothing more is taken; the operator's own shop owes nothing; a shop cannot record its own.
    expect(body(await received({ sellerId: shop.id, amount: 1, key: `more-${shop.id}` }))).toMatchObject({ code: 'PAYMENT_EXCEEDS_DEBT', message: 'The shop owes GreenCart nothing: no payment from it to record' });
    expect(body(await received({ sellerId: await operatorId(t.app), amount: 1, key: `own-${shop.id}` }))).toMatchObject({ code: 'OWN_SHOP_NO_PAYOUT' });
    expect((await received({ sellerId: shop.id, amount: 1, key: `self-${shop.id}` }, shop.cookie)).statusCode).toBe(403);
    const ledger = await ledgerOf(shop.cookie);
    expect(ledger.entries[0]).toMatchObject({ type: 'payout', description: 'Payment to GreenCart', amount: -10.2, payoutReference: 'UPI 4021 7788' });
    expect(ledger.balance).toBe(0);
    // The operator reads the payment apart from payouts and cash (a probe read one figure, "Paid out, cash kept", of all three).
    const listed = body<PayoutsAnswer>(await call('GET', `/api/seller/payouts?q=${encodeURIComponent(shop.shopName)}`, operator)).shops[0];
    expect(listed).toMatchObject({ balance: 0, payouts: 91.8, paidOut: 0, cashKept: 102, paidIn: 10.2 });
    expect((await call('GET', '/api/seller/ledger/export', shop.cookie)).body.trim().split('\r\n')[1]!.split(',').at(-1)).toBe('Payment to GreenCart');
    const [queued] = await t.app.db.select().from(mailOutbox).where(and(eq(mailOutbox.sellerId, shop.id), eq(mailOutbox.kind, 'payout')));
    const [message] = await t.app.sellers.composeQueuedMails([{ id: queued!.id, sellerId: shop.id, kind: 'payout', payoutId: queued!.payoutId!, attempts: 1 }]);
    expect(message).toMatchObject({ subject: `GreenCart: payment of Rs 10.20 received from ${shop.shopName}` });
    expect(message!.text).toContain(`GreenCart received Rs 10.20 from ${shop.shopName}, of what the shop owed.`);
    expect(message!.text).toContain('Reference: UPI 4021 7788');
    expect(message!.text).toContain(`Payment ID: ${body<PayoutAnswer>(paid).payout.id}`);
  });

  it('takes no more than the debt: 8 payments of 10.20 at once for a debt of 30.60 record 3, refuse 5', async () => {
    const shop = await createShop(t.app);
    for (let i = 0; i < 3; i++) await deliver(t.app, (await checkoutFrom('cod', [shop])).get(shop.id)!, shop.cookie);
    expect((await ledgerOf(shop.cookie)).balance).toBe(-30.6);
    const answers = await Promise.all(Array.from({ length: 8 }, (_, i) => received({ sellerId: shop.id, amount: 10.2, key: `race-in-${i}-${shop.id}` })));
    expect(answers.map((a) => a.statusCode).sort()).toEqual([200, 200, 200, 409, 409, 409, 409, 409]);
    expect((await ledgerOf(shop.cookie)).balance).toBe(0);
    const [account] = await t.app.db.select().from(sellerAccounts).where(eq(sellerAccounts.sellerId, shop.id));
    expect(account).toMatchObject({ balanceMinor: 0, payoutsMinor: 3 * 10_200 - 3 * 1020 });
  });
});

describe('a default commission changed twice before its mails went', () => {
  it('tells each shop the last rate once, not both (a probe: 2,007 mails for 1,000 shops); a mail already claimed still goes', async () => {
    // No sender: the first change's mails are still waiting when the second comes.
    const quiet = await buildTestApp({}, { mailSender: false });
    try {
      const shop = await createShop(quiet.app);
      const operatorCookie = await sellerCookie(quiet.app);
      const set = (percent: number) => quiet.app.inject({ method: 'POST', url: '/api/seller/commission', headers: { cookie: operatorCookie }, payload: { percent } });
      const mails = async () =>
        (await quiet.app.db.select().from(mailOutbox).where(and(eq(mailOutbox.sellerId, shop.id), eq(mailOutbox.kind, 'commission'))).orderBy(mailOutbox.id)).map((m) => m.note);
      expect((await set(7.25)).statusCode).toBe(200);
      expect((await set(10)).statusCode).toBe(200);
      expect(await mails()).toEqual(['1000']);
      // Claimed by a sender (its attempt counted): left to go, and the next rate queued beside it.
      await quiet.app.db.update(mailOutbox).set({ attempts: 1 }).where(and(eq(mailOutbox.sellerId, shop.id), eq(mailOutbox.kind, 'commission')));
      expect((await set(8)).statusCode).toBe(200);
      expect(await mails()).toEqual(['1000', '800']);
    } finally {
      await quiet.close();
    }
  });
});

describe('the first changes of the default commission at once', () => {
  it('mail the shops the rate that is kept, whichever commits last (a new store has no setting row to lock: a race probe)', async () => {
    await t.app.db.execute(sql`delete from marketplace_settings`);
    const set = (percent: number) => t.app.inject({ method: 'POST', url: '/api/seller/commission', payload: { percent }, headers: { cookie: operator } });
    const answers = await Promise.all([set(12), set(10)]);
    expect(answers.map((a) => a.statusCode)).toEqual([200, 200]);
    const kept = body<{ defaultPercent: number }>(await t.app.inject({ method: 'GET', url: '/api/seller/commission', headers: { cookie: operator } })).defaultPercent;
    const [newest] = await t.app.db
      .select({ note: mailOutbox.note })
      .from(mailOutbox)
      .where(and(eq(mailOutbox.kind, 'commission'), eq(mailOutbox.status, 'default')))
      // In the order they were written (the identity), not by created_at: that is its transaction's start, and the change
      // that waited for the other's lock started first (CI read the 12 % mail as the newest beside a kept 10 %).
      .orderBy(sql`${mailOutbox.id} desc`)
      .limit(1);
    // 10 % is the rate before any setting: a change to it from 12 % is mailed; from nothing, nothing is.
    if (newest) expect(Number(newest.note) / 100).toBe(kept);
    else expect(kept).toBe(10);
    await set(10);
  });
});
