import { setTimeout as delay } from 'node:timers/promises';
import type { FastifyBaseLogger } from 'fastify';
import type { ChannelFeed } from '../../db/channel-feed.js';
import type { Db } from '../../db/client.js';
import { retryWhileUnreachable } from '../../db/retry.js';
import {
  claimDueMails,
  extendLease,
  isAccountMail,
  isAlertMail,
  isShopMail,
  markMailFailed,
  markMailsSent,
  msUntilNextMail,
  type AnyQueuedMail,
  type QueuedAccountMail,
  type QueuedAlertMail,
  type QueuedMail,
  type QueuedShopMail,
} from './mail-outbox-repository.js';
import type { Mailer, MailMessage } from './mailer.js';

export interface MailSenderOptions {
  /**
   * Mails claimed by one statement and sent at once (an SMTP connection each, or an .eml file each). Few:
   * a crash re-sends the mails in flight (each marked sent as soon as it has gone, 0103), and the lease
   * below must cover one round of sends, not a queue of them. The mailer's `sendsAtOnce` when it has one
   * (the file outbox: 32, docs/decisions/0200), else 4.
   */
  concurrency: number;
  /**
   * How long a claimed mail is this instance's: another instance may claim it again after that (the
   * sender died mid-send). Renewed while the mail is being sent (a slow mail server's answer trickling in), for
   * at most `maxSendMs`: a send held longer is taken as lost, and the mail as another instance's to send.
   */
  leaseMs: number;
  maxSendMs: number;
  /** The fallback when no notification comes (a listening connection down): a look at least this often. */
  pollMs: number;
  /** Backoff after a failed attempt: the first delay, doubled each attempt up to the most. */
  retryFirstMs: number;
  retryMaxMs: number;
  /** Attempts before a mail is given up (kept with its last error). */
  maxAttempts: number;
}

/** About 3 hours of attempts (30 s, 1, 2, 4, 8, 16, 32 min, then hourly) before a mail is given up. */
export const DEFAULT_MAIL_SENDER_OPTIONS: MailSenderOptions = {
  concurrency: 4,
  leaseMs: 2 * 60_000,
  maxSendMs: 10 * 60_000,
  pollMs: 10_000,
  retryFirstMs: 30_000,
  retryMaxMs: 60 * 60_000,
  maxAttempts: 10,
};

/** The waits before a "sent" mark is written again while the database is out of reach: 20 s in all, within the lease. */
const MARK_RETRY_DELAYS_MS = [250, 1_000, 4_000, 15_000];

/** How long shutting down keeps sending what is due before it lets the process go (it exits after 10 s). */
export const SHUTDOWN_SEND_MS = 5_000;

/**
 * The stable name of a queued mail, its Message-ID's left part: the same on every attempt, so a mail sent
 * again after a crash is the same message to the receiving side (0103). The order id (random), or the
 * shop's, keeps it unique across databases, the row id across an order's (or a shop's) mails.
 */
export const outboxMessageKey = (mail: Pick<QueuedMail, 'id' | 'orderId'> | Pick<QueuedShopMail, 'id' | 'sellerId'> | Pick<QueuedAccountMail | QueuedAlertMail, 'id' | 'userId'>) =>
  'orderId' in mail ? `mail-${mail.id}.order-${mail.orderId}` : 'sellerId' in mail ? `mail-${mail.id}.shop-${mail.sellerId}` : `mail-${mail.id}.user-${mail.userId}`;

type Compose<M> = (mails: M[]) => Promise<(MailMessage | undefined)[]>;

/** Which composer a claimed mail is for. */
const composerOf = (mail: AnyQueuedMail) => (isShopMail(mail) ? 'shops' : isAlertMail(mail) ? 'alerts' : isAccountMail(mail) ? 'accounts' : 'orders');

/**
 * One composer for the claimed mails from the order mails', the shop mails', the account mails' and the back-in-stock
 * mails' own, answers in the claim's order.
 */
