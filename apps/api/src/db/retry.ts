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
