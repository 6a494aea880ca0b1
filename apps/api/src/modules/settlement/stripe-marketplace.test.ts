import http from 'node:http';
import type { AddressInfo } from 'node:net';
import { eq } from 'drizzle-orm';
import type { PayoutAccountAnswer, PayoutAccountLinkAnswer, PayoutAnswer, PayoutsAnswer } from '@greencart/shared';
import Stripe from 'stripe';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { orders } from '../../db/schema/index.js';
import { sellerAccounts } from '../../db/schema/settlement.js';
import { checkoutThroughApi, createShop, deliver, shopProduct } from '../../test/market-builders.js';
import { body, buildTestApp, sellerCookie, type TestApp } from '../../test/test-app.js';

/**
 * The marketplace's money through Stripe (issue 26): the real SDK talks to a local stand-in (STRIPE_API_URL),
 * as stripe-webhook.test.ts does. One Checkout session pays every shop order of a checkout; a shop's cancel
 * refunds that order's amount only; a payout to a shop with a connected account is a Connect transfer.
 */
const WEBHOOK_SECRET = 'whsec_test_marketplace';
const sessions: { id: string; form: URLSearchParams }[] = [];
const refunds: { form: URLSearchParams; idempotencyKey: string | undefined }[] = [];
const transfers: { form: URLSearchParams; idempotencyKey: string | undefined }[] = [];
let failTransfers = false;
let loseNextTransferAnswer = false;
const failedKeys = new Set<string | undefined>();
/** Connect accounts the stand-in made, by id, with Stripe's flags (a test sets them as Stripe would after onboarding). */
const accounts = new Map<string, { form: URLSearchParams; idempotencyKey: string | undefined; payouts_enabled: boolean; details_submitted: boolean }>();
const accountLinks: URLSearchParams[] = [];
let failConnect = false;
/** Milliseconds the stand-in takes to create an account: holds a shop's onboarding inside its transaction. */
let slowConnect = 0;

function createAccount(raw: string, key: string | undefined, send: (json: unknown) => void) {
  const earlier = [...accounts].find(([, a]) => a.idempotencyKey === key);
  if (earlier) return send({ id: earlier[0], object: 'account' });
  const id = `acct_1Stand${accounts.size + 1}In`;
  accounts.set(id, { form: new URLSearchParams(raw), idempotencyKey: key, payouts_enabled: false, details_submitted: false });
  send({ id, object: 'account' });
}

