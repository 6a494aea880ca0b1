import pg from 'pg';

/**
 * A NOTIFY channel followed by this process (docs/decisions/0060). `subscribe`rs are called on every
 * notification and whenever the feed stops or resumes being live: notifications sent while the
 * listening connection was down are lost, so a follower must treat both as "something may have changed".
 * `change` is the notification's payload: empty (a trigger's) or undefined (the feed stopped or resumed) for
 * "anything may have changed", `SHOPS_CHANGED` (the same, by a shop's status, name or slug), or what `stockTakenFrom`
 * reads (checkout's, decision 0273).
 */
export interface ChannelFeed {
  /** True while notifications are being received; a cache is only worth keeping while it is. */
  live(): boolean;
  subscribe(onChange: (change?: string) => void): void;
  close(): Promise<void>;
}

const STOCK_TAKEN = 'stock-taken:';
/**
 * The payload of a shop's change (its status, name or slug: the sellers' trigger, migration 0050): anything shown may
 * have changed, and a shop suspended leaves the shop at once, its products in no answer sent after it (issue 26).
 */
export const SHOPS_CHANGED = 'shops';
/** PostgreSQL refuses a payload of 8,000 bytes or more: a longer list is said as "anything may have changed". */
const PAYLOAD_MAX = 7_900;

/**
 * A notification's payload saying that only these products' counted stock (and availability) changed: checkout's
 * after its commit (decision 0273). Too many to say in one payload: empty, which means anything may have changed.
 */
export function stockTakenPayload(products: Iterable<string>): string {
  const payload = STOCK_TAKEN + [...products].join(',');
  return payload.length < PAYLOAD_MAX ? payload : '';
}

/** The products whose stock was taken, when that is all `change` says changed; undefined: anything may have. */
export function stockTakenFrom(change: string | undefined): string[] | undefined {
  return change?.startsWith(STOCK_TAKEN) ? change.slice(STOCK_TAKEN.length).split(',') : undefined;
}

/**
 * Answers kept until the feed reports a change (any instance's write, or the feed stopping or resuming):
 * concurrent requests for one key share one computation, a failed one is not kept, nothing is kept while
 * the feed is down (a change could go unheard), and at most `max` keys stay, the least used out first.
 * An answer `get` was told the products of (`shows`: every product it shows, whatever their stock, and none can
 * join it by selling units) outlives checkouts that took stock of other products only (decision 0273): a page of
 * the catalogue is not rendered again after every order of the store. One still being computed is dropped.
 */
export function keptUntilChange(changes: Pick<ChannelFeed, 'live' | 'subscribe'>, max: number) {
  const answers = new Map<string, { value: Promise<unknown>; shows?: ReadonlySet<string> }>();
  const clear = () => answers.clear();
  changes.subscribe((change) => {
    const taken = stockTakenFrom(change);
    if (!taken) return clear();
    for (const [key, kept] of answers) if (!kept.shows || taken.some((id) => kept.shows!.has(id))) answers.delete(key);
  });
  return {
    get<T>(key: string, compute: () => Promise<T>, shows?: (value: T) => Iterable<string>): Promise<T> {
      if (!changes.live()) return compute();
      const hit = answers.get(key);
      if (hit) {
        answers.delete(key);
        answers.set(key, hit);
        return hit.value as Promise<T>;
      }
      const kept: { value: Promise<T>; shows?: ReadonlySet<string> } = { value: compute() };
      answers.set(key, kept);
      kept.value.then(
        (value) => void (shows && (kept.shows = new Set(shows(value)))),
        () => answers.get(key) === kept && answers.delete(key),
      );
      if (answers.size > max) answers.delete(answers.keys().next().value!);
      return kept.value;
    },
    /** Drops every answer at once: this instance's own change, before the feed echoes it. */
    clear,
  };
}

/** Under a burst, the least time between two notifications of one channel (docs/decisions/0091). */
export const NOTIFY_SPACING_MS = 50;

/**
 * NOTIFY `channel` outside any transaction, soon and one at a time: a call while one is under way makes
 * one more after it, so a burst of writes costs a few notifications, not one each (docs/decisions/0086).
 * The first after a quiet spell goes at once; one owed waits until `NOTIFY_SPACING_MS` after the last began
 * (decision 0091): each wakes every listening connection of every instance, which a checkout burst paid
 * for about once per order. `flush` resolves once none is under way or owed (before the database
 * closes). A failed send is reported; the feeds' followers then learn of the change with the next one.
 * `stockTaken`: all that changed is these products' stock (checkout, decision 0273); the calls one notification
 * stands for are said together, as "anything may have changed" when any of them said no products, or after a send
 * that failed.
 */
