import { sql } from 'drizzle-orm';
import { afterAll, describe, expect, it } from 'vitest';
import { pgliteBefore } from '../test/migrations-before.js';

/**
 * Migration 0052 (decision 0276) on a shop whose cash orders were credited as if GreenCart held their cash: each
 * delivered cash order gets the cash its shop kept as a payout entry, a refunded one that cash handed back too, and the
 * shop's sums follow; card orders and the operator's own shop are untouched.
 */
const TAG = '0052_cash_kept_by_shop';

describe('migration 0052 on cash orders delivered before it', () => {
  let close: (() => Promise<unknown>) | undefined;
  afterAll(() => close?.());

  it("enters the cash each delivered cash order's shop kept, and gives it back for a refunded one; card orders stay as they were", { timeout: 180_000 }, async () => {
    const before = await pgliteBefore(TAG);
    close = before.close;
    const { db, rows } = before;
    const [own] = await rows<{ id: string }>(sql`select id from sellers where role = 'operator'`);
    const [seller] = await rows<{ id: string }>(sql`insert into sellers (email, password_hash, role, status, shop_name, slug) values ('kirana@example.com', '!', 'seller', 'approved', 'Kirana', 'kirana') returning id`);
    const user = '00000000-0000-4000-8000-0000000000b1';
    await db.execute(sql`insert into users (id, name, email, password_hash) values (${user}, 'Asha', 'asha@example.com', '!')`);
    const order = (id: string, payment: 'COD' | 'Online', amount: number, shop = seller!.id) =>
      db.execute(sql`insert into orders (id, user_id, seller_id, checkout_id, address, subtotal_minor, tax_minor, amount_minor, payment_type, status, is_paid)
        values (${id}, ${user}, ${shop}, gen_random_uuid(), '{}', ${amount}, 0, ${amount}, ${payment}, 'Delivered', true)`);
    const entry = (orderId: string, type: 'sale' | 'refund', amount: number, shop = seller!.id) =>
      db.execute(sql`insert into ledger_entries (seller_id, type, amount_minor, order_id) values (${shop}, ${type}, ${amount}, ${orderId})`);
    const [kept, givenBack, card, ownCash] = ['00000000-0000-4000-8000-0000000000c1', '00000000-0000-4000-8000-0000000000c2', '00000000-0000-4000-8000-0000000000c3', '00000000-0000-4000-8000-0000000000c4'];
    await order(kept, 'COD', 10_200);
    await order(givenBack, 'COD', 5_000);
    await order(card, 'Online', 7_000);
    await order(ownCash, 'COD', 3_000, own!.id);
    await entry(kept, 'sale', 10_200);
    await entry(givenBack, 'sale', 5_000);
    await entry(givenBack, 'refund', 5_000);
    await entry(card, 'sale', 7_000);
    await entry(ownCash, 'sale', 3_000, own!.id);
    await db.execute(sql`insert into seller_accounts (seller_id, balance_minor, sales_minor, refunds_minor) values (${seller!.id}, 17200, 22200, 5000), (${own!.id}, 3000, 3000, 0)`);

    await before.finish();
    expect(await rows(sql`select order_id as "order", amount_minor::int as amount from ledger_entries where type = 'payout' order by id`)).toEqual([
      { order: kept, amount: 10_200 },
      { order: givenBack, amount: 5_000 },
      { order: givenBack, amount: -5_000 },
    ]);
    // The shop kept 10,200 in cash: GreenCart owes it the card order's 7,000 alone. The operator's own shop's cash is
    // GreenCart's: no entry, its takings as they were.
    // Migration 0055 after it: the cash kept is read apart from the payouts.
    expect(
      await rows(sql`select seller_id = ${own!.id} as own, balance_minor::int as balance, payouts_minor::int as payouts, cash_kept_minor::int as cash, paid_in_minor::int as "paidIn" from seller_accounts order by 1`),
    ).toEqual([
      { own: false, balance: 7_000, payouts: 10_200, cash: 10_200, paidIn: 0 },
      { own: true, balance: 3_000, payouts: 0, cash: 0, paidIn: 0 },
    ]);
  });
});