const standIn = http.createServer((req, res) => {
  let raw = '';
  req.on('data', (chunk) => (raw += chunk));
  req.on('end', () => {
    const send = (json: unknown, status = 200) => res.writeHead(status, { 'content-type': 'application/json' }).end(JSON.stringify(json));
    const key = req.headers['idempotency-key'] as string | undefined;
    if (req.method === 'POST' && req.url === '/v1/checkout/sessions') {
      const id = `cs_test_m${sessions.length + 1}`;
      sessions.push({ id, form: new URLSearchParams(raw) });
      return send({ id, object: 'checkout.session', url: `https://checkout.stripe.test/c/pay/${id}`, status: 'open' });
    }
    const retrieve = /^\/v1\/checkout\/sessions\/(\w+)$/.exec(req.url ?? '');
    if (req.method === 'GET' && retrieve) {
      return send({ id: retrieve[1], object: 'checkout.session', status: 'complete', payment_status: 'paid', payment_intent: `pi_for_${retrieve[1]}` });
    }
    if (req.method === 'POST' && req.url === '/v1/refunds') {
      // As Stripe: a refund is of at least one paisa.
      if (new URLSearchParams(raw).get('amount') === '0') return send({ error: { type: 'invalid_request_error', message: 'This value must be greater than or equal to 1.' } }, 400);
      refunds.push({ form: new URLSearchParams(raw), idempotencyKey: key });
      return send({ id: `re_${refunds.length}`, object: 'refund', status: 'succeeded' });
    }
    if (req.method === 'GET' && req.url?.startsWith('/v1/refunds?')) {
      const intent = new URL(req.url, 'http://stand-in').searchParams.get('payment_intent');
      const data = refunds.flatMap(({ form }, i) => (form.get('payment_intent') === intent ? [{ id: `re_${i + 1}`, object: 'refund', status: 'succeeded', metadata: { refundKey: form.get('metadata[refundKey]') } }] : []));
      return send({ object: 'list', has_more: false, data });
    }
    if (req.method === 'POST' && req.url === '/v1/transfers') {
      if (failTransfers) return send({ error: { type: 'api_error', message: 'stand-in down' } }, 500);
      // As Stripe: a key's first answer is its answer for a day, a failure too.
      if (failedKeys.has(key)) return send({ error: { type: 'api_error', message: 'answer lost' } }, 500);
      // As Stripe: the same idempotency key answers the same transfer.
      const earlier = transfers.findIndex((t) => t.idempotencyKey === key);
      if (earlier < 0) transfers.push({ form: new URLSearchParams(raw), idempotencyKey: key });
      // Made, but the answer never reaches the shop (a timeout).
      if (loseNextTransferAnswer) {
        loseNextTransferAnswer = false;
        failedKeys.add(key);
        return send({ error: { type: 'api_error', message: 'answer lost' } }, 500);
      }
      return send({ id: `tr_${earlier < 0 ? transfers.length : earlier + 1}`, object: 'transfer' });
    }
    if (req.method === 'GET' && req.url?.startsWith('/v1/transfers?')) {
      const destination = new URL(req.url, 'http://stand-in').searchParams.get('destination');
      const data = transfers.flatMap(({ form }, i) =>
        form.get('destination') === destination ? [{ id: `tr_${i + 1}`, object: 'transfer', amount: Number(form.get('amount')), metadata: { payoutKey: form.get('metadata[payoutKey]') } }] : [],
      );
      return send({ object: 'list', has_more: false, data });
    }
    if (req.method === 'POST' && req.url === '/v1/accounts') {
      if (failConnect) return send({ error: { type: 'api_error', message: 'stand-in down' } }, 500);
      if (slowConnect) return void setTimeout(createAccount, slowConnect, raw, key, send);
      return createAccount(raw, key, send);
    }
    const account = /^\/v1\/accounts\/(\w+)$/.exec(req.url ?? '');
    if (req.method === 'GET' && account) {
      const found = accounts.get(account[1]!);
      if (!found) return send({ error: { type: 'invalid_request_error', message: 'No such account' } }, 404);
      return send({ id: account[1], object: 'account', charges_enabled: found.payouts_enabled, payouts_enabled: found.payouts_enabled, details_submitted: found.details_submitted });
    }
    if (req.method === 'POST' && req.url === '/v1/account_links') {
      accountLinks.push(new URLSearchParams(raw));
      return send({ object: 'account_link', url: `https://connect.stripe.test/setup/e/${accountLinks.length}` });
    }
    send({ error: { message: 'not found' } }, 404);
  });
});

let t: TestApp;
let operator: string;
beforeAll(async () => {
  await new Promise<void>((resolve) => standIn.listen(0, '127.0.0.1', resolve));
  const { port } = standIn.address() as AddressInfo;
  t = await buildTestApp({ STRIPE_SECRET_KEY: 'sk_test_marketplace', STRIPE_WEBHOOK_SECRET: WEBHOOK_SECRET, STRIPE_API_URL: `http://127.0.0.1:${port}` });
  operator = await sellerCookie(t.app);
});
afterAll(async () => {
  await t.close();
  standIn.close();
});

const stripe = new Stripe('sk_test_unused');
function paid(sessionId: string) {
  const payload = JSON.stringify({
    id: `evt_${sessionId}`,
    object: 'event',
    type: 'checkout.session.completed',
    data: { object: { id: sessionId, object: 'checkout.session', payment_status: 'paid' } },
  });
  const signature = stripe.webhooks.generateTestHeaderString({ payload, secret: WEBHOOK_SECRET });
  return t.app.inject({ method: 'POST', url: '/api/stripe/webhook', payload, headers: { 'content-type': 'application/json', 'stripe-signature': signature } });
}