export function coalescedNotifier(send: (channel: string, payload: string) => Promise<unknown>, onError: (err: unknown, channel: string) => void) {
  const running = new Map<string, Promise<void>>();
  /** What the next notification of a channel owes: the products whose stock alone changed, or 'anything'. */
  const owed = new Map<string, Set<string> | 'anything'>();
  /** Channels whose last send failed: their next notification says "anything may have changed", whatever it is for. */
  const failed = new Set<string>();
  function notify(channel: string, stockTaken?: Iterable<string>): void {
    const before = owed.get(channel);
    const lost = failed.delete(channel);
    owed.set(channel, !stockTaken || lost || before === 'anything' ? 'anything' : new Set([...(before ?? []), ...stockTaken]));
    if (running.has(channel)) return;
    const run = (async () => {
      do {
        const change = owed.get(channel)!;
        owed.delete(channel);
        // The monotonic clock, never the wall clock: one set back (by NTP, or a test's fake Date) between the send and
        // the wait made the wait as long as the jump, and `flush` (a closing database) waited minutes for it.
        const began = performance.now();
        await send(channel, change === 'anything' ? '' : stockTakenPayload(change)).catch((err: unknown) => {
          // The products it named are not named again by the next one (another checkout's): it says anything changed.
          if (owed.has(channel)) owed.set(channel, 'anything');
          else failed.add(channel);
          onError(err, channel);
        });
        // The channel stays taken until NOTIFY_SPACING_MS after this send began: a change meanwhile goes then.
        // A timer may fire a little before the time asked as the clock counts it: wait again for the rest.
        for (let wait = began + NOTIFY_SPACING_MS - performance.now(); wait > 0; wait = began + NOTIFY_SPACING_MS - performance.now()) {
          await new Promise((resolve) => setTimeout(resolve, wait));
        }
      } while (owed.has(channel));
      running.delete(channel);
    })();
    running.set(channel, run);
  }
  return {
    notify,
    async flush(): Promise<void> {
      while (running.size > 0) await Promise.all(running.values());
    },
  };
}

/** Delays between attempts to reopen a dropped listening connection. */
const RECONNECT_FIRST_MS = 100;
const RECONNECT_MAX_MS = 5_000;

/**
 * PostgreSQL: LISTEN on a connection of its own, outside the query pool (a pooled connection is handed
 * to other queries and would miss notifications). A dropped connection is reopened with a growing delay.
 */
export async function followPostgresChannel(
  connectionString: string,
  channel: string,
  onConnectionLost: (err: Error) => void,
): Promise<ChannelFeed> {
  const subscribers: ((change?: string) => void)[] = [];
  const changed = (change?: string) => subscribers.forEach((fn) => fn(change));
  let client: pg.Client | undefined;
  let closed = false;
  let retry: NodeJS.Timeout | undefined;
  let delay = RECONNECT_FIRST_MS;

  async function connect(): Promise<void> {
    const next = new pg.Client({ connectionString, keepAlive: true });
    next.on('notification', (message) => message.channel === channel && changed(message.payload ?? ''));
    next.on('error', (err) => lost(next, err));
    next.on('end', () => lost(next, new Error('the listening connection ended')));
    try {
      await next.connect();
      await next.query(`LISTEN ${pg.escapeIdentifier(channel)}`);
    } catch (err) {
      await next.end().catch(() => undefined);
      throw err;
    }
    client = next;
    delay = RECONNECT_FIRST_MS;
    changed();
  }

  function lost(which: pg.Client, err: Error) {
    if (closed || client !== which) return;
    client = undefined;
    which.end().catch(() => undefined);
    onConnectionLost(err);
    changed();
    scheduleReconnect();
  }

  function scheduleReconnect() {
    retry = setTimeout(() => {
      connect().catch((err: unknown) => {
        onConnectionLost(err instanceof Error ? err : new Error(String(err)));
        delay = Math.min(delay * 2, RECONNECT_MAX_MS);
        if (!closed) scheduleReconnect();
      });
    }, delay);
    retry.unref();
  }

  await connect();
  return {
    live: () => client !== undefined,
    subscribe: (onChange) => void subscribers.push(onChange),
    async close() {
      closed = true;
      clearTimeout(retry);
      const last = client;
      client = undefined;
      await last?.end();
    },
  };
}
