#!/usr/bin/env node
// Loopback load test of the API with autocannon. Unless BENCH_URL names a running shop, it seeds a
// fresh data directory (or the DATABASE_URL database) with BENCH_PRODUCTS synthetic products and
// BENCH_ORDERS orders (npm run seed), starts the shop on it, then hits each endpoint for a bounded time.
// Figures go in docs/perf.md.
import { spawn, spawnSync } from 'node:child_process';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import autocannon from 'autocannon';

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
  console.error(`seeding ${seed.join(' ')} on ${process.env.DATABASE_URL ? 'DATABASE_URL' : 'PGlite'}`);
  const seeded = spawnSync('node', ['--import', 'tsx', 'apps/api/src/db/seed/seed-cli.ts', ...seed], { env, stdio: ['ignore', 'inherit', 'inherit'] });
  if (seeded.status !== 0) throw new Error('seeding failed');
  const port = 4900;
  url = `http://127.0.0.1:${port}`;
  server = spawn('node', ['--import', 'tsx', 'apps/api/src/server.ts'], { env: { ...env, PORT: String(port) }, stdio: ['ignore', 'ignore', 'inherit'] });
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
const sellerOrders = await getJson('/api/order/seller?limit=50', { cookie: sellerCookie });

/** A target whose path rotates through `paths`, so one cached answer does not stand for all. */
const rotating = (name, paths, headers = {}) => ({ name, paths, headers });
const terms = ['tomato', 'milk', 'green valley apple', 'bread', 'rice', 'zzqx', 'cheese'];
const typos = ['tomatoe', 'chese', 'bananna', 'brocoli', 'yoghurt'];
const categories = ['vegetables', 'fruits', 'drinks', 'instant', 'dairy', 'bakery', 'grains'];
const ids = sample.map((p) => p._id);

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
  rotating('GET /api/order/seller (page of 50 + summary)', ['/api/order/seller', `/api/order/seller?cursor=${sellerOrders.nextCursor}`], { cookie: sellerCookie }),
  rotating('GET /api/product/list (gzip, every product)', ['/api/product/list'], { 'accept-encoding': 'gzip' }),
  rotating('GET /healthz', ['/healthz']),
  rotating('GET /api/user/is-auth (visitor)', ['/api/user/is-auth']),
  rotating('GET / (index.html)', ['/'], { accept: 'text/html' }),
  {
    name: 'POST /api/cart/update (shopper, 5 lines)',
    paths: ['/api/cart/update'],
    method: 'POST',
    headers: { cookie, origin: url, 'content-type': 'application/json' },
    body: JSON.stringify({ cartItems }),
  },
];

console.log(`| endpoint | req/s (mean) | p50 ms | p97.5 ms | p99 ms | non-2xx |`);
console.log(`|---|---|---|---|---|---|`);
try {
  for (const t of targets) {
    if (only && !only.test(t.name)) continue;
    let next = 0;
    const result = await autocannon({
      url,
      connections,
      duration: seconds,
      requests: [
        {
          method: t.method ?? 'GET',
          headers: t.headers,
          body: t.body,
          setupRequest: (request) => ({ ...request, path: t.paths[next++ % t.paths.length] }),
        },
      ],
    });
    console.log(`| ${t.name} | ${Math.round(result.requests.average)} | ${result.latency.p50} | ${result.latency.p97_5} | ${result.latency.p99} | ${result.non2xx} |`);
  }
} finally {
  // The server it started goes too, even when a run fails.
  if (server) {
    server.kill('SIGTERM');
    await new Promise((r) => server.once('exit', r));
    fs.rmSync(dataDir, { recursive: true, force: true });
  }
}
