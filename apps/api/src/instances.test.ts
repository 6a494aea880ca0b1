import fs from 'node:fs/promises';
import os from 'node:os';
import path from 'node:path';
import { setTimeout as sleep } from 'node:timers/promises';
import { IMAGE_WIDTHS, type Product, type User } from '@greencart/shared';
import { sql } from 'drizzle-orm';
import type { FastifyInstance } from 'fastify';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { buildApp } from './app.js';
import { loadConfig } from './config/env.js';
import { openDatabase } from './db/client.js';
import { products, storedImages } from './db/schema/index.js';
import { SEEDED_PRODUCT_COUNT } from './db/seed/catalogue.js';
import { ACCOUNT_ATTEMPT_LIMIT } from './modules/users/user-routes.js';
import { multipartBody, testImage } from './test/seller-builders.js';
import { body, freshPostgresDatabase, sellerCookie } from './test/test-app.js';

/**
 * Issue 17's "done when": two instances started at once on one fresh PostgreSQL, each with its own
 * DATA_DIR and connection pool, as two machines would have. Only PostgreSQL can be shared: PGlite is
 * one process per DATA_DIR (docs/decisions/0006).
 */
const onPostgres = process.env.TEST_DB_DRIVER === 'postgres' && process.env.TEST_DATABASE_URL !== undefined;

interface Instance {
  app: FastifyInstance;
  close(): Promise<void>;
}

async function startInstance(databaseUrl: string): Promise<Instance> {
  const dataDir = await fs.mkdtemp(path.join(os.tmpdir(), 'greencart-instance-'));
  const config = loadConfig({
    NODE_ENV: 'test',
    DATA_DIR: dataDir,
    DATABASE_URL: databaseUrl,
    TRUST_PROXY: '1',
    LOG_LEVEL: 'silent',
    WEB_DIST: path.join(dataDir, 'no-web'),
  });
  const database = await openDatabase({ databaseUrl, dataDir });
  const app = await buildApp({ config, database, logger: false });
  await app.ready();
  return {
    app,
    async close() {
      await app.close();
      await database.close();
      await fs.rm(dataDir, { recursive: true, force: true });
    },
  };
}

const startBoth = (url: string) => Promise.all([startInstance(url), startInstance(url)]);

/** Polls until `check` holds; returns how long that took. Fails after the 1 s. */
async function withinOneSecond(what: string, check: () => Promise<boolean>): Promise<number> {
  const started = Date.now();
  for (;;) {
    if (await check()) return Date.now() - started;
    if (Date.now() - started > 1000) throw new Error(`${what} did not reach the other instance within 1 s`);
    await sleep(20);
  }
}

const catalogue = async (app: FastifyInstance) => body<{ products: Product[] }>(await app.inject({ method: 'GET', url: '/api/product/list' })).products;

