import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { buildApp } from '../../app.js';
import { body, buildTestApp, createUser, TEST_PASSWORD, recordingLoginClock, type TestApp } from '../../test/test-app.js';
import { DEVICE_COOKIE } from './device-token.js';
import { DEVICE_FAILED_LOGIN_LIMIT, FAILED_LOGIN_LIMIT } from './failed-login-limiter.js';
import { ACCOUNT_ATTEMPT_LIMIT } from './user-routes.js';

/**
 * Issue 25, item 5 (docs/decisions/0097): one address must not lock the owner out. Behind one proxy
 * (TRUST_PROXY=1), each test speaks from its own office address via X-Forwarded-For; the e-mail's
 * slow-down is recorded instead of waited for.
 */
const { loginClock, waits } = recordingLoginClock();
let t: TestApp;
beforeAll(async () => {
  t = await buildTestApp({ TRUST_PROXY: '1' }, { loginClock });
});
afterAll(() => t.close());

let ip = 0;
const newAddress = () => `192.0.2.${++ip}`;

interface Account {
  email: string;
  password: string;
}

/** The shopper's and the seller's login, each with its own cookie; `other` is an account of the same kind, or another kind where there is one seller. */
const LOGINS = [
  {
    kind: 'user' as const,
    url: '/api/user/login',
    owner: async (): Promise<Account> => ({ email: (await createUser(t.app)).email, password: TEST_PASSWORD }),
    other: async (): Promise<{ account: Account; url: string; kind: 'user' | 'seller' }> => ({
      account: { email: (await createUser(t.app)).email, password: TEST_PASSWORD },
      url: '/api/user/login',
      kind: 'user',
    }),
  },
  {
    kind: 'seller' as const,
    url: '/api/seller/login',
    owner: async (): Promise<Account> => ({ email: t.app.config.seller.email, password: t.app.config.seller.password }),
    // The shop has one seller: a shopper's token is the other account's token there is.
    other: async (): Promise<{ account: Account; url: string; kind: 'user' | 'seller' }> => ({
      account: { email: (await createUser(t.app)).email, password: TEST_PASSWORD },
      url: '/api/user/login',
      kind: 'user',
    }),
  },
];

