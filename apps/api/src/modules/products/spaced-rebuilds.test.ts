import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { spacedRebuilds, type RebuildSpacing } from './spaced-rebuilds.js';

/** A change feed the test drives by hand. */
function handFeed(live = true) {
  const subscribers: ((change?: string) => void)[] = [];
  return { live: () => live, subscribe: (fn: (change?: string) => void) => void subscribers.push(fn), notify: (change?: string) => subscribers.forEach((fn) => fn(change)) };
}

/** Builds of `ms` each on the fake clock; each answers its number and records when it ran. */
function timedBuilds(ms: number) {
  const runs: { start: number; end: number }[] = [];
  let started = 0;
  return {
    runs,
    /** The time the builds took in [from, to). */
    busyIn: (from: number, to: number) => runs.reduce((sum, run) => sum + Math.max(0, Math.min(run.end, to) - Math.max(run.start, from)), 0),
    build: async () => {
      const n = ++started;
      const run = { start: performance.now(), end: Infinity };
      runs.push(run);
      await new Promise((resolve) => setTimeout(resolve, ms));
      run.end = performance.now();
      return n;
    },
  };
}

const SITEMAPS: RebuildSpacing = { factor: 10, spacedFromMs: 0, waitMs: 300, spacedWhileFeedDown: true };
const LIST: RebuildSpacing = { factor: 2, spacedFromMs: 1_000, waitMs: 300, spacedWhileFeedDown: false };

beforeEach(() => {
  vi.useFakeTimers({ toFake: ['setTimeout', 'clearTimeout', 'performance', 'Date'] });
});
afterEach(() => {
  vi.useRealTimers();
});

/**
 * A change and a request (`fresh`: one asking for a build of its own) every `everyMs`, `times` times: when the storm
 * began and ended, and the longest a request waited for its answer.
 */
async function storm(
  feed: ReturnType<typeof handFeed>,
  answers: ReturnType<typeof spacedRebuilds<number>>,
  { times, everyMs, fresh = false }: { times: number; everyMs: number; fresh?: boolean },
) {
  const began = performance.now();
  let slowest = 0;
  for (let i = 0; i < times; i++) {
    feed.notify();
    const asked = performance.now();
    void answers.current(fresh).then(() => (slowest = Math.max(slowest, performance.now() - asked)));
    await vi.advanceTimersByTimeAsync(everyMs);
  }
  return { began, ended: performance.now(), slowest };
}

/** Settles what the clock has made ready. */
const settle = () => vi.advanceTimersByTimeAsync(0);

