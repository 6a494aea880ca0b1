#!/usr/bin/env node
// Loopback load test of the API with autocannon. Unless BENCH_URL names a running shop, it seeds a
// fresh data directory (or the DATABASE_URL database) with BENCH_PRODUCTS synthetic products and
// BENCH_ORDERS orders (npm run seed), starts the shop on it, then hits each endpoint for a bounded time.
// Checkout is measured against the database's own rate of a three-insert transaction (pgbench, or a raw
// `pg` loop without it) in the same run, in alternating rounds (BENCH_ROUNDS), each after the e-mails
// of the orders before it are sent, so the ratio holds on a busy machine. Figures go in docs/perf.md.
import { spawn, spawnSync } from 'node:child_process';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import autocannon from 'autocannon';
import pg from 'pg';

// Its settings are environment variables; an argument (`npm run bench -- --help`) says so, not a full run of tens of
// minutes started by a newcomer asking for help (a probe).
if (process.argv.length > 2) {
  console.log(`usage: [BENCH_… settings] npm run bench
  BENCH_URL            a running shop to load (otherwise one is seeded and started here)
  BENCH_PORT           the port of the shop started here (4900)
  DATABASE_URL         PostgreSQL to seed and run on (otherwise PGlite in a fresh directory)
  BENCH_PRODUCTS       synthetic products seeded (100000)     BENCH_ORDERS   orders seeded (20000)
  BENCH_SELLERS        shops the catalogue is spread over      BENCH_CHECKOUT_SHOPS   shops in each checkout (1)
  BENCH_ONLY           a pattern of the endpoints to run       BENCH_SECONDS  per endpoint (10)
  BENCH_CONNECTIONS    concurrent connections (20)             BENCH_ROUNDS   checkout rounds against pgbench (3)
  BENCH_WARMUP_SECONDS warm-up before the checkout rounds (3)  BENCH_RESULTS  a file each run appends its figures to
Figures and the commands they were taken with: docs/perf.md.`);
  process.exit(process.argv.includes('--help') || process.argv.includes('-h') ? 0 : 1);
}

const seconds = Number(process.env.BENCH_SECONDS ?? 10);
const connections = Number(process.env.BENCH_CONNECTIONS ?? 20);
const only = process.env.BENCH_ONLY ? new RegExp(process.env.BENCH_ONLY, 'i') : undefined;
let url = process.env.BENCH_URL;
let server;
let dataDir;

if (!url) {
  dataDir = fs.mkdtempSync(path.join(os.tmpdir(), 'greencart-bench-'));
  const env = { ...process.env, HOST: '127.0.0.1', DATA_DIR: dataDir, LOG_LEVEL: 'warn', NODE_ENV: 'test' };
  const seed = ['--products', process.env.BENCH_PRODUCTS ?? '100000', '--orders', process.env.BENCH_ORDERS ?? '20000'];
  // BENCH_SELLERS spreads the synthetic catalogue over that many shops (issue 26); the checkout then spans shops.
  if (process.env.BENCH_SELLERS) seed.push('--sellers', process.env.BENCH_SELLERS);
  console.error(`seeding ${seed.join(' ')} on ${process.env.DATABASE_URL ? 'DATABASE_URL' : 'PGlite'}`);
  const seeded = spawnSync('node', ['--import', 'tsx', 'apps/api/src/db/seed/seed-cli.ts', ...seed], { env, stdio: ['ignore', 'inherit', 'inherit'] });
  if (seeded.status !== 0) throw new Error('seeding failed');
  const port = Number(process.env.BENCH_PORT ?? 4900);
  url = `http://127.0.0.1:${port}`;
  server = spawn('node', ['--import', 'tsx', 'apps/api/src/server.ts'], { env: { ...env, PORT: String(port) }, stdio: ['ignore', 'ignore', 'inherit'] });
  // A run that fails before the `finally` below (the server never answering, a shopper's setup refused) must
  // not leave the server behind, holding the caller's terminal or job open.
  process.once('exit', () => server.kill('SIGTERM'));
  const deadline = Date.now() + 120_000;
  for (;;) {
    if (Date.now() > deadline) throw new Error('server did not start');
    try {
      if ((await fetch(`${url}/healthz`)).ok) break;
    } catch {
      /* not up yet */
    }
    await new Promise((r) => setTimeout(r, 250));
  }
}

