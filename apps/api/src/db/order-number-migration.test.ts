import { sql } from 'drizzle-orm';
import { afterAll, describe, expect, it } from 'vitest';
import { pgliteBefore } from '../test/migrations-before.js';

/**
 * Migration 0022 on a shop that already has orders (issue 28, docs/decisions/0143): they get numbers in the
 * order they were placed, whatever order the table holds them in, and the next order continues after them.
 * The same run checks migration 0029 (decision 0226): a cash order delivered before it becomes paid.
 */
const TAG = '0022_order_life';

describe('migration 0022 on a database with orders', () => {
  const cleanUps: (() => Promise<unknown>)[] = [];
  afterAll(async () => {
    for (const cleanUp of cleanUps.reverse()) await cleanUp();
  });

  // Every migration from nothing, twice over, on a fresh PGlite: slow on a busy machine.
  it('numbers existing orders from GC-100000 in the order they were placed, and the sequence continues after them; a delivered cash order is paid', { timeout: 180_000 }, async () => {
    const before = await pgliteBefore(TAG);
    cleanUps.push(before.close);
    const { db, rows } = before;
    const [seller] = await rows<{ id: string }>(sql`select id from sellers where role = 'operator'`);
    const sellerId = seller?.id ?? (await rows<{ id: string }>(sql`insert into sellers (email, password_hash, role, status, shop_name, slug) values ('s@example.com', '!', 'operator', 'approved', 'GreenCart', 'greencart') returning id`))[0]!.id;
    await db.execute(sql`insert into users (id, name, email, password_hash) values ('00000000-0000-4000-8000-0000000000b1', 'Asha', 'asha@example.com', '!')`);
    // Written newest first: the table's physical order is the reverse of the placing order.
    for (const [id, day] of [['c3', '2026-03-03'], ['c1', '2026-03-01'], ['c2', '2026-03-02']] as const) {
      const orderId = `00000000-0000-4000-8000-0000000000${id}`;
      await db.execute(sql`insert into orders (id, user_id, seller_id, checkout_id, address, subtotal_minor, tax_minor, amount_minor, payment_type, created_at)
        values (${orderId}, '00000000-0000-4000-8000-0000000000b1', ${sellerId}, ${orderId}, '{}', 100, 2, 102, 'COD', ${day})`);
    }

    await db.execute(sql`update orders set status = 'Delivered' where id = '00000000-0000-4000-8000-0000000000c2'`);

    await before.finish();
    // Paid when delivered (0029), never before; the others still wait for their cash.
    expect(await rows(sql`select right(id::text, 2) as id, is_paid as paid, paid_at is not null as "paidAt" from orders order by created_at`)).toEqual([
      { id: 'c1', paid: false, paidAt: false },
      { id: 'c2', paid: true, paidAt: true },
      { id: 'c3', paid: false, paidAt: false },
    ]);
    expect(await rows(sql`select right(id::text, 2) as id, order_number::int as number from orders order by created_at`)).toEqual([
      { id: 'c1', number: 100000 },
      { id: 'c2', number: 100001 },
      { id: 'c3', number: 100002 },
    ]);
    const [next] = await rows<{ number: number }>(sql`insert into orders (user_id, seller_id, checkout_id, address, subtotal_minor, tax_minor, amount_minor, payment_type)
      values ('00000000-0000-4000-8000-0000000000b1', ${sellerId}, gen_random_uuid(), '{}', 100, 2, 102, 'COD') returning order_number::int as number`);
    expect(next!.number).toBe(100003);
  });
});
