import { randomUUID } from 'node:crypto';
import { setTimeout as sleep } from 'node:timers/promises';
import pg from 'pg';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { followPostgresChannel, type ChannelFeed } from './channel-feed.js';

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
  let feed: ChannelFeed;
  beforeAll(async () => {
    await admin.connect();
    feed = await followPostgresChannel(url!, channel, (err) => lost.push(err));
    feed.subscribe(() => (changes += 1));
  });
  afterAll(async () => {
    await feed.close();
    await admin.end();
  });

  const notify = () => admin.query('select pg_notify($1, $2)', [channel, '']);

  it('hears a notification sent from another connection', async () => {
    const before = changes;
    await notify();
    await until('the notification', () => changes > before);
    expect(feed.live()).toBe(true);
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
