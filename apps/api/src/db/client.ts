import fs from 'node:fs/promises';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import type { PGlite } from '@electric-sql/pglite';
import type { ExtractTablesWithRelations } from 'drizzle-orm';
import type { PgDatabase, PgQueryResultHKT, PgTransaction } from 'drizzle-orm/pg-core';
import { drizzle as drizzlePglite } from 'drizzle-orm/pglite';
import { migrate as migratePglite } from 'drizzle-orm/pglite/migrator';
import { drizzle as drizzlePg } from 'drizzle-orm/node-postgres';
import { migrate as migratePg } from 'drizzle-orm/node-postgres/migrator';
import pg from 'pg';
import { DEFAULT_DATABASE_POOL_SIZE } from '../config/env.js';
import { coalescedNotifier, followPostgresChannel, type ChannelFeed } from './channel-feed.js';
import { lockDataDir } from './data-dir-lock.js';
import { openPgliteThread, type PgliteThread } from './pglite-thread.js';
import { functionSources } from './functions.js';
import { retryOnConflict } from './retry.js';
import * as schema from './schema/index.js';

type Schema = typeof schema;
/** The one database type the code uses: both drivers implement Drizzle's PostgreSQL API. */
export type Db = PgDatabase<PgQueryResultHKT, Schema, ExtractTablesWithRelations<Schema>>;
export type Tx = PgTransaction<PgQueryResultHKT, Schema, ExtractTablesWithRelations<Schema>>;
/** A repository function accepts either the database or a transaction. */
export type DbOrTx = Db | Tx;

export interface Database {
  db: Db;
  driver: 'pglite' | 'postgres';
  /** PostgreSQL's connection string, for work that opens a connection of its own (the list's worker, decision 0135). */
  url?: string;
  close(): Promise<void>;
  /** Where a dropped server connection is reported (PostgreSQL only; PGlite runs in-process). */
  onConnectionLost(listener: (err: Error) => void): void;
  /**
   * Runs start-up work (migrations, seeding) in one instance at a time, so instances started together
   * on an empty database do not both seed or race in migrations. PostgreSQL: a session advisory lock;
   * PGlite: the DATA_DIR lock already makes this process the only one (docs/decisions/0006).
   */
  runExclusive<T>(task: () => Promise<T>): Promise<T>;
  /**
   * Follows a NOTIFY channel (docs/decisions/0060). PostgreSQL: a dedicated connection that reconnects;
   * PGlite: its in-process listener (one process is the only writer, and it hears its own writes).
   */
  listen(channel: string): Promise<ChannelFeed>;
  /**
   * Tells every follower of `channel` that something changed, after the caller's commit: its own short
   * transaction, coalesced (`coalescedNotifier`); `close` waits for those under way. For writes whose
   * transaction must not hold PostgreSQL's notify lock (checkout: docs/decisions/0086). `stockTaken`: all that
   * changed is these products' stock (checkout, decision 0273).
   */
  notify(channel: string, stockTaken?: Iterable<string>): void;
}

/** Arbitrary, fixed: advisory lock keys are per database, so this only meets other GreenCart instances. */
const STARTUP_LOCK_KEY = 7_306_101_114_110;

const migrationsFolder = fileURLToPath(new URL('./migrations', import.meta.url));

/** How long a start waits for a table's lock while it applies changed function files, and how often it tries. */
const FUNCTION_LOCK_TIMEOUT = '2s';
const FUNCTION_APPLY_TRIES = 10;
/** Deadlock detected, lock not available (lock_timeout): the start's transaction did nothing and tries again. */
const RETRYABLE_AT_START = new Set(['40P01', '55P03']);

interface StartConnection {
  query(text: string): Promise<{ rows: unknown[] }>;
  /** Runs several statements (one transaction's text); on PostgreSQL a failure discards the connection. */
  exec(statements: string): Promise<unknown>;
}

/**
 * The migrations, then the database functions whose file changed since they were last applied (docs/decisions/0106),
 * in one transaction. A trigger's or function's replacement locks its tables: applied at every start, a restart
 * beside instances under load deadlocked with their cancels (orders, then products) and the instance exited. Now
 * an unchanged file is not applied again, and a changed one waits at most FUNCTION_LOCK_TIMEOUT for a table and
 * tries again (a deploy under load), never holding the shop's writes for long.
 */
async function migrate(runMigrations: () => Promise<void>, connection: StartConnection): Promise<void> {
  await runMigrations();
  const rows = (await connection.query('select name, sha256 from applied_function_sources')).rows as { name: string; sha256: string }[];
  const applied = new Map(rows.map((r) => [r.name, r.sha256]));
  const changed = (await functionSources()).filter((source) => applied.get(source.name) !== source.sha256);
  if (changed.length === 0) return;
  const statements = [
    'BEGIN;',
    `SET LOCAL lock_timeout = '${FUNCTION_LOCK_TIMEOUT}';`,
    ...changed.map((source) => source.sql),
    ...changed.map(
      (source) =>
        `INSERT INTO applied_function_sources (name, sha256) VALUES ('${source.name}', '${source.sha256}') ON CONFLICT (name) DO UPDATE SET sha256 = excluded.sha256, applied_at = now();`,
    ),
    'COMMIT;',
  ].join('\n');
  for (let attempt = 1; ; attempt++) {
    try {
      await connection.exec(statements);
      return;
    } catch (err) {
      const code = (err as { code?: unknown }).code;
      if (attempt === FUNCTION_APPLY_TRIES || typeof code !== 'string' || !RETRYABLE_AT_START.has(code)) throw err;
      console.warn(`database ${code} while applying db/functions: trying again (attempt ${attempt + 1})`);
      await new Promise((resolve) => setTimeout(resolve, attempt * (100 + Math.random() * 200)));
    }
  }
}