const post = (pathname, body, headers = {}) =>
  fetch(`${url}${pathname}`, { method: 'POST', headers: { 'content-type': 'application/json', origin: url, ...headers }, body: JSON.stringify(body) });
const cookieOf = (res) => res.headers.getSetCookie().map((c) => c.split(';')[0]).join('; ');
const getJson = async (pathname, headers = {}) => (await fetch(`${url}${pathname}`, { headers })).json();

// A shopper session for the authenticated write path (the cart save the browser sends on every change),
// and the seller's (the development seller of NODE_ENV=test) for the seller's lists.
const cookie = cookieOf(await post('/api/user/register', { name: 'Bench Shopper', email: `bench-${Date.now()}@example.com`, password: 'bench-password-1' }));
const sellerCookie = cookieOf(await post('/api/seller/login', { email: 'seller@greencart.local', password: 'greencart-seller' }));
const firstPage = await getJson('/api/product/search?limit=60');
const sample = firstPage.products;
const cartItems = Object.fromEntries(sample.slice(0, 5).map((p, i) => [p._id, i + 1]));
// A cursor deep in the catalogue: the keyset page must cost what the first one does.
const deep = (await getJson('/api/seller/products?limit=60', { cookie: sellerCookie })).products.at(-1)._id;
const sellerOrders = await getJson('/api/order/seller', { cookie: sellerCookie });
// More pages of the seller's orders than an instance keeps (100 answers, docs/decisions/0080), so each
// request of the "afresh" target computes its page, as after every new order in a busy shop.
const FRESH_SELLER_PAGES = 250;
const freshSellerPages = ['/api/order/seller'];
const freshName = `GET /api/order/seller (${FRESH_SELLER_PAGES} pages in turn, each computed afresh)`;
if (!only || only.test(freshName)) {
  for (let cursor = sellerOrders.nextCursor; cursor && freshSellerPages.length < FRESH_SELLER_PAGES; ) {
    freshSellerPages.push(`/api/order/seller?cursor=${cursor}`);
    cursor = (await getJson(`/api/order/seller?cursor=${cursor}`, { cookie: sellerCookie })).nextCursor;
  }
}

/** A target whose path rotates through `paths`, so one cached answer does not stand for all. */
const rotating = (name, paths, headers = {}) => ({ name, paths, headers });
const terms = ['tomato', 'milk', 'green valley apple', 'bread', 'rice', 'zzqx', 'cheese'];
const typos = ['tomatoe', 'chese', 'bananna', 'brocoli', 'yoghurt'];
const categories = ['vegetables', 'fruits', 'drinks', 'instant', 'dairy', 'bakery', 'grains'];
const ids = sample.map((p) => p._id);

// Cash-on-delivery checkout: 20 shoppers, each with an address, a cart and 4 lines of its own plus one
// line every shopper buys (a best seller, so orders meet on its row as in a real shop). Each shopper's
// n-th order spells n in base 9 in its quantities, so no order repeats one of the last 10 minutes (the
// duplicate check, docs/decisions/0030) before 59,049 orders per shopper. A shopper is lent to one
// connection at a time: two orders of one shopper take turns on purpose (the shopper's row lock).
const SHOPPERS = 20;
// BENCH_CHECKOUT_SHOPS > 1: each checkout's 5 lines come from that many shops (issue 26: one order per shop,
// all in one transaction), no product shared between shoppers; else 5 lines of one shop, one shared by all.
const checkoutShops = Number(process.env.BENCH_CHECKOUT_SHOPS ?? 1);
const checkoutName =
  checkoutShops > 1
    ? `POST /api/order/cod (20 shoppers, 5 lines from ${checkoutShops} shops, a new order each)`
    : 'POST /api/order/cod (20 shoppers, 5 lines, a new order each)';
