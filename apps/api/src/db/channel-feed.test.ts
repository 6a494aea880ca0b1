import { randomUUID } from 'node:crypto';
import { setTimeout as sleep } from 'node:timers/promises';
import pg from 'pg';
import { afterAll, beforeAll, describe, expect, it, vi } from 'vitest';
import { coalescedNotifier, followPostgresChannel, keptUntilChange, NOTIFY_SPACING_MS, stockTakenFrom, stockTakenPayload, type ChannelFeed } from './channel-feed.js';

const url = process.env.TEST_DATABASE_URL;
const onPostgres = process.env.TEST_DB_DRIVER === 'postgres' && url !== undefined;

async function until(what: string, check: () => boolean | Promise<boolean>, ms = 3000) {
  const started = Date.now();
  while (!(await check())) {
    if (Date.now() - started > ms) throw new Error(`timed out waiting for ${what}`);
    await sleep(10);
  }
}

describe.skipIf(!onPostgres)('following a NOTIFY channel on PostgreSQL (runs with TEST_DATABASE_URL)', () => {
  const channel = `test_feed_${randomUUID().replace(/-/g, '')}`;
  const admin = new pg.Client({ connectionString: url });
  const lost: Error[] = [];
  let changes = 0;
  const payloads: (string | undefined)[] = [];
  let feed: ChannelFeed;
  beforeAll(async () => {
    await admin.connect();
    feed = await followPostgresChannel(url!, channel, (err) => lost.push(err));
    feed.subscribe((change) => {
      changes += 1;
      payloads.push(change);
    });
  });
  afterAll(async () => {
    await feed.close();
    await admin.end();
  });

  const notify = () => admin.query('select pg_notify($1, $2)', [channel, '']);

  it('hears a notification sent from another connection, with what it says changed', async () => {
    const before = changes;
    await notify();
    await until('the notification', () => changes > before);
    expect(feed.live()).toBe(true);
    await admin.query('select pg_notify($1, $2)', [channel, stockTakenPayload(['p1', 'p2'])]);
    await until('the second notification', () => changes > before + 1);
    expect(payloads.slice(-2).map(stockTakenFrom)).toEqual([undefined, ['p1', 'p2']]);
  });

  it('reopens a listening connection the server dropped, says it was down, and hears notifications again', async () => {
    const before = changes;
    const { rows } = await admin.query<{ killed: boolean }>(
      `select pg_terminate_backend(pid) as killed from pg_stat_activity where query = $1 and pid <> pg_backend_pid()`,
      [`LISTEN ${pg.escapeIdentifier(channel)}`],
    );
    expect(rows).toEqual([{ killed: true }]);
    await until('the drop to be noticed', () => lost.length > 0);
    // Down, then back: each tells the subscribers that a change may have been missed.
    await until('the connection to be reopened', () => feed.live());
    expect(changes - before).toBeGreaterThanOrEqual(2);
    const afterReconnect = changes;
    await notify();
    await until('the notification after the reconnect', () => changes > afterReconnect);
  });
});

describe('coalesced notifications', () => {
  /** A notifier whose sends take `sendMs` and are recorded with when they began. */
  function recorded(sendMs: number) {
    const sends: { channel: string; at: number; payload: string }[] = [];
    const errors: unknown[] = [];
    const notifier = coalescedNotifier(
      async (channel, payload) => {
        // The monotonic clock, as the notifier spaces by it: the wall clock, slewed by NTP, read 45 ms for a spacing of 50 (CI).
        sends.push({ channel, at: performance.now(), payload });
        await sleep(sendMs);
      },
      (err) => errors.push(err),
    );
    return { notifier, sends, errors };
  }

  it('sends the first of a burst at once and one more after it, however many writes asked', async () => {
    const { notifier, sends } = recorded(1);
    for (let i = 0; i < 500; i++) notifier.notify('orders_changed');
    // At once: begun within the first call, before anything else could run. (A 1 ms sleep here, then a count
    // of 1, failed on a loaded machine whose timer fired after the spacing had passed.)
    expect(sends).toHaveLength(1);
    await notifier.flush();
    expect(sends.map((s) => s.channel)).toEqual(['orders_changed', 'orders_changed']);
    // A send's own record is read a moment after the notifier's: a millisecond of leeway.
    expect(sends[1]!.at - sends[0]!.at).toBeGreaterThanOrEqual(NOTIFY_SPACING_MS - 1);
  });

  it('waits out its spacing by the monotonic clock: a wall clock set back during a send does not hold a flush (a closing database waited minutes)', async () => {
    const notifier = coalescedNotifier(
      async () => {
        // The wall clock moves back a day while the NOTIFY is under way (NTP, or a test's fake Date ending).
        vi.useFakeTimers({ toFake: ['Date'], now: Date.now() - 24 * 3600_000 });
      },
      () => undefined,
    );
    try {
      notifier.notify('orders_changed');
      const began = performance.now();
      await notifier.flush();
      expect(performance.now() - began).toBeLessThan(5_000);
    } finally {
      vi.useRealTimers();
    }
  });

  it('spaces the notifications of one channel during a long burst, and keeps channels apart', async () => {
    const { notifier, sends } = recorded(1);
    const started = performance.now();
    const until = started + 5 * NOTIFY_SPACING_MS;
    while (performance.now() < until) {
      notifier.notify('orders_changed');
      notifier.notify('mail_queued');
      await sleep(1);
    }
    await notifier.flush();
    const orders = sends.filter((s) => s.channel === 'orders_changed').map((s) => s.at);
    // Without the spacing a 1 ms send made one per write: about 250 here. A loaded machine's late timers
    // make fewer, never more: one per spacing over the time the burst and the flush took, plus the first.
    expect(orders.length).toBeGreaterThanOrEqual(2);
    expect(orders.length).toBeLessThanOrEqual(Math.floor((performance.now() - started) / NOTIFY_SPACING_MS) + 1);
    for (let i = 1; i < orders.length; i++) expect(orders[i]! - orders[i - 1]!).toBeGreaterThanOrEqual(NOTIFY_SPACING_MS - 1);
    const mail = sends.filter((s) => s.channel === 'mail_queued').length;
    expect(Math.abs(mail - orders.length)).toBeLessThanOrEqual(1);
  });

  it('sends a change that comes after a quiet spell at once', async () => {
    const { notifier, sends } = recorded(1);
    notifier.notify('catalogue_changed');
    await notifier.flush();
    await sleep(NOTIFY_SPACING_MS + 10);
    const asked = performance.now();
    notifier.notify('catalogue_changed');
    await notifier.flush();
    expect(sends).toHaveLength(2);
    expect(sends[1]!.at - asked).toBeLessThan(10);
  });
});

