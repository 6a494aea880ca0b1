import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { loginFailures } from '../../db/schema/index.js';
import { buildTestApp, type TestApp } from '../../test/test-app.js';
import { createFailedLoginLimiter, FAILED_LOGIN_LIMIT, FAILED_LOGIN_WINDOW_MS, purgeClosedLoginWindows } from './failed-login-limiter.js';

let t: TestApp;
beforeAll(async () => {
  t = await buildTestApp();
});
afterAll(() => t.close());

let sequence = 0;
const freshEmail = () => `limited-${sequence++}-${Date.now()}@example.com`;
const failTimes = (limiter: ReturnType<typeof createFailedLoginLimiter>, email: string, times: number) =>
  Promise.all(Array.from({ length: times }, () => limiter.recordFailure(email)));

describe('failed-login limiter', () => {
  it('blocks an e-mail at the 10th failure and unblocks it once its 15-minute window has passed', async () => {
    let now = new Date('2026-11-23T10:00:00Z').getTime();
    const limiter = createFailedLoginLimiter(t.app.db, 'user', () => new Date(now));
    const email = freshEmail();
    await failTimes(limiter, email, FAILED_LOGIN_LIMIT - 1);
    expect(await limiter.isBlocked(email)).toBe(false);
    await limiter.recordFailure(email);
    expect(await limiter.isBlocked(email)).toBe(true);
    now += FAILED_LOGIN_WINDOW_MS - 1;
    expect(await limiter.isBlocked(email)).toBe(true);
    now += 1;
    expect(await limiter.isBlocked(email)).toBe(false);
    // A failure after the window opens a new one, counting from 1.
    await limiter.recordFailure(email);
    await failTimes(limiter, email, FAILED_LOGIN_LIMIT - 2);
    expect(await limiter.isBlocked(email)).toBe(false);
  });

  it('counts failures that arrive together, whatever the case of the e-mail', async () => {
    const limiter = createFailedLoginLimiter(t.app.db, 'user');
    const email = freshEmail();
    await Promise.all([failTimes(limiter, email, FAILED_LOGIN_LIMIT / 2), failTimes(limiter, email.toUpperCase(), FAILED_LOGIN_LIMIT / 2)]);
    expect(await limiter.isBlocked(email)).toBe(true);
  });

  it('keeps counting across a restart (a new limiter on the same database), and a success clears it', async () => {
    const email = freshEmail();
    await failTimes(createFailedLoginLimiter(t.app.db, 'user'), email, FAILED_LOGIN_LIMIT);
    const afterRestart = createFailedLoginLimiter(t.app.db, 'user');
    expect(await afterRestart.isBlocked(email)).toBe(true);
    await afterRestart.reset(email);
    expect(await afterRestart.isBlocked(email)).toBe(false);
  });

  it("keeps the shoppers' and the seller's counters apart", async () => {
    const email = freshEmail();
    await failTimes(createFailedLoginLimiter(t.app.db, 'seller'), email, FAILED_LOGIN_LIMIT);
    expect(await createFailedLoginLimiter(t.app.db, 'seller').isBlocked(email)).toBe(true);
    expect(await createFailedLoginLimiter(t.app.db, 'user').isBlocked(email)).toBe(false);
  });

  it('the sweep removes closed windows only', async () => {
    const now = new Date('2026-11-23T12:00:00Z');
    const [closed, open] = [freshEmail(), freshEmail()];
    await createFailedLoginLimiter(t.app.db, 'user', () => new Date(now.getTime() - FAILED_LOGIN_WINDOW_MS - 1)).recordFailure(closed);
    await createFailedLoginLimiter(t.app.db, 'user', () => now).recordFailure(open);
    await purgeClosedLoginWindows(t.app.db, now);
    const left = (await t.app.db.select({ email: loginFailures.email }).from(loginFailures)).map((r) => r.email);
    expect(left).toContain(open);
    expect(left).not.toContain(closed);
  });
});
