import { sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { copyFirstOrder, placeTestOrder } from '../test/order-builders.js';
import { buildTestApp, type TestApp } from '../test/test-app.js';
import { vacuumChangedTables } from './embedded-maintenance.js';
import { queryRows } from './raw-sql.js';

const onPostgres = process.env.TEST_DB_DRIVER === 'postgres' && process.env.TEST_DATABASE_URL !== undefined;

/** The embedded database's stand-in for autovacuum (docs/decisions/0210), run by the hourly housekeeping on PGlite. */
describe('the embedded database kept in shape', () => {
  let t: TestApp;

  beforeAll(async () => {
    t = await buildTestApp();
    await placeTestOrder(t.app);
    await copyFirstOrder(t.app, 5000);
  });
  afterAll(() => t?.close());

  const plannedRows = async (table: string) => {
    const [row] = await queryRows<{ n: number }>(t.app.db, sql`select reltuples::int as n from pg_class where relname = ${table}`);
    return Number(row!.n);
  };

  it('vacuums and analyzes a table that grew since its statistics, and only such tables', async () => {
    expect(await plannedRows('orders')).toBeLessThan(5000);
    const done = await vacuumChangedTables(t.app.db);
    expect(done).toContain('orders');
    expect(done).not.toContain('coupons');
    expect(await plannedRows('orders')).toBeGreaterThan(5000);
    // Nothing changed since: nothing to do.
    expect(await vacuumChangedTables(t.app.db)).toEqual([]);
  });

  it.skipIf(onPostgres)('runs in the hourly housekeeping on the embedded database', async () => {
    await copyFirstOrder(t.app, 5000);
    expect(await plannedRows('orders')).toBeLessThan(10_000);
    expect(await t.app.housekeeping.runIfDue()).toBe(true);
    expect(await plannedRows('orders')).toBeGreaterThan(10_000);
  });
});
