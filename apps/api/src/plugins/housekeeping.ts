import { eq, sql } from 'drizzle-orm';
import type { FastifyInstance } from 'fastify';
import type { Db } from '../db/client.js';
import { vacuumChangedTables } from '../db/embedded-maintenance.js';
import { queryRows } from '../db/raw-sql.js';
import { scheduledRuns } from '../db/schema/index.js';
import { findUnreferencedImages } from '../modules/images/image-repository.js';
import { purgeFinishedMails, queueNewOrderMails } from '../modules/mail/mail-outbox-repository.js';
import { purgeClosedLoginWindows } from '../modules/users/failed-login-limiter.js';
import { purgeClosedRateLimitWindows } from './rate-limit-store.js';

export const HOUSEKEEPING_INTERVAL_MS = 60 * 60 * 1000;
/**
 * How often each instance asks whether a run is due. Much shorter than the period, so a run follows
 * the period's end within minutes whichever instances are up; a run happens only when a full period
 * has passed since the last run on any instance.
 */
const HOUSEKEEPING_CHECK_MS = 5 * 60 * 1000;
/**
 * An instance's first check, this long after it starts (its start-up left alone), not a whole check's interval later:
 * instances restarted more often than that never checked, and a crashed checkout's orders held their stock until one
 * ran (a probe).
 */
export const HOUSEKEEPING_FIRST_CHECK_MS = 30 * 1000;
/**
 * Abandoned test-gateway checkouts are looked for at every check (a period a little under it), not hourly:
 * their orders hold stock, window places and coupon uses, given back minutes after the session's hour.
 */
export const CHECKOUT_SWEEP_INTERVAL_MS = HOUSEKEEPING_CHECK_MS - 30 * 1000;

/** Images nothing shows are looked for once a day, among those stored over a day ago (docs/decisions/0236). */
export const IMAGE_SWEEP_INTERVAL_MS = 24 * 60 * 60 * 1000;
const IMAGE_GRACE_MS = 24 * 60 * 60 * 1000;

/**
 * Shops hear of their new orders within a couple of minutes (decision 0250): looked for every minute, across instances
 * once a period (a little under it), among orders at least `NEW_ORDER_SETTLE_MS` old: by then a checkout's
 * transaction that was still open when the job read has committed, so no order is passed over.
 */
const NEW_ORDER_CHECK_MS = 60 * 1000;
const NEW_ORDER_MAIL_INTERVAL_MS = NEW_ORDER_CHECK_MS - 5 * 1000;
const NEW_ORDER_SETTLE_MS = 60 * 1000;
const NEW_ORDER_MAILS = 'new order mails';
/** Products put back in stock are looked for every minute too, once across instances (decision 0290). */
const RESTOCK_MAILS = 'back-in-stock mails';

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
 * rate-limit windows, order e-mails sent over a week ago and shop applications never confirmed whose links lapsed
 * are deleted, and refunds that
 * failed are retried; the embedded database's tables that changed are vacuumed and analyzed (PostgreSQL's autovacuum does
 * that on its own). Once an hour across every instance sharing the database. A failure is logged and retried at the next run.
 * Abandoned test-gateway checkouts, and any checkout that never got its payment page, are expired every few
 * minutes, and images nothing shows removed daily, each once across instances too.
 */
