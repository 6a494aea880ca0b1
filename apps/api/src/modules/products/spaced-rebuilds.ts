import type { ChannelFeed } from '../../db/channel-feed.js';

/** How a kept answer that takes long to build (the whole product list, the sitemaps) follows catalogue changes. */
export interface RebuildSpacing {
  /**
   * When the last two builds each took B ms or more (B at least `spacedFromMs`), the next starts no sooner than
   * B × `factor` after the last ended: the builder is busy at most 1 / (1 + factor) of the time, whatever the rate of
   * changes and requests. The previous answer is sent meanwhile.
   */
  factor: number;
  /** Builds shorter than this are not spaced (0: every build is). */
  spacedFromMs: number;
  /**
   * How long a request waits for a rebuild that is under way (or starts at once) before the previous answer is
   * sent, when the last build took this long or more; a quicker build is always waited for. A rebuild that must
   * first wait out the spacing is never waited for: the previous answer goes at once.
   */
  waitMs: number;
  /**
   * While the change feed is down a change may go unheard, so every request counts as one. false: each request
   * waits for a build started after it arrived, unspaced (the list, decision 0060). true: the spacing and the
   * previous answer hold as for any change (the sitemaps, which promise a change within one spacing).
   */
  spacedWhileFeedDown: boolean;
  /**
   * An answer asked for within this long, whose last two builds each took `spacedFromMs` or more (its builds are
   * spaced), is rebuilt as soon as a change is heard (spaced as ever), not at the next request: a client reading it
   * after a quiet spell gets it as of the change, not the previous one while a rebuild starts (a probe read a price a
   * minute old). A quicker build is left to the next request, which waits for it. Unset: rebuilt only when asked for
   * (the sitemaps, read days apart).
   */
  keepWarmMs?: number;
  /**
   * Changes after which no answer built before them is sent (a shop suspended: its products leave at once, issue 26):
   * every request waits for a build after the change, as a fresh one does. Unset: none.
   */
  withdraws?: (change: string | undefined) => boolean;
}

/**
 * An answer rebuilt after catalogue changes (decisions 0099, 0130): one build at a time, shared by every request
 * meanwhile; changes heard during a build share the one build owed after it; builds spaced by `RebuildSpacing`.
 *
 * `fresh` (a seller reading its own write, decision 0013): the request waits for an answer built after the last
 * change heard, and the build it needs starts as soon as the one under way (if any) ends, one spacing sooner than
 * others would start it. The rest it cuts short is not forgiven: it is owed after that build, so builds asked for
 * by fresh requests alone, however many and however often, still rest factor − 1 builds' length between two
 * (the list's 2: one, half the time busy, not back to back; decision 0013's amendment of 2026-11-29, later).
 */