const shoppers = [];
/** 5 products from `checkoutShops` shops for each shopper, taken in turn from each shop's own products. */
async function productsAcrossShops() {
  const byShop = new Map();
  let page = firstPage;
  for (let read = 0; read < 20; read++) {
    for (const p of page.products) byShop.set(p.seller.id, [...(byShop.get(p.seller.id) ?? []), p._id]);
    const full = [...byShop.values()].filter((ids) => ids.length >= SHOPPERS * Math.ceil(5 / checkoutShops));
    if (full.length >= checkoutShops) return Array.from({ length: SHOPPERS }, (_, i) => Array.from({ length: 5 }, (_, line) => full[line % checkoutShops][i * Math.ceil(5 / checkoutShops) + Math.floor(line / checkoutShops)]));
    if (!page.nextCursor) break;
    page = await getJson(`/api/product/search?limit=60&cursor=${page.nextCursor}`);
  }
  throw new Error(`the catalogue has no ${checkoutShops} shops with enough products: seed with BENCH_SELLERS`);
}
if (!only || only.test(checkoutName)) {
  const morePage = await getJson(`/api/product/search?limit=60&cursor=${firstPage.nextCursor}`);
  const checkoutProducts = [...sample, ...morePage.products].map((p) => p._id);
  const acrossShops = checkoutShops > 1 ? await productsAcrossShops() : undefined;
  for (let i = 0; i < SHOPPERS; i++) {
    const shopperCookie = cookieOf(await post('/api/user/register', { name: `Bench Shopper ${i}`, email: `bench-${Date.now()}-${i}@example.com`, password: 'bench-password-1' }));
    const added = await post('/api/address/add', { address: { firstName: 'Bench', lastName: `Shopper ${i}`, email: `bench-${i}@example.com`, street: '1 Bench Road', city: 'Pune', state: 'Maharashtra', zipcode: '411001', country: 'India', phone: '+91 98765 43210' } }, { cookie: shopperCookie });
    if (!added.ok) throw new Error(`adding an address failed: ${added.status} ${await added.text()}`);
    const products = acrossShops?.[i] ?? [checkoutProducts[0], ...checkoutProducts.slice(1 + i * 4, 5 + i * 4)];
    await post('/api/cart/update', { cartItems: Object.fromEntries(products.map((id) => [id, 1])) }, { cookie: shopperCookie });
    shoppers.push({ cookie: shopperCookie, address: (await added.json()).address._id, products, placed: 0 });
  }
}
/**
 * Cash-on-delivery orders by a pool of shoppers, each lent to one connection at a time; `more` adds fields
 * to an order (a coupon, delivery windows) and hears each answer.
 */
function ordersBy(name, pool, more) {
  const free = [...pool];
  return {
    name,
    paths: ['/api/order/cod'],
    method: 'POST',
    setupRequest(request, context) {
      // Only a request that never got an answer leaves its shopper unreturned: then any shopper goes.
      const shopper = free.pop() ?? pool[Math.floor(Math.random() * pool.length)];
      context.shopper = shopper;
      const n = shopper.placed++;
      const items = shopper.products.map((product, line) => ({ product, quantity: (Math.floor(n / 9 ** line) % 9) + 1 }));
      return { ...request, headers: { ...request.headers, cookie: shopper.cookie }, body: JSON.stringify({ items, address: shopper.address, ...more?.fields(n, context) }) };
    },
    onResponse(status, body, context) {
      free.push(context.shopper);
      more?.answered(status, body, context);
    },
    headers: { origin: url, 'content-type': 'application/json' },
  };
}
const checkout = ordersBy(checkoutName, shoppers);