/**
 * Every transaction of the store runs again when PostgreSQL aborted it to break a deadlock or a
 * serialization conflict (issue 25, `retryOnConflict`): one place, so no service can forget it.
 */
function retryingTransactions<D extends Db>(db: D): D {
  const transaction = db.transaction.bind(db);
  db.transaction = ((run, config) => retryOnConflict(() => transaction(run, config))) as D['transaction'];
  return db;
}

/**
 * Opens the store's database: real PostgreSQL when a URL is given, otherwise embedded PGlite
 * persisted in `dataDir` (or in memory when `dataDir` is null, for tests). Migrations run on both.
 * `startFrom` (PGlite in memory only) is a data directory saved by PGlite's `dumpDataDir`, opened
 * instead of a new empty cluster: the test suites' migrated template (docs/decisions/0110). The
 * migrator still runs on it (finding nothing to apply), and so do the function files.
 */
export async function openDatabase(options: { databaseUrl?: string; dataDir: string | null; poolSize?: number; startFrom?: Blob }): Promise<Database> {
  if (options.databaseUrl) {
    const pool = new pg.Pool({ connectionString: options.databaseUrl, max: options.poolSize ?? DEFAULT_DATABASE_POOL_SIZE });
    // A connection dropped by the server (restart, failover, a backend ended) must not crash the process. The pool's
    // 'error' covers an idle one (it discards it and opens a new one on the next query); one checked out (a
    // transaction between statements) has no pool listener meanwhile, and an 'error' event nobody listens to exits
    // the process: every connection gets its own. The query then running fails ("Connection terminated": 503).
    // Reported once, by the connection's own listener (the pool's 'error' repeats an idle one's).
    let report = (err: Error) => console.warn(`database connection lost: ${err.message}`);
    pool.on('connect', (client) => client.on('error', (err) => report(err)));
    pool.on('error', () => undefined);
    const db = retryingTransactions(drizzlePg(pool, { schema }));
    const runExclusive = async <T>(task: () => Promise<T>): Promise<T> => {
      // Session-level, so it is held on this one connection whatever the task's queries use.
      const holder = await pool.connect();
      try {
        await holder.query('select pg_advisory_lock($1)', [STARTUP_LOCK_KEY]);
        try {
          return await task();
        } finally {
          await holder.query('select pg_advisory_unlock($1)', [STARTUP_LOCK_KEY]);
        }
      } finally {
        holder.release();
      }
    };
    await runExclusive(() => migrate(() => migratePg(db, { migrationsFolder }), { query: (text) => pool.query(text), exec: (statements) => pool.query(statements) }));
    const { databaseUrl } = options;
    // A notification only needs to reach the listeners, not the disk: not waiting for the WAL flush keeps
    // the notify lock as short as it can be (a notification lost in a crash was about caches that go with it).
    const notifier = coalescedNotifier(
      (channel, payload) => pool.query(`select set_config('synchronous_commit', 'off', true), pg_notify($1, $2)`, [channel, payload]),
      (err, channel) => report(new Error(`NOTIFY ${channel} failed: ${err instanceof Error ? err.message : String(err)}`)),
    );
    return {
      db,
      driver: 'postgres',
      url: databaseUrl,
      close: async () => {
        await notifier.flush();
        await pool.end();
      },
      notify: notifier.notify,
      onConnectionLost: (listener) => (report = listener),
      runExclusive,
      listen: (channel) => followPostgresChannel(databaseUrl, channel, (err) => report(err)),
    };
  }
  let client: PgliteThread;
  let releaseDataDir: () => Promise<void> = async () => undefined;
  if (options.dataDir) {
    // Before PGlite touches the files: a second process must not open them at all.
    const lock = await lockDataDir(options.dataDir);
    releaseDataDir = lock.release;
    const dir = path.join(options.dataDir, 'pg');
    await fs.mkdir(dir, { recursive: true });
    client = await openPgliteThread({ dataDir: dir }).catch(async (err: unknown) => {
      await lock.release();
      throw err;
    });
  } else {
    client = await openPgliteThread({ loadDataDir: options.startFrom && (await options.startFrom.arrayBuffer()) });
  }
  // Drizzle's PGlite driver asks only for what PgliteThread serves (its queries and transactions).
  const db = retryingTransactions(drizzlePglite({ client: client as unknown as PGlite, schema }));
  await migrate(() => migratePglite(db, { migrationsFolder }), { query: (text) => client.query(text), exec: (statements) => client.exec(statements) });
  const notifier = coalescedNotifier(
    (channel, payload) => client.query(`select pg_notify($1, $2)`, [channel, payload]),
    (err, channel) => console.warn(`NOTIFY ${channel} failed: ${err instanceof Error ? err.message : String(err)}`),
  );
  return {
    db,
    driver: 'pglite',
    notify: notifier.notify,
    close: async () => {
      await notifier.flush();
      await client.close();
      await releaseDataDir();
    },
    onConnectionLost: () => undefined,
    runExclusive: (task) => task(),
    async listen(channel) {
      const subscribers: ((change?: string) => void)[] = [];
      const unlisten = await client.listen(channel, (payload) => subscribers.forEach((fn) => fn(payload)));
      return { live: () => true, subscribe: (onChange) => void subscribers.push(onChange), close: () => unlisten() };
    },
  };
}
