import { spawn, type ChildProcess } from 'node:child_process';
import fs from 'node:fs';
import http from 'node:http';
import type { AddressInfo } from 'node:net';
import os from 'node:os';
import path from 'node:path';
import { rsMinor, saveAddress } from './support/checkout';
import { approvedShop, checkScreen, loseNextAnswer, statementEntry } from './support/marketplace';
import { testImageFile } from './support/seller';
import { registerShopper } from './support/shop';
import type { Browser } from '@playwright/test';
import { expect, test as base } from './support/test';

/**
 * Stripe Connect's round trip in the browser (issue 26, docs/decisions/0124, 0170, 0191). The suite's own server
 * runs without Stripe, so this file starts one more server of the built shop with Stripe configured and its API
 * pointed (STRIPE_API_URL) at a stand-in in this worker, as the API tests do (stripe-marketplace.test.ts). The
 * stand-in also serves the onboarding page Stripe's account link leads to, which sends the seller back to the
 * link's return_url, as Stripe's hosted onboarding does.
 */

interface StandIn {
  url: string;
  /** Connect accounts by id, with the flag Stripe sets once onboarding is finished. */
  accounts: Map<string, { shopName: string | null; onboarded: boolean }>;
  /** Transfers as the server sent them (form fields), once per idempotency key as Stripe keeps them. */
  transfers: { fields: Record<string, string>; idempotencyKey: string }[];
}

function startStandIn(): Promise<StandIn & { close: () => void }> {
  const accounts: StandIn['accounts'] = new Map();
  const transfers: StandIn['transfers'] = [];
  const links: { account: string; returnUrl: string }[] = [];
  const server = http.createServer((req, res) => {
    let raw = '';
    req.on('data', (chunk) => (raw += chunk));
    req.on('end', () => {
      const form = new URLSearchParams(raw);
      const send = (json: unknown, status = 200) => res.writeHead(status, { 'content-type': 'application/json' }).end(JSON.stringify(json));
      const key = String(req.headers['idempotency-key'] ?? '');
      const url = new URL(req.url ?? '/', 'http://stand-in');
      if (req.method === 'POST' && url.pathname === '/v1/accounts') {
        const id = `acct_1E2e${accounts.size + 1}Shop`;
        accounts.set(id, { shopName: form.get('business_profile[name]'), onboarded: false });
        return send({ id, object: 'account' });
      }
      const account = /^\/v1\/accounts\/(\w+)$/.exec(url.pathname);
      if (req.method === 'GET' && account && accounts.has(account[1]!)) {
        const { onboarded } = accounts.get(account[1]!)!;
        return send({ id: account[1], object: 'account', details_submitted: onboarded, charges_enabled: onboarded, payouts_enabled: onboarded });
      }
      if (req.method === 'POST' && url.pathname === '/v1/account_links') {
        links.push({ account: form.get('account')!, returnUrl: form.get('return_url')! });
        return send({ object: 'account_link', url: `${standIn.url}/setup/${links.length}` });
      }
      if (req.method === 'GET' && url.pathname === '/v1/transfers') {
        const destination = url.searchParams.get('destination');
        const data = transfers.flatMap((t, i) =>
          t.fields.destination === destination ? [{ id: `tr_e2e_${i + 1}`, object: 'transfer', amount: Number(t.fields.amount), metadata: { payoutKey: t.fields['metadata[payoutKey]'] } }] : [],
        );
        return send({ object: 'list', has_more: false, data });
      }
      if (req.method === 'POST' && url.pathname === '/v1/transfers') {
        if (!transfers.some((t) => t.idempotencyKey === key)) transfers.push({ fields: Object.fromEntries(form), idempotencyKey: key });
        return send({ id: `tr_e2e_${transfers.findIndex((t) => t.idempotencyKey === key) + 1}`, object: 'transfer' });
      }
      // The hosted onboarding page: the seller submits its details and is sent back to the shop.
      const link = /^\/setup\/(\d+)$/.exec(url.pathname);
      const found = link ? links[Number(link[1]) - 1] : undefined;
      if (found && req.method === 'GET') {
        const { shopName } = accounts.get(found.account)!;
        res.writeHead(200, { 'content-type': 'text/html; charset=utf-8' });
        return res.end(
          `<!doctype html><html lang="en"><head><meta name="viewport" content="width=device-width"><title>Stripe onboarding (stand-in)</title></head>` +
            `<body><main><h1>Set up payouts for ${shopName}</h1><form method="post"><button>Submit details</button></form></main></body></html>`,
        );
      }
      if (found && req.method === 'POST') {
        accounts.get(found.account)!.onboarded = true;
        return res.writeHead(303, { location: found.returnUrl }).end();
      }
      send({ error: { type: 'invalid_request_error', message: `stand-in has no ${req.method} ${url.pathname}` } }, 404);
    });
  });
  const standIn = { url: '', accounts, transfers, close: () => server.close() };
  return new Promise((resolve) =>
    server.listen(0, '127.0.0.1', () => {
      standIn.url = `http://127.0.0.1:${(server.address() as AddressInfo).port}`;
      resolve(standIn);
    }),
  );
}