// Mixed load with counted stock (issue 25, docs/decisions/0107): 20 shoppers ordering the same 8 counted
// products, 20 others saving carts that hold those 8 in the reverse order, and the seller recounting them,
// all at once. Before 0107 this deadlocked on PostgreSQL; the goal is 0 errors.
const mixedName = 'mixed load, counted stock: POST /api/order/cod + POST /api/cart/update (8 lines reversed) + POST /api/product/stock';
const mixed = { buyers: [], savers: [], counted: ids.slice(0, 8) };
// Server-rendered product pages while orders take counted stock of other products (decision 0273): each page is kept
// through sales of products it does not show. The pages are the first 200 products' (the related products they show
// are their categories' first in-stock ones); the orders buy 4 products of a page deep in the catalogue.
const pagesName = 'GET server-rendered product pages (200 in turn), alone, then while orders take counted stock of 4 products they do not show';
const pages = { paths: [], buyers: [] };
if (!only || only.test(pagesName)) {
  for (let page = firstPage; pages.paths.length < 200 && page; page = page.nextCursor && (await getJson(`/api/product/search?limit=60&cursor=${page.nextCursor}`))) {
    pages.paths.push(...page.products.map((p) => `/products/${p.category.toLowerCase()}/${p._id}`));
  }
  pages.paths.length = Math.min(pages.paths.length, 200);
  pages.sold = (await getJson(`/api/product/search?limit=60&cursor=${deep}`)).products.slice(0, 4).map((p) => p._id);
}
if (!only || only.test(mixedName) || only.test('mixed load with a coupon') || only.test(pagesName)) {
  for (let i = 0; i < SHOPPERS; i++) {
    const buyerCookie = cookieOf(await post('/api/user/register', { name: `Mixed Buyer ${i}`, email: `mixed-${Date.now()}-${i}@example.com`, password: 'bench-password-1' }));
    const added = await post('/api/address/add', { address: { firstName: 'Mixed', lastName: `Buyer ${i}`, email: `mixed-${i}@example.com`, street: '1 Bench Road', city: 'Pune', state: 'Maharashtra', zipcode: '411001', country: 'India', phone: '+91 98765 43210' } }, { cookie: buyerCookie });
    mixed.buyers.push({ cookie: buyerCookie, address: (await added.json()).address._id, products: mixed.counted, placed: 0 });
    mixed.savers.push(cookieOf(await post('/api/user/register', { name: `Mixed Saver ${i}`, email: `mixed-saver-${Date.now()}-${i}@example.com`, password: 'bench-password-1' })));
  }
}

// The same mixed load with issue 28's delivery windows and issue 29's coupons: every order names one of two
// windows of the products' shop and, until its 200 uses are taken, one coupon; meanwhile the shop pauses and
// resumes another coupon and saves its delivery once a second. The answers allowed besides 2xx: 409
// COUPON_USED_UP for an order sent with the coupon after its last use (the orders then go without it).
// Goal: 0 errors, and exactly 200 orders with the coupon, as the shop's list of coupons counts them.
const COUPON_USES = 200;
const limitedName = `mixed load with a coupon of ${COUPON_USES} uses and delivery windows: + seller coupon and delivery saves`;
const limited = { couponLeft: true, withCoupon: 0, usedUp: 0, refusals: [] };
if (!only || only.test(limitedName)) {
  const shopId = (await getJson(`/api/product/${mixed.counted[0]}`)).product.seller.id;
  const created = async (payload) => {
    const res = await post('/api/seller/coupons', payload, { cookie: sellerCookie });
    if (!res.ok) throw new Error(`creating a coupon failed: ${res.status} ${await res.text()}`);
    return (await res.json()).coupon;
  };
  limited.coupon = await created({ code: `BENCH${Date.now().toString(36).toUpperCase()}`, type: 'amount', value: 1, totalUses: COUPON_USES });
  limited.paused = await created({ code: `${limited.coupon.code}P`, type: 'percent', value: 5 });
  // The windows are set when this target runs: the mixed target before it orders without any.
  limited.setUp = async () => {
    const { delivery } = await getJson('/api/seller/delivery', { cookie: sellerCookie });
    limited.delivery = { ...delivery, cutoffMinutes: 0, daysAhead: 2, windows: [{ days: [1, 2, 3, 4, 5, 6, 7], start: '07:00', end: '09:00', capacity: 10_000 }, { days: [1, 2, 3, 4, 5, 6, 7], start: '19:00', end: '21:00', capacity: 10_000 }] };
    const saved = await fetch(`${url}/api/seller/delivery`, { method: 'PUT', headers: { 'content-type': 'application/json', origin: url, cookie: sellerCookie }, body: JSON.stringify(limited.delivery) });
    if (!saved.ok) throw new Error(`saving the delivery failed: ${saved.status} ${await saved.text()}`);
    limited.windows = (await getJson(`/api/delivery/slots?seller=${shopId}`)).slots.filter((slot) => Date.parse(slot.start) > Date.now() + 3_600_000).slice(0, 2).map((slot) => slot.start);
  };
  limited.order = {
    fields(n, context) {
      context.withCoupon = limited.couponLeft;
      return { deliverySlots: { [shopId]: limited.windows[n % limited.windows.length] }, ...(context.withCoupon ? { coupon: limited.coupon.code } : {}) };
    },
    answered(status, body, context) {
      if (status === 200 && context.withCoupon) limited.withCoupon += 1;
      if (status < 300) return;
      if (status === 409 && context.withCoupon && body.includes('"COUPON_USED_UP"')) {
        limited.couponLeft = false;
        limited.usedUp += 1;
      } else limited.refusals.push(`${status} ${body.slice(0, 160)}`);
    },
  };
}

