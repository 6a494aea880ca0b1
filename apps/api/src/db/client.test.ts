import fs from 'node:fs/promises';
import os from 'node:os';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { sql } from 'drizzle-orm';
import pg from 'pg';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { buildApp } from '../app.js';
import { loadConfig } from '../config/env.js';
import { buildTestApp, freshPostgresDatabase, type TestApp } from '../test/test-app.js';
import { openDatabase } from './client.js';
import { isDatabaseUnreachable } from './retry.js';
import { SEEDED_PRODUCT_COUNT } from './seed/catalogue.js';
import { products, users } from './schema/index.js';

// Only PostgreSQL has connections a server can drop; PGlite runs inside the process (on a thread of its own).
describe.skipIf(process.env.TEST_DB_DRIVER !== 'postgres')('a PostgreSQL connection dropped by the server', () => {
  let t: TestApp;
  beforeAll(async () => {
    // Without the mail sender: its queries come at any moment and would take a connection that is
    // being dropped, whose error then goes to that query instead of the pool.
    // With the web build: its server-rendered pages read the database too.
    t = await buildTestApp({ WEB_DIST: fileURLToPath(new URL('../../../web/dist', import.meta.url)) }, { mailSender: false });
  });
  afterAll(() => t.close());

  it('is reported, does not crash the process, and the next query opens a new one', async () => {
    const lost: Error[] = [];
    t.database.onConnectionLost((err) => lost.push(err));
    await t.app.db.execute('select 1'); // leaves an idle connection in the pool
    // On the pg driver an execute answers pg's own result.
    const { rows } = (await t.app.db.execute('select current_database() as name')) as unknown as pg.QueryResult<{ name: string }>;

    // What a server restart or failover does to the idle connection.
    // The pool's idle connections, not the change feed's listener (it reconnects by itself: channel-feed.test.ts).
    const admin = new pg.Client({ connectionString: process.env.TEST_DATABASE_URL });
    await admin.connect();
    const terminated = await admin.query(
      "select pg_terminate_backend(pid) from pg_stat_activity where datname = $1 and pid <> pg_backend_pid() and query not ilike 'listen%'",
      [rows[0]!.name],
    );
    await admin.end();

    // Every dropped idle connection is reported (and discarded) before the next query.
    expect(terminated.rowCount).toBeGreaterThan(0);
    await expect.poll(() => lost.length).toBe(terminated.rowCount);
    expect((await t.app.inject({ method: 'GET', url: '/healthz' })).statusCode).toBe(200);
  });

  it('ended in the middle of a transaction (the connection checked out) fails that transaction, not the process', async () => {
    const { rows } = (await t.app.db.execute('select pg_backend_pid() as pid')) as unknown as pg.QueryResult<{ pid: number }>;
    expect(rows[0]!.pid).toBeGreaterThan(0);
    const admin = new pg.Client({ connectionString: process.env.TEST_DATABASE_URL });
    await admin.connect();
    try {
      const transaction = t.app.db.transaction(async (tx) => {
        const [{ pid }] = ((await tx.execute('select pg_backend_pid() as pid')) as unknown as pg.QueryResult<{ pid: number }>).rows as [{ pid: number }];
        await admin.query('select pg_terminate_backend($1)', [pid]);
        // Between two statements: the client is out of the pool when the server's goodbye arrives.
        await new Promise((resolve) => setTimeout(resolve, 300));
        await tx.execute('select 1');
      });
      // The rollback after it fails too: what answers is the connection's loss (503 DATABASE_UNAVAILABLE).
      await expect(transaction).rejects.toSatisfy(isDatabaseUnreachable);
    } finally {
      await admin.end();
    }
    expect((await t.app.inject({ method: 'GET', url: '/healthz' })).statusCode).toBe(200);
  });

  it('makes /healthz answer 503 DATABASE_UNAVAILABLE while the database takes no connections, and 200 once it does', async () => {
    const { rows } = (await t.app.db.execute('select current_database() as name')) as unknown as pg.QueryResult<{ name: string }>;
    const name = rows[0]!.name;
    const admin = new pg.Client({ connectionString: process.env.TEST_DATABASE_URL });
    await admin.connect();
    try {
      await admin.query(`alter database "${name}" allow_connections false`);
      await admin.query('select pg_terminate_backend(pid) from pg_stat_activity where datname = $1 and pid <> pg_backend_pid()', [name]);
      await expect.poll(async () => (await t.app.inject({ method: 'GET', url: '/healthz' })).json()).toMatchObject({ success: false, code: 'DATABASE_UNAVAILABLE' });
      expect((await t.app.inject({ method: 'GET', url: '/healthz' })).statusCode).toBe(503);
      // The whole list is built on a thread of its own, which passed the database's failure on as a plain message (500).
      const list = await t.app.inject({ method: 'GET', url: '/api/product/list' });
      expect([list.statusCode, list.json().code]).toEqual([503, 'DATABASE_UNAVAILABLE']);
      // A server-rendered page whose loader could not read the catalogue: a 503 page, not the renderer's 500.
      const page = await t.app.inject({ method: 'GET', url: '/products/fruits', headers: { accept: 'text/html' } });
      expect(page.statusCode).toBe(503);
    } finally {
      await admin.query(`alter database "${name}" allow_connections true`);
      await admin.end();
    }
    await expect.poll(async () => (await t.app.inject({ method: 'GET', url: '/healthz' })).statusCode).toBe(200);
  });
});

