import { describe, expect, it } from 'vitest';
import { AppError } from '../lib/app-error.js';
import { CONFLICT_RETRIES, conflictRetries, isDatabaseUnreachable, retryOnConflict, retryWhileUnreachable } from './retry.js';

const failure = (code: string) => Object.assign(new Error('query failed'), { cause: { code } });

describe('retryOnConflict', () => {
  it('runs a transaction aborted by a deadlock or a serialization conflict again, and answers its result', async () => {
    const codes = ['40P01', '40001'];
    let calls = 0;
    const before = conflictRetries();
    const result = await retryOnConflict(async () => {
      calls += 1;
      if (codes.length > 0) throw failure(codes.shift()!);
      return 'placed';
    });
    expect(result).toBe('placed');
    expect(calls).toBe(3);
    expect(conflictRetries() - before).toBe(2);
  });

  it('gives up after a bounded number of tries with a 503 the shopper can act on, never a bare 500', async () => {
    let calls = 0;
    const attempt = retryOnConflict(async () => {
      calls += 1;
      throw failure('40P01');
    });
    await expect(attempt).rejects.toBeInstanceOf(AppError);
    await expect(attempt).rejects.toMatchObject({ status: 503, code: 'DATABASE_BUSY' });
    expect(calls).toBe(CONFLICT_RETRIES + 1);
  });

  it('does not run again any other failure (a refusal, a broken statement)', async () => {
    let calls = 0;
    await expect(
      retryOnConflict(async () => {
        calls += 1;
        throw failure('GC409');
      }),
    ).rejects.toThrow('query failed');
    expect(calls).toBe(1);
  });
});

describe('isDatabaseUnreachable', () => {
  it("takes the embedded database's PANIC, and its thread ended after one, as the database unavailable (503), not a fault (500)", () => {
    // A write of its log failed (an I/O error, a read-only disk): PGlite answered nothing more and every request hung (a probe).
    expect(isDatabaseUnreachable(Object.assign(new Error('could not write to log file'), { severity: 'PANIC' }))).toBe(true);
    expect(isDatabaseUnreachable(new Error("the database's thread stopped (exit code 1)"))).toBe(true);
    expect(isDatabaseUnreachable(Object.assign(new Error('duplicate key value'), { severity: 'ERROR', code: '23505' }))).toBe(false);
  });
});

describe('retryWhileUnreachable', () => {
  /** A driver's error, as Drizzle passes it on: the code on an Error the query's failure was caused by. */
  const driverFailure = (code: string) => new Error('query failed', { cause: Object.assign(new Error(code), { code }) });
  it('runs a statement again while the database is out of reach, after each delay in turn, and answers its result', async () => {
    const failures = [driverFailure('ECONNRESET'), new Error('Connection terminated unexpectedly')];
    let calls = 0;
    const result = await retryWhileUnreachable(async () => {
      calls += 1;
      if (failures.length > 0) throw failures.shift()!;
      return 'marked';
    }, [1, 1, 1]);
    expect(result).toBe('marked');
    expect(calls).toBe(3);
  });

  it('fails at once on any other error, and as the last try did once the delays are used up', async () => {
    let calls = 0;
    await expect(
      retryWhileUnreachable(async () => {
        calls += 1;
        throw driverFailure('23505');
      }, [1, 1]),
    ).rejects.toThrow('query failed');
    expect(calls).toBe(1);
    calls = 0;
    await expect(
      retryWhileUnreachable(async () => {
        calls += 1;
        throw driverFailure('57P01');
      }, [1, 1]),
    ).rejects.toThrow('query failed');
    expect(calls).toBe(3);
  });
});
