import { AppError } from '../lib/app-error.js';

/** PostgreSQL's "deadlock detected" and "could not serialize access": the transaction did nothing and may run again. */
const RETRYABLE = new Set(['40P01', '40001']);
/** Tries after the first; then the shopper is told to try again (503), never a bare 500. */
export const CONFLICT_RETRIES = 3;

const sqlState = (err: unknown): string | undefined => {
  // Drizzle wraps the driver's error in `cause`.
  const cause = ((err as { cause?: unknown }).cause ?? err) as { code?: unknown };
  return typeof cause.code === 'string' ? cause.code : undefined;
};

let retried = 0;
/** How many times a conflict was retried in this process: the load test checks the locks, not the retry, kept it at 0. */
export const conflictRetries = () => retried;

/**
 * Runs `task` (one transaction, or one statement outside any) again when PostgreSQL aborted it to break
 * a deadlock or a serialization conflict (issue 25). Locks taken in one global order make this rare;
 * the retry makes it invisible. Waits a few random milliseconds first, so the two sides do not meet again.
 */
export async function retryOnConflict<T>(task: () => Promise<T>): Promise<T> {
  for (let attempt = 0; ; attempt++) {
    try {
      return await task();
    } catch (err) {
      if (!RETRYABLE.has(sqlState(err) ?? '')) throw err;
      if (attempt === CONFLICT_RETRIES) {
        throw new AppError('DATABASE_BUSY', 'The shop is very busy right now. Please try again in a moment.');
      }
      retried += 1;
      console.warn(`database ${sqlState(err)}: running the transaction again (attempt ${attempt + 2})`);
      await new Promise((resolve) => setTimeout(resolve, (attempt + 1) * (5 + Math.random() * 20)));
    }
  }
}

/** The socket's failures and PostgreSQL's "connection exception" and "operator intervention" states (08xxx, 57P0x, 53300). */
const UNREACHABLE_CODES = new Set(['ECONNREFUSED', 'ECONNRESET', 'ETIMEDOUT', 'EPIPE', 'ENOTFOUND', 'EAI_AGAIN', 'EHOSTUNREACH', '57P01', '57P02', '57P03', '53300']);
/** What node-postgres says, without a code, of a connection it lost or could not open in time; and the embedded database's thread, ended. */
const UNREACHABLE_MESSAGES = /Connection terminated|timeout exceeded when trying to connect|not currently accepting connections|Client has encountered a connection error|the database's thread stopped/;

/**
 * Whether `err` (or what caused it) is the database being out of reach rather than a fault of the call: a restart,
 * a failover, a database closed to connections, no connection left. The shop answers that 503, to try again, as a
 * balancer expects of /healthz (it answered 500 and logged a stack each time).
 */
export function isDatabaseUnreachable(err: unknown): boolean {
  return errorChain(err).some(
    ({ code, message, severity }) =>
      (typeof code === 'string' && (UNREACHABLE_CODES.has(code) || code.startsWith('08'))) ||
      UNREACHABLE_MESSAGES.test(message) ||
      // The embedded database's own PANIC: it is ended at once (db/pglite-thread.ts), so this call is the first of many.
      severity === 'PANIC',
  );
}

/**
 * Runs `task` (one statement that may safely run again) again while the database is out of reach, after each of
 * `delaysMs` in turn; then, or at any other failure, fails as the task did. For what a background job must not lose to
 * a dropped connection: a mail's "sent" mark, lost, sent the mail again when its lease ran out (a resilience probe).
 */
export async function retryWhileUnreachable<T>(task: () => Promise<T>, delaysMs: readonly number[]): Promise<T> {
  for (let attempt = 0; ; attempt++) {
    try {
      return await task();
    } catch (err) {
      if (attempt >= delaysMs.length || !isDatabaseUnreachable(err)) throw err;
      await new Promise((resolve) => setTimeout(resolve, delaysMs[attempt]));
    }
  }
}

/** The file system's "no space left" and "quota exceeded", and PostgreSQL's disk_full (53100). */
const STORAGE_FULL_CODES = new Set(['ENOSPC', 'EDQUOT', '53100']);

/** Whether `err` (or what caused it) is a full disk: the data directory's, the uploads', or PostgreSQL's. */
export const isStorageFull = (err: unknown) => errorChain(err).some(({ code, message }) => (typeof code === 'string' && STORAGE_FULL_CODES.has(code)) || /No space left on device/.test(message));

/** `err` and what caused it, outermost first: Drizzle wraps the driver's error in `cause` (at most 5 deep). */
function errorChain(err: unknown): (Error & { code?: unknown; severity?: unknown })[] {
  const chain: Error[] = [];
  for (let current = err; current instanceof Error && chain.length < 5; current = current.cause) chain.push(current);
  return chain;
}
