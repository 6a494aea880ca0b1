import fs from 'node:fs/promises';
import { sql } from 'drizzle-orm';
import pg from 'pg';
import { describe, expect, it } from 'vitest';
import type { Database } from '../db/client.js';
import { queryRows } from '../db/raw-sql.js';
import { freshPostgresDatabase, openTestDatabase } from './test-databases.js';

/** Decision 0110: each test file starts from the run's migrated template instead of migrating its own database. */
const onPostgres = process.env.TEST_DB_DRIVER === 'postgres' && process.env.TEST_DATABASE_URL !== undefined;

const migrationCount = async () =>
  (JSON.parse(await fs.readFile(new URL('../db/migrations/meta/_journal.json', import.meta.url), 'utf8')) as { entries: unknown[] }).entries.length;

const appliedMigrations = async (database: Database) =>
  (await queryRows<{ n: number }>(database.db, sql`select count(*)::int as n from drizzle.__drizzle_migrations`))[0]!.n;

describe("a test file's database", () => {
  it.skipIf(onPostgres)('on PGlite is a copy of the migrated template, not a new cluster', async () => {
    const opened = [await openTestDatabase(), await openTestDatabase()];
    try {
      // initdb gives every new cluster an identifier of its own; a copy keeps its template's.
      const [first, second] = await Promise.all(
        opened.map(async (database) => (await queryRows<{ id: string }>(database.db, sql`select system_identifier::text as id from pg_control_system()`))[0]!.id),
      );
      expect(second).toBe(first);
      for (const database of opened) expect(await appliedMigrations(database)).toBe(await migrationCount());
    } finally {
      for (const database of opened) await database.close();
    }
  });

  it.runIf(onPostgres)('on PostgreSQL is created already migrated, from the template', async () => {
    const copy = await freshPostgresDatabase('gc_copy', { migrated: true });
    // Read before anything opens it with openDatabase, which would migrate an empty one.
    const client = new pg.Client({ connectionString: copy.url });
    await client.connect();
    try {
      const { rows } = await client.query<{ n: number }>('select count(*)::int as n from drizzle.__drizzle_migrations');
      expect(rows[0]!.n).toBe(await migrationCount());
    } finally {
      await client.end();
      await copy.drop();
    }
  });
});
