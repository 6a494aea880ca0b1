import { sql } from 'drizzle-orm';
import { afterAll, describe, expect, it } from 'vitest';
import { pgliteBefore } from '../test/migrations-before.js';

/**
 * Migration 0036 (decision 0157, amended 2026-11-29) on a shop whose coupon uses were kept by the old rule: a use
 * whose checkout has no live order with a share of the discount is given back once, with the coupon's sums; a use
 * a live discounted order holds stays.
 */
const TAG = '0036_coupon_uses_without_a_discount';

describe('migration 0036 on coupon uses kept by the old rule', () => {
  const cleanUps: (() => Promise<unknown>)[] = [];
  afterAll(async () => {
    for (const cleanUp of cleanUps.reverse()) await cleanUp();
  });

  it('gives back the uses no live order has a share of, once, and keeps the one a live discounted order holds', { timeout: 180_000 }, async () => {
    const before = await pgliteBefore(TAG);
    cleanUps.push(before.close);
    const { db, rows } = before;
    // The operator's shop, which the migrations make.
    const [seller] = await rows<{ id: string }>(sql`select id from sellers where role = 'operator'`);
    const user = '00000000-0000-4000-8000-0000000000b1';
    await db.execute(sql`insert into users (id, name, email, password_hash) values (${user}, 'Asha', 'asha@example.com', '!')`);
    const [coupon] = await rows<{ id: string }>(sql`insert into coupons (code, type, value, uses_taken, discount_given_minor) values ('ONCE', 'amount', 2000, 2, 3000) returning id`);
    // Checkout a1: its discounted order cancelled, another shop's order (given nothing) lives. Checkout a2: its discounted order lives.
    const order = (id: string, checkout: string, status: string, discount: number) =>
      db.execute(sql`insert into orders (id, user_id, seller_id, checkout_id, address, subtotal_minor, tax_minor, amount_minor, payment_type, status, discount_minor)
        values (${id}, ${user}, ${seller!.id}, ${checkout}, '{}', 10000, 200, 10200, 'COD', ${status}, ${discount})`);
    const [a1, a2] = ['00000000-0000-4000-8000-0000000000a1', '00000000-0000-4000-8000-0000000000a2'];
    await order('00000000-0000-4000-8000-0000000000c1', a1, 'Cancelled', 2000);
    await order('00000000-0000-4000-8000-0000000000c2', a1, 'Order Placed', 0);
    await order('00000000-0000-4000-8000-0000000000c3', a2, 'Processed', 1000);
    for (const [checkout, discount] of [[a1, 2000], [a2, 1000]] as const) {
      await db.execute(sql`insert into coupon_uses (coupon_id, user_id, checkout_id, discount_minor) values (${coupon!.id}, ${user}, ${checkout}, ${discount})`);
    }

    await before.finish();
    expect(await rows(sql`select checkout_id as checkout, released_at is not null as released from coupon_uses order by checkout_id`)).toEqual([
      { checkout: a1, released: true },
      { checkout: a2, released: false },
    ]);
    expect(await rows(sql`select uses_taken as uses, discount_given_minor::int as given from coupons`)).toEqual([{ uses: 1, given: 1000 }]);
  });
});
