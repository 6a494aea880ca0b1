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

/**
 * A hot statement whose text never changes, written once with `$1`…`$n` placeholders: on PostgreSQL a named
 * prepared statement given its values as they are, so a call neither joins a `sql` template nor hashes the text
 * (checkout's `place_order`, 25 parameters: docs/decisions/0207); PGlite runs the same text through Drizzle.
 */
export function preparedStatement<Row = Record<string, unknown>>(text: string): (db: DbOrTx, values: unknown[]) => Promise<Row[]> {
  const name = `gc_${createHash('sha1').update(text).digest('hex').slice(0, 24)}`;
  const parts = text.split(/\$(\d+)/);
  return async (db, values) => {
    const client = (db as { $client?: unknown }).$client;
    if (client instanceof pg.Pool) return (await client.query<Row & pg.QueryResultRow>({ name, text, values })).rows;
    // The text's own placeholders, bound by Drizzle: `$3` is values[2] wherever it appears (an array as one parameter).
    const query = sql.join(parts.map((part, i) => (i % 2 === 0 ? sql.raw(part) : sql`${sql.param(values[Number(part) - 1])}`)));
    return queryRows<Row>(db, query);
  };
}