const targets = [
  rotating('GET /api/product/search?q= (7 words, first page)', terms.map((q) => `/api/product/search?q=${encodeURIComponent(q)}`)),
  rotating('GET /api/product/search?q= (misspelt, close matches)', typos.map((q) => `/api/product/search?q=${q}`)),
  rotating('GET /api/product/search?category= (7 categories)', categories.map((c) => `/api/product/search?category=${c}`)),
  rotating('GET /api/product/search (a page deep in the catalogue)', [`/api/product/search?cursor=${deep}`]),
  rotating('GET /api/product/best-sellers', ['/api/product/best-sellers']),
  rotating('GET /api/product/:id', ids.map((id) => `/api/product/${id}`)),
  rotating('GET /api/product/:id/related', ids.map((id) => `/api/product/${id}/related`)),
  rotating('GET /api/product/by-ids (a 10-line cart)', [`/api/product/by-ids?ids=${ids.slice(0, 10).join(',')}`]),
  rotating('GET /api/seller/products (first page, search)', ['/api/seller/products', '/api/seller/products?q=milk'], { cookie: sellerCookie }),
  rotating('GET /api/order/seller (a page + summary)', ['/api/order/seller', `/api/order/seller?cursor=${sellerOrders.nextCursor}`], { cookie: sellerCookie }),
  rotating(freshName, freshSellerPages, { cookie: sellerCookie }),
  rotating('GET /api/product/list (gzip, every product)', ['/api/product/list'], { 'accept-encoding': 'gzip' }),
  rotating('GET /healthz', ['/healthz']),
  rotating('GET /api/user/is-auth (visitor)', ['/api/user/is-auth']),
  rotating('GET / (index.html)', ['/'], { accept: 'text/html' }),
  rotating(pagesName, pages.paths, { accept: 'text/html', 'accept-encoding': 'gzip, deflate, br' }),
  {
    name: 'POST /api/cart/update (shopper, 5 lines)',
    paths: ['/api/cart/update'],
    method: 'POST',
    headers: { cookie, origin: url, 'content-type': 'application/json' },
    body: JSON.stringify({ cartItems }),
  },
  checkout,
  { name: mixedName },
  { name: limitedName },
];

/**
 * The database's own rate for a transaction of three single-row inserts (an order-sized write) at the
 * same concurrency: pgbench when installed, else the same transaction from 20 `pg` clients here.
 */
async function threeInsertTransactionsPerSecond(databaseUrl) {
  const schema = 'bench_three_inserts';
  const admin = new pg.Client({ connectionString: databaseUrl });
  await admin.connect();
  await admin.query(`drop schema if exists ${schema} cascade; create schema ${schema};
    create table ${schema}.orders (id bigserial primary key, user_id int not null, amount int not null, created_at timestamptz not null default now());
    create table ${schema}.lines (id bigserial primary key, order_id bigint not null, product_id int not null, quantity int not null);`);
  const transaction = [
    'begin',
    `insert into ${schema}.orders (user_id, amount) values ($1, 100)`,
    `insert into ${schema}.lines (order_id, product_id, quantity) values (currval('${schema}.orders_id_seq'), $1, 1)`,
    `insert into ${schema}.lines (order_id, product_id, quantity) values (currval('${schema}.orders_id_seq'), $1, 2)`,
    'commit',
  ];
  try {
    if (spawnSync('pgbench', ['--version']).status === 0) {
      const script = path.join(fs.mkdtempSync(path.join(os.tmpdir(), 'greencart-pgbench-')), 'three-inserts.sql');
      fs.writeFileSync(script, `\\set id random(1, 100000)\n${transaction.map((q) => `${q.replaceAll('$1', ':id')};`).join('\n')}\n`);
      const run = spawnSync('pgbench', ['-n', '-c', String(connections), '-j', '2', '-T', String(seconds), '-f', script, databaseUrl], { encoding: 'utf8' });
      const tps = /tps = ([\d.]+)/.exec(run.stdout)?.[1];
      if (!tps) throw new Error(`pgbench failed: ${run.stderr}`);
      return { tps: Number(tps), how: 'pgbench' };
    }
    const clients = await Promise.all(Array.from({ length: connections }, async () => {
      const client = new pg.Client({ connectionString: databaseUrl });
      await client.connect();
      return client;
    }));
    const until = Date.now() + seconds * 1000;
    let done = 0;
    await Promise.all(clients.map(async (client) => {
      while (Date.now() < until) {
        for (const q of transaction) await client.query(q, q.includes('$1') ? [Math.ceil(Math.random() * 100_000)] : []);
        done++;
      }
      await client.end();
    }));
    return { tps: done / seconds, how: `${connections} pg clients in this script` };
  } finally {
    await admin.query(`drop schema ${schema} cascade`);
    await admin.end();
  }
}