/** A port nothing listens on now, for the Stripe-configured server. */
function freePort(): Promise<number> {
  const probe = http.createServer();
  return new Promise((resolve) =>
    probe.listen(0, '127.0.0.1', () => {
      const { port } = probe.address() as AddressInfo;
      probe.close(() => resolve(port));
    }),
  );
}

/** The built shop with Stripe configured (its API the stand-in), on a fresh data directory; one per worker. */
async function startStripeShop(standIn: StandIn) {
  const port = await freePort();
  const url = `http://127.0.0.1:${port}`;
  const dataDir = fs.mkdtempSync(path.join(os.tmpdir(), 'greencart-e2e-connect-'));
  const webDir = path.resolve(import.meta.dirname, '..');
  let stderr = '';
  const server: ChildProcess = spawn(process.execPath, ['--import', 'tsx', '../api/src/server.ts'], {
    cwd: webDir,
    stdio: ['ignore', 'ignore', 'pipe'],
    env: {
      ...process.env,
      PORT: String(port),
      HOST: '127.0.0.1',
      PUBLIC_URL: url,
      DATA_DIR: dataDir,
      LOG_LEVEL: 'warn',
      NODE_ENV: 'test',
      TRUST_PROXY: '1',
      STRIPE_SECRET_KEY: 'sk_test_e2e_connect',
      STRIPE_WEBHOOK_SECRET: 'whsec_e2e_connect',
      STRIPE_API_URL: standIn.url,
    },
  });
  server.stderr!.on('data', (chunk: Buffer) => (stderr += chunk.toString()));
  await expect
    .poll(async () => (await fetch(`${url}/healthz`).catch(() => null))?.ok ?? false, { message: `the Stripe-configured server to start: ${stderr}`, timeout: 120_000 })
    .toBe(true);
  return {
    url,
    dataDir,
    stop: async () => {
      const exited = new Promise((resolve) => server.once('exit', resolve));
      server.kill('SIGTERM');
      await exited;
      fs.rmSync(dataDir, { recursive: true, force: true });
    },
  };
}

const test = base.extend<object, { stripe: StandIn & { shopUrl: string; dataDir: string } }>({
  stripe: [
    // Playwright reads a fixture's dependencies from this pattern and refuses any other form; this one has none.
    // eslint-disable-next-line no-empty-pattern
    async ({}, use) => {
      const standIn = await startStandIn();
      const shop = await startStripeShop(standIn);
      await use({ ...standIn, shopUrl: shop.url, dataDir: shop.dataDir });
      await shop.stop();
      standIn.close();
    },
    { scope: 'worker', timeout: 180_000 },
  ],
  // Every page of these tests talks to the Stripe-configured server.
  baseURL: async ({ stripe }, use) => use(stripe.shopUrl),
});

/** Another person's browser (the operator, a shopper) on the Stripe-configured server. */
async function personPage(browser: Browser, baseURL: string) {
  return (await browser.newContext({ baseURL })).newPage();
}

