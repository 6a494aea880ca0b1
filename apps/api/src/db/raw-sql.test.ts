import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { openTestDatabase } from '../test/test-app.js';
import type { Database } from './client.js';
import { preparedStatement } from './raw-sql.js';

/** Decision 0207: a fixed text with `$n` placeholders, run with its values on either database. */
describe('preparedStatement', () => {
  let database: Database;
  beforeAll(async () => {
    database = await openTestDatabase();
  });
  afterAll(async () => {
    await database.close();
  });

  const statement = preparedStatement<{ total: number; ids: string[]; again: number; none: string | null }>(
    `select (select sum(x)::int from unnest($2::int[]) as x) as total, $1::uuid[]::text[] as ids, $3::int + $3::int as again, $4::text as none`,
  );

  it('binds each value to its placeholder, an array as one parameter and a placeholder used twice to the same value', async () => {
    const ids = ['c0ffee00-0000-4000-8000-000000000001', 'c0ffee00-0000-4000-8000-000000000002'];
    const [row] = await statement(database.db, [ids, [1, 2, 3, 4], 5, null]);
    expect(row).toEqual({ total: 10, ids, again: 10, none: null });
  });

  it('runs again with other values (on PostgreSQL, the same prepared statement)', async () => {
    const [row] = await statement(database.db, [[], [7], 1, 'x']);
    expect(row).toEqual({ total: 7, ids: [], again: 2, none: 'x' });
  });
});