describe('instances started together on an empty PostgreSQL database', () => {
  it('migrate and seed once: one catalogue, both answer', async (context) => {
    const url = process.env.TEST_DATABASE_URL;
    if (!url) return context.skip('needs PostgreSQL: set TEST_DATABASE_URL');
    if (process.env.TEST_DB_DRIVER !== 'postgres') return context.skip('runs in the api-postgres project');
    const fresh = await freshPostgresDatabase();
    const dataDir = await fs.mkdtemp(path.join(os.tmpdir(), 'greencart-startup-'));
    const config = loadConfig({ NODE_ENV: 'test', DATA_DIR: dataDir, DATABASE_URL: fresh.url, LOG_LEVEL: 'silent', WEB_DIST: path.join(dataDir, 'no-web') });
    const start = async () => {
      const database = await openDatabase({ databaseUrl: config.databaseUrl, dataDir: null });
      return { database, app: await buildApp({ config, database, seed: true, logger: false }) };
    };
    try {
      const instances = await Promise.all([start(), start()]);
      try {
        expect(await instances[0].database.db.$count(products)).toBe(SEEDED_PRODUCT_COUNT);
        for (const { app } of instances) {
          const res = await app.inject({ method: 'GET', url: '/api/product/list' });
          expect(res.statusCode).toBe(200);
          expect(res.json().products).toHaveLength(SEEDED_PRODUCT_COUNT);
        }
      } finally {
        for (const { app, database } of instances) {
          await app.close();
          await database.close();
        }
      }
    } finally {
      await fresh.drop();
      await fs.rm(dataDir, { recursive: true, force: true });
    }
  }, 180_000);
});

// A probe restarted an instance beside another under load: re-applying every function file at start locked
// ledger_entries, products and orders in turn and deadlocked with the other's cancels; the instance exited.
describe.skipIf(process.env.TEST_DB_DRIVER !== 'postgres')('an instance started beside others writing (docs/decisions/0106)', () => {
  const holdingOrdersAndProducts = async (url: string) => {
    // What a cancel under way holds: its writes' locks on orders and products, not committed yet.
    const writer = new pg.Client({ connectionString: url });
    await writer.connect();
    await writer.query('begin');
    await writer.query('lock table orders, products in row exclusive mode');
    return { end: async () => (await writer.query('commit'), await writer.end()) };
  };

  it('takes no table lock when no function file changed: it starts while others hold their writes', async () => {
    const fresh = await freshPostgresDatabase();
    try {
      await (await openDatabase({ databaseUrl: fresh.url, dataDir: null })).close();
      const writer = await holdingOrdersAndProducts(fresh.url);
      try {
        const started = Date.now();
        await (await openDatabase({ databaseUrl: fresh.url, dataDir: null })).close();
        expect(Date.now() - started).toBeLessThan(1_500);
      } finally {
        await writer.end();
      }
    } finally {
      await fresh.drop();
    }
  }, 60_000);

  it('applies a changed file once the writers let go, trying again after a lock wait times out, and records it', async () => {
    const fresh = await freshPostgresDatabase();
    try {
      const first = await openDatabase({ databaseUrl: fresh.url, dataDir: null });
      // record_order_status_event.sql replaces a trigger on orders: as if its text had changed since.
      await first.db.execute(sql`update applied_function_sources set sha256 = 'changed' where name = 'record_order_status_event.sql'`);
      await first.close();
      const writer = await holdingOrdersAndProducts(fresh.url);
      // Held past the start's first lock wait (2 s), then let go.
      const released = new Promise((resolve) => setTimeout(resolve, 3_000)).then(() => writer.end());
      const second = await openDatabase({ databaseUrl: fresh.url, dataDir: null });
      await released;
      const { rows } = (await second.db.execute(sql`select sha256 from applied_function_sources where name = 'record_order_status_event.sql'`)) as unknown as pg.QueryResult<{ sha256: string }>;
      expect(rows[0]!.sha256).toMatch(/^[0-9a-f]{64}$/);
      await second.close();
    } finally {
      await fresh.drop();
    }
  }, 60_000);
});

describe.skipIf(process.env.TEST_DB_DRIVER === 'postgres')('Drizzle on PGlite', () => {
  it('reads dates and arrays as the parsers Drizzle sends did: a timestamp column a Date, raw timestamps as text', async () => {
    const database = await openDatabase({ dataDir: null });
    try {
      const [user] = await database.db.insert(users).values({ name: 'Parsers', email: 'parsers@example.com', passwordHash: 'x' }).returning({ createdAt: users.createdAt });
      expect(user!.createdAt).toBeInstanceOf(Date);
      const raw = await database.db.transaction((tx) => tx.execute(sql`select now() as at, array[now()] as ats`));
      const [row] = (raw as unknown as { rows: { at: unknown; ats: unknown }[] }).rows;
      expect(row!.at).toMatch(/^\d{4}-\d\d-\d\d \d\d:\d\d:\d\d/);
      expect(row!.ats).toMatch(/^\{"\d{4}-/);
    } finally {
      await database.close();
    }
  });
});
