import pg from 'pg';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { buildTestApp, type TestApp } from '../test/test-app.js';

// Only PostgreSQL has connections a server can drop; PGlite runs inside the process.
describe.skipIf(process.env.TEST_DB_DRIVER !== 'postgres')('a PostgreSQL connection dropped by the server', () => {
  let t: TestApp;
  beforeAll(async () => {
    t = await buildTestApp();
  });
  afterAll(() => t.close());

  it('is reported, does not crash the process, and the next query opens a new one', async () => {
    const lost: Error[] = [];
    t.database.onConnectionLost((err) => lost.push(err));
    await t.app.db.execute('select 1'); // leaves an idle connection in the pool
    // On the pg driver an execute answers pg's own result.
    const { rows } = (await t.app.db.execute('select current_database() as name')) as unknown as pg.QueryResult<{ name: string }>;

    // What a server restart or failover does to the idle connection.
    const admin = new pg.Client({ connectionString: process.env.TEST_DATABASE_URL });
    await admin.connect();
    await admin.query('select pg_terminate_backend(pid) from pg_stat_activity where datname = $1 and pid <> pg_backend_pid()', [rows[0]!.name]);
    await admin.end();

    await expect.poll(() => lost.length).toBeGreaterThan(0);
    expect((await t.app.inject({ method: 'GET', url: '/healthz' })).statusCode).toBe(200);
  });
});
