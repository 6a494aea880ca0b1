#!/usr/bin/env node
// Loopback load test of the API with autocannon: starts the shop on a fresh data directory
// (or uses BENCH_URL), then hits hot endpoints for a bounded time. Figures go in docs/perf.md.
import { spawn } from 'node:child_process';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import autocannon from 'autocannon';

const seconds = Number(process.env.BENCH_SECONDS ?? 10);
const connections = Number(process.env.BENCH_CONNECTIONS ?? 20);
let url = process.env.BENCH_URL;
let server;
let dataDir;

if (!url) {
  dataDir = fs.mkdtempSync(path.join(os.tmpdir(), 'greencart-bench-'));
  const port = 4900;
  url = `http://127.0.0.1:${port}`;
  server = spawn('node', ['--import', 'tsx', 'apps/api/src/server.ts'], {
    env: { ...process.env, PORT: String(port), HOST: '127.0.0.1', DATA_DIR: dataDir, LOG_LEVEL: 'warn', NODE_ENV: 'test' },
    stdio: ['ignore', 'ignore', 'inherit'],
  });
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

// A shopper session for the authenticated write path (the cart save the browser sends on every change).
const register = await fetch(`${url}/api/user/register`, {
  method: 'POST',
  headers: { 'content-type': 'application/json', origin: url },
  body: JSON.stringify({ name: 'Bench Shopper', email: `bench-${Date.now()}@example.com`, password: 'bench-password-1' }),
});
const cookie = register.headers.getSetCookie().map((c) => c.split(';')[0]).join('; ');
const { products } = await (await fetch(`${url}/api/product/list`)).json();
const cartItems = Object.fromEntries(products.slice(0, 5).map((p, i) => [p._id, i + 1]));

const targets = [
  { name: 'GET /api/product/list', path: '/api/product/list', headers: { 'accept-encoding': 'gzip' } },
  { name: 'GET /healthz', path: '/healthz' },
  { name: 'GET /api/user/is-auth (visitor)', path: '/api/user/is-auth' },
  { name: 'GET / (index.html)', path: '/', headers: { accept: 'text/html' } },
  {
    name: 'POST /api/cart/update (shopper, 5 lines)',
    path: '/api/cart/update',
    method: 'POST',
    headers: { cookie, origin: url, 'content-type': 'application/json' },
    body: JSON.stringify({ cartItems }),
  },
];

console.log(`| endpoint | req/s (mean) | p50 ms | p99 ms | non-2xx |`);
console.log(`|---|---|---|---|---|`);
try {
  for (const t of targets) {
    const result = await autocannon({ url: `${url}${t.path}`, connections, duration: seconds, method: t.method ?? 'GET', headers: t.headers, body: t.body });
    console.log(`| ${t.name} | ${Math.round(result.requests.average)} | ${result.latency.p50} | ${result.latency.p99} | ${result.non2xx} |`);
  }
} finally {
  // The server it started goes too, even when a run fails.
  if (server) {
    server.kill('SIGTERM');
    await new Promise((r) => server.once('exit', r));
    fs.rmSync(dataDir, { recursive: true, force: true });
  }
}
