import { and, eq, gt, lte, sql } from 'drizzle-orm';
import type { Db } from '../../db/client.js';
import { loginFailures } from '../../db/schema/index.js';

/**
 * At most 10 failed logins per e-mail per 15 minutes (issue 4): a fixed window per e-mail, opened by
 * its first failure, counted in the database so restarts and several processes share it.
 * See docs/decisions/0020.
 */
export const FAILED_LOGIN_LIMIT = 10;
export const FAILED_LOGIN_WINDOW_MS = 15 * 60 * 1000;

export function createFailedLoginLimiter(db: Db, account: 'user' | 'seller', now: () => Date = () => new Date()) {
  /** A window is open while it started after this instant. */
  const windowOpenAfter = () => new Date(now().getTime() - FAILED_LOGIN_WINDOW_MS);
  const key = (email: string) => and(eq(loginFailures.account, account), eq(loginFailures.email, email.toLowerCase()));

  return {
    async isBlocked(email: string): Promise<boolean> {
      const [row] = await db
        .select({ failures: loginFailures.failures })
        .from(loginFailures)
        .where(and(key(email), gt(loginFailures.windowStartedAt, windowOpenAfter())));
      return (row?.failures ?? 0) >= FAILED_LOGIN_LIMIT;
    },

    /** One statement, so failures arriving together are all counted. */
    async recordFailure(email: string): Promise<void> {
      const at = now();
      const open = sql`${loginFailures.windowStartedAt} > ${windowOpenAfter().toISOString()}`;
      await db
        .insert(loginFailures)
        .values({ account, email: email.toLowerCase(), failures: 1, windowStartedAt: at })
        .onConflictDoUpdate({
          target: [loginFailures.account, loginFailures.email],
          set: {
            failures: sql`case when ${open} then ${loginFailures.failures} + 1 else 1 end`,
            windowStartedAt: sql`case when ${open} then ${loginFailures.windowStartedAt} else ${at.toISOString()}::timestamptz end`,
          },
        });
    },

    async reset(email: string): Promise<void> {
      await db.delete(loginFailures).where(key(email));
    },
  };
}

export type FailedLoginLimiter = ReturnType<typeof createFailedLoginLimiter>;

/** Windows that have closed count for nothing; the hourly sweep removes them. */
export async function purgeClosedLoginWindows(db: Db, now: Date = new Date()): Promise<void> {
  await db.delete(loginFailures).where(lte(loginFailures.windowStartedAt, new Date(now.getTime() - FAILED_LOGIN_WINDOW_MS)));
}