export function composeEveryMail(composers: { orders: Compose<QueuedMail>; shops: Compose<QueuedShopMail>; accounts: Compose<QueuedAccountMail>; alerts: Compose<QueuedAlertMail> }): Compose<AnyQueuedMail> {
  return async (mails) => {
    const kinds = Object.keys(composers) as (keyof typeof composers)[];
    const answers = await Promise.all(
      kinds.map(async (kind) => {
        const some = mails.filter((mail) => composerOf(mail) === kind);
        return some.length > 0 ? (composers[kind] as Compose<AnyQueuedMail>)(some) : [];
      }),
    );
    const next = Object.fromEntries(kinds.map((kind, i) => [kind, answers[i]![Symbol.iterator]()]));
    return mails.map((mail) => next[composerOf(mail)]!.next().value);
  };
}

/**
 * Marks a mail sent as soon as it has gone (0103): at once when no mark is under way, else with the others
 * that went meanwhile in the next call of `mark` (0189). A round's sends end close together, and a statement per
 * mail was most of the sender's statements under checkout load. Each call resolves once its own mark is written,
 * and fails with the statement that held it.
 */
export function coalescedMarks(mark: (ids: number[]) => Promise<void>): (id: number) => Promise<void> {
  let waiting: { id: number; marked: () => void; failed: (err: unknown) => void }[] = [];
  let marking = false;
  async function markWaiting(): Promise<void> {
    marking = true;
    while (waiting.length > 0) {
      const batch = waiting;
      waiting = [];
      await mark(batch.map((m) => m.id)).then(
        () => batch.forEach((m) => m.marked()),
        (err: unknown) => batch.forEach((m) => m.failed(err)),
      );
    }
    marking = false;
  }
  return (id) =>
    new Promise<void>((marked, failed) => {
      waiting.push({ id, marked, failed });
      if (!marking) void markWaiting();
    });
}

/**
 * Sends the queued order mails (docs/decisions/0083, 0103). Any number of instances run one each on the
 * same database: a claim is one statement with FOR UPDATE SKIP LOCKED and a lease, so each mail is sent
 * by one of them. Woken by the `mail_queued` notification right after a commit anywhere, and by a slow
 * poll (a notification lost while the listening connection was down, a retry falling due).
 */