describe('checkout\'s notifications name the products whose stock it took (decision 0273)', () => {
  it('says together the products of the checkouts one notification stands for, and "anything" when one of them said no products', async () => {
    const sends: string[] = [];
    const notifier = coalescedNotifier(async (_channel, payload) => void sends.push(payload), () => undefined);
    notifier.notify('catalogue_changed', ['a']);
    notifier.notify('catalogue_changed', ['b', 'a']);
    notifier.notify('catalogue_changed', ['c']);
    await notifier.flush();
    notifier.notify('catalogue_changed', ['d']);
    notifier.notify('catalogue_changed');
    notifier.notify('catalogue_changed', ['e']);
    await notifier.flush();
    expect(sends.map(stockTakenFrom)).toEqual([['a'], ['b', 'a', 'c'], ['d'], undefined]);
  });

  it('says "anything may have changed" in the notification after one that failed: the products it named are not lost (a probe)', async () => {
    const sends: string[] = [];
    let failing = true;
    const notifier = coalescedNotifier(
      async (_channel, payload) => {
        if (failing) throw new Error('connection lost');
        sends.push(payload);
      },
      () => undefined,
    );
    notifier.notify('catalogue_changed', ['a']);
    await notifier.flush();
    failing = false;
    notifier.notify('catalogue_changed', ['b']);
    await notifier.flush();
    notifier.notify('catalogue_changed', ['c']);
    await notifier.flush();
    expect(sends.map(stockTakenFrom)).toEqual([undefined, ['c']]);
  });

  it('says "anything may have changed" rather than a payload PostgreSQL would refuse (8,000 bytes)', () => {
    const many = Array.from({ length: 300 }, () => randomUUID());
    expect(stockTakenPayload(many)).toBe('');
    expect(stockTakenFrom(stockTakenPayload(many.slice(0, 200)))).toEqual(many.slice(0, 200));
  });
});

describe('answers kept until a change', () => {
  /** A feed whose changes the test sends. */
  function feed() {
    const subscribers: ((change?: string) => void)[] = [];
    return { live: () => true, subscribe: (fn: (change?: string) => void) => void subscribers.push(fn), send: (change?: string) => subscribers.forEach((fn) => fn(change)) };
  }
  const counted = () => {
    let computed = 0;
    return { compute: (answer: string[]) => () => Promise.resolve((computed++, answer)), computed: () => computed };
  };

  it('keeps an answer through checkouts that took stock of products it does not show, and drops it for one of its own', async () => {
    const changes = feed();
    const kept = keptUntilChange(changes, 10);
    const { compute, computed } = counted();
    const read = () => kept.get('page', compute(['a', 'b']), (shown) => shown);
    await read();
    changes.send(stockTakenPayload(['c', 'd']));
    await read();
    expect(computed()).toBe(1);
    changes.send(stockTakenPayload(['d', 'b']));
    await read();
    expect(computed()).toBe(2);
  });

  it('drops every answer on a change that names no products, when the feed stops or resumes, and answers not told what they show', async () => {
    const changes = feed();
    const kept = keptUntilChange(changes, 10);
    const { compute, computed } = counted();
    const shows = (shown: string[]) => shown;
    await kept.get('page', compute(['a']), shows);
    await kept.get('other', compute(['z']));
    changes.send(stockTakenPayload(['c']));
    await kept.get('page', compute(['a']), shows);
    await kept.get('other', compute(['z']));
    expect(computed()).toBe(3);
    for (const change of ['', undefined]) {
      changes.send(change);
      await kept.get('page', compute(['a']), shows);
    }
    expect(computed()).toBe(5);
  });

  it('drops an answer still being computed when any stock is taken: what it read may be from before', async () => {
    const changes = feed();
    const kept = keptUntilChange(changes, 10);
    let finish: (shown: string[]) => void = () => undefined;
    const first = kept.get('page', () => new Promise<string[]>((resolve) => (finish = resolve)), (shown) => shown);
    changes.send(stockTakenPayload(['c']));
    finish(['a']);
    await first;
    const { compute, computed } = counted();
    await kept.get('page', compute(['a']), (shown) => shown);
    expect(computed()).toBe(1);
  });
});
