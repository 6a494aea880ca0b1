// GET /api/product/list on a seeded catalogue (issue 25 item 7, docs/perf.md "The whole-catalogue
// list"): a benchmark, not a test. The shop runs in this process on the configured database
// (DATABASE_URL, or the PGlite under DATA_DIR), listening on a free port; requests go over HTTP and
// their bodies are counted, not parsed, so the client costs this event loop next to nothing.
// While each call runs, a probe asks GET /healthz every 10 ms (another shopper's request) and
// perf_hooks' monitorEventLoopDelay records how long the event loop was held.
//   DATABASE_URL=postgres://…/gc_list_bench node --import tsx scripts/measure-catalogue-list.ts
//   DATA_DIR=/tmp/seeded node --import tsx scripts/measure-catalogue-list.ts
// LIST_PAGING='{"first":250,"min":250,"max":250}' sets the build's pages (an A/B: fixed pages of 250 as before 0176).
import http from 'node:http';
import os from 'node:os';
import { monitorEventLoopDelay } from 'node:perf_hooks';
import { sql } from 'drizzle-orm';
import { buildApp } from '../apps/api/src/app.js';
import { loadConfig } from '../apps/api/src/config/env.js';
import { openDatabase } from '../apps/api/src/db/client.js';
import { LIST_PAGING } from '../apps/api/src/modules/products/catalogue-list.js';

if (process.env.LIST_PAGING) Object.assign(LIST_PAGING, JSON.parse(process.env.LIST_PAGING));
const config = loadConfig();
const database = await openDatabase({ databaseUrl: config.databaseUrl, dataDir: config.dataDir, poolSize: config.databasePoolSize });
const app = await buildApp({ config, database, seed: false, logger: false, mailSender: false });
await app.listen({ port: 0, host: '127.0.0.1' });
const { port } = app.server.address() as { port: number };

interface Answer {
  status: number;
  bytes: number;
  ms: number;
  etag?: string;
  encoding?: string;
}

function get(path: string, headers: Record<string, string> = {}): Promise<Answer> {
  const started = performance.now();
  return new Promise((resolve, reject) => {
    http
      .get({ host: '127.0.0.1', port, path, headers, agent: false }, (res) => {
        let bytes = 0;
        res.on('data', (chunk: Buffer) => (bytes += chunk.length));
        res.on('end', () =>
          resolve({
            status: res.statusCode!,
            bytes,
            ms: Math.round(performance.now() - started),
            etag: res.headers.etag,
            encoding: res.headers['content-encoding'],
          }),
        );
      })
      .on('error', reject);
  });
}

/**
 * One call to the list (or `calls`, one after another), with the event loop's longest hold and the
 * probe's slowest answer meanwhile.
 */
async function measured(label: string, headers: Record<string, string>, calls = () => get('/api/product/list', headers)) {
  const loop = monitorEventLoopDelay({ resolution: 10 });
  loop.enable();
  const probes: number[] = [];
  let probing = true;
  const probe = (async () => {
    while (probing) {
      probes.push((await get('/healthz')).ms);
      await new Promise((resolve) => setTimeout(resolve, 10));
    }
  })();
  const answer = await calls();
  probing = false;
  await probe;
  loop.disable();
  const row = {
    call: label,
    status: answer.status,
    encoding: answer.encoding ?? 'identity',
    MB: +(answer.bytes / 1e6).toFixed(2),
    ms: answer.ms,
    loopMaxMs: Math.round(loop.max / 1e6),
    loopP99Ms: Math.round(loop.percentile(99) / 1e6),
    probes: probes.length,
    probeMaxMs: Math.max(0, ...probes),
  };
  console.log(JSON.stringify(row));
  return answer;
}

/** A price edit as the seller's instance makes it: the write, then its own cache dropped at once. */
async function changeOneProduct() {
  await app.db.execute(sql`update products set price_minor = price_minor + 1, offer_price_minor = offer_price_minor + 1
    where id = (select id from products where retired_at is null order by created_at desc limit 1)`);
  app.products.invalidate();
}

try {
  const [{ count }] = (await app.db.execute<{ count: number }>(sql`select count(*)::int as count from products where retired_at is null`)).rows as [{ count: number }];
  console.log(JSON.stringify({ driver: database.driver, products: count, paging: LIST_PAGING, cores: os.cpus().length, loadAverage: os.loadavg().map((l) => l.toFixed(1)).join(' ') }));
  // The machine alone, for comparison: a shared machine's load delays an idle event loop too.
  await measured('idle 5 s, no call (the machine alone)', {}, async () => {
    await new Promise((resolve) => setTimeout(resolve, 5000));
    return { status: 0, bytes: 0, ms: 5000 };
  });
  const first = await measured('first (gzip)', { 'accept-encoding': 'gzip, deflate, br' });
  await measured('repeat (gzip, deflate, br)', { 'accept-encoding': 'gzip, deflate, br' });
  await measured('repeat (gzip)', { 'accept-encoding': 'gzip' });
  await measured('repeat (br)', { 'accept-encoding': 'br' });
  await measured('repeat (identity)', { 'accept-encoding': 'identity' });
  if (first.etag) await measured('repeat (If-None-Match)', { 'accept-encoding': 'gzip, deflate, br', 'if-none-match': first.etag });
  await changeOneProduct();
  // Calls every 100 ms after the change until one answers the rebuilt list: the previous one (304) meanwhile.
  const changed = { 'accept-encoding': 'gzip, deflate, br', 'if-none-match': first.etag ?? '' };
  let slowestCallMs = 0;
  let stale = 0;
  const began = performance.now();
  const fresh = await measured('calls from a price change until the rebuilt list', changed, async () => {
    for (;;) {
      const answer = await get('/api/product/list', changed);
      slowestCallMs = Math.max(slowestCallMs, answer.ms);
      if (answer.status !== 304) return { ...answer, ms: Math.round(performance.now() - began) };
      stale += 1;
      await new Promise((resolve) => setTimeout(resolve, 100));
    }
  });
  console.log(JSON.stringify({ previousListAnswers: stale, slowestCallMs, etagChanged: fresh.etag !== first.etag }));
  await measured('repeat after the rebuild (If-None-Match)', { 'accept-encoding': 'gzip, deflate, br', 'if-none-match': fresh.etag ?? '' });
} finally {
  await app.close();
  await database.close();
}
