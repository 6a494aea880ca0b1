import { sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { rateLimitHits } from '../db/schema/index.js';
import { buildTestApp, type TestApp } from '../test/test-app.js';
import { countRequest, purgeClosedRateLimitWindows } from './rate-limit-store.js';

let t: TestApp;
beforeAll(async () => {
  t = await buildTestApp();
});
afterAll(() => t.close());

const MINUTE = 60_000;

describe('rate-limit counters in the database', () => {
  it('counts each request of a key in its window, with the time left, apart from other keys', async () => {
    expect(await countRequest(t.app.db, 'test a', MINUTE)).toEqual({ current: 1, ttl: expect.any(Number) });
    const second = await countRequest(t.app.db, 'test a', MINUTE);
    expect(second.current).toBe(2);
    expect(second.ttl).toBeGreaterThan(MINUTE - 5_000);
    expect(second.ttl).toBeLessThanOrEqual(MINUTE);
    expect((await countRequest(t.app.db, 'test b', MINUTE)).current).toBe(1);
  });

  it('counts every one of many requests made at once', async () => {
    const results = await Promise.all(Array.from({ length: 20 }, () => countRequest(t.app.db, 'test burst', MINUTE)));
    expect(results.map((r) => r.current).sort((x, y) => x - y)).toEqual(Array.from({ length: 20 }, (_, i) => i + 1));
  });

  it('starts a new window after the last one closed, and housekeeping deletes closed windows only', async () => {
    await countRequest(t.app.db, 'test closed', MINUTE);
    await countRequest(t.app.db, 'test closed', MINUTE);
    await t.app.db.update(rateLimitHits).set({ expiresAt: sql`now() - interval '1 second'` }).where(sql`${rateLimitHits.key} = 'test closed'`);
    expect((await countRequest(t.app.db, 'test closed', MINUTE)).current).toBe(1);
    await t.app.db.update(rateLimitHits).set({ expiresAt: sql`now() - interval '1 second'` }).where(sql`${rateLimitHits.key} = 'test closed'`);
    await purgeClosedRateLimitWindows(t.app.db);
    const keys = (await t.app.db.select({ key: rateLimitHits.key }).from(rateLimitHits)).map((r) => r.key);
    expect(keys).not.toContain('test closed');
    expect(keys).toContain('test a');
  });
});