describe('one Stripe payment for a checkout of two shops', () => {
  it("charges every shop's lines and the tax in one session, marks both orders paid, and refunds a cancelled shop order's amount only", async () => {
    const shopA = await createShop(t.app);
    const shopB = await createShop(t.app);
    const apple = await shopProduct(t.app, shopA.id, { offerPrice: 40, name: 'Kashmir Apple' });
    const bread = await shopProduct(t.app, shopB.id, { offerPrice: 25.5, name: 'Brown Bread' });
    const { answer } = await checkoutThroughApi(t.app, [{ product: apple, quantity: 2 }, { product: bread, quantity: 1 }], { payment: 'stripe' });
    expect(sessions).toHaveLength(1);
    const form = sessions[0]!.form;
    const lines = [0, 1, 2].map((i) => [form.get(`line_items[${i}][price_data][product_data][name]`), Number(form.get(`line_items[${i}][price_data][unit_amount]`)), Number(form.get(`line_items[${i}][quantity]`))]);
    // Both shops' lines, then one tax line: their taxes summed (160 + 51 paise).
    expect(lines).toEqual(expect.arrayContaining([['Kashmir Apple', 4000, 2], ['Brown Bread', 2550, 1], ['Tax (2%)', 211, 1]]));
    expect(form.get('client_reference_id')).toBe(answer.checkoutId);

    expect(body(await paid(sessions[0]!.id))).toEqual({ received: true, result: 'paid' });
    const rows = await t.app.db.select().from(orders).where(eq(orders.checkoutId, answer.checkoutId));
    expect(rows.map((r) => r.isPaid)).toEqual([true, true]);

    const breadOrder = answer.orders.find((o) => o.seller.id === shopB.id)!;
    const cancel = await t.app.inject({ method: 'POST', url: '/api/order/status', payload: { orderId: breadOrder._id, status: 'Cancelled' }, headers: { cookie: shopB.cookie } });
    expect(body(cancel)).toMatchObject({ success: true, order: { isRefunded: true } });
    expect(refunds).toHaveLength(1);
    expect(refunds[0]!.form.get('amount')).toBe('2601');
    expect(refunds[0]!.form.get('payment_intent')).toBe(`pi_for_${sessions[0]!.id}`);
    expect(refunds[0]!.idempotencyKey).toMatch(new RegExp(`^refund-${breadOrder._id}-\\d+$`));
    const appleOrder = rows.find((r) => r.sellerId === shopA.id)!;
    expect((await t.app.db.select().from(orders).where(eq(orders.id, appleOrder.id)))[0]).toMatchObject({ isPaid: true, refundedAt: null, status: 'Order Placed' });
  });

  it('a paid shop order whose picks left nothing is cancelled with them (all refunded already), without asking Stripe to refund 0', async () => {
    const shop = await createShop(t.app);
    const apple = await shopProduct(t.app, shop.id, { offerPrice: 40, name: 'Picked-out Apple' });
    const { answer } = await checkoutThroughApi(t.app, [{ product: apple, quantity: 2 }], { payment: 'stripe' });
    expect(body(await paid(sessions.at(-1)!.id))).toEqual({ received: true, result: 'paid' });
    const orderId = answer.orders[0]!._id;
    const before = refunds.length;
    const picked = await t.app.inject({ method: 'POST', url: '/api/order/pick', payload: { orderId, lines: [{ product: apple.id, picked: 0 }] }, headers: { cookie: shop.cookie } });
    expect(picked.statusCode).toBe(200);
    expect(refunds.slice(before).map((r) => r.form.get('amount'))).toEqual(['8160']);
    // Nothing to deliver: the picks cancelled it (decision 0162); the seller's cancel finds it cancelled.
    expect(body(picked)).toMatchObject({ order: { status: 'Cancelled', amount: 0 } });
    const cancel = await t.app.inject({ method: 'POST', url: '/api/order/status', payload: { orderId, status: 'Cancelled' }, headers: { cookie: shop.cookie } });
    expect(cancel.statusCode).toBe(409);
    expect(refunds.slice(before)).toHaveLength(1);
  });
});

