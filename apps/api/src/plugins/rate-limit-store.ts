import { normalizeIP, type FastifyRateLimitStore, type FastifyRateLimitStoreCtor } from '@fastify/rate-limit';
import { and, inArray, lt, sql } from 'drizzle-orm';
import type { FastifyRequest } from 'fastify';
import type { Db } from '../db/client.js';
import { rateLimitHits } from '../db/schema/index.js';

/**
 * Counts one request and returns the count in its window and the time left in it. One statement, so
 * concurrent requests on any number of instances are all counted; the database's clock decides
 * windows, so instances whose clocks differ agree. A window opens with its first request (as
 * @fastify/rate-limit's own stores do) and a request after its end starts the next.
 */
/** A counter as a limit reads it: its hits and the milliseconds its window still runs (by the database's clock). */
const counted = { current: rateLimitHits.hits, ttl: sql<string>`ceil(extract(epoch from ${rateLimitHits.expiresAt} - now()) * 1000)` };
const toCount = (row: { current: number; ttl: string }) => ({ current: row.current, ttl: Math.max(0, Number(row.ttl)) });

export async function countRequest(db: Db, key: string, windowMs: number): Promise<{ current: number; ttl: number }> {
  const expired = sql`${rateLimitHits.expiresAt} <= now()`;
  const end = sql`now() + ${windowMs} * interval '1 millisecond'`;
  const [row] = await db
    .insert(rateLimitHits)
    .values({ key, hits: 1, expiresAt: end })
    .onConflictDoUpdate({
      target: rateLimitHits.key,
      set: {
        hits: sql`case when ${expired} then 1 else ${rateLimitHits.hits} + 1 end`,
        expiresAt: sql`case when ${expired} then ${end} else ${rateLimitHits.expiresAt} end`,
      },
    })
    .returning(counted);
  return toCount(row!);
}

/** The counts of these keys in their open windows, in the keys' order, without counting (0 for a key with none). */
export async function currentCounts(db: Db, keys: string[]): Promise<{ current: number; ttl: number }[]> {
  const rows = await db
    .select({ key: rateLimitHits.key, ...counted })
    .from(rateLimitHits)
    .where(and(inArray(rateLimitHits.key, keys), sql`${rateLimitHits.expiresAt} > now()`));
  const byKey = new Map(rows.map((row) => [row.key, toCount(row)]));
  return keys.map((key) => byKey.get(key) ?? { current: 0, ttl: 0 });
}

/** Housekeeping: counters whose window has closed count nothing any more. */
export async function purgeClosedRateLimitWindows(db: Db): Promise<void> {
  await db.delete(rateLimitHits).where(lt(rateLimitHits.expiresAt, sql`now()`));
}

/**
 * The key of a per-address limit: its name and the client address, grouped as the plugin's own key is
 * (an IPv6 address counts for its whole subnet, which one client can rotate through).
 */
export const perAddress = (limit: string) => (request: FastifyRequest) => `${limit} ${normalizeIP(request.ip)}`;

/**
 * A @fastify/rate-limit store in the shop's database (docs/decisions/0062): every instance counts
 * against the same limits, and a restart forgets nothing. Every limiter shares the one table, so each
 * names its limit in its key (`keyGenerator`, e.g. `perAddress`). `continueExceeding` and `exponentialBackoff` are not
 * supported: no limit of the shop uses them.
 */
export function databaseRateLimitStore(db: Db): FastifyRateLimitStoreCtor {
  class DatabaseRateLimitStore implements FastifyRateLimitStore {
    incr(key: string, callback: (error: Error | null, result?: { current: number; ttl: number }) => void, timeWindow: number) {
      countRequest(db, key, timeWindow).then(
        (result) => callback(null, result),
        (err: unknown) => callback(err instanceof Error ? err : new Error(String(err))),
      );
    }

    child() {
      return this;
    }
  }
  return DatabaseRateLimitStore;
}
