import { sql } from 'drizzle-orm';
import type { DbOrTx } from '../../db/client.js';
import { queryRows } from '../../db/raw-sql.js';

/** Whether the shopper waits to hear that the product is back. */
export async function hasStockAlert(db: DbOrTx, userId: string, productId: string): Promise<boolean> {
  const rows = await queryRows(db, sql`select 1 from stock_alerts where product_id = ${productId} and user_id = ${userId}`);
  return rows.length > 0;
}

/**
 * The shopper's alert for the product, kept as it was if there is one (its place in the line of the shopper's alerts),
 * and the shopper's oldest dropped past `limit`: whether it is new.
 */
export async function insertStockAlert(tx: DbOrTx, userId: string, productId: string, limit: number): Promise<boolean> {
  const inserted = await queryRows(tx, sql`insert into stock_alerts (product_id, user_id) values (${productId}, ${userId}) on conflict do nothing returning 1`);
  if (inserted.length === 0) return false;
  await tx.execute(sql`delete from stock_alerts where user_id = ${userId} and product_id in (
    select product_id from stock_alerts where user_id = ${userId} order by created_at desc, product_id offset ${limit})`);
  return true;
}

/** The shopper's alerts, newest first: the product and when it was asked (at most the limit of them, one index range). */
export async function findStockAlertsOf(db: DbOrTx, userId: string): Promise<{ productId: string; askedAt: Date }[]> {
  const rows = await queryRows<{ product_id: string; created_at: string | Date }>(
    db,
    sql`select product_id, created_at from stock_alerts where user_id = ${userId} order by created_at desc, product_id`,
  );
  return rows.map((row) => ({ productId: row.product_id, askedAt: new Date(row.created_at) }));
}

/** How many shoppers wait for each of the products (those none waits for are left out). */
export async function countWaiting(db: DbOrTx, productIds: string[]): Promise<Map<string, number>> {
  if (productIds.length === 0) return new Map();
  const rows = await queryRows<{ product_id: string; waiting: number | string }>(
    db,
    sql`select product_id, count(*) as waiting from stock_alerts where product_id = any(${sql.param(productIds)}::uuid[]) group by product_id`,
  );
  return new Map(rows.map((row) => [row.product_id, Number(row.waiting)]));
}

/** The shopper's alert for the product ended: whether there was one. */
export async function deleteStockAlert(db: DbOrTx, userId: string, productId: string): Promise<boolean> {
  const deleted = await queryRows(db, sql`delete from stock_alerts where product_id = ${productId} and user_id = ${userId} returning 1`);
  return deleted.length > 0;
}

/**
 * The product put back in stock longest ago that no other instance is working on, its row locked until the caller's
 * transaction ends (FOR UPDATE SKIP LOCKED: two instances running the job at once take different products); not one of
 * `passed` (those whose step failed in this run).
 */
export async function claimRestock(tx: DbOrTx, passed: string[]): Promise<string | undefined> {
  const [row] = await queryRows<{ product_id: string }>(
    tx,
    sql`select product_id from restocks where product_id <> all(${sql.param(passed)}::uuid[]) order by queued_at, product_id limit 1 for update skip locked`,
  );
  return row?.product_id;
}

/** A product whose step failed, put at the back of the queue. */
export async function requeueRestock(db: DbOrTx, productId: string): Promise<void> {
  await db.execute(sql`update restocks set queued_at = now() where product_id = ${productId}`);
}

export async function deleteRestock(tx: DbOrTx, productId: string): Promise<void> {
  await tx.execute(sql`delete from restocks where product_id = ${productId}`);
}

/**
 * Up to `limit` of the product's alerts turned into 'back-in-stock' mails to their shoppers, in one statement: each alert
 * is deleted as its mail is queued (once told, a shopper asks again to hear of the next time). How many were.
 */
export async function queueBackInStockMails(tx: DbOrTx, productId: string, limit: number): Promise<number> {
  const rows = await queryRows(
    tx,
    sql`with told as (
        delete from stock_alerts a using (select user_id from stock_alerts where product_id = ${productId} limit ${limit}) due
        where a.product_id = ${productId} and a.user_id = due.user_id
        returning a.user_id)
      insert into mail_outbox (user_id, product_id, kind) select user_id, ${productId}, 'back-in-stock' from told returning 1`,
  );
  return rows.length;
}

/** The name and e-mail of each shopper among `ids`. */
export async function findShoppers(db: DbOrTx, ids: string[]): Promise<Map<string, { name: string; email: string }>> {
  if (ids.length === 0) return new Map();
  const rows = await queryRows<{ id: string; name: string; email: string }>(db, sql`select id, name, email from users where id = any(${sql.param(ids)}::uuid[])`);
  return new Map(rows.map((row) => [row.id, { name: row.name, email: row.email }]));
}