export function createHousekeeping(app: FastifyInstance, options: { embedded: boolean }) {
  /**
   * Mails each shop its orders that became new (placed cash on delivery, or paid by card) after the last run's `until`
   * and up to this one's, `settleMs` before now, in one transaction with the task's row locked, which keeps how far it
   * got: no order is mailed twice or passed over, whichever instance runs. The first run starts one period back, not at
   * the beginning. "Now" is the database's, the clock that stamps the orders: an instance whose own clock ran ahead
   * moved `until` past orders not yet placed, and they were never mailed (a probe).
   */
  async function mailNewOrders(settleMs = NEW_ORDER_SETTLE_MS): Promise<number> {
    return app.db.transaction(async (tx) => {
      const [run] = await tx.select({ doneUntil: scheduledRuns.doneUntil }).from(scheduledRuns).where(eq(scheduledRuns.task, NEW_ORDER_MAILS)).for('no key update');
      const [clock] = await queryRows<{ until: string | Date }>(tx, sql`select now() - ${settleMs} * interval '1 millisecond' as until`);
      const until = new Date(clock!.until);
      const since = run?.doneUntil ?? new Date(until.getTime() - NEW_ORDER_MAIL_INTERVAL_MS);
      if (since >= until) return 0;
      const shops = await queueNewOrderMails(tx, since, until);
      await tx
        .insert(scheduledRuns)
        .values({ task: NEW_ORDER_MAILS, lastRunAt: sql`now()`, doneUntil: until })
        .onConflictDoUpdate({ target: scheduledRuns.task, set: { doneUntil: until } });
      return shops;
    });
  }

  const chores: Record<string, () => Promise<unknown>> = {
    'expired sessions': () => app.sessions.purgeExpired(),
    'closed login-failure windows': () => purgeClosedLoginWindows(app.db),
    'closed rate-limit windows': () => purgeClosedRateLimitWindows(app.db),
    'refunds owed for cancelled orders': () => app.orders.retryOwedRefunds(),
    'order e-mails sent over a week ago': () => purgeFinishedMails(app.db, new Date(Date.now() - SENT_MAIL_KEPT_MS)),
    'shop applications never confirmed': () => app.sellers.purgeLapsedApplications(),
    ...(options.embedded ? { 'embedded database statistics and dead rows': () => vacuumChangedTables(app.db) } : {}),
  };
  /** Runs the chores if no instance has run the task this period; says whether it did. */
  async function runIfDue(task: string, periodMs: number, due: Record<string, () => Promise<unknown>>): Promise<boolean> {
    if (!(await claimRun(app.db, task, periodMs))) return false;
    await Promise.all(Object.entries(due).map(([name, chore]) => chore().catch((err: unknown) => app.log.warn({ err }, `housekeeping: ${name} failed`))));
    return true;
  }
  return {
    runIfDue: () => runIfDue('housekeeping', HOUSEKEEPING_INTERVAL_MS, chores),
    mailNewOrders,
    mailNewOrdersIfDue: () =>
      runIfDue(NEW_ORDER_MAILS, NEW_ORDER_MAIL_INTERVAL_MS, { 'new orders to their shops': () => mailNewOrders() }),
    mailRestockedIfDue: () =>
      runIfDue(RESTOCK_MAILS, NEW_ORDER_MAIL_INTERVAL_MS, { 'products back in stock to the shoppers waiting': () => app.stockAlerts.mailRestocked() }),
    sweepImagesIfDue: () =>
      runIfDue('unreferenced images', IMAGE_SWEEP_INTERVAL_MS, {
        'images no product or order shows': async () => {
          const removed = await app.images.removeUnreferenced(new Date(Date.now() - IMAGE_GRACE_MS), (names) => findUnreferencedImages(app.db, names));
          if (removed > 0) app.log.info({ removed }, 'housekeeping: removed images no product or order shows');
        },
      }),
    // Stripe expires its own sessions and tells the webhook; a checkout that never got its session (the process
    // stopped first, 0238) is nobody's to expire but ours, with either gateway.
    expireCheckoutsIfDue: () =>
      runIfDue('abandoned checkouts', CHECKOUT_SWEEP_INTERVAL_MS, {
        ...(app.payments.gateway.name === 'test' ? { 'abandoned test checkouts': () => app.orders.expireAbandonedTestCheckouts() } : {}),
        'checkouts that never got a payment page': () => app.orders.expireSessionlessCheckouts(),
      }),
  };
}

export type Housekeeping = ReturnType<typeof createHousekeeping>;

/** The timer never keeps the process alive. */
export function scheduleHousekeeping(app: FastifyInstance, housekeeping: Housekeeping) {
  const check = () =>
    void Promise.all([housekeeping.runIfDue(), housekeeping.expireCheckoutsIfDue(), housekeeping.sweepImagesIfDue()]).catch((err: unknown) => app.log.warn({ err }, 'housekeeping: could not check whether a run is due'));
  const first = setTimeout(check, HOUSEKEEPING_FIRST_CHECK_MS);
  first.unref();
  const timer = setInterval(check, HOUSEKEEPING_CHECK_MS);
  timer.unref();
  const everyMinute = setInterval(
    () =>
      void Promise.all([housekeeping.mailNewOrdersIfDue(), housekeeping.mailRestockedIfDue()]).catch((err: unknown) =>
        app.log.warn({ err }, 'housekeeping: could not check for new orders or products back in stock to mail'),
      ),
    NEW_ORDER_CHECK_MS,
  );
  everyMinute.unref();
  app.addHook('onClose', async () => {
    clearTimeout(first);
    clearInterval(timer);
    clearInterval(everyMinute);
  });
}
