import { parentPort } from 'node:worker_threads';
import { PGlite, type Transaction } from '@electric-sql/pglite';
import { pg_trgm } from '@electric-sql/pglite/contrib/pg_trgm';
import type { ThreadMessage, ThreadReply, ThreadRequest } from './pglite-thread.js';

/**
 * The embedded database's own thread (docs/decisions/0202): PGlite runs here, answering the statements
 * `pglite-thread.ts` posts from the event loop's thread, one message each. A thread serves one database at a
 * time, opened by an `open` message; once closed it waits for the next (docs/decisions/0213).
 */
const port = parentPort!;
// Extensions the migrations create must be loaded on every open (PGlite ships them as WASM modules).
const extensions = { pg_trgm };

const serializeError = (err: unknown): Record<string, unknown> =>
  err instanceof Error
    ? { ...Object.fromEntries(Object.entries(err).filter(([, value]) => typeof value !== 'object' && typeof value !== 'function')), name: err.name, message: err.message, stack: err.stack }
    : { message: String(err) };

const ROLLBACK = new Error('rolled back by its caller');
/**
 * Transactions under way, by the caller's number: the PGlite transaction once begun, and how to end it. The
 * caller does not wait for BEGIN's answer: its first statement waits here for the transaction instead.
 */
const open = new Map<number, { began: Promise<Transaction>; end: (commit: boolean) => void; done: Promise<unknown> }>();
/** Channels followed, each once, whatever the number of the caller's listeners. */
const followed = new Map<string, Promise<() => Promise<void>>>();

function begin(client: PGlite, id: number): Promise<Transaction> {
  let end!: (commit: boolean) => void;
  let started!: (tx: Transaction) => void;
  const began = new Promise<Transaction>((resolve) => (started = resolve));
  const done = client.transaction(
    (tx) =>
      new Promise<void>((resolve, reject) => {
        end = (commit) => (commit ? resolve() : reject(ROLLBACK));
        started(tx);
      }),
  );
  // BEGIN itself failing ends `done` before the transaction's body ever ran.
  const transaction = Promise.race([began, done.then(() => Promise.reject(new Error('the transaction ended before it began')))]);
  open.set(id, { began: transaction, end: (commit) => end(commit), done });
  return transaction;
}

async function finish(id: number, commit: boolean): Promise<void> {
  const transaction = open.get(id);
  if (!transaction) throw new Error(`no transaction ${id}`);
  open.delete(id);
  // A transaction whose BEGIN failed has nothing to end: its error went to its statements.
  if (!(await transaction.began.then(() => true, () => false))) return;
  transaction.end(commit);
  await transaction.done.catch((err: unknown) => {
    if (err !== ROLLBACK) throw err;
  });
}

/** The PGlite client, or the transaction a statement names once it has begun. */
async function target(client: PGlite, tx: number | undefined): Promise<PGlite | Transaction> {
  if (tx === undefined) return client;
  const transaction = open.get(tx);
  if (!transaction) throw new Error(`no transaction ${tx}`);
  return transaction.began;
}

async function handle(client: PGlite, request: ThreadRequest): Promise<unknown> {
  switch (request.op) {
    case 'query':
      return (await target(client, request.tx)).query(request.text, request.params, { rowMode: request.rowMode });
    case 'exec':
      return (await target(client, request.tx)).exec(request.text);
    case 'begin':
      // Answered at once: whether it began, its first statement tells.
      void begin(client, request.tx).catch(() => undefined);
      return undefined;
    case 'end':
      return finish(request.tx, request.commit);
    case 'parsers':
      // Types the caller reads as PostgreSQL's text (Drizzle's dates): parsed here as the identity.
      for (const oid of request.oids) client.parsers[oid] = (value: string) => value;
      return undefined;
    case 'listen':
      // The promise is kept at once: two calls for one channel in a row must not follow it twice.
      if (!followed.has(request.channel)) {
        followed.set(request.channel, client.listen(request.channel, (payload) => port.postMessage({ channel: request.channel, payload } satisfies ThreadReply)));
      }
      await followed.get(request.channel);
      return undefined;
    case 'unlisten':
      await (await followed.get(request.channel))?.();
      followed.delete(request.channel);
      return undefined;
    case 'close':
      await client.close();
      return undefined;
  }
}

/** The database this thread serves now: none until an `open`, and none again after its `close`. */
let client: PGlite | undefined;

async function serve(request: ThreadRequest): Promise<unknown> {
  if (!client) throw new Error('no database is open on this thread');
  const result = await handle(client, request);
  if (request.op === 'close') {
    client = undefined;
    open.clear();
    followed.clear();
  }
  return result;
}

port.on('message', (message: ThreadMessage) => {
  if (message.op === 'open') {
    const { dataDir, loadDataDir } = message;
    const opening = dataDir ? PGlite.create(dataDir, { extensions }) : PGlite.create({ extensions, loadDataDir: loadDataDir && new Blob([loadDataDir]) });
    opening.then(
      (opened) => {
        client = opened;
        port.postMessage({ ready: true } satisfies ThreadReply);
      },
      (err: unknown) => port.postMessage({ ready: false, error: serializeError(err) } satisfies ThreadReply),
    );
    return;
  }
  serve(message).then(
    (result) => port.postMessage({ id: message.id, result } satisfies ThreadReply),
    (err: unknown) => port.postMessage({ id: message.id, error: serializeError(err) } satisfies ThreadReply),
  );
});
