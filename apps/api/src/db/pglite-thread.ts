import { Worker } from 'node:worker_threads';
import type { Results } from '@electric-sql/pglite';

/** What the database's thread is opened on: a data directory, or in memory (from a saved one, for tests). */
export interface PgliteThreadOptions {
  dataDir?: string;
  loadDataDir?: ArrayBuffer;
}

type RowMode = 'array' | 'object';
/** A statement or a step of a transaction, posted to the database's thread. */
type ThreadCall =
  | { op: 'query'; tx?: number; text: string; params?: unknown[]; rowMode?: RowMode }
  | { op: 'exec'; tx?: number; text: string }
  | { op: 'begin'; tx: number }
  | { op: 'end'; tx: number; commit: boolean }
  | { op: 'parsers'; oids: number[] }
  | { op: 'listen' | 'unlisten'; channel: string }
  | { op: 'close' };
export type ThreadRequest = ThreadCall & { id: number };
/** What the thread is posted: a database to open (the first message, and each after a close), or a request. */
export type ThreadMessage = ({ op: 'open' } & PgliteThreadOptions) | ThreadRequest;
/** The thread's answers: to a request, a notification, or whether it opened. */
export type ThreadReply =
  | { id: number; result: unknown }
  | { id: number; error: Record<string, unknown> }
  | { channel: string; payload: string }
  | { ready: true }
  | { ready: false; error: Record<string, unknown> };

type QueryOptions = { rowMode?: RowMode; parsers?: Record<string, (value: string, typeId?: number) => unknown> };

/** The part of PGlite's API the store uses (Drizzle's driver, the migrator, LISTEN), served by the thread. */
export interface PgliteQueries {
  query<T>(text: string, params?: unknown[], options?: QueryOptions): Promise<Results<T>>;
  exec(text: string): Promise<Results[]>;
}
export interface PgliteThread extends PgliteQueries {
  transaction<T>(run: (tx: PgliteQueries) => Promise<T>): Promise<T>;
  listen(channel: string, onNotify: (payload: string) => void): Promise<() => Promise<void>>;
  close(): Promise<void>;
}

const rebuildError = (fields: Record<string, unknown>): Error => Object.assign(new Error(String(fields.message)), fields);

/**
 * A thread whose database was closed cleanly, kept for the next open in this process (docs/decisions/0213):
 * starting a thread (its TypeScript loader, PGlite's modules, the WebAssembly compiled and warmed) cost about
 * as much CPU again as opening the database itself, and the test suites open one per file. Unreferenced: it
 * never keeps the process alive.
 */
let spare: Worker | undefined;

/**
 * Drops the listeners a database's handle (or the spare's watch) put on its thread, by name: a worker also
 * carries Node's own listeners, which start its message port again when a 'message' listener is added.
 */
const forgetListeners = (worker: Worker) => ['message', 'error', 'exit'].forEach((event) => worker.removeAllListeners(event));

function takeThread(): Worker {
  // A spare whose thread has stopped reads threadId -1, even before its 'exit' event has come.
  const kept = spare && spare.threadId !== -1 ? spare : undefined;
  spare = undefined;
  if (!kept) return new Worker(new URL('./pglite-thread-start.mjs', import.meta.url));
  forgetListeners(kept);
  return kept;
}

async function keepThread(worker: Worker): Promise<void> {
  forgetListeners(worker);
  if (spare) {
    await worker.terminate();
    return;
  }
  spare = worker;
  worker.unref();
  // A spare that fails is let go (its next taker would find it dead).
  worker.on('error', () => void worker.terminate());
  worker.once('exit', () => {
    if (spare === worker) spare = undefined;
  });
}

/**
 * Embedded PGlite on a thread of its own (docs/decisions/0202). PGlite is PostgreSQL compiled to
 * WebAssembly: on the event loop's thread, every statement ran there, so the database's work (half of a
 * checkout's CPU) and the HTTP server's took turns on one core, and each request waited for all the
 * statements queued before it. On its own thread the database works while the event loop reads, parses,
 * prices and answers: both cores serve. Statements are posted in order and answered in order; a
 * transaction holds PGlite's own lock on that thread, so other statements wait for it there, as before.
 */
