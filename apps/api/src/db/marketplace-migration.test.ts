import fs from 'node:fs/promises';
import os from 'node:os';
import path from 'node:path';
import { PGlite } from '@electric-sql/pglite';
import { pg_trgm } from '@electric-sql/pglite/contrib/pg_trgm';
import { FIRST_SHOP, type Product } from '@greencart/shared';
import { sql } from 'drizzle-orm';
import { drizzle as drizzlePg } from 'drizzle-orm/node-postgres';
import { migrate as migratePg } from 'drizzle-orm/node-postgres/migrator';
import { drizzle as drizzlePglite } from 'drizzle-orm/pglite';
import { migrate as migratePglite } from 'drizzle-orm/pglite/migrator';
import pg from 'pg';
import { afterAll, describe, expect, it } from 'vitest';
import { buildApp } from '../app.js';
import { loadConfig } from '../config/env.js';
import { hashPassword } from '../lib/password.js';
import { freshPostgresDatabase } from '../test/test-app.js';
import { openDatabase, type Database } from './client.js';
import { migrationsBefore } from '../test/migrations-before.js';

/**
 * Migration 0019 on a shop that already has data (issue 26): the oldest seller row becomes the operator
 * of the first shop, the newer rows of earlier SELLER_EMAILs go, every product and order is the first
 * shop's and every order its own checkout; the next start gives the operator the environment's e-mail and
 * password. (A fresh database is every other suite's: migrated from nothing, the start-up names the operator.)
 */
const onPostgres = process.env.TEST_DB_DRIVER === 'postgres' && process.env.TEST_DATABASE_URL !== undefined;
const BEFORE = '0019_marketplace_shops';


/** A shop of the spec's day: the seller under two e-mails over time, a product, a shopper's order. */
const oldShop = (passwordHash: string) => [
  sql`insert into sellers (id, email, password_hash, created_at) values
    ('00000000-0000-4000-8000-000000000001', 'first-seller@example.com', ${passwordHash}, '2026-01-01'),
    ('00000000-0000-4000-8000-000000000002', 'seller@example.com', ${passwordHash}, '2026-03-01')`,
  sql`insert into products (id, name, category, price_minor, offer_price_minor) values
    ('00000000-0000-4000-8000-0000000000a1', 'Old Tomato', 'Vegetables', 4000, 3500)`,
  sql`insert into users (id, name, email, password_hash) values ('00000000-0000-4000-8000-0000000000b1', 'Asha', 'asha@example.com', '!')`,
  sql`insert into orders (id, user_id, address, subtotal_minor, tax_minor, amount_minor, payment_type) values
    ('00000000-0000-4000-8000-0000000000c1', '00000000-0000-4000-8000-0000000000b1', '{}', 3500, 70, 3570, 'COD')`,
];

interface Legacy {
  /** Runs the migrations of `folder` on the old database. */
  migrate(folder: string): Promise<void>;
  exec(statement: ReturnType<typeof sql>): Promise<void>;
  close(): Promise<void>;
  /** The database as the app opens it, with every migration. */
  open(): Promise<Database>;
}

async function legacyPglite(dataDir: string): Promise<Legacy> {
  const client = await PGlite.create(path.join(dataDir, 'pg'), { extensions: { pg_trgm } });
  const db = drizzlePglite(client);
  return {
    migrate: (folder) => migratePglite(db, { migrationsFolder: folder }),
    exec: async (statement) => void (await db.execute(statement)),
    close: () => client.close(),
    open: () => openDatabase({ dataDir }),
  };
}

async function legacyPostgres(): Promise<Legacy & { drop(): Promise<void> }> {
  const fresh = await freshPostgresDatabase('gc_migration');
  const pool = new pg.Pool({ connectionString: fresh.url, max: 1 });
  const db = drizzlePg(pool);
  return {
    migrate: (folder) => migratePg(db, { migrationsFolder: folder }),
    exec: async (statement) => void (await db.execute(statement)),
    close: () => pool.end(),
    open: () => openDatabase({ databaseUrl: fresh.url, dataDir: null }),
    drop: fresh.drop,
  };
}

describe('migration 0019 on a database with data', () => {
  const cleanUps: (() => Promise<unknown>)[] = [];
  afterAll(async () => {
    for (const cleanUp of cleanUps.reverse()) await cleanUp();
  });

  it('makes the oldest seller the operator of the first shop, which owns every product and order, and the start gives it SELLER_EMAIL', async () => {
    const dataDir = await fs.mkdtemp(path.join(os.tmpdir(), 'greencart-migration-'));
    cleanUps.push(() => fs.rm(dataDir, { recursive: true, force: true }));
    const legacy: Legacy = onPostgres ? await legacyPostgres() : await legacyPglite(dataDir);
    if (onPostgres) cleanUps.push((legacy as Awaited<ReturnType<typeof legacyPostgres>>).drop);
    await legacy.migrate(await migrationsBefore(path.join(dataDir, 'migrations-before'), BEFORE));
    for (const statement of oldShop(await hashPassword('old-password'))) await legacy.exec(statement);
    await legacy.close();

    const database = await legacy.open();
    const rows = async (query: ReturnType<typeof sql>) => (await database.db.execute(query)) as unknown as { rows: Record<string, unknown>[] } | Record<string, unknown>[];
    const list = async (query: ReturnType<typeof sql>) => {
      const result = await rows(query);
      return Array.isArray(result) ? result : result.rows;
    };
    expect(await list(sql`select id, email, role, status, shop_name, slug, email_confirmed_at is not null as confirmed from sellers`)).toEqual([
      { id: '00000000-0000-4000-8000-000000000001', email: 'first-seller@example.com', role: 'operator', status: 'approved', shop_name: FIRST_SHOP.shopName, slug: FIRST_SHOP.slug, confirmed: true },
    ]);
    expect(await list(sql`select seller_id from products`)).toEqual([{ seller_id: '00000000-0000-4000-8000-000000000001' }]);
    expect(await list(sql`select seller_id, checkout_id from orders`)).toEqual([
      { seller_id: '00000000-0000-4000-8000-000000000001', checkout_id: '00000000-0000-4000-8000-0000000000c1' },
    ]);

    const config = loadConfig({ DATA_DIR: dataDir, LOG_LEVEL: 'silent', WEB_DIST: path.join(dataDir, 'no-web'), SELLER_EMAIL: 'seller@example.com', SELLER_PASSWORD: 'new-password-1' });
    const app = await buildApp({ config, database, logger: false, seed: false, mailSender: false });
    cleanUps.push(async () => (await app.close(), await database.close()));
    const login = await app.inject({ method: 'POST', url: '/api/seller/login', payload: { email: 'seller@example.com', password: 'new-password-1' } });
    expect(login.statusCode).toBe(200);
    const old = await app.inject({ method: 'POST', url: '/api/seller/login', payload: { email: 'first-seller@example.com', password: 'old-password' } });
    expect(old.statusCode).toBe(401);
    const products = (await app.inject({ method: 'GET', url: '/api/product/list' })).json<{ products: Product[] }>().products;
    expect(products.map((p) => [p.name, p.seller.slug])).toEqual([['Old Tomato', FIRST_SHOP.slug]]);
  }, 60_000);
});
