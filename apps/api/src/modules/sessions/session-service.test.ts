import { createHash } from 'node:crypto';
import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { sessions } from '../../db/schema/index.js';
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
