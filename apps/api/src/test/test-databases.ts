import { randomUUID } from 'node:crypto';
import fs from 'node:fs/promises';
import os from 'node:os';
import path from 'node:path';
import { PGlite } from '@electric-sql/pglite';
import pg from 'pg';
import { inject } from 'vitest';
import { openDatabase, type Database } from '../db/client.js';

declare module 'vitest' {
  export interface ProvidedContext {
    /** A migrated PGlite data directory saved by `dumpDataDir` (global-setup.ts). */
    pgliteTemplate: string;
    /** A migrated database on TEST_DATABASE_URL's server, cloned with CREATE DATABASE … TEMPLATE (global-setup.ts). */
    postgresTemplate: string;
  }
}

/**
 * What this run's global setup migrated once (docs/decisions/0110); nothing outside Vitest
 * (scripts/measure-checkout.ts), where each database is migrated from empty as before.
 */
const template = (key: 'pgliteTemplate' | 'postgresTemplate'): string | undefined => (process.env.VITEST ? inject(key) : undefined);

async function onPostgresServer(statement: string): Promise<void> {
  const adminUrl = process.env.TEST_DATABASE_URL;
  if (!adminUrl) throw new Error('a test PostgreSQL database needs TEST_DATABASE_URL');
  const client = new pg.Client({ connectionString: adminUrl });
  await client.connect();
  try {
    await client.query(statement);
  } finally {
    await client.end();
  }
}

/**
 * A new database on the PostgreSQL at TEST_DATABASE_URL (`url`), and `drop` to remove it (connections
 * still open are ended). Empty, for suites about migrating and starting up; with `migrated`, a copy of
 * the run's migrated template (empty when there is none: opening it migrates it).
 */
export async function freshPostgresDatabase(
  prefix = 'gc_test',
  options: { migrated?: boolean } = {},
): Promise<{ name: string; url: string; drop(): Promise<void> }> {
  const name = `${prefix}_${randomUUID().replace(/-/g, '')}`;
  const from = options.migrated ? template('postgresTemplate') : undefined;
  await onPostgresServer(from ? `create database ${name} template ${from}` : `create database ${name}`);
  const url = new URL(process.env.TEST_DATABASE_URL!);
  url.pathname = `/${name}`;
  return { name, url: url.toString(), drop: () => onPostgresServer(`drop database if exists ${name} with (force)`) };
}

/**
 * The database of one test file, opened the app's one way (`openDatabase`) from the run's migrated
 * template: PGlite in memory by default; the `api-postgres` Vitest project sets TEST_DB_DRIVER=postgres
 * to run the same suites on the PostgreSQL at TEST_DATABASE_URL, each file in a database of its own.
 */
export async function openTestDatabase(): Promise<Database> {
  if (process.env.TEST_DB_DRIVER !== 'postgres' || !process.env.TEST_DATABASE_URL) {
    const saved = template('pgliteTemplate');
    return openDatabase({ dataDir: null, startFrom: saved ? new Blob([await fs.readFile(saved)]) : undefined });
  }
  const fresh = await freshPostgresDatabase('gc_test', { migrated: true });
  const database = await openDatabase({ databaseUrl: fresh.url, dataDir: null });
  return {
    ...database,
    async close() {
      await database.close();
      await fresh.drop();
    },
  };
}

/**
 * A new DATA_DIR for a server process (`prefix`: its folder's name) whose embedded database is a copy of the run's
 * migrated template, so the process starts without migrating from empty (empty when there is no template).
 */
export async function migratedDataDir(prefix: string): Promise<string> {
  const dir = await fs.mkdtemp(path.join(os.tmpdir(), prefix));
  const saved = template('pgliteTemplate');
  // Only files are written: no query runs, so no extension needs loading (as in global-setup.ts).
  if (saved) await (await PGlite.create(path.join(dir, 'pg'), { loadDataDir: new Blob([await fs.readFile(saved)]) })).close();
  return dir;
}