/** One autocannon run of `target` for `seconds`. */
async function load(target) {
  let next = 0;
  return autocannon({
    url,
    connections: target.connections ?? connections,
    overallRate: target.overallRate,
    duration: target.duration ?? seconds,
    requests: [
      {
        method: target.method ?? 'GET',
        headers: target.headers,
        body: target.body,
        setupRequest: (request, context) => {
          const withPath = { ...request, path: target.paths[next++ % target.paths.length] };
          return target.setupRequest ? target.setupRequest(withPath, context) : withPath;
        },
        onResponse: target.onResponse,
      },
    ],
  });
}

const row = (name, result) => `| ${name} | ${Math.round(result.requests.average)} | ${result.latency.p50} | ${result.latency.p97_5} | ${result.latency.p99} | ${result.non2xx} |`;
const median = (values) => [...values].sort((a, b) => a - b)[Math.floor(values.length / 2)];

/**
 * Waits until every confirmation the checkouts queued is sent (docs/decisions/0083): the shop sends
 * them in the background, so a burst of orders leaves a backlog that would otherwise be sent while
 * pgbench runs and slow it down. Answers the backlog and how fast it went.
 */
async function mailDrained(databaseUrl) {
  const client = new pg.Client({ connectionString: databaseUrl });
  await client.connect();
  const waiting = async () => Number((await client.query('select count(*) as n from mail_outbox where sent_at is null and failed_at is null')).rows[0].n);
  try {
    const backlog = await waiting();
    const started = Date.now();
    for (let left = backlog; left > 0; left = await waiting()) {
      if (Date.now() - started > 300_000) throw new Error(`${left} e-mails still unsent after 5 minutes`);
      await new Promise((r) => setTimeout(r, 200));
    }
    const ms = Date.now() - started;
    return { backlog, perSecond: ms > 0 ? Math.round((backlog * 1000) / ms) : undefined };
  } finally {
    await client.end();
  }
}

// Checkout on PostgreSQL alternates with the three-insert reference, BENCH_ROUNDS times (3 by default),
// each phase on a machine with nothing else queued: the ratio is the median of the rounds' ratios,
// so a machine that slows down or speeds up during the run moves both sides of a round together.
const rounds = Number(process.env.BENCH_ROUNDS ?? 3);
const warmUpSeconds = Number(process.env.BENCH_WARMUP_SECONDS ?? 3);