export function spacedRebuilds<T>(build: () => Promise<T>, changes: Pick<ChannelFeed, 'live' | 'subscribe'>, spacing: RebuildSpacing) {
  type Built = { value: T; version: number; buildMs: number };
  /** The newest answer built, and the change count it reflects. */
  let latest: Built | undefined;
  let running: { version: number; done: Promise<Built> } | undefined;
  /** The build owed after the running one, or after the rest: shared by the requests meanwhile. */
  let owed: { done: Promise<Built>; start: () => void; fresh: boolean } | undefined;
  let timer: NodeJS.Timeout | undefined;
  /** Bumped by every change: an answer built before it is stale. */
  let version = 0;
  /** How long the last build took (the next spacing is counted from the shorter of it and the one after). */
  let lastMs: number | undefined;
  /** The last build's spacing, and when the rest owed by the builds so far is over (`performance.now()`). */
  let spacingMs = 0;
  let restedAt = 0;

  /** When the answer was last asked for (`performance.now()`). */
  let askedAt = -Infinity;
  /** The last change after which an answer built before it is not sent (`withdraws`). */
  let withdrawnAt = 0;

  /** A change: `withdrawing`, answers built before it are sent no more. */
  const invalidate = (withdrawing = false) => {
    version += 1;
    if (withdrawing) withdrawnAt = version;
  };
  changes.subscribe((change) => {
    invalidate(spacing.withdraws?.(change));
    // Only an answer whose builds are spaced (the last two were slow): a quicker one is built for the next request, which
    // waits for it.
    if (latest && spacingMs > 0 && spacing.keepWarmMs !== undefined && performance.now() - askedAt < spacing.keepWarmMs) builtAfter(version, false).catch(() => undefined);
  });

  const spaced = () => spacing.spacedWhileFeedDown || changes.live();

  function startBuild(): Promise<Built> {
    const startedAt = version;
    const began = performance.now();
    const done: Promise<Built> = build()
      .then((value) => {
        const built = { value, version: startedAt, buildMs: performance.now() - began };
        if (!latest || latest.version <= startedAt) latest = built;
        return built;
      })
      .finally(() => {
        const ended = performance.now();
        const ms = ended - began;
        const length = lastMs === undefined ? 0 : Math.min(ms, lastMs);
        lastMs = ms;
        spacingMs = length < spacing.spacedFromMs ? 0 : length * spacing.factor;
        // Rest cut short by a fresh request is owed after this build; one spacing more at most, so builds that started
        // regardless of it (the feed down) do not pile up a debt.
        restedAt = Math.min(Math.max(restedAt, ended) + spacingMs, ended + 2 * spacingMs);
        running = undefined;
        schedule();
      });
    running = { version: startedAt, done };
    return done;
  }

  /** Starts the owed build once nothing runs and the rest is over (for a fresh request, one spacing sooner). */
  function schedule() {
    clearTimeout(timer);
    timer = undefined;
    if (!owed || running) return;
    const rest = spaced() ? restedAt - (owed.fresh ? spacingMs : 0) - performance.now() : 0;
    if (rest > 0) {
      // A timer may fire a little early as performance.now() counts: this runs again and waits for the rest.
      timer = setTimeout(schedule, Math.ceil(rest));
      // A server closing does not wait for a spaced rebuild.
      timer.unref();
      return;
    }
    const { start } = owed;
    owed = undefined;
    start();
  }

  /** The build under way will be spaced from the next unless it turns out shorter than `spacedFromMs`. */
  const restLikelyAfterRunning = () => spaced() && spacing.factor > 0 && lastMs !== undefined && lastMs >= spacing.spacedFromMs;

  /** An answer built after the change `wanted` counts: the build under way if it started then, else the one owed. */
  function builtAfter(wanted: number, fresh: boolean): Promise<Built> {
    if (running && running.version >= wanted) return running.done;
    if (!owed) {
      let start!: () => void;
      const done = new Promise<Built>((resolve, reject) => (start = () => void startBuild().then(resolve, reject)));
      // Requests answered the previous answer meanwhile have stopped listening: a failure is theirs to hear, not unhandled.
      done.catch(() => undefined);
      owed = { done, start, fresh };
    }
    owed.fresh ||= fresh;
    const waiting = owed.done;
    schedule();
    return waiting;
  }

  /**
   * The answer as of the last change heard. The first is waited for. After a change: the previous answer at once while
   * the rebuild waits out its spacing (or for the build under way, a spacing after it); a rebuild that starts at once
   * (or is under way) is waited for when the last build was quicker than `waitMs`, else for `waitMs` at most, then the
   * previous answer goes. `fresh`, or the previous answer built before a withdrawing change: always waited for.
   */
  async function current(fresh = false): Promise<T> {
    askedAt = performance.now();
    if (latest && latest.version < withdrawnAt) fresh = true;
    const live = changes.live();
    if (!live) version += 1;
    else if (latest?.version === version) return latest.value;
    const pending = builtAfter(version, fresh);
    const previous = latest;
    if (fresh || !previous || (!live && !spacing.spacedWhileFeedDown)) return (await pending).value;
    // The rebuild is owed, not started: it waits for the rest, or for the build under way, likely followed by a rest.
    if (owed && (!running || restLikelyAfterRunning())) return previous.value;
    if (previous.buildMs < spacing.waitMs) return (await pending).value;
    let timeout: NodeJS.Timeout | undefined;
    const waited = new Promise<Built>((resolve) => (timeout = setTimeout(() => resolve(previous), spacing.waitMs)));
    return (await Promise.race([pending, waited]).finally(() => clearTimeout(timeout))).value;
  }

  return {
    current,
    /** This instance's own change, before the feed echoes it (`true`: a withdrawing one). */
    invalidate,
  };
}
