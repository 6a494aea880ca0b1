import { createHash } from 'node:crypto';
import { eq } from 'drizzle-orm';
import pg from 'pg';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { sessions, users } from '../../db/schema/index.js';
import { buildTestApp, createShopper, type TestApp } from '../../test/test-app.js';
import { createSessionService, SESSION_TTL_MS } from './session-service.js';

/** Decision 0088: a session looked up is kept until the sessions' feed says one ended, or its time is up. */
let t: TestApp;
beforeAll(async () => {
  t = await buildTestApp();
});
afterAll(() => t.close());

/** A feed under the test's control: `live` as set, `change()` as a notification from any instance. */
function testFeed() {
  const subscribers: (() => void)[] = [];
  const feed = { isLive: true, live: () => feed.isLive, subscribe: (fn: () => void) => void subscribers.push(fn), change: () => subscribers.forEach((fn) => fn()) };
  return feed;
}

/** Deletes the session's row directly, as another instance's logout would. */
const removeRow = (token: string) => t.app.db.delete(sessions).where(eq(sessions.tokenHash, createHash('sha256').update(token).digest('hex')));

describe('the sessions an instance keeps', () => {
  it('answers a session it looked up without the database until the feed reports a change', async () => {
    const { user } = await createShopper(t.app);
    const feed = testFeed();
    const service = createSessionService(t.app.db, feed);
    const { token } = await service.start({ userId: user.id });
    expect(await service.resolve(token)).toMatchObject({ userId: user.id });
    // Gone from the database behind the service's back (the test feed hears nothing): still kept...
    await removeRow(token);
    expect(await service.resolve(token)).toMatchObject({ userId: user.id });
    // ...until a change is reported, as every instance hears when a session ends anywhere.
    feed.change();
    expect(await service.resolve(token)).toBeUndefined();
  });

  it('keeps nothing while the feed is down (a change could go unheard)', async () => {
    const { user } = await createShopper(t.app);
    const feed = testFeed();
    feed.isLive = false;
    const service = createSessionService(t.app.db, feed);
    const { token } = await service.start({ userId: user.id });
    expect(await service.resolve(token)).toMatchObject({ userId: user.id });
    await removeRow(token);
    expect(await service.resolve(token)).toBeUndefined();
  });

  it('refuses a kept session once its time is up, and one ended here at once', async () => {
    const { user } = await createShopper(t.app);
    let now = Date.now();
    const service = createSessionService(t.app.db, testFeed(), () => new Date(now));
    const { token } = await service.start({ userId: user.id });
    expect(await service.resolve(token)).toMatchObject({ userId: user.id });
    now += SESSION_TTL_MS + 1;
    expect(await service.resolve(token)).toBeUndefined();

    now = Date.now();
    const second = await service.start({ userId: user.id });
    expect(await service.resolve(second.token)).toMatchObject({ userId: user.id });
    await service.end(second.token);
    expect(await service.resolve(second.token)).toBeUndefined();
  });
});

describe("a login's session", () => {
  it('is made only while the password the login checked stands: one changed since (or being changed) refuses it (a race probe)', async () => {
    const { user } = await createShopper(t.app);
    const service = createSessionService(t.app.db, testFeed());
    const [{ passwordHash }] = (await t.app.db.select({ passwordHash: users.passwordHash }).from(users).where(eq(users.id, user.id))) as [{ passwordHash: string }];
    const { token } = await service.start({ userId: user.id }, passwordHash);
    expect(await service.resolve(token)).toEqual({ userId: user.id, sellerId: null });
    // The password changed between the login's check and its session.
    await t.app.db.update(users).set({ passwordHash: `${passwordHash}-changed` }).where(eq(users.id, user.id));
    const before = await t.app.db.$count(sessions, eq(sessions.userId, user.id));
    await expect(service.start({ userId: user.id }, passwordHash)).rejects.toMatchObject({ code: 'INVALID_CREDENTIALS' });
    expect(await t.app.db.$count(sessions, eq(sessions.userId, user.id))).toBe(before);
  });

  it.runIf(process.env.TEST_DB_DRIVER === 'postgres')('waits for a password change under way and is refused once it commits (PostgreSQL)', async () => {
    const { user } = await createShopper(t.app);
    const service = createSessionService(t.app.db, testFeed());
    const [{ passwordHash }] = (await t.app.db.select({ passwordHash: users.passwordHash }).from(users).where(eq(users.id, user.id))) as [{ passwordHash: string }];
    const change = new pg.Client({ connectionString: t.database.url });
    await change.connect();
    try {
      await change.query('begin');
      await change.query('update users set password_hash = $1 where id = $2', [`${passwordHash}-new`, user.id]);
      // Its answer held from the start: it may come before the change's own commit answers (a rejection heard by no one).
      const login = service.start({ userId: user.id }, passwordHash).then(
        () => 'made',
        (err: unknown) => err,
      );
      await new Promise((resolve) => setTimeout(resolve, 200));
      await change.query('delete from sessions where user_id = $1', [user.id]);
      await change.query('commit');
      expect(await login).toMatchObject({ code: 'INVALID_CREDENTIALS' });
    } finally {
      await change.end();
    }
    expect(await t.app.db.$count(sessions, eq(sessions.userId, user.id))).toBe(0);
  });
});
