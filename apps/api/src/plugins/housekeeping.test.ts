import { sql } from 'drizzle-orm';
import type { FastifyInstance } from 'fastify';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { buildApp } from '../app.js';
import { rateLimitHits, scheduledRuns } from '../db/schema/index.js';
import { buildTestApp, type TestApp } from '../test/test-app.js';

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
