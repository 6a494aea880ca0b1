import { sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { queryRows } from '../../db/raw-sql.js';
import { copyFirstOrder, placeTestOrder } from '../../test/order-builders.js';
import { buildTestApp, mailsSent, type TestApp } from '../../test/test-app.js';
import { findOrdersToMail, ordersToMailQuery } from './order-repository.js';

/**
 * A round of mails reads the orders of the checkouts it mails about (docs/decisions/0210). On the embedded
 * database nothing refreshes the planner's statistics as orders come in (no autovacuum): the round must read
 * each checkout through its index however many orders the store holds, not every order for each round.
 */
describe('the orders a round of mails reads', () => {
  let t: TestApp;
  let placed: Awaited<ReturnType<typeof placeTestOrder>>;

  beforeAll(async () => {
    t = await buildTestApp();
    placed = await placeTestOrder(t.app);
    await mailsSent(t.app);
    // 5,000 more orders of other checkouts, written since the last statistics (there were none).
    await copyFirstOrder(t.app, 5000);
  });
  afterAll(() => t?.close());

  it("reads each checkout's orders through orders_checkout_idx, not the store's every order", async () => {
    const ids = (await queryRows<{ id: string }>(t.app.db, sql`select id from orders order by random() limit 25`)).map((row) => row.id);
    const plan = JSON.stringify(await queryRows(t.app.db, sql`explain ${ordersToMailQuery(ids)}`));
    expect(plan).toContain('orders_checkout_idx');
    expect(plan).not.toMatch(/Seq Scan on orders|orders_seller_created_idx/);
  });

  it('answers every order of each checkout, with its shopper’s e-mail address', async () => {
    const checkout = await queryRows<{ id: string }>(
      t.app.db,
      sql`select id from orders where checkout_id = (select checkout_id from orders where id = ${placed.orderId}) order by id`,
    );
    const mails = await findOrdersToMail(t.app.db, [placed.orderId]);
    expect(mails.map((mail) => mail.order._id).sort()).toEqual(checkout.map((row) => row.id));
    expect(mails.map((mail) => mail.email)).toEqual(checkout.map(() => placed.shopper.user.email));
  });
});