describe.skipIf(!onPostgres)('two instances on one fresh PostgreSQL (runs in the api-postgres project, with TEST_DATABASE_URL)', () => {
  let fresh: Awaited<ReturnType<typeof freshPostgresDatabase>>;
  let a: Instance;
  let b: Instance;

  beforeAll(async () => {
    fresh = await freshPostgresDatabase('gc_instances');
    [a, b] = await startBoth(fresh.url);
  });

  afterAll(async () => {
    await Promise.all([a?.close(), b?.close()]);
    await fresh?.drop();
  });

  it('seeds the demo catalogue once, its images in the database, served by both', async () => {
    const { db } = a.app;
    expect(await db.$count(products)).toBe(SEEDED_PRODUCT_COUNT);
    const [{ referenced } = { referenced: 0 }] = await db.select({ referenced: sql<number>`sum(jsonb_array_length(${products.images}))::int` }).from(products);
    expect(await db.$count(storedImages)).toBe(referenced * IMAGE_WIDTHS.length);
    const [fromA, fromB] = await Promise.all([catalogue(a.app), catalogue(b.app)]);
    expect(fromB).toEqual(fromA);
    for (const instance of [a, b]) {
      const image = await instance.app.inject({ method: 'GET', url: fromA.at(-1)!.image[0]! });
      expect(image.statusCode).toBe(200);
      expect(image.headers['content-type']).toBe('image/webp');
    }
  });

  /** A shopper signed up on `app` (from `ip`, as the proxy saw it): their session cookie. */
  async function signUp(app: FastifyInstance, name: string, ip: string): Promise<string> {
    const register = await app.inject({
      method: 'POST',
      url: '/api/user/register',
      payload: { name, email: `${name.replace(/ /g, '-').toLowerCase()}-${Date.now()}@example.com`, password: 'correct-horse-battery' },
      headers: { 'x-forwarded-for': ip },
    });
    expect(register.statusCode).toBe(200);
    return `gc_session=${register.cookies.find((c) => c.name === 'gc_session')!.value}`;
  }

  it('knows on one instance the session and cart made on the other', async () => {
    const cookie = await signUp(a.app, 'Two Machines', '198.51.100.1');
    const productId = (await catalogue(a.app))[0]!._id;
    const update = await a.app.inject({ method: 'POST', url: '/api/cart/update', payload: { cartItems: { [productId]: 3 } }, headers: { cookie } });
    expect(update.statusCode).toBe(200);
    const onB = body<{ success: boolean; user: User }>(await b.app.inject({ method: 'GET', url: '/api/user/is-auth', headers: { cookie } }));
    expect(onB).toMatchObject({ success: true, user: { name: 'Two Machines', cartItems: { [productId]: 3 } } });
  });

  it('refuses on the other instance within 1 s a session ended on one, though the other had it looked up', async () => {
    const cookie = await signUp(a.app, 'Logged Out', '198.51.100.2');
    const isAuth = async (app: FastifyInstance) => body<{ success: boolean }>(await app.inject({ method: 'GET', url: '/api/user/is-auth', headers: { cookie } })).success;
    expect([await isAuth(b.app), await isAuth(b.app)]).toEqual([true, true]);
    expect((await a.app.inject({ method: 'GET', url: '/api/user/logout', headers: { cookie } })).statusCode).toBe(200);
    expect(await isAuth(a.app)).toBe(false);
    await withinOneSecond('the ended session', async () => !(await isAuth(b.app)));
  });

  it('shows a stock change made on one instance on the other within 1 s, though the other had the catalogue cached', async () => {
    const product = (await catalogue(b.app)).find((p) => p.inStock)!;
    const toggled = await a.app.inject({ method: 'POST', url: '/api/product/stock', payload: { id: product._id, inStock: false }, headers: { cookie: await sellerCookie(a.app) } });
    expect(toggled.statusCode).toBe(200);
    const took = await withinOneSecond('the stock change', async () => (await catalogue(b.app)).find((p) => p._id === product._id)?.inStock === false);
    expect(took).toBeLessThan(1000);
  });

  it('lists a product added on one instance on the other within 1 s, and serves its image there with an ETag', async () => {
    await catalogue(b.app);
    const { payload, headers } = await multipartBody(
      { productData: JSON.stringify({ name: 'Cluster Kiwi', category: 'Fruits', price: 80, offerPrice: 70 }) },
      [{ name: 'kiwi.png', data: await testImage('png', 300) }],
    );
    const added = await a.app.inject({ method: 'POST', url: '/api/product/add', payload, headers: { ...headers, cookie: await sellerCookie(a.app) } });
    expect(added.statusCode).toBe(200);
    const id = body<{ product: Product }>(added).product._id;
    await withinOneSecond('the new product', async () => (await catalogue(b.app)).some((p) => p._id === id));
    const url = (await catalogue(b.app)).find((p) => p._id === id)!.image[0]!;
    const image = await b.app.inject({ method: 'GET', url });
    expect(image.statusCode).toBe(200);
    expect(image.rawPayload.subarray(8, 12).toString()).toBe('WEBP');
    const revalidated = await b.app.inject({ method: 'GET', url, headers: { 'if-none-match': String(image.headers.etag) } });
    expect(revalidated.statusCode).toBe(304);
  });

  it('runs the hourly sweep on one instance per period', async () => {
    const runs = async () => (await Promise.all([a.app.housekeeping.runIfDue(), b.app.housekeeping.runIfDue()])).filter(Boolean).length;
    expect(await runs()).toBe(1);
    expect(await runs()).toBe(0);
    // The period has passed (as if an hour went by): again exactly one of the two runs it.
    await a.app.db.execute(sql`update scheduled_runs set last_run_at = last_run_at - interval '1 hour'`);
    expect(await runs()).toBe(1);
  });

  it('counts the per-address sign-up and login budget across both instances, and keeps it across a restart of both', async () => {
    const client = { 'x-forwarded-for': '203.0.113.77' };
    // An empty body is refused (400) after the attempt is counted, so no password hashing slows this down.
    const attempt = (instance: Instance, url: string) => instance.app.inject({ method: 'POST', url, payload: {}, headers: client });
    for (let i = 0; i < ACCOUNT_ATTEMPT_LIMIT; i++) {
      expect((await attempt(i % 2 === 0 ? a : b, i % 3 === 0 ? '/api/user/login' : '/api/user/register')).statusCode).toBe(400);
    }
    const refused = await attempt(a, '/api/user/login');
    expect(refused.statusCode).toBe(429);
    expect(body(refused)).toMatchObject({ success: false, code: 'TOO_MANY_ATTEMPTS' });

    await Promise.all([a.close(), b.close()]);
    [a, b] = await startBoth(fresh.url);
    for (const instance of [a, b]) expect((await attempt(instance, '/api/user/register')).statusCode).toBe(429);
    // Another client address is untouched, and the restart did not seed a second catalogue.
    expect((await a.app.inject({ method: 'POST', url: '/api/user/register', payload: {}, headers: { 'x-forwarded-for': '203.0.113.78' } })).statusCode).toBe(400);
    expect(await catalogue(b.app)).toHaveLength(SEEDED_PRODUCT_COUNT + 1);
  });
});