describe('spaced rebuilds', () => {
  it('wait for the first build; after a change answer the previous one at once while the rebuild waits out its spacing, then the rebuilt one', async () => {
    const feed = handFeed();
    const builds = timedBuilds(1_000);
    const answers = spacedRebuilds(builds.build, feed, SITEMAPS);
    const first = answers.current();
    await vi.advanceTimersByTimeAsync(1_000);
    expect(await first).toBe(1);
    // The second build follows a change at once (the spacing counts from the shorter of the last two builds); a
    // request waits 300 ms for it, then gets the previous answer.
    feed.notify();
    const second = answers.current();
    await vi.advanceTimersByTimeAsync(300);
    expect(await second).toBe(1);
    await vi.advanceTimersByTimeAsync(700);
    expect(await answers.current()).toBe(2);

    feed.notify();
    const during = answers.current();
    await settle();
    expect(await during).toBe(2);
    // 10 × 1 s after the last ended, the rebuild starts by itself; the previous answer meanwhile.
    await vi.advanceTimersByTimeAsync(9_900);
    expect(await answers.current()).toBe(2);
    expect(builds.runs).toHaveLength(2);
    await vi.advanceTimersByTimeAsync(100);
    expect(builds.runs).toHaveLength(3);
    await vi.advanceTimersByTimeAsync(1_000);
    expect(await answers.current()).toBe(3);
  });

  it('keep builds to 1 / (1 + factor) of the time under any rate of changes and requests, and show every change within the spacing', async () => {
    const feed = handFeed();
    const builds = timedBuilds(1_000);
    const answers = spacedRebuilds(builds.build, feed, SITEMAPS);
    const firstAnswer = answers.current();
    await vi.advanceTimersByTimeAsync(1_000);
    await firstAnswer;
    // A change and a request every 10 ms for 5 minutes: back to back, that was a build every second (300).
    const { began, ended, slowest } = await storm(feed, answers, { times: 30_000, everyMs: 10 });
    // One build of slack at each end (the second build is not spaced).
    expect(builds.busyIn(began, ended)).toBeLessThanOrEqual((ended - began) / 11 + 2_000);
    expect(builds.runs.length).toBeGreaterThanOrEqual(20);
    // A request waits 300 ms at most for a build under way, never for a spaced one.
    expect(slowest).toBeLessThanOrEqual(300);

    // The last change: built within the build under way, one spacing and its own build.
    const lastChange = performance.now();
    feed.notify();
    const built = builds.runs.length;
    await vi.advanceTimersByTimeAsync(12_000);
    expect(builds.runs.length).toBeGreaterThan(built);
    expect(builds.runs.at(-1)!.end - lastChange).toBeLessThanOrEqual(12_000);
    expect(await answers.current()).toBe(builds.runs.length);
  });

  it("start a fresh request's build as soon as the one under way ends, not after the spacing; an anonymous one still waits it out", async () => {
    const feed = handFeed();
    const builds = timedBuilds(2_000);
    const answers = spacedRebuilds(builds.build, feed, LIST);
    for (let i = 0; i < 2; i++) {
      feed.notify();
      const built = answers.current();
      await vi.advanceTimersByTimeAsync(2_000);
      await built;
    }
    // Two builds of 2 s: the next is spaced 4 s. A shopper's request after a change gets the previous list.
    feed.notify();
    const shopper = answers.current();
    await settle();
    expect(await shopper).toBe(2);
    expect(builds.runs).toHaveLength(2);
    // A seller's request ends the wait: its build starts now, and it is answered when it ends.
    await vi.advanceTimersByTimeAsync(500);
    const asked = performance.now();
    let answeredAt = 0;
    const seller = answers.current(true).then((n) => ((answeredAt = performance.now()), n));
    await settle();
    expect(builds.runs).toHaveLength(3);
    expect(builds.runs[2]!.start).toBe(asked);
    await vi.advanceTimersByTimeAsync(2_000);
    expect(await seller).toBe(3);
    expect(answeredAt - asked).toBe(2_000);
  });

  it("rest at least one build's length between two when fresh requests ask for every build: half the time busy, each answered within three builds", async () => {
    const feed = handFeed();
    const builds = timedBuilds(2_000);
    const answers = spacedRebuilds(builds.build, feed, LIST);
    for (let i = 0; i < 2; i++) {
      feed.notify();
      const built = answers.current(true);
      await vi.advanceTimersByTimeAsync(2_000);
      await built;
    }
    // Sellers change something and read the list every 50 ms for 10 minutes.
    const { began, ended, slowest } = await storm(feed, answers, { times: 12_000, everyMs: 50, fresh: true });
    expect(builds.busyIn(began, ended)).toBeLessThanOrEqual((ended - began) / 2 + 4_000);
    // Back to back would be 300 builds; spaced as for shoppers, 100.
    expect(builds.runs.length).toBeGreaterThan(120);
    // The build under way, a rest of one build, its own build.
    expect(slowest).toBeLessThanOrEqual(3 * 2_000 + 50);

    // Once they stop, the rest they cut short is owed, one spacing more at most (no debt piled up over 10 minutes):
    // 20 s later a shopper's request after a change starts a build at once.
    await vi.advanceTimersByTimeAsync(20_000);
    const runs = builds.runs.length;
    feed.notify();
    const asked = performance.now();
    void answers.current();
    await vi.advanceTimersByTimeAsync(10_000);
    expect(builds.runs).toHaveLength(runs + 1);
    expect(builds.runs.at(-1)!.start).toBe(asked);
  });

  it('while the feed is down: the list waits for a build started after each request; the sitemaps keep their spacing', async () => {
    const listBuilds = timedBuilds(2_000);
    const list = spacedRebuilds(listBuilds.build, handFeed(false), LIST);
    for (let i = 1; i <= 4; i++) {
      const answer = list.current();
      await vi.advanceTimersByTimeAsync(2_000);
      expect(await answer).toBe(i);
    }

    const sitemapBuilds = timedBuilds(1_000);
    const sitemaps = spacedRebuilds(sitemapBuilds.build, handFeed(false), SITEMAPS);
    for (let i = 0; i < 2; i++) {
      const answer = sitemaps.current();
      await vi.advanceTimersByTimeAsync(1_000);
      await answer;
    }
    const during = sitemaps.current();
    await settle();
    expect(await during).toBe(2);
    await vi.advanceTimersByTimeAsync(11_000);
    expect(await sitemaps.current()).toBe(3);
  });

  it('rebuild a slow answer read lately as soon as a change is heard, so a read after a quiet spell gets it as of the change; one not read lately waits to be asked (a probe)', async () => {
    const feed = handFeed();
    const builds = timedBuilds(2_000);
    const answers = spacedRebuilds(builds.build, feed, { ...LIST, keepWarmMs: 600_000 });
    const first = answers.current();
    await vi.advanceTimersByTimeAsync(2_000);
    expect(await first).toBe(1);
    // A second slow build: from now on builds are spaced (4 s after the last), and the answer is kept warm.
    feed.notify();
    const second = answers.current();
    await vi.advanceTimersByTimeAsync(300);
    expect(await second).toBe(1);
    await vi.advanceTimersByTimeAsync(1_700);
    expect(await answers.current()).toBe(2);
    feed.notify();
    // Nobody asks for a minute: the rebuild ran meanwhile (after its spacing), and the next read is the changed answer at once.
    await vi.advanceTimersByTimeAsync(60_000);
    expect(builds.runs).toHaveLength(3);
    expect(await answers.current()).toBe(3);

    // Not read for longer than it is kept warm: a change builds nothing until it is asked for.
    await vi.advanceTimersByTimeAsync(600_000);
    feed.notify();
    await vi.advanceTimersByTimeAsync(60_000);
    expect(builds.runs).toHaveLength(3);
    const asked = answers.current();
    await vi.advanceTimersByTimeAsync(300);
    expect(await asked).toBe(3);
    await vi.advanceTimersByTimeAsync(1_700);
    expect(await answers.current()).toBe(4);
  });

  it('send no answer built before a withdrawing change (a shop suspended, heard or made here): requests wait for the build after it (a probe)', async () => {
    // The probe: a suspended shop's products stayed in the whole list for 10 s at 100,000 products, 14 s to come back.
    const feed = handFeed();
    const builds = timedBuilds(2_000);
    const answers = spacedRebuilds(builds.build, feed, { ...LIST, withdraws: (change) => change === 'shops' });
    const first = answers.current();
    await vi.advanceTimersByTimeAsync(2_000);
    expect(await first).toBe(1);
    feed.notify();
    const second = answers.current();
    await vi.advanceTimersByTimeAsync(2_000);
    expect(await second).toBe(1);
    expect(await answers.current()).toBe(2);

    // Another change: the previous answer at once, as ever (the builds are spaced now).
    feed.notify('stock');
    expect(await answers.current()).toBe(2);
    // A withdrawing one heard: nothing built before it is sent; the request waits for the build after it.
    feed.notify('shops');
    let answered: number | undefined;
    void answers.current().then((value) => (answered = value));
    await vi.advanceTimersByTimeAsync(300);
    expect(answered).toBeUndefined();
    await vi.advanceTimersByTimeAsync(20_000);
    expect(answered).toBe(3);
    expect(await answers.current()).toBe(3);

    // This instance's own (`invalidate(true)`), before the feed echoes it.
    answers.invalidate(true);
    answered = undefined;
    void answers.current().then((value) => (answered = value));
    await vi.advanceTimersByTimeAsync(300);
    expect(answered).toBeUndefined();
    await vi.advanceTimersByTimeAsync(20_000);
    expect(answered).toBe(4);
  });

  it('do not keep a failed build: the next request builds again', async () => {
    const feed = handFeed();
    let fail = true;
    const answers = spacedRebuilds(async () => {
      if (fail) throw new Error('the database is away');
      return 'built';
    }, feed, SITEMAPS);
    await expect(answers.current()).rejects.toThrow('the database is away');
    fail = false;
    await settle();
    expect(await answers.current()).toBe('built');
  });
});
