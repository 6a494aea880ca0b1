import { createHash } from 'node:crypto';
import { sql, type SQL } from 'drizzle-orm';
import { PgDialect } from 'drizzle-orm/pg-core';
import pg from 'pg';
import type { DbOrTx } from './client.js';

/**
 * Hand-written SQL for the hot paths (checkout: docs/decisions/0065). Drizzle's query builder costs
 * more CPU to build a statement than the database takes to run it; a `sql` template is only joined.
 * Arrays are bound as one parameter each (`sql.param(array)`, cast in the SQL), so a statement's
 * text does not change with the number of lines.
 */
export async function queryRows<Row = Record<string, unknown>>(db: DbOrTx, query: SQL): Promise<Row[]> {
  return ((await db.execute(query)) as unknown as { rows: Row[] }).rows;
}

/**
 * Holds a lock named `name` until the caller's transaction ends (a transaction-scoped advisory lock): for a thing that
 * has no row to lock yet or at all (a shop name being claimed, a payment session, a shop's imports).
 */
export async function lockNamed(tx: DbOrTx, name: string): Promise<void> {
  await tx.execute(sql`select pg_advisory_xact_lock(hashtext(${name}))`);
}

const dialect = new PgDialect();

/**
 * `queryRows` for a hot read whose text is large and its plan the cost (the seller's order pages: planning
 * was 40 % of the database's time, docs/decisions/0084): on PostgreSQL a named prepared statement, planned
 * once per connection (the name is the text's hash, so each filter combination has its own); PGlite runs
 * in-process and plans as before.
 */
export async function queryPreparedRows<Row = Record<string, unknown>>(db: DbOrTx, query: SQL): Promise<Row[]> {
  const client = (db as { $client?: unknown }).$client;
  if (!(client instanceof pg.Pool)) return queryRows<Row>(db, query);
  const { sql: text, params } = dialect.sqlToQuery(query);
  const name = `gc_${createHash('sha1').update(text).digest('hex').slice(0, 24)}`;
  return (await client.query<Row & pg.QueryResultRow>({ name, text, values: params })).rows;
}
