import { sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { placeTestOrder } from '../test/order-builders.js';
import { buildTestApp, type TestApp } from '../test/test-app.js';
import { vacuumChangedTables } from './embedded-maintenance.js';
import { queryRows } from './raw-sql.js';

/** The embedded database's stand-in for autovacuum (docs/decisions/0210), run by the hourly housekeeping on PGlite. */
describe('the embedded database kept in shape', () => {
  let t: TestApp;

  beforeAll(async () => {
    t = await buildTestApp();
    const { orderId } = await placeTestOrder(t.app);
    await t.app.db.execute(sql`insert into orders (user_id, address_id, seller_id, checkout_id, address, subtotal_minor, tax_minor, amount_minor, payment_type)
      select o.user_id, o.address_id, o.seller_id, gen_random_uuid(), o.address, o.subtotal_minor, o.tax_minor, o.amount_minor, o.payment_type
        from orders o, generate_series(1, 5000) where o.id = ${orderId}`);
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

  it('is one of the hourly chores on the embedded database only', () => {
    expect(t.app.housekeeping.chores.includes('embedded database statistics and dead rows')).toBe(t.database.driver === 'pglite');
  });
});
