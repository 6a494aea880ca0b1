import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { loginFailures } from '../../db/schema/index.js';
import { buildTestApp, type TestApp } from '../../test/test-app.js';
import {
  ADDRESS_FAILED_LOGIN_LIMIT,
  createFailedLoginLimiter,
  FAILED_LOGIN_LIMIT,
  FAILED_LOGIN_WINDOW_MS,
  LOGIN_DELAY_MAX_MS,
  loginDelayMs,
  purgeClosedLoginWindows,
} from './failed-login-limiter.js';

let t: TestApp;
beforeAll(async () => {
  t = await buildTestApp();
});
afterAll(() => t.close());

let sequence = 0;
const freshEmail = () => `limited-${sequence++}-${Date.now()}@example.com`;
let octet = 0;
const newAddress = () => `198.18.${Math.floor(++octet / 250)}.${octet % 250}`;
const fail = (limiter: ReturnType<typeof createFailedLoginLimiter>, email: string, address: string, times: number) =>
  Promise.all(Array.from({ length: times }, () => limiter.begin(email, address)));

describe('failed-login limiter', () => {
  it(`refuses an address after ${FAILED_LOGIN_LIMIT} failures on one e-mail, for that e-mail only, until 15 minutes after its first failure`, async () => {
    let now = new Date('2026-11-23T10:00:00Z').getTime();
    const limiter = createFailedLoginLimiter(t.app.db, 'user', () => new Date(now));
    const [email, address] = [freshEmail(), newAddress()];
    for (let i = 0; i < FAILED_LOGIN_LIMIT; i++) expect((await limiter.begin(email, address)).refusal).toBeUndefined();
    now += 60_000;
    expect((await limiter.begin(email.toUpperCase(), address)).refusal).toEqual({ scope: 'email_address', retryAfterMs: FAILED_LOGIN_WINDOW_MS - 60_000 });
    expect((await limiter.begin(freshEmail(), address)).refusal).toBeUndefined();
    expect((await limiter.begin(email, newAddress())).refusal).toBeUndefined();
    now += FAILED_LOGIN_WINDOW_MS - 60_000;
    // The window has closed: a new one opens, counting from 1.
    expect((await limiter.begin(email, address)).refusal).toBeUndefined();
  });

  it(`refuses an address after ${ADDRESS_FAILED_LOGIN_LIMIT} failures on any e-mails; other addresses stay free`, async () => {
    const limiter = createFailedLoginLimiter(t.app.db, 'user');
    const address = newAddress();
    for (let i = 0; i < ADDRESS_FAILED_LOGIN_LIMIT; i++) expect((await limiter.begin(freshEmail(), address)).refusal).toBeUndefined();
    expect((await limiter.begin(freshEmail(), address)).refusal).toMatchObject({ scope: 'address' });
    expect((await limiter.begin(freshEmail(), newAddress())).refusal).toBeUndefined();
  });

  it('never refuses a fresh address for an e-mail that failed 50 times elsewhere: it only slows it down', async () => {
    const limiter = createFailedLoginLimiter(t.app.db, 'user');
    const email = freshEmail();
    for (let i = 0; i < 50; i++) await limiter.begin(email, newAddress());
    expect(await limiter.begin(email, newAddress())).toEqual({ refusal: undefined, delayMs: LOGIN_DELAY_MAX_MS });
  });

  it('makes each attempt on a failing e-mail wait twice as long as the last, from a small base up to a bound', async () => {
    expect([0, 1, 2, 3, 4, 5, 6, 7, 8, 100].map(loginDelayMs)).toEqual([0, 0, 0, 250, 500, 1000, 2000, 4000, 4000, 4000]);
    const limiter = createFailedLoginLimiter(t.app.db, 'user');
    const email = freshEmail();
    const delays = [];
    for (let i = 0; i < 9; i++) delays.push((await limiter.begin(email, newAddress())).delayMs);
    expect(delays).toEqual([0, 0, 0, 250, 500, 1000, 2000, 4000, 4000]);
  });

  it('counts attempts that arrive together, whatever the case of the e-mail: no more than the limit get through', async () => {
    const limiter = createFailedLoginLimiter(t.app.db, 'user');
    const [email, address] = [freshEmail(), newAddress()];
    const attempts = await Promise.all([fail(limiter, email, address, 12), fail(limiter, email.toUpperCase(), address, 12)]);
    expect(attempts.flat().filter((a) => !a.refusal)).toHaveLength(FAILED_LOGIN_LIMIT);
  });

  it('a success clears its e-mail and address pair and takes its own attempt back from the others', async () => {
    const limiter = createFailedLoginLimiter(t.app.db, 'user');
    const [email, address] = [freshEmail(), newAddress()];
    await fail(limiter, email, address, FAILED_LOGIN_LIMIT - 1);
    await limiter.begin(email, address);
    await limiter.succeeded(email, address);
    const after = await fail(limiter, email, address, FAILED_LOGIN_LIMIT);
    expect(after.every((a) => !a.refusal)).toBe(true);
    // 9 failures, 1 success (not counted), 10 failures: the e-mail's 20th attempt waits for 19 failures.
    expect((await limiter.begin(email, newAddress())).delayMs).toBe(loginDelayMs(19));
  });

  it("keeps the shoppers' and the seller's counters apart", async () => {
    const [email, address] = [freshEmail(), newAddress()];
    await fail(createFailedLoginLimiter(t.app.db, 'seller'), email, address, FAILED_LOGIN_LIMIT);
    expect((await createFailedLoginLimiter(t.app.db, 'seller').begin(email, address)).refusal).toBeDefined();
    expect(await createFailedLoginLimiter(t.app.db, 'user').begin(email, address)).toEqual({ refusal: undefined, delayMs: 0 });
  });

  it('the sweep removes closed windows only', async () => {
    const now = new Date('2026-11-23T12:00:00Z');
    const [closed, open] = [freshEmail(), freshEmail()];
    await createFailedLoginLimiter(t.app.db, 'user', () => new Date(now.getTime() - FAILED_LOGIN_WINDOW_MS - 1)).begin(closed, newAddress());
    await createFailedLoginLimiter(t.app.db, 'user', () => now).begin(open, newAddress());
    await purgeClosedLoginWindows(t.app.db, now);
    const left = (await t.app.db.select({ key: loginFailures.key }).from(loginFailures)).map((r) => r.key);
    expect(left).toContain(open);
    expect(left.filter((key) => key.startsWith(closed))).toEqual([]);
  });
});