test('a shop connects its Stripe account from its Balance screen; the operator cannot replace it, pays one Connect transfer even when retried, and disconnects it @phone', async ({ page, browser, stripe }) => {
  // Three people, Stripe's pages and two screens checked at two widths.
  test.setTimeout(300_000);
  const suffix = Date.now().toString(36);
  const shopName = `Kaveri Organics ${suffix}`;
  await page.goto('/');
  // A new shop, approved, with a delivered order: its balance is what the operator pays out. Paid in cash with the
  // operator's Rs 90 coupon: the shop keeps the Rs 12 collected and GreenCart owes it the coupon's Rs 90 less its
  // commission (decision 0276; a card order would need Stripe Checkout's pages, which this stand-in does not serve).
  const operator = await personPage(browser, stripe.shopUrl);
  await approvedShop(page, operator, shopName, stripe.dataDir);
  const added = await page.request.post('/api/product/add', {
    multipart: { productData: JSON.stringify({ name: `Sona Masoori Rice ${suffix}`, price: 120, offerPrice: 100, category: 'Grains', description: ['Hand-pounded'] }), images: await testImageFile('rice.png') },
  });
  expect(added.ok(), await added.text()).toBeTruthy();
  const productId = ((await added.json()) as { product: { _id: string } }).product._id;
  const shopper = await personPage(browser, stripe.shopUrl);
  await registerShopper(shopper, 'Divya Menon');
  const coupon = `CONNECT${suffix}`.toUpperCase();
  const made = await operator.request.post('/api/seller/coupons', { data: { code: coupon, type: 'amount', value: 90 } });
  expect(made.ok(), await made.text()).toBe(true);
  const placed = await shopper.request.post('/api/order/cod', { data: { items: [{ product: productId, quantity: 1 }], address: await saveAddress(shopper), coupon } });
  expect(placed.ok(), await placed.text()).toBe(true);
  const orderId = ((await (await shopper.request.get('/api/order/user')).json()) as { orders: { _id: string }[] }).orders[0]!._id;
  for (const status of ['Processed', 'Packed', 'Dispatched', 'Delivered']) expect((await page.request.post('/api/order/status', { data: { orderId, status } })).ok()).toBe(true);
  const balanceMinor = Math.round(((await (await page.request.get('/api/seller/ledger')).json()) as { balance: number }).balance * 100);
  expect(balanceMinor).toBeGreaterThan(5_000);

  // The operator starts setting an account for the shop by hand, while the shop is about to connect its own.
  await operator.goto('/seller/payouts');
  const due = operator.getByRole('listitem', { name: shopName });
  const payoutAccount = due.getByRole('region', { name: `Payout account of ${shopName}` });
  await expect(payoutAccount).toContainText('None: payouts are recorded by hand');
  await payoutAccount.getByRole('button', { name: 'Set account' }).click();
  await payoutAccount.getByLabel('Stripe account id').fill('acct_1OperatorPick9');

  // The shop connects its payout account: to Stripe's onboarding and back to its Balance screen.
  await page.goto('/seller/balance');
  const panel = page.getByRole('region', { name: 'Payout account' });
  await expect(panel).toContainText('No Stripe account connected yet');
  await panel.getByRole('button', { name: 'Connect a Stripe account' }).click();
  await expect(page).toHaveURL(new RegExp(`^${stripe.url}/setup/`));
  await expect(page.getByRole('heading', { name: `Set up payouts for ${shopName}` })).toBeVisible();
  await page.getByRole('button', { name: 'Submit details' }).click();
  await expect(page).toHaveURL(`${stripe.shopUrl}/seller/balance?connect=returned`);
  const [accountId] = [...stripe.accounts].find(([, a]) => a.shopName === shopName)!;
  await expect(panel).toContainText(`Stripe account ${accountId}: payouts enabled`);
  await expect(panel.getByRole('status')).toHaveText("Back from Stripe: the state above is Stripe's now.");
  await expect(panel.getByRole('button', { name: /Stripe/ })).toHaveCount(0);
  await checkScreen(page, 'seller-balance-stripe-connected');

  // The operator pays Rs 50 of it. The first answer is lost on its way back (the server has transferred); the
  // operator clicks again with the form's same key and the server answers the payout it made.
  // The operator's form was filled before that: the server refuses to replace the shop's own account (0191), the
  // screen says so in a sentence and shows the shop's account, read-only.
  await payoutAccount.getByRole('button', { name: 'Save account' }).click();
  await expect(payoutAccount.getByRole('alert')).toHaveText(
    `${shopName} has connected its own Stripe account in the meantime, so it was not replaced. Disconnect it first if the payouts must go elsewhere.`,
  );
  await expect(payoutAccount).toContainText(`${accountId} · connected by the shop`);
  await expect(payoutAccount.getByRole('button', { name: 'Change account' })).toHaveCount(0);
  await checkScreen(operator, 'operator-payout-account-by-shop');
  await operator.reload();
  await expect(due).toContainText(rsMinor(balanceMinor));
  await due.getByRole('button', { name: 'Record payout' }).click();
  await due.getByLabel('Amount (Rs)').fill('50');
  await checkScreen(operator, 'operator-payout-stripe-transfer');
  await loseNextAnswer(operator, '**/api/seller/payouts');
  const transfer = due.getByRole('button', { name: 'Transfer with Stripe' });
  // Asked first, naming the shop and the sum (decision 0227).
  const confirmed = async () => {
    await transfer.click();
    const question = operator.getByRole('dialog', { name: `Pay Rs 50.00 to ${shopName}?` });
    await expect(question).toContainText('Stripe transfers it to the shop’s account now');
    await question.getByRole('button', { name: 'Yes, pay Rs 50.00' }).click();
  };
  await confirmed();
  await expect.poll(() => stripe.transfers.length).toBe(1);
  await expect(transfer).toBeEnabled();
  // The lost answer read the figures again and says so; the same sum sent again sends the same key: answered, not paid.
  await expect(due.getByText('The answer was lost: the payout may have been recorded.')).toBeVisible();
  await confirmed();
  await expect(operator.getByRole('status').filter({ hasText: 'This payout was already made' })).toBeVisible();

  // One Connect transfer, in paise, to the shop's account; one payout on the ledger; both sides see the balance move.
  expect(stripe.transfers).toHaveLength(1);
  expect(stripe.transfers[0]!.fields).toMatchObject({ amount: '5000', currency: 'inr', destination: accountId });
  const remaining = rsMinor(balanceMinor - 5_000);
  await expect(due).toContainText(remaining);
  await expect(due.getByRole('definition').filter({ hasText: 'Rs 50' })).toBeVisible();
  const ledger = (await (await page.request.get('/api/seller/ledger')).json()) as { balance: number; entries: { type: string; amount: number; orderId?: string }[] };
  // The payout, not the cash the shop's rider collected (a payout entry about the order).
  expect(ledger.entries.filter((e) => e.type === 'payout' && !e.orderId)).toEqual([expect.objectContaining({ amount: 50 })]);
  expect(Math.round(ledger.balance * 100)).toBe(balanceMinor - 5_000);
  await page.goto('/seller/balance');
  await expect(page.getByRole('region', { name: 'Balance' })).toContainText(remaining);
  await expect(statementEntry(page.getByRole('table'), 'Payout')).toHaveCount(1);
  await checkScreen(page, 'seller-balance-after-transfer');

  // The operator disconnects the shop's own account, a step of its own; the shop is offered Stripe again.
  await payoutAccount.getByRole('button', { name: 'Disconnect', exact: true }).click();
  const disconnect = payoutAccount.getByRole('group', { name: `Disconnect the payout account of ${shopName}` });
  await expect(disconnect).toContainText('the shop can connect one again from its Balance screen');
  await disconnect.getByRole('button', { name: 'Disconnect account' }).click();
  await expect(payoutAccount).toContainText('None: payouts are recorded by hand');
  await page.reload();
  await expect(panel).toContainText('No Stripe account connected yet');
  await expect(panel.getByRole('button', { name: 'Connect a Stripe account' })).toBeVisible();
  await operator.context().close();
  await shopper.context().close();
});
