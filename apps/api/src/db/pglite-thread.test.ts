import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { openPgliteThread, type PgliteThread } from './pglite-thread.js';

describe.skipIf(process.env.TEST_DB_DRIVER === 'postgres')('PGlite on its own thread', () => {
  let db: PgliteThread;
  beforeAll(async () => {
    db = await openPgliteThread({});
    await db.exec('create table items (id int primary key, name text not null)');
  }, 120_000);
  afterAll(() => db?.close());

  it('leaves the event loop free while a long statement runs', async () => {
    let ticks = 0;
    const timer = setInterval(() => (ticks += 1), 5);
    const started = performance.now();
    // About half a second of the database's work (more on a busy machine).
    await db.query('select count(*) from generate_series(1, 3000000) as n where n % 7 = 3');
    const took = performance.now() - started;
    clearInterval(timer);
    // On the event loop's thread the statement held it the whole time: not one tick.
    expect(took).toBeGreaterThan(100);
    expect(ticks).toBeGreaterThan(5);
  });

  it("answers rows and keeps a statement's error with PostgreSQL's code and fields", async () => {
    await db.query('insert into items values ($1, $2)', [1, 'Apple']);
    const { rows } = await db.query<{ id: number; name: string }>('select id, name from items where id = $1', [1]);
    expect(rows).toEqual([{ id: 1, name: 'Apple' }]);
    const refused = await db.query('insert into items values (1, $1)', ['Again']).catch((err: unknown) => err);
    expect(refused).toBeInstanceOf(Error);
    expect(refused).toMatchObject({ code: '23505', constraint: 'items_pkey', message: expect.stringContaining('duplicate key') });
  });

  it('commits a transaction that ends well, rolls back one that throws, and runs other statements after it', async () => {
    await db.transaction(async (tx) => {
      await tx.query('insert into items values (2, $1)', ['Banana']);
    });
    const failure = new Error('changed my mind');
    const thrown = await db
      .transaction(async (tx) => {
        await tx.query('insert into items values (3, $1)', ['Cherry']);
        throw failure;
      })
      .catch((err: unknown) => err);
    expect(thrown).toBe(failure);
    // A statement sent while a transaction is open waits for it, as on one connection.
    let release!: () => void;
    const held = db.transaction(async (tx) => {
      await tx.query('insert into items values (4, $1)', ['Date']);
      await new Promise<void>((resolve) => (release = resolve));
    });
    await new Promise((resolve) => setTimeout(resolve, 50));
    const outside = db.query<{ n: number }>('select count(*)::int as n from items');
    release();
    await held;
    expect((await outside).rows[0]!.n).toBe(3);
    const { rows } = await db.query<{ id: number }>('select id from items order by id');
    expect(rows.map((row) => row.id)).toEqual([1, 2, 4]);
  });

  it('tells a listener of NOTIFY, and stops when it unlistens', async () => {
    const heard: string[] = [];
    const unlisten = await db.listen('things', (payload) => heard.push(payload));
    await db.query(`select pg_notify('things', 'one')`);
    await expect.poll(() => heard).toEqual(['one']);
    await unlisten();
    await db.query(`select pg_notify('things', 'two')`);
    await db.query('select 1');
    expect(heard).toEqual(['one']);
  });

  it('refuses a query parser it cannot run on the thread (only the identity crosses), and every call once closed', async () => {
    const fresh = await openPgliteThread({});
    try {
      expect(() => fresh.query('select 1', [], { parsers: { 1184: (value) => new Date(value) } })).toThrow(/not the identity/);
      const { rows } = await fresh.query<{ at: unknown }>(`select timestamptz '2026-01-01 00:00:00+00' as at`, [], { parsers: { 1184: (value) => value } });
      expect(typeof rows[0]!.at).toBe('string');
    } finally {
      await fresh.close();
    }
    await expect(fresh.query('select 1')).rejects.toThrow(/thread stopped/);
    // Its BEGIN, not waited for, fails there too without an unhandled rejection (Vitest fails a run that has one).
    await expect(fresh.transaction((tx) => tx.query('select 1'))).rejects.toThrow(/thread stopped/);
  }, 120_000);

  it("serves the next database on a closed one's thread with nothing of the first, and follows its channels afresh", async () => {
    const first = await openPgliteThread({});
    await first.exec('create table leftovers (id int)');
    const heardByFirst: string[] = [];
    await first.listen('news', (payload) => heardByFirst.push(payload));
    await first.close();

    // The closed database's thread, kept for this open (docs/decisions/0213).
    const next = await openPgliteThread({});
    try {
      await expect(next.query('select * from leftovers')).rejects.toMatchObject({ code: '42P01' });
      const heard: string[] = [];
      await next.listen('news', (payload) => heard.push(payload));
      await next.query(`select pg_notify('news', 'for the next one')`);
      await expect.poll(() => heard).toEqual(['for the next one']);
      expect(heardByFirst).toEqual([]);
    } finally {
      await next.close();
    }
    await expect(first.query('select 1')).rejects.toThrow(/thread stopped/);
  }, 120_000);
});