console.log(`| endpoint | req/s (mean) | p50 ms | p97.5 ms | p99 ms | non-2xx |`);
console.log(`|---|---|---|---|---|---|`);
try {
  for (const t of targets) {
    if (only && !only.test(t.name)) continue;
    if (t.name === mixedName || t.name === limitedName) {
      // Counted only now: the checkout target before this one measures its products uncounted.
      for (const id of mixed.counted) await post('/api/product/stock', { id, stock: 1_000_000 }, { cookie: sellerCookie });
      const withLimits = t.name === limitedName;
      if (withLimits) await limited.setUp();
      let couponSaves = 0;
      // The three kinds at once, each on its own connections; every answer must be a 2xx.
      let saves = 0;
      let recounts = 0;
      const kinds = await Promise.all([
        load(ordersBy('orders', mixed.buyers, withLimits ? limited.order : undefined)),
        load({
          name: 'cart saves',
          paths: ['/api/cart/update'],
          method: 'POST',
          headers: { origin: url, 'content-type': 'application/json' },
          setupRequest: (request) => ({
            ...request,
            headers: { ...request.headers, cookie: mixed.savers[saves % SHOPPERS] },
            body: JSON.stringify({ cartItems: Object.fromEntries([...mixed.counted].reverse().map((id, i) => [id, ((saves++ + i) % 9) + 1])) }),
          }),
        }),
        load({
          name: 'seller recounts',
          connections: 2,
          paths: ['/api/product/stock'],
          method: 'POST',
          headers: { cookie: sellerCookie, origin: url, 'content-type': 'application/json' },
          setupRequest: (request) => ({ ...request, body: JSON.stringify({ id: mixed.counted[7 - (recounts++ % 8)], stock: 1_000_000 }) }),
        }),
        ...(withLimits
          ? [
              load({
                name: 'seller coupon saves',
                connections: 1,
                // Pausing and resuming the other coupon, and in turn editing the raced one's limits (its total kept, its
                // end moved: decision 0281) under the row lock the checkouts take its uses with.
                paths: ['/api/seller/coupons/status', '/api/seller/coupons/edit'],
                method: 'POST',
                headers: { cookie: sellerCookie, origin: url, 'content-type': 'application/json' },
                setupRequest: (request) => {
                  const n = couponSaves++;
                  const endsAt = new Date(Date.now() + (1 + (n % 7)) * 86_400_000).toISOString();
                  const body = n % 2 === 0 ? { id: limited.paused._id, active: n % 4 === 0 } : { id: limited.coupon._id, totalUses: COUPON_USES, endsAt };
                  return { ...request, body: JSON.stringify(body) };
                },
              }),
              load({
                name: 'seller delivery saves',
                connections: 1,
                overallRate: 1,
                paths: ['/api/seller/delivery'],
                method: 'PUT',
                headers: { cookie: sellerCookie, origin: url, 'content-type': 'application/json' },
                body: JSON.stringify(limited.delivery),
              }),
            ]
          : []),
      ]);
      const names = ['orders', 'cart saves (8 lines, reverse order)', 'seller stock writes', 'seller coupon saves', 'seller delivery saves'];
      kinds.forEach((result, i) => console.log(row(`${t.name}: ${names[i]}`, result)));
      const errors = kinds.reduce((sum, r) => sum + r.non2xx + r.errors + r.timeouts, 0) - limited.usedUp * Number(withLimits);
      console.log(`\n${withLimits ? 'mixed load with a coupon and windows' : 'mixed load with counted stock'}: ${errors} errors (goal 0), load average ${+os.loadavg()[0].toFixed(1)}`);
      if (withLimits) {
        const uses = (await getJson('/api/seller/coupons', { cookie: sellerCookie })).coupons.find((c) => c._id === limited.coupon._id)?.uses;
        console.log(`coupon: ${limited.withCoupon} orders answered with it, ${uses} uses counted (goal ${COUPON_USES} both), ${limited.usedUp} refused as used up; other refusals: ${JSON.stringify(limited.refusals.slice(0, 3))}`);
      }
      continue;
    }
    if (t.name === pagesName) {
      for (const id of pages.sold) await post('/api/product/stock', { id, stock: 1_000_000 }, { cookie: sellerCookie });
      // Unmeasured first: every page rendered once, as a shop that has been up a while has them.
      await load({ ...t, duration: warmUpSeconds });
      console.log(row(`${t.name}: pages alone`, await load(t)));
      const [during, sales] = await Promise.all([load(t), load({ ...ordersBy('orders', mixed.buyers.map((b) => ({ ...b, products: pages.sold, placed: 0 }))), connections: 4 })]);
      console.log(row(`${t.name}: pages while orders are placed`, during));
      console.log(row(`${t.name}: the orders (4 connections)`, sales));
      continue;
    }
    if (t !== checkout) {
      console.log(row(t.name, await load(t)));
      continue;
    }
    // The machine may be shared: the load average says how quiet the run was.
    const loadAverage = +os.loadavg()[0].toFixed(1);
    if (!process.env.DATABASE_URL) {
      // Measured twice, back to back in one process: from a cold start, then once warm (as a shop that
      // has been up a while; the PostgreSQL runs below warm up too). A fresh process answers checkouts
      // at about half the rate for its first 10-20 s (docs/perf.md, decision 0136), which at 100 clients
      // is the whole p99 of a run that starts cold.
      const cold = await load(t);
      console.log(row(`${t.name}, from a cold start`, cold));
      const result = await load(t);
      console.log(row(`${t.name}, warm`, result));
      const run = {
        at: new Date().toISOString(),
        database: 'pglite',
        ordersPerSecond: Math.round(result.requests.average),
        p50: result.latency.p50,
        p99: result.latency.p99,
        non2xx: result.non2xx + cold.non2xx,
        cold: { ordersPerSecond: Math.round(cold.requests.average), p50: cold.latency.p50, p99: cold.latency.p99 },
        loadAverage,
        loadAverageAtEnd: +os.loadavg()[0].toFixed(1),
      };
      console.log(`\ncheckout on PGlite, warm: p99 ${run.p99} ms (goal <= 500 ms); from a cold start: p99 ${run.cold.p99} ms\nload average ${loadAverage} at the start, ${run.loadAverageAtEnd} at the end`);
      if (process.env.BENCH_RESULTS) fs.appendFileSync(process.env.BENCH_RESULTS, `${JSON.stringify(run)}\n`);
      continue;
    }
    // Unmeasured first: each pooled connection compiles place_order and plans its statements on its
    // first call, and Node compiles the hot path, as a shop that has been up a while has done.
    await load({ ...t, duration: warmUpSeconds });
    const perRound = [];
    for (let round = 1; round <= rounds; round++) {
      await mailDrained(process.env.DATABASE_URL);
      const result = await load(t);
      console.log(row(`${t.name}, round ${round}`, result));
      const mail = await mailDrained(process.env.DATABASE_URL);
      const reference = await threeInsertTransactionsPerSecond(process.env.DATABASE_URL);
      console.log(`| three-insert transactions (${reference.how}), ${connections} at once, round ${round} | ${Math.round(reference.tps)} | | | | |`);
      perRound.push({ ordersPerSecond: result.requests.average, p50: result.latency.p50, p99: result.latency.p99, non2xx: result.non2xx, tps: reference.tps, how: reference.how, ratio: reference.tps / result.requests.average, mail });
    }
    const run = {
      at: new Date().toISOString(),
      database: 'postgres',
      rounds,
      ordersPerSecond: Math.round(median(perRound.map((r) => r.ordersPerSecond))),
      p50: median(perRound.map((r) => r.p50)),
      p99: Math.max(...perRound.map((r) => r.p99)),
      non2xx: perRound.reduce((sum, r) => sum + r.non2xx, 0),
      loadAverage,
      threeInsertTps: Math.round(median(perRound.map((r) => r.tps))),
      reference: perRound[0].how,
      ratio: +median(perRound.map((r) => r.ratio)).toFixed(1),
      roundRatios: perRound.map((r) => +r.ratio.toFixed(1)),
      mailBacklog: median(perRound.map((r) => r.mail.backlog)),
      mailSentPerSecond: median(perRound.map((r) => r.mail.perSecond ?? 0)),
    };
    console.log(`\ncheckout : three-insert transactions = 1 : ${run.ratio}, the median of ${rounds} rounds (${run.roundRatios.map((r) => `1 : ${r}`).join(', ')}); goal 1 : 5 or better, p99 <= 100 ms (worst round ${run.p99} ms)`);
    console.log(`confirmations queued by a round: ${run.mailBacklog} still unsent when it ended, then sent at ${run.mailSentPerSecond}/s before the reference ran`);
    console.log(`load average ${loadAverage}`);
    // BENCH_RESULTS names a file the run is appended to (one JSON line), for docs/perf.md's table.
    if (process.env.BENCH_RESULTS) fs.appendFileSync(process.env.BENCH_RESULTS, `${JSON.stringify(run)}\n`);
  }
} finally {
  // The server it started goes too, even when a run fails.
  if (server) {
    server.kill('SIGTERM');
    await new Promise((r) => server.once('exit', r));
    fs.rmSync(dataDir, { recursive: true, force: true });
  }
}
