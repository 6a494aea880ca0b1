import type { FastifyInstance } from 'fastify';
import { purgeClosedLoginWindows } from '../modules/users/failed-login-limiter.js';

export const HOUSEKEEPING_INTERVAL_MS = 60 * 60 * 1000;

/**
 * Hourly chores, each independent of the others: expired sessions and closed login-failure windows
 * are deleted, abandoned test-gateway checkouts are expired, and refunds that failed are retried.
 * A failure is logged and retried at the next run. The timer never keeps the process alive.
 */
export function scheduleHousekeeping(app: FastifyInstance) {
  const chores = {
    'expired sessions': () => app.sessions.purgeExpired(),
    'closed login-failure windows': () => purgeClosedLoginWindows(app.db),
    'abandoned test checkouts': () => app.orders.expireAbandonedTestCheckouts(),
    'refunds owed for cancelled orders': () => app.orders.retryOwedRefunds(),
  };
  const run = () =>
    Promise.all(Object.entries(chores).map(([name, chore]) => chore().catch((err: unknown) => app.log.warn({ err }, `housekeeping: ${name} failed`))));
  const timer = setInterval(() => void run(), HOUSEKEEPING_INTERVAL_MS);
  timer.unref();
  app.addHook('onClose', async () => clearInterval(timer));
}