describe.each(LOGINS)('$url with a device token', ({ kind, url, owner, other }) => {
  const attempt = (address: string, account: Account, deviceToken?: string, app = t.app) =>
    app.inject({
      method: 'POST',
      url,
      payload: account,
      headers: { 'x-forwarded-for': address, ...(deviceToken ? { cookie: `${DEVICE_COOKIE[kind]}=${deviceToken}` } : {}) },
    });
  /** Logs in once, as the owner's browser does on an ordinary day, and keeps the device cookie it got. */
  const deviceTokenOf = async (account: Account, address = newAddress(), loginUrl = url, cookieKind = kind) => {
    const res = await t.app.inject({ method: 'POST', url: loginUrl, payload: account, headers: { 'x-forwarded-for': address } });
    expect(res.statusCode).toBe(200);
    return res.cookies.find((c) => c.name === DEVICE_COOKIE[cookieKind])!.value;
  };
  const attack = async (office: string, account: Account, times: number) => {
    for (let i = 0; i < times; i++) expect((await attempt(office, { ...account, password: `guess-${i}` })).statusCode).toBe(401);
  };

  it('gives a browser that logs in a signed device token, httpOnly and sent only to its login call', async () => {
    const res = await attempt(newAddress(), await owner());
    expect(res.statusCode).toBe(200);
    const cookie = res.cookies.find((c) => c.name === DEVICE_COOKIE[kind]);
    expect(cookie).toMatchObject({ httpOnly: true, sameSite: 'Strict', path: url });
    expect(new Date(cookie!.expires!).getTime()).toBeGreaterThan(Date.now() + 150 * 24 * 60 * 60 * 1000);
  });

  it('gives a browser that signs up a device token too, so an address locked by failed guesses does not lock out the new owner', async () => {
    const email = `new-${Date.now().toString(36)}-${ip}@example.com`;
    const signUp =
      kind === 'user'
        ? await t.app.inject({ method: 'POST', url: '/api/user/register', payload: { name: 'New Owner', email, password: TEST_PASSWORD }, headers: { 'x-forwarded-for': newAddress() } })
        : await t.app.inject({
            method: 'POST',
            url: '/api/seller/register',
            payload: { shopName: `New Shop ${ip}`, name: 'New Owner', email, password: TEST_PASSWORD, phone: '+91 98765 43210', pickupAddress: '1 Market Road' },
            headers: { 'x-forwarded-for': newAddress() },
          });
    expect(signUp.statusCode).toBe(200);
    const cookie = signUp.cookies.find((c) => c.name === DEVICE_COOKIE[kind]);
    expect(cookie).toMatchObject({ httpOnly: true, sameSite: 'Strict', path: url });
    const office = newAddress();
    await attack(office, { email, password: TEST_PASSWORD }, FAILED_LOGIN_LIMIT);
    expect((await attempt(office, { email, password: TEST_PASSWORD })).statusCode).toBe(429);
    expect((await attempt(office, { email, password: TEST_PASSWORD }, cookie!.value)).statusCode).toBe(200);
  });

  it(`lets the owner with a device token log in at once after 35 wrong passwords from their address, while that address without one gets 429`, async () => {
    const account = await owner();
    const office = newAddress();
    const token = await deviceTokenOf(account, office);
    const statuses = [];
    for (let i = 0; i < 35; i++) statuses.push((await attempt(office, { ...account, password: `guess-${i}` })).statusCode);
    // The e-mail's limit from one address, then refused without a password check.
    expect(statuses).toEqual([...Array(FAILED_LOGIN_LIMIT).fill(401), ...Array(35 - FAILED_LOGIN_LIMIT).fill(429)]);
    waits.length = 0;
    const ownerLogin = await attempt(office, account, token);
    expect(ownerLogin.statusCode).toBe(200);
    expect(waits).toEqual([]);
    // Its token is kept, not replaced.
    expect(ownerLogin.cookies.find((c) => c.name === DEVICE_COOKIE[kind])).toBeUndefined();
    const withoutToken = await attempt(office, account);
    expect(withoutToken.statusCode).toBe(429);
    expect(body(withoutToken)).toMatchObject({ success: false, code: 'TOO_MANY_FAILED_LOGINS' });
  });

  it("does not let another account's device token past the address's limit", async () => {
    const account = await owner();
    const office = newAddress();
    const theirs = await other();
    const othersToken = await deviceTokenOf(theirs.account, newAddress(), theirs.url, theirs.kind);
    await attack(office, account, FAILED_LOGIN_LIMIT);
    expect((await attempt(office, account, othersToken)).statusCode).toBe(429);
  });

  it('does not let a forged device token past the address limit: another account id under a real signature, or a changed signature', async () => {
    const account = await owner();
    const office = newAddress();
    const [ownId, ...rest] = (await deviceTokenOf(account, newAddress())).split('.');
    const theirs = await other();
    const [othersId, ...othersRest] = (await deviceTokenOf(theirs.account, newAddress(), theirs.url, theirs.kind)).split('.');
    await attack(office, account, FAILED_LOGIN_LIMIT);
    const signature = rest.at(-1)!;
    const forgeries = [
      [ownId, ...othersRest].join('.'),
      [ownId, ...rest.slice(0, -1), `${signature[0] === 'A' ? 'B' : 'A'}${signature.slice(1)}`].join('.'),
      [ownId, ...rest.slice(0, -1), 'x'].join('.'),
      'not-a-token',
    ];
    expect(othersId).not.toBe(ownId);
    for (const forged of forgeries) expect((await attempt(office, account, forged)).statusCode).toBe(429);
  });

  it(`refuses a device token after ${DEVICE_FAILED_LOGIN_LIMIT} failures with it, even the right password, while the owner elsewhere logs in`, async () => {
    const account = await owner();
    const office = newAddress();
    const token = await deviceTokenOf(account, office);
    for (let i = 0; i < DEVICE_FAILED_LOGIN_LIMIT; i++) expect((await attempt(office, { ...account, password: `guess-${i}` }, token)).statusCode).toBe(401);
    const refused = await attempt(office, account, token);
    expect(refused.statusCode).toBe(429);
    expect(body(refused)).toEqual({
      success: false,
      code: 'TOO_MANY_FAILED_LOGINS',
      message: 'Too many failed login attempts from this browser. Please try again in 15 minutes.',
    });
    // Those failures were the token's: the address and the e-mail were not charged with them.
    expect((await attempt(office, account)).statusCode).toBe(200);
  });

  it(`keeps the owner's token out of the address's budget of ${ACCOUNT_ATTEMPT_LIMIT} login attempts`, async () => {
    const account = await owner();
    const office = newAddress();
    const token = await deviceTokenOf(account, office);
    for (let i = 1; i < ACCOUNT_ATTEMPT_LIMIT; i++) expect((await attempt(office, { email: 'junk' } as Account)).statusCode).toBe(400);
    expect((await attempt(office, account)).statusCode).toBe(429);
    expect((await attempt(office, account, token)).statusCode).toBe(200);
  });

  it('honours a token another instance of the shop issued (the signing key is shared through the database)', async () => {
    const account = await owner();
    const office = newAddress();
    const token = await deviceTokenOf(account, office);
    await attack(office, account, FAILED_LOGIN_LIMIT);
    const second = await buildApp({ config: t.app.config, database: t.database, seed: false, logger: false, loginClock });
    try {
      expect((await attempt(office, account, token, second)).statusCode).toBe(200);
      expect((await attempt(office, account, undefined, second)).statusCode).toBe(429);
    } finally {
      await second.close();
    }
  });
});
