import { sql } from 'drizzle-orm';
import type { FastifyInstance } from 'fastify';
import type { Db } from '../db/client.js';
import { vacuumChangedTables } from '../db/embedded-maintenance.js';
import { scheduledRuns } from '../db/schema/index.js';
import { purgeFinishedMails } from '../modules/mail/mail-outbox-repository.js';
import { purgeClosedLoginWindows } from '../modules/users/failed-login-limiter.js';
import { purgeClosedRateLimitWindows } from './rate-limit-store.js';

export const HOUSEKEEPING_INTERVAL_MS = 60 * 60 * 1000;
/**
 * How often each instance asks whether a run is due. Much shorter than the period, so a run follows
 * the period's end within minutes whichever instances are up; a run happens only when a full period
 * has passed since the last run on any instance.
 */
const HOUSEKEEPING_CHECK_MS = 5 * 60 * 1000;
const TASK = 'housekeeping';

/** Sent (or given-up) order e-mails are kept this long, to answer "was the shopper mailed?" (0083). */
export const SENT_MAIL_KEPT_MS = 7 * 24 * 60 * 60 * 1000;

/**
 * Claims this period's run for the calling instance, in one statement (docs/decisions/0062): the first
 * instance to ask after the period has passed moves `last_run_at` to now and gets a row back; an
 * instance asking at the same moment waits on that row's lock, then sees the new time and gets nothing.
 */
async function claimRun(db: Db, task: string, periodMs: number): Promise<boolean> {
  const claimed = await db
    .insert(scheduledRuns)
    .values({ task, lastRunAt: sql`now()` })
    .onConflictDoUpdate({
      target: scheduledRuns.task,
      set: { lastRunAt: sql`now()` },
      setWhere: sql`${scheduledRuns.lastRunAt} <= now() - ${periodMs} * interval '1 millisecond'`,
    })
    .returning({ task: scheduledRuns.task });
  return claimed.length > 0;
}

/**
 * Hourly chores, each independent of the others: expired sessions, closed login-failure and
 * rate-limit windows and order e-mails sent over a week ago are deleted, abandoned test-gateway checkouts are expired, and refunds that
 * failed are retried; the embedded database's tables that changed are vacuumed and analyzed (PostgreSQL's autovacuum does
 * that on its own). Once an hour across every instance sharing the database. A failure is logged and retried at the next run.
 */
export function createHousekeeping(app: FastifyInstance, options: { embedded: boolean }) {
  const chores: Record<string, () => Promise<unknown>> = {
    'expired sessions': () => app.sessions.purgeExpired(),
    'closed login-failure windows': () => purgeClosedLoginWindows(app.db),
    'closed rate-limit windows': () => purgeClosedRateLimitWindows(app.db),
    'abandoned test checkouts': () => app.orders.expireAbandonedTestCheckouts(),
    'refunds owed for cancelled orders': () => app.orders.retryOwedRefunds(),
    'order e-mails sent over a week ago': () => purgeFinishedMails(app.db, new Date(Date.now() - SENT_MAIL_KEPT_MS)),
    ...(options.embedded ? { 'embedded database statistics and dead rows': () => vacuumChangedTables(app.db) } : {}),
  };
  return {
    /** Runs the chores if no instance has run them this period; says whether it did. */
    async runIfDue(): Promise<boolean> {
      if (!(await claimRun(app.db, TASK, HOUSEKEEPING_INTERVAL_MS))) return false;
      await Promise.all(Object.entries(chores).map(([name, chore]) => chore().catch((err: unknown) => app.log.warn({ err }, `housekeeping: ${name} failed`))));
      return true;
    },
  };
}

export type Housekeeping = ReturnType<typeof createHousekeeping>;

/** The timer never keeps the process alive. */
export function scheduleHousekeeping(app: FastifyInstance, housekeeping: Housekeeping) {
  const check = () => void housekeeping.runIfDue().catch((err: unknown) => app.log.warn({ err }, 'housekeeping: could not check whether a run is due'));
  const timer = setInterval(check, HOUSEKEEPING_CHECK_MS);
  timer.unref();
  app.addHook('onClose', async () => clearInterval(timer));
}
