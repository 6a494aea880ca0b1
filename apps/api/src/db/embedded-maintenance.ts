import { sql } from 'drizzle-orm';
import type { Db } from './client.js';
import { queryRows } from './raw-sql.js';

/**
 * What PostgreSQL's autovacuum does, for the embedded database, which has none (docs/decisions/0210): each of the
 * store's tables whose size moved by more than a tenth (and 8 pages) since the planner's statistics were taken is
 * vacuumed (its dead rows' space made reusable) and analyzed (statistics taken again). One table per statement, so
 * requests run between them: at 100,000 products and 20,000 orders the largest, `products`, takes about 0.5 s.
 * Answers the tables it did.
 */
export async function vacuumChangedTables(db: Db): Promise<string[]> {
  const changed = await queryRows<{ name: string }>(
    db,
    sql`select c.relname as name from pg_class c join pg_namespace n on n.oid = c.relnamespace
      where n.nspname = 'public' and c.relkind = 'r'
        and abs(pg_relation_size(c.oid) / current_setting('block_size')::int - c.relpages) > 8 + c.relpages / 10
      order by c.relname`,
  );
  for (const { name } of changed) await db.execute(sql`vacuum (analyze) ${sql.identifier(name)}`);
  return changed.map((table) => table.name);
}
