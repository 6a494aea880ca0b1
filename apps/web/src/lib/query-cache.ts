/**
 * The shop's data layer (docs/decisions/0014): a small cache of server reads keyed by query key,
 * in the spirit of TanStack Query, whose ~11 kB gzip did not fit the first load's 120 kB budget.
 * - One entry per key; screens that read the same key share it (and its in-flight request).
 * - Every fetch of a key gets a sequence number; an answer that arrives after a newer fetch of the
 *   same key started is dropped, so a stale answer never overwrites a newer one.
 * - A write invalidates by key prefix: watched entries refetch, the others are forgotten.
 * - Unwatched entries beyond a bound are evicted oldest first, so a long search session stays small.
 */
export type QueryKey = readonly unknown[];

export interface QueryState<T> {
  data: T | undefined;
  error: unknown;
  status: 'loading' | 'success' | 'error';
  /** True while a request for this key is under way (also when older data is shown). */
  fetching: boolean;
}

interface Entry {
  state: QueryState<unknown>;
  fetcher?: () => Promise<unknown>;
  seq: number;
  inFlight?: Promise<unknown>;
  fetchedAt: number;
  /** Set by invalidate: the next watcher refetches even if the data is recent. */
  stale: boolean;
  listeners: Set<() => void>;
}

const EMPTY: QueryState<never> = { data: undefined, error: undefined, status: 'loading', fetching: false };

export const hashKey = (key: QueryKey) => JSON.stringify(key);

export function createQueryCache({ staleMs = 30_000, maxIdleEntries = 50 } = {}) {
  const entries = new Map<string, Entry>();

  const entryOf = (key: QueryKey): Entry => {
    const hash = hashKey(key);
    let entry = entries.get(hash);
    if (!entry) {
      entry = { state: EMPTY, seq: 0, fetchedAt: 0, stale: true, listeners: new Set() };
      entries.set(hash, entry);
    }
    return entry;
  };

  const update = (entry: Entry, state: Partial<QueryState<unknown>>) => {
    entry.state = { ...entry.state, ...state };
    for (const listener of entry.listeners) listener();
  };

  const evictIdle = () => {
    const idle = [...entries].filter(([, e]) => e.listeners.size === 0 && !e.inFlight);
    for (const [hash] of idle.slice(0, Math.max(0, idle.length - maxIdleEntries))) entries.delete(hash);
  };

  /**
   * Runs `fetcher` for `key` unless a request is already under way (then that one is shared).
   * `remember: false` for a one-off step (the next page) that a refetch must not repeat.
   */
  function fetch<T>(key: QueryKey, fetcher: () => Promise<T>, { force = false, remember = true } = {}): Promise<T> {
    const entry = entryOf(key);
    if (remember) entry.fetcher = fetcher;
    if (entry.inFlight && !force) return entry.inFlight as Promise<T>;
    const seq = ++entry.seq;
    update(entry, { fetching: true });
    const request = fetcher().then(
      (data) => {
        if (seq === entry.seq) {
          entry.inFlight = undefined;
          entry.fetchedAt = Date.now();
          entry.stale = false;
          update(entry, { data, error: undefined, status: 'success', fetching: false });
        }
        return data;
      },
      (error: unknown) => {
        if (seq === entry.seq) {
          entry.inFlight = undefined;
          update(entry, { error, status: entry.state.data === undefined ? 'error' : 'success', fetching: false });
        }
        throw error;
      },
    );
    entry.inFlight = request;
    evictIdle();
    return request;
  }

  return {
    getState: <T>(key: QueryKey) => (entries.get(hashKey(key))?.state ?? EMPTY) as QueryState<T>,

    subscribe(key: QueryKey, listener: () => void) {
      const entry = entryOf(key);
      entry.listeners.add(listener);
      return () => {
        entry.listeners.delete(listener);
      };
    },

    fetch,

    /** Fetches when there is no data yet, or it is older than `staleMs`, or was invalidated. */
    ensure<T>(key: QueryKey, fetcher: () => Promise<T>) {
      const entry = entryOf(key);
      entry.fetcher = fetcher;
      const fresh = entry.state.status === 'success' && !entry.stale && Date.now() - entry.fetchedAt < staleMs;
      if (fresh || entry.inFlight) return;
      fetch(key, fetcher).catch(() => undefined);
    },

    /** Sets a key's data directly (an answer that already carries it, e.g. after a write). */
    setData<T>(key: QueryKey, updater: (current: T | undefined) => T) {
      const entry = entryOf(key);
      entry.seq++;
      entry.inFlight = undefined;
      entry.fetchedAt = Date.now();
      entry.stale = false;
      update(entry, { data: updater(entry.state.data as T | undefined), error: undefined, status: 'success', fetching: false });
    },

    /** Changes the data of every loaded key starting with `prefix` (a write whose answer says what changed). */
    update<T>(prefix: QueryKey, updater: (current: T) => T) {
      const start = hashKey(prefix).slice(0, -1);
      for (const [hash, entry] of entries) {
        if (hash.startsWith(start) && entry.state.data !== undefined) update(entry, { data: updater(entry.state.data as T) });
      }
    },

    /** Every key starting with `prefix`: watched ones refetch now, unwatched ones are forgotten. */
    invalidate(prefix: QueryKey) {
      const start = hashKey(prefix).slice(0, -1);
      for (const [hash, entry] of entries) {
        if (!hash.startsWith(start)) continue;
        if (entry.listeners.size > 0 && entry.fetcher) {
          entry.stale = true;
          fetch(JSON.parse(hash) as QueryKey, entry.fetcher, { force: true }).catch(() => undefined);
        } else entries.delete(hash);
      }
    },

    /** Forgets keys (a signed-out shopper's data); watchers see the loading state. */
    remove(prefix: QueryKey) {
      const start = hashKey(prefix).slice(0, -1);
      for (const [hash, entry] of entries) {
        if (!hash.startsWith(start)) continue;
        entry.seq++;
        entry.inFlight = undefined;
        entry.stale = true;
        update(entry, EMPTY);
        if (entry.listeners.size === 0) entries.delete(hash);
      }
    },

    /** Retries a key that failed (a 'Try again' button). */
    retry(key: QueryKey) {
      const entry = entryOf(key);
      if (entry.fetcher) fetch(key, entry.fetcher, { force: true }).catch(() => undefined);
    },
  };
}

export type QueryCache = ReturnType<typeof createQueryCache>;

/** The app's one cache. */
export const queryCache = createQueryCache();
