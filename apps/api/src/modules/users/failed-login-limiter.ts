import { and, eq, lte, sql } from 'drizzle-orm';
import type { Db } from '../../db/client.js';
import { loginFailures, type LoginFailureScope } from '../../db/schema/index.js';

/**
 * Failed logins in fixed 15-minute windows, each opened by its first failure, counted in the database so
 * restarts and several processes share them (docs/decisions/0020). Only a client address that has been
 * failing is refused: an attacker who does not know the password can slow the owner down, never lock
 * them out.
 */
export const FAILED_LOGIN_WINDOW_MS = 15 * 60 * 1000;
/** Failures on one e-mail from one client address before that address is refused for that e-mail. */
export const FAILED_LOGIN_LIMIT = 10;
/** Failures from one client address, on any e-mails, before it is refused for every e-mail. */
export const ADDRESS_FAILED_LOGIN_LIMIT = 30;
/** Failures with one browser's device token for the account before that token is refused (0097). */
export const DEVICE_FAILED_LOGIN_LIMIT = 10;
/** Per e-mail alone: a few failures cost nothing, then each attempt waits twice as long as the last, bounded. */
export const LOGIN_DELAY_FREE_FAILURES = 3;
export const LOGIN_DELAY_BASE_MS = 250;
export const LOGIN_DELAY_MAX_MS = 4000;

/** How long an attempt on an e-mail waits, given that e-mail's failures in its open window. */
export function loginDelayMs(emailFailures: number): number {
  if (emailFailures < LOGIN_DELAY_FREE_FAILURES) return 0;
  return Math.min(LOGIN_DELAY_BASE_MS * 2 ** (emailFailures - LOGIN_DELAY_FREE_FAILURES), LOGIN_DELAY_MAX_MS);
}

export interface LoginRefusal {
  scope: Exclude<LoginFailureScope, 'email'>;
  retryAfterMs: number;
}

export interface LoginAttempt {
  /** Set when this client address (or device token) has failed too often: answer 429 without checking the password. */
  refusal?: LoginRefusal;
  /** How long to wait before checking the password (the e-mail's slow-down). */
  delayMs: number;
}

type Key = [LoginFailureScope, string];

export function createFailedLoginLimiter(db: Db, account: 'user' | 'seller', now: () => Date = () => new Date()) {
  /** The rows of one attempt, always in this order so that concurrent upserts lock rows alike. */
  const keysOf = (email: string, address: string): [Key, Key, Key] => {
    const lower = email.toLowerCase();
    return [
      ['email_address', `${lower} ${address}`],
      ['address', address],
      ['email', lower],
    ];
  };
  const row = (scope: LoginFailureScope, key: string) =>
    and(eq(loginFailures.account, account), eq(loginFailures.scope, scope), eq(loginFailures.key, key));

  /**
   * Counts the attempt as a failure in each row before the password is checked, in one statement:
   * concurrent guesses are all counted and cannot slip past a limit together. A success takes it back.
   */
  async function count(keys: Key[]) {
    const at = now();
    const open = sql`${loginFailures.windowStartedAt} > ${new Date(at.getTime() - FAILED_LOGIN_WINDOW_MS).toISOString()}`;
    const counts = await db
      .insert(loginFailures)
      .values(keys.map(([scope, key]) => ({ account, scope, key, failures: 1, windowStartedAt: at })))
      .onConflictDoUpdate({
        target: [loginFailures.account, loginFailures.scope, loginFailures.key],
        set: {
          failures: sql`case when ${open} then ${loginFailures.failures} + 1 else 1 end`,
          windowStartedAt: sql`case when ${open} then ${loginFailures.windowStartedAt} else ${at.toISOString()}::timestamptz end`,
        },
      })
      .returning({ scope: loginFailures.scope, failures: loginFailures.failures, windowStartedAt: loginFailures.windowStartedAt });
    const of = (scope: LoginFailureScope) => counts.find((c) => c.scope === scope)!;
    const refusal = (scope: LoginRefusal['scope'], limit: number): LoginRefusal | undefined => {
      const c = of(scope);
      return c.failures > limit ? { scope, retryAfterMs: c.windowStartedAt.getTime() + FAILED_LOGIN_WINDOW_MS - at.getTime() } : undefined;
    };
    return { of, refusal };
  }

  return {
    /** An attempt without a device token for the account: limited by its address, slowed by its e-mail. */
    async begin(email: string, address: string): Promise<LoginAttempt> {
      const { of, refusal } = await count(keysOf(email, address));
      return {
        refusal: refusal('email_address', FAILED_LOGIN_LIMIT) ?? refusal('address', ADDRESS_FAILED_LOGIN_LIMIT),
        // The failures before this attempt: concurrent attempts each see a higher count, so each waits longer.
        delayMs: loginDelayMs(of('email').failures - 1),
      };
    },

    /**
     * An attempt with a valid device token for the account (0097): its token's failures alone count,
     * neither the address's nor the e-mail's, so others failing on either never refuse or slow it.
     */
    async beginWithDevice(deviceId: string): Promise<LoginAttempt> {
      const { refusal } = await count([['device', deviceId]]);
      return { refusal: refusal('device', DEVICE_FAILED_LOGIN_LIMIT), delayMs: 0 };
    },

    /** The right password with that device token: the token starts afresh. */
    async succeededWithDevice(deviceId: string): Promise<void> {
      await db.delete(loginFailures).where(row('device', deviceId));
    },

    /** The right password: this e-mail and address start afresh, and the attempt counts as no failure elsewhere. */
    async succeeded(email: string, address: string): Promise<void> {
      const [pair, ...others] = keysOf(email, address);
      await db.delete(loginFailures).where(row(...pair));
      // One statement per row, in begin's order, so they never wait on each other crosswise.
      for (const [scope, key] of others) {
        await db
          .update(loginFailures)
          .set({ failures: sql`greatest(${loginFailures.failures} - 1, 0)` })
          .where(row(scope, key));
      }
    },
  };
}

export type FailedLoginLimiter = ReturnType<typeof createFailedLoginLimiter>;

/** Windows that have closed count for nothing; the hourly sweep removes them. */
export async function purgeClosedLoginWindows(db: Db, now: Date = new Date()): Promise<void> {
  await db.delete(loginFailures).where(lte(loginFailures.windowStartedAt, new Date(now.getTime() - FAILED_LOGIN_WINDOW_MS)));
}