describe('payouts through Stripe Connect', () => {
  async function shopWithBalance() {
    const shop = await createShop(t.app);
    const product = await shopProduct(t.app, shop.id, { offerPrice: 100 });
    const { answer } = await checkoutThroughApi(t.app, [{ product, quantity: 1 }], { payment: 'stripe' });
    await paid(sessions.at(-1)!.id);
    await deliver(t.app, answer.orderId, shop.cookie);
    return Object.assign(shop, { orderId: answer.orderId });
  }
  const payout = (payload: object) => t.app.inject({ method: 'POST', url: '/api/seller/payouts', payload, headers: { cookie: operator } });

  it("transfers to the shop's connected account once per key; a shop without one is paid by hand", async () => {
    const connected = await shopWithBalance();
    const setAccount = await t.app.inject({ method: 'POST', url: '/api/seller/payout-account', payload: { sellerId: connected.id, stripeAccountId: 'acct_1TestShop42' }, headers: { cookie: operator } });
    expect(setAccount.statusCode).toBe(200);
    const first = await payout({ sellerId: connected.id, amount: 60, key: `connect-${connected.id}` });
    expect(body<PayoutAnswer>(first)).toMatchObject({ payout: { method: 'stripe', transferId: 'tr_1', amount: 60 }, balance: 31.8 });
    expect(transfers).toHaveLength(1);
    expect(Object.fromEntries(transfers[0]!.form)).toMatchObject({ amount: '6000', currency: 'inr', destination: 'acct_1TestShop42' });
    expect(transfers[0]!.idempotencyKey).toMatch(new RegExp(`^payout-connect-${connected.id}-\\d+$`));
    expect(body<PayoutAnswer>(await payout({ sellerId: connected.id, amount: 60, key: `connect-${connected.id}` }))).toMatchObject({ replayed: true });
    expect(transfers).toHaveLength(1);

    const byHand = await shopWithBalance();
    expect(body<PayoutAnswer>(await payout({ sellerId: byHand.id, amount: 10, key: `hand-${byHand.id}` }))).toMatchObject({ payout: { method: 'manual', transferId: null } });
    expect(transfers).toHaveLength(1);
  });

  it('a transfer Stripe made whose answer was lost is read back on the retry with the same key: recorded once, paid once (decision 0044)', async () => {
    const shop = await shopWithBalance();
    await t.app.inject({ method: 'POST', url: '/api/seller/payout-account', payload: { sellerId: shop.id, stripeAccountId: 'acct_1LostAnswer' }, headers: { cookie: operator } });
    loseNextTransferAnswer = true;
    expect((await payout({ sellerId: shop.id, amount: 7, key: `lost-${shop.id}` })).statusCode).toBe(502);
    const made = () => transfers.filter(({ form }) => form.get('destination') === 'acct_1LostAnswer');
    expect(made()).toHaveLength(1);
    // Tried again (an hour on, or a day: under another idempotency key), the transfer at Stripe is this payout's.
    const again = await payout({ sellerId: shop.id, amount: 7, key: `lost-${shop.id}` });
    expect(body<PayoutAnswer>(again)).toMatchObject({ payout: { method: 'stripe', amount: 7 }, balance: 84.8, replayed: false });
    expect(made()).toHaveLength(1);
  });

  it('a transfer whose answer was lost is recorded when the payout is sent again under a new key (the form opened again): the shop is not paid twice', async () => {
    const shop = await shopWithBalance();
    await t.app.inject({ method: 'POST', url: '/api/seller/payout-account', payload: { sellerId: shop.id, stripeAccountId: 'acct_1FormReopened' }, headers: { cookie: operator } });
    const made = () => transfers.filter(({ form }) => form.get('destination') === 'acct_1FormReopened');
    loseNextTransferAnswer = true;
    expect((await payout({ sellerId: shop.id, amount: 7, key: `first-${shop.id}` })).statusCode).toBe(502);
    expect(made()).toHaveLength(1);
    // The operator reloads the Payouts screen (a new key) and pays the same again: the first transfer is found and
    // recorded, and this one is not made.
    const again = await payout({ sellerId: shop.id, amount: 7, key: `second-${shop.id}` });
    expect(again.statusCode).toBe(409);
    expect(body(again)).toMatchObject({
      code: 'PAYOUT_FOUND_AT_STRIPE',
      message: "A payout of Rs 7 reached the shop's Stripe account earlier without an answer, and is recorded now. The shop's balance is Rs 84.80: pay again only for another payout.",
    });
    expect(made()).toHaveLength(1);
    const ledger = body<{ balance: number; entries: { type: string; amount: number }[] }>(await t.app.inject({ method: 'GET', url: `/api/seller/ledger?sellerId=${shop.id}`, headers: { cookie: operator } }));
    expect(ledger.balance).toBe(84.8);
    expect(ledger.entries.filter((e) => e.type === 'payout').map((e) => e.amount)).toEqual([7]);
    // The first key, tried again, answers the payout now recorded; another payout, asked for knowingly, is made.
    expect(body<PayoutAnswer>(await payout({ sellerId: shop.id, amount: 7, key: `first-${shop.id}` }))).toMatchObject({ replayed: true, balance: 84.8 });
    expect(body<PayoutAnswer>(await payout({ sellerId: shop.id, amount: 7, key: `second-${shop.id}` }))).toMatchObject({ replayed: false, balance: 77.8 });
    expect(made()).toHaveLength(2);
  });

  it('records a transfer its own key made, whose answer was lost, even when the balance fell below it since (a refund): the money is at the shop', async () => {
    const shop = await shopWithBalance();
    await t.app.inject({ method: 'POST', url: '/api/seller/payout-account', payload: { sellerId: shop.id, stripeAccountId: 'acct_1BalanceFell' }, headers: { cookie: operator } });
    loseNextTransferAnswer = true;
    expect((await payout({ sellerId: shop.id, amount: 80, key: `fell-${shop.id}` })).statusCode).toBe(502);
    expect((await t.app.inject({ method: 'POST', url: '/api/order/refund', payload: { orderId: shop.orderId }, headers: { cookie: shop.cookie } })).statusCode).toBe(200);
    const again = await payout({ sellerId: shop.id, amount: 80, key: `fell-${shop.id}` });
    expect(body<PayoutAnswer>(again)).toMatchObject({ payout: { method: 'stripe', amount: 80 }, replayed: false });
    // The shop owes what it was paid beyond its balance: recorded as it happened.
    expect(body<PayoutAnswer>(again).balance).toBeLessThan(0);
    expect(transfers.filter(({ form }) => form.get('destination') === 'acct_1BalanceFell')).toHaveLength(1);
  });

  it('records nothing when the transfer fails: 502, the balance unchanged', async () => {
    const shop = await shopWithBalance();
    await t.app.inject({ method: 'POST', url: '/api/seller/payout-account', payload: { sellerId: shop.id, stripeAccountId: 'acct_1FailingShop' }, headers: { cookie: operator } });
    failTransfers = true;
    const res = await payout({ sellerId: shop.id, amount: 5, key: `fail-${shop.id}` });
    failTransfers = false;
    expect(res.statusCode).toBe(502);
    expect(body(res)).toMatchObject({ success: false, code: 'TRANSFER_FAILED' });
    const ledger = body<{ balance: number; entries: { type: string }[] }>(await t.app.inject({ method: 'GET', url: `/api/seller/ledger?sellerId=${shop.id}`, headers: { cookie: operator } }));
    expect(ledger.balance).toBe(91.8);
    expect(ledger.entries.map((e) => e.type)).not.toContain('payout');
  });
});

