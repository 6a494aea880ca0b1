import { sql } from 'drizzle-orm';
import type { FastifyInstance } from 'fastify';
import { afterAll, beforeAll, describe, expect, it, vi } from 'vitest';
import { buildApp } from '../app.js';
import { rateLimitHits, scheduledRuns } from '../db/schema/index.js';
import { buildTestApp, type TestApp } from '../test/test-app.js';
import { HOUSEKEEPING_FIRST_CHECK_MS, scheduleHousekeeping, type Housekeeping } from './housekeeping.js';

/** Two apps on one database, as two instances (or a restarted one) would be. */
let t: TestApp;
let second: FastifyInstance;
beforeAll(async () => {
  t = await buildTestApp();
  second = await buildApp({ config: t.app.config, database: t.database, seed: false, logger: false });
});
afterAll(async () => {
  await second.close();
  await t.close();
});

const leaveClosedWindow = () => t.app.db.insert(rateLimitHits).values({ key: 'sweep test', hits: 1, expiresAt: sql`now() - interval '1 minute'` }).onConflictDoNothing();
const closedWindowLeft = async () => (await t.app.db.$count(rateLimitHits, sql`${rateLimitHits.key} = 'sweep test'`)) > 0;
const runBoth = async () => (await Promise.all([t.app.housekeeping.runIfDue(), second.housekeeping.runIfDue()])).filter(Boolean).length;

describe('housekeeping across instances', () => {
  it('runs once per hour in all: one instance sweeps, the other and later asks in the same hour skip', async () => {
    await leaveClosedWindow();
    expect(await runBoth()).toBe(1);
    expect(await closedWindowLeft()).toBe(false);
    await leaveClosedWindow();
    expect(await runBoth()).toBe(0);
    expect(await closedWindowLeft()).toBe(true);
  });

  it('runs again, once, when an hour has passed since the last run on any instance', async () => {
    await t.app.db.update(scheduledRuns).set({ lastRunAt: sql`${scheduledRuns.lastRunAt} - interval '1 hour'` });
    await leaveClosedWindow();
    expect(await runBoth()).toBe(1);
    expect(await closedWindowLeft()).toBe(false);
  });
});

describe('housekeeping on an instance that has just started', () => {
  it('asks whether a run is due half a minute after it starts, not five minutes later, then every five minutes; the mail jobs every minute', async () => {
    vi.useFakeTimers({ toFake: ['setTimeout', 'clearTimeout', 'setInterval', 'clearInterval'] });
    try {
      const asked = { housekeeping: 0, checkouts: 0, images: 0 };
      const everyMinute = { newOrders: 0, restocked: 0 };
      const housekeeping = {
        runIfDue: async () => Boolean(asked.housekeeping++),
        expireCheckoutsIfDue: async () => Boolean(asked.checkouts++),
        sweepImagesIfDue: async () => Boolean(asked.images++),
        mailNewOrdersIfDue: async () => Boolean(everyMinute.newOrders++),
        mailRestockedIfDue: async () => Boolean(everyMinute.restocked++),
      } as unknown as Housekeeping;
      const onClose: (() => Promise<void>)[] = [];
      const app = { log: { warn: () => undefined }, addHook: (_name: string, hook: () => Promise<void>) => onClose.push(hook) } as unknown as FastifyInstance;
      scheduleHousekeeping(app, housekeeping);
      await vi.advanceTimersByTimeAsync(HOUSEKEEPING_FIRST_CHECK_MS - 1);
      expect(asked).toEqual({ housekeeping: 0, checkouts: 0, images: 0 });
      await vi.advanceTimersByTimeAsync(1);
      // An instance restarted every few minutes still expires crashed checkouts (a probe's held their stock).
      expect(asked).toEqual({ housekeeping: 1, checkouts: 1, images: 1 });
      await vi.advanceTimersByTimeAsync(5 * 60_000);
      expect(asked).toEqual({ housekeeping: 2, checkouts: 2, images: 2 });
      expect(everyMinute).toEqual({ newOrders: 5, restocked: 5 });
      await Promise.all(onClose.map((hook) => hook()));
      await vi.advanceTimersByTimeAsync(60 * 60_000);
      expect(asked.checkouts).toBe(2);
      expect(everyMinute).toEqual({ newOrders: 5, restocked: 5 });
    } finally {
      vi.useRealTimers();
    }
  });
});
