import { sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { copyFirstOrder, placeTestOrder } from '../test/order-builders.js';
import { createShop } from '../test/market-builders.js';
import { buildTestApp, createShopper, type TestApp } from '../test/test-app.js';
import { queryRows } from './raw-sql.js';
import { seedSyntheticProducts } from './seed/synthetic.js';

/**
 * Reads that housekeeping and the ledger make about one shop or one order go through an index, whatever the store's
 * size (a scale probe at 100,000 products and 20,000 orders found each reading its whole table: the hourly purge of
 * lapsed applications 5.7 s for 50 of them, the owed-refund retry every cancelled order, an order's ledger entries the
 * whole marketplace's ledger). Statistics are taken after the rows are written, as autovacuum would.
 */
describe('reads about one shop or one order at scale', () => {
  let t: TestApp;
  let orderId: string;
  const plan = async (query: ReturnType<typeof sql>) => JSON.stringify(await queryRows(t.app.db, sql`explain ${query}`));

  beforeAll(async () => {
    t = await buildTestApp();
    await seedSyntheticProducts(t.app.db, 5000);
    orderId = (await placeTestOrder(t.app, { shopper: await createShopper(t.app) })).orderId;
    await copyFirstOrder(t.app, 5000);
    // The marketplace's ledger: an entry for each order (commission entries have no once-per-order index of their own).
    await t.app.db.execute(sql`insert into ledger_entries (seller_id, type, amount_minor, order_id) select seller_id, 'commission', -100, id from orders`);
    await t.app.db.execute(sql`analyze`);
  }, 120_000);
  afterAll(() => t?.close());

  it("finds a shop's products, sold or retired, through products_seller_idx (the foreign key's check when an application is deleted)", async () => {
    // What PostgreSQL's restrict check runs for each deleted shop row (an application with no products among the
    // first shop's 5,000), and the purge's own "kept by a product".
    const application = await createShop(t.app, { status: 'pending' });
    const shown = await plan(sql`select 1 from only products x where seller_id = ${application.id} for key share of x`);
    expect(shown).toContain('products_seller_idx');
    expect(shown).not.toContain('Seq Scan on products');
  });

  it('finds the refunds owed through orders_owed_refund_idx, not every cancelled order', async () => {
    await t.app.db.execute(sql`update orders set status = 'Cancelled' where id in (select id from orders limit 2000)`);
    await t.app.db.execute(sql`analyze orders`);
    const shown = await plan(sql`select id from orders where payment_type = 'Online' and status = 'Cancelled' and is_paid and refunded_at is null`);
    expect(shown).toContain('orders_owed_refund_idx');
  });

  it("reads an order's ledger entries through ledger_entries_order_idx", async () => {
    const shown = await plan(sql`select * from ledger_entries where order_id = ${orderId} order by id`);
    expect(shown).toContain('ledger_entries_order_idx');
    expect(shown).not.toContain('Seq Scan on ledger_entries');
  });
});