export function createMailSender(deps: {
  db: Db;
  mailer: Mailer;
  /** Each claimed mail composed from its order (or shop) as it is now; undefined when it can no longer be (order or shopper gone). */
  compose: Compose<AnyQueuedMail>;
  queued: Pick<ChannelFeed, 'subscribe'>;
  log: FastifyBaseLogger;
  options?: Partial<MailSenderOptions>;
}) {
  const { db, log } = deps;
  const options = { ...DEFAULT_MAIL_SENDER_OPTIONS, concurrency: deps.mailer.sendsAtOnce ?? DEFAULT_MAIL_SENDER_OPTIONS.concurrency, ...deps.options };
  let running = false;
  let pass: Promise<void> | undefined;
  let again = false;
  let timer: NodeJS.Timeout | undefined;

  // Tried again while the database is out of reach (a dropped connection), well within the claim's lease: a mark lost
  // sent the mail again once the lease ran out, though no process had crashed (a resilience probe).
  const markSent = coalescedMarks((ids) => retryWhileUnreachable(() => markMailsSent(db, ids), MARK_RETRY_DELAYS_MS));

  const backoffMs = (attempts: number) => Math.min(options.retryFirstMs * 2 ** (attempts - 1), options.retryMaxMs);

  async function sendOne(mail: AnyQueuedMail, message: MailMessage | undefined): Promise<void> {
    const subject = isShopMail(mail) ? { sellerId: mail.sellerId } : 'userId' in mail ? { userId: mail.userId } : { orderId: mail.orderId };
    const about = { mailId: mail.id, ...subject, kind: mail.kind, attempt: mail.attempts };
    if (!message) {
      log.warn(about, 'e-mail dropped: its order, shop, shopper or product no longer exists (or is no longer sold)');
      await markMailFailed(db, mail.id, 'its order, shop, shopper or product no longer exists (or is no longer sold)', undefined);
      return;
    }
    try {
      await deps.mailer.send({ ...message, key: outboxMessageKey(mail) });
    } catch (err) {
      const error = err instanceof Error ? err.message : String(err);
      const retryInMs = mail.attempts < options.maxAttempts ? backoffMs(mail.attempts) : undefined;
      if (retryInMs === undefined) log.error({ err, ...about }, 'order e-mail failed: attempts used up, given up');
      else log.error({ err, ...about, retryInMs }, 'order e-mail failed: tried again later');
      await markMailFailed(db, mail.id, error.slice(0, 2000), retryInMs);
      return;
    }
    // At once, not with the rest of the claim: a crash after this re-sends only mails still in flight.
    await markSent(mail.id);
  }

  /** One round: a few mails claimed and composed together, sent at once, each marked as soon as it has gone. */
  async function sendBatch(): Promise<number> {
    const mails = await claimDueMails(db, { limit: options.concurrency, leaseMs: options.leaseMs });
    if (mails.length === 0) return 0;
    const messages = await deps.compose(mails);
    // The SMTP timeouts bound a silent server, not one that keeps answering slowly: the lease of the mails still in
    // flight is renewed at half its length while they are sent (a crash still lets another instance take them).
    const inFlight = new Set(mails.map((mail) => mail.id));
    const renewUntil = Date.now() + options.maxSendMs - options.leaseMs;
    const renew = setInterval(() => {
      if (Date.now() < renewUntil) void extendLease(db, [...inFlight], options.leaseMs).catch(() => undefined);
    }, options.leaseMs / 2);
    renew.unref();
    try {
      await Promise.all(mails.map((mail, i) => sendOne(mail, messages[i]).finally(() => inFlight.delete(mail.id))));
    } finally {
      clearInterval(renew);
    }
    return mails.length;
  }

  /** Batches until none is due (or `until`, a time, has passed). */
  async function sendDue(until = Infinity): Promise<void> {
    while (Date.now() < until && (await sendBatch()) > 0);
  }

  /** The next look: when the next retry falls due, and at least every `pollMs`. */
  async function scheduleNext(): Promise<void> {
    const dueIn = await msUntilNextMail(db).catch(() => undefined);
    if (!running) return;
    clearTimeout(timer);
    timer = setTimeout(wake, Math.min(options.pollMs, dueIn ?? Infinity));
    timer.unref();
  }

  /** Starts a pass, or asks the one under way for another round (a mail may have come after its claim). */
  function wake(): void {
    if (!running) return;
    if (pass) {
      again = true;
      return;
    }
    pass = (async () => {
      try {
        do {
          again = false;
          await sendDue();
        } while (again && running);
        await scheduleNext();
      } catch (err) {
        // The database is unreachable, say: claimed mails come back after their lease; look again later.
        log.warn({ err }, 'sending queued e-mails failed; trying again at the next poll');
        if (running) {
          clearTimeout(timer);
          timer = setTimeout(wake, options.pollMs);
          timer.unref();
        }
      } finally {
        pass = undefined;
      }
    })();
  }

  /** The flushes sending now (`flush`). */
  const flushes = new Set<Promise<void>>();

  deps.queued.subscribe(wake);

  return {
    /** Sends what is already due (left by an instance that stopped), then follows notifications and polls. */
    start(): void {
      running = true;
      wake();
    },

    /**
     * Stops following; waits for the sends under way, then sends what is due for a few seconds more, so
     * the mails of this instance's last requests leave with it (the next instance would send them anyway).
     */
    async stop(): Promise<void> {
      running = false;
      clearTimeout(timer);
      const until = Date.now() + SHUTDOWN_SEND_MS;
      // The sends under way, for as long as shutting down gives them: a slow mail server's answer could hold the
      // stop past the process's forced exit (decision 0094). A send still going then is left to its lease (no longer
      // renewed once the process is gone): another instance sends it, as after a crash.
      while (pass && Date.now() < until) await Promise.race([pass, delay(until - Date.now(), undefined, { ref: false })]);
      if (pass) return log.warn('an e-mail was still being sent at shutdown: it is left to another instance');
      await sendDue(until).catch((err: unknown) => log.warn({ err }, 'sending queued e-mails at shutdown failed'));
    },

    /**
     * Resolves once every mail due now has been tried (tests: the one wait for the outbox), those another flush claimed
     * included: four at once each found the others' mails claimed, returned before they were sent, and one looked in
     * vain for its mail (CI, 2026-12-01).
     */
    async flush(): Promise<void> {
      while (pass) await pass;
      const own = sendDue();
      flushes.add(own);
      try {
        await own;
      } finally {
        flushes.delete(own);
      }
      while (pass || flushes.size > 0) await Promise.allSettled([pass, ...flushes]);
    },
  };
}

export type MailSender = ReturnType<typeof createMailSender>;