export async function openPgliteThread(options: PgliteThreadOptions): Promise<PgliteThread> {
  const worker = takeThread();
  const pending = new Map<number, { resolve: (value: unknown) => void; reject: (err: Error) => void }>();
  const listeners = new Map<string, Set<(payload: string) => void>>();
  let nextId = 1;
  let gone: Error | undefined;
  const failAll = (err: Error) => {
    gone ??= err;
    for (const { reject } of pending.values()) reject(err);
    pending.clear();
  };
  const ready = new Promise<void>((resolve, reject) => {
    worker.on('message', (reply: ThreadReply) => {
      if ('ready' in reply) return reply.ready ? resolve() : reject(rebuildError(reply.error));
      if ('channel' in reply) return listeners.get(reply.channel)?.forEach((onNotify) => onNotify(reply.payload));
      const call = pending.get(reply.id);
      pending.delete(reply.id);
      // Nothing awaited from the thread: it must not keep the process alive by itself.
      if (pending.size === 0) worker.unref();
      if ('error' in reply) {
        call?.reject(rebuildError(reply.error));
        // After a PANIC (its log could not be written: an I/O error, a read-only disk) PGlite answers nothing more and
        // spins its thread: every request, /healthz too, hung for good (a probe). The thread is ended, so every call
        // after it fails at once as the database being unavailable (503); a restart recovers the data.
        if (reply.error.severity === 'PANIC') {
          console.error('the embedded database stopped after a PANIC (its files could not be written): restart the store once the disk is writable');
          void worker.terminate();
        }
      } else call?.resolve(reply.result);
    });
    worker.on('error', (err) => {
      reject(err);
      failAll(err);
    });
    worker.on('exit', (code) => {
      const err = new Error(`the database's thread stopped (exit code ${code})`);
      reject(err);
      failAll(err);
    });
  });
  worker.ref();
  worker.postMessage({ op: 'open', ...options } satisfies ThreadMessage, options.loadDataDir ? [options.loadDataDir] : []);
  // A thread that could not open its database is not kept: what PGlite left behind there is unknown.
  await ready.catch(async (err: unknown) => {
    await worker.terminate();
    throw err;
  });
  worker.unref();

  const call = <T>(request: ThreadCall): Promise<T> => {
    if (gone) return Promise.reject(gone);
    const id = nextId++;
    if (pending.size === 0) worker.ref();
    return new Promise<T>((resolve, reject) => {
      pending.set(id, { resolve: resolve as (value: unknown) => void, reject });
      worker.postMessage({ ...request, id });
    });
  };

  // Drizzle sends its parsers with every query: functions, which cannot cross to the thread. They only keep
  // its dates as PostgreSQL's text; the thread is told those types once and parses them so itself.
  let parsersAdopted = false;
  const adoptParsers = (parsers: QueryOptions['parsers']) => {
    if (!parsers || parsersAdopted) return;
    const oids = Object.keys(parsers).map(Number);
    const probe = '2026-01-01 00:00:00+00';
    if (oids.some((oid) => parsers[oid]!(probe, oid) !== probe)) throw new Error('a query parser that is not the identity cannot run on the database thread');
    parsersAdopted = true;
    // A thread gone fails the query this came with, and every one after it.
    call({ op: 'parsers', oids }).catch(() => undefined);
  };
  const queries = (tx?: number): PgliteQueries => ({
    query: (text, params, queryOptions) => {
      adoptParsers(queryOptions?.parsers);
      return call({ op: 'query', tx, text, params, rowMode: queryOptions?.rowMode });
    },
    exec: (text) => call({ op: 'exec', tx, text }),
  });
  let nextTx = 1;
  return {
    ...queries(),
    async transaction(run) {
      const tx = nextTx++;
      // Not waited for: the thread keeps the order, and a BEGIN that failed fails the first statement.
      call({ op: 'begin', tx }).catch(() => undefined);
      let result: Awaited<ReturnType<typeof run>>;
      try {
        result = await run(queries(tx));
      } catch (err) {
        await call({ op: 'end', tx, commit: false }).catch(() => undefined);
        throw err;
      }
      await call({ op: 'end', tx, commit: true });
      return result;
    },
    async listen(channel, onNotify) {
      const forChannel = listeners.get(channel) ?? new Set();
      listeners.set(channel, forChannel);
      forChannel.add(onNotify);
      await call({ op: 'listen', channel });
      return async () => {
        forChannel.delete(onNotify);
        if (forChannel.size === 0) {
          listeners.delete(channel);
          await call({ op: 'unlisten', channel });
        }
      };
    },
    async close() {
      try {
        await call({ op: 'close' });
      } catch (err) {
        await worker.terminate();
        throw err;
      }
      failAll(new Error("the database's thread stopped (its database was closed)"));
      await keepThread(worker);
    },
  };
}