describe('a shop connects its own payout account (Stripe Connect onboarding, docs/decisions/0170)', () => {
  const connect = (cookie: string) => t.app.inject({ method: 'POST', url: '/api/seller/payout-account/connect', headers: { cookie } });
  const status = (cookie: string, sellerId?: string) =>
    t.app.inject({ method: 'GET', url: `/api/seller/payout-account${sellerId ? `?sellerId=${sellerId}` : ''}`, headers: { cookie } });

  it("creates the shop's Express account once, sends the seller to Stripe's onboarding and back to its Balance screen; a second click reuses the account", async () => {
    const shop = await createShop(t.app, { shopName: 'Connect Greens' });
    expect(body<PayoutAccountAnswer>(await status(shop.cookie))).toMatchObject({ mode: 'stripe', account: null });

    const first = await connect(shop.cookie);
    expect(first.statusCode).toBe(200);
    const answer = body<PayoutAccountLinkAnswer>(first);
    expect(answer.url).toMatch(/^https:\/\/connect\.stripe\.test\/setup\//);
    const made = accounts.get(answer.accountId)!;
    expect(Object.fromEntries(made.form)).toMatchObject({ type: 'express', 'capabilities[transfers][requested]': 'true', 'metadata[sellerId]': shop.id, 'business_profile[name]': 'Connect Greens' });
    expect(made.idempotencyKey).toBe(`connect-account-${shop.id}`);
    expect(Object.fromEntries(accountLinks.at(-1)!)).toEqual({
      account: answer.accountId,
      type: 'account_onboarding',
      return_url: `${t.app.config.publicUrl}/seller/balance?connect=returned`,
      refresh_url: `${t.app.config.publicUrl}/seller/balance?connect=expired`,
    });
    const [row] = await t.app.db.select().from(sellerAccounts).where(eq(sellerAccounts.sellerId, shop.id));
    expect(row!.stripeAccountId).toBe(answer.accountId);

    const before = accounts.size;
    const again = body<PayoutAccountLinkAnswer>(await connect(shop.cookie));
    expect(again.accountId).toBe(answer.accountId);
    expect(accounts.size).toBe(before);
    expect(accountLinks.at(-1)!.get('account')).toBe(answer.accountId);
  });

  it('makes one account for two clicks at once', async () => {
    const shop = await createShop(t.app);
    const before = accounts.size;
    const answers = await Promise.all([connect(shop.cookie), connect(shop.cookie)]);
    expect(answers.map((r) => r.statusCode)).toEqual([200, 200]);
    expect(new Set(answers.map((r) => body<PayoutAccountLinkAnswer>(r).accountId)).size).toBe(1);
    expect(accounts.size).toBe(before + 1);
  });

  it("shows the account's state as Stripe reports it, to the shop and the operator; payouts then go as transfers to it", async () => {
    const shop = await createShop(t.app);
    const product = await shopProduct(t.app, shop.id, { offerPrice: 100 });
    const { accountId } = body<PayoutAccountLinkAnswer>(await connect(shop.cookie));
    expect(body<PayoutAccountAnswer>(await status(shop.cookie))).toMatchObject({
      mode: 'stripe',
      account: { id: accountId, detailsSubmitted: false, payoutsEnabled: false, chargesEnabled: false },
      message: 'Your Stripe account is not ready for payouts yet',
    });
    // The seller finishes Stripe's form.
    Object.assign(accounts.get(accountId)!, { payouts_enabled: true, details_submitted: true });
    expect(body<PayoutAccountAnswer>(await status(shop.cookie))).toMatchObject({ account: { id: accountId, payoutsEnabled: true, chargesEnabled: true, detailsSubmitted: true } });
    expect(body<PayoutAccountAnswer>(await status(operator, shop.id))).toMatchObject({ account: { id: accountId, payoutsEnabled: true } });

    const { answer } = await checkoutThroughApi(t.app, [{ product, quantity: 1 }], { payment: 'stripe' });
    await paid(sessions.at(-1)!.id);
    await deliver(t.app, answer.orderId, shop.cookie);
    const res = await t.app.inject({ method: 'POST', url: '/api/seller/payouts', payload: { sellerId: shop.id, amount: 50, key: `onboarded-${shop.id}` }, headers: { cookie: operator } });
    expect(body<PayoutAnswer>(res)).toMatchObject({ payout: { method: 'stripe', amount: 50 } });
    expect(transfers.at(-1)!.form.get('destination')).toBe(accountId);
  });

  it('refuses a pending or suspended shop (403) and stores nothing when Stripe fails (502, the next click starts again)', async () => {
    for (const standing of ['pending', 'suspended'] as const) {
      const shop = await createShop(t.app, { status: standing });
      const res = await connect(shop.cookie);
      expect(res.statusCode).toBe(403);
      expect(body(res)).toMatchObject({ success: false, code: 'SHOP_NOT_APPROVED' });
    }
    const shop = await createShop(t.app);
    failConnect = true;
    const failed = await connect(shop.cookie);
    failConnect = false;
    expect(failed.statusCode).toBe(502);
    expect(body(failed)).toMatchObject({ success: false, code: 'CONNECT_FAILED' });
    expect(await t.app.db.select().from(sellerAccounts).where(eq(sellerAccounts.sellerId, shop.id))).toEqual([]);
    expect((await connect(shop.cookie)).statusCode).toBe(200);
  });
});

describe("the operator and a shop's own payout account (docs/decisions/0191)", () => {
  const connect = (cookie: string) => t.app.inject({ method: 'POST', url: '/api/seller/payout-account/connect', headers: { cookie } });
  const setAccount = (sellerId: string, stripeAccountId: string | null) =>
    t.app.inject({ method: 'POST', url: '/api/seller/payout-account', payload: { sellerId, stripeAccountId }, headers: { cookie: operator } });
  const stored = async (sellerId: string) =>
    (await t.app.db.select().from(sellerAccounts).where(eq(sellerAccounts.sellerId, sellerId)))[0];
  const status = (sellerId: string) => t.app.inject({ method: 'GET', url: `/api/seller/payout-account?sellerId=${sellerId}`, headers: { cookie: operator } });
  const listed = async (sellerId: string) =>
    body<PayoutsAnswer>(await t.app.inject({ method: 'GET', url: '/api/seller/payouts?limit=100', headers: { cookie: operator } })).shops.find((s) => s.seller.id === sellerId);

  it("refuses to overwrite the account a shop connected itself (409 in the shop's error shape) until the operator disconnects it; then records the operator's account as the operator's", async () => {
    const shop = await createShop(t.app);
    const { accountId } = body<PayoutAccountLinkAnswer>(await connect(shop.cookie));
    expect(body<PayoutAccountAnswer>(await status(shop.id))).toMatchObject({ account: { id: accountId }, setBy: 'shop' });
    // The operator's Payouts list says whose account it is, and that a payout is a transfer to it.
    expect(await listed(shop.id)).toMatchObject({ payoutAccount: { id: accountId, setBy: 'shop' }, connectedAccount: true });

    const overwrite = await setAccount(shop.id, 'acct_1OperatorPick');
    expect(overwrite.statusCode).toBe(409);
    expect(body(overwrite)).toEqual({ success: false, code: 'PAYOUT_ACCOUNT_CONNECTED_BY_SHOP', message: expect.stringContaining(accountId) });
    expect(await stored(shop.id)).toMatchObject({ stripeAccountId: accountId, stripeAccountSetBy: 'shop' });
    // Naming the account the shop already has changes nothing, and is no error.
    expect((await setAccount(shop.id, accountId)).statusCode).toBe(200);
    expect(await stored(shop.id)).toMatchObject({ stripeAccountId: accountId, stripeAccountSetBy: 'shop' });

    // Disconnecting is a step of its own; after it the operator may set an account, recorded as its.
    expect(body(await setAccount(shop.id, null))).toEqual({ success: true, message: 'Payouts are paid by hand' });
    expect(await stored(shop.id)).toMatchObject({ stripeAccountId: null, stripeAccountSetBy: null });
    expect((await setAccount(shop.id, 'acct_1OperatorPick')).statusCode).toBe(200);
    expect(await stored(shop.id)).toMatchObject({ stripeAccountId: 'acct_1OperatorPick', stripeAccountSetBy: 'operator' });
    expect(await listed(shop.id)).toMatchObject({ payoutAccount: { id: 'acct_1OperatorPick', setBy: 'operator' }, connectedAccount: true });
    // The operator may correct its own pick in one step.
    expect((await setAccount(shop.id, 'acct_1OperatorFix')).statusCode).toBe(200);
    expect(await stored(shop.id)).toMatchObject({ stripeAccountId: 'acct_1OperatorFix', stripeAccountSetBy: 'operator' });
  });

  it("a shop's onboarding and the operator's call at the same moment: one of them wins whole, never the operator's account silently over the shop's", async () => {
    const shop = await createShop(t.app);
    // The shop's account row exists already (a shop that has sold has one), so nothing but its lock orders the two.
    expect((await setAccount(shop.id, null)).statusCode).toBe(200);
    slowConnect = 300;
    const onboarding = connect(shop.cookie);
    // The operator's call arrives while the shop's account is being created under the account's lock.
    await new Promise((resolve) => setTimeout(resolve, 100));
    const [connected, set] = await Promise.all([onboarding, setAccount(shop.id, 'acct_1OperatorRace')]).finally(() => (slowConnect = 0));
    expect(connected.statusCode).toBe(200);
    const { accountId } = body<PayoutAccountLinkAnswer>(connected);
    if (set.statusCode === 409) {
      expect(await stored(shop.id)).toMatchObject({ stripeAccountId: accountId, stripeAccountSetBy: 'shop' });
    } else {
      // The operator's call came first: the shop's onboarding continues on the operator's account.
      expect(set.statusCode).toBe(200);
      expect(accountId).toBe('acct_1OperatorRace');
      expect(await stored(shop.id)).toMatchObject({ stripeAccountId: 'acct_1OperatorRace', stripeAccountSetBy: 'operator' });
    }
  });
});
