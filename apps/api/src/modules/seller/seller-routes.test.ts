import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { DEV_SELLER_EMAIL, DEV_SELLER_PASSWORD } from '../../config/env.js';
import { body, buildTestApp, createShopper, sellerCookie, recordingLoginClock, type TestApp } from '../../test/test-app.js';
import { FAILED_LOGIN_LIMIT, FAILED_LOGIN_WINDOW_MS, LOGIN_DELAY_MAX_MS } from '../users/failed-login-limiter.js';
import { ACCOUNT_ATTEMPT_LIMIT } from '../users/user-routes.js';

/** The spec's seller is the operator, owner of the first shop (issue 26). */
const OPERATOR_ACCOUNT = { shopName: 'GreenCart', slug: 'greencart', role: 'operator', status: 'approved', email: DEV_SELLER_EMAIL, emailConfirmed: true, statusReason: null };

/** Behind one proxy (TRUST_PROXY=1): each test speaks from its own client address via X-Forwarded-For. */
const { loginClock, waits } = recordingLoginClock();
let t: TestApp;
beforeAll(async () => {
  t = await buildTestApp({ TRUST_PROXY: '1' }, { loginClock });
});
afterAll(() => t.close());

let ip = 0;
const newClient = () => `198.51.100.${++ip}`;
const login = (payload: object, client = newClient()) =>
  t.app.inject({ method: 'POST', url: '/api/seller/login', payload, headers: { 'x-forwarded-for': client } });
const isAuth = (cookie?: string) => t.app.inject({ method: 'GET', url: '/api/seller/is-auth', headers: cookie ? { cookie } : {} });
const sellerSession = (res: { cookies: { name: string; value: string }[] }) => {
  const cookie = res.cookies.find((c) => c.name === 'gc_seller_session');
  return cookie?.value ? `gc_seller_session=${cookie.value}` : undefined;
};
const SELLER = { email: DEV_SELLER_EMAIL, password: DEV_SELLER_PASSWORD };

describe('POST /api/seller/login', () => {
  it('starts a seller session in its own httpOnly cookie, with any letter case of the e-mail', async () => {
    const res = await login({ email: SELLER.email.toUpperCase(), password: SELLER.password });
    expect(res.statusCode).toBe(200);
    expect(body(res)).toEqual({ success: true, message: 'Logged in' });
    expect(res.cookies.find((c) => c.name === 'gc_seller_session')).toMatchObject({ httpOnly: true, sameSite: 'Lax', path: '/' });
    expect(res.cookies.find((c) => c.name === 'gc_session')).toBeUndefined();
    expect(body(await isAuth(sellerSession(res)))).toMatchObject({ success: true, seller: OPERATOR_ACCOUNT });
  });

  it('answers a wrong password and an unknown e-mail alike with 401 and no cookie', async () => {
    for (const payload of [{ ...SELLER, password: 'not-the-password' }, { email: 'nobody@example.com', password: SELLER.password }]) {
      const res = await login(payload);
      expect(res.statusCode).toBe(401);
      expect(body(res)).toEqual({ success: false, code: 'INVALID_CREDENTIALS', message: 'Invalid email or password' });
      expect(res.cookies).toHaveLength(0);
    }
  });

  it('does not let a shopper account log in as the seller', async () => {
    const { user } = await createShopper(t.app);
    const res = await login({ email: user.email, password: 'correct-horse-battery' });
    expect(res.statusCode).toBe(401);
  });

  it.each([{}, { email: SELLER.email }, { password: SELLER.password }, { email: 'not-an-email', password: 'x' }, { ...SELLER, isSeller: true }, { ...SELLER, name: '' }])(
    'refuses the malformed body %j with 400',
    async (payload) => {
      const res = await login(payload);
      expect(res.statusCode).toBe(400);
      expect(body(res)).toMatchObject({ success: false, code: 'VALIDATION_FAILED' });
      expect(res.cookies).toHaveLength(0);
    },
  );

  it('refuses a login posted from another site', async () => {
    const res = await t.app.inject({ method: 'POST', url: '/api/seller/login', payload: SELLER, headers: { origin: 'https://evil.example' } });
    expect(res.statusCode).toBe(403);
    expect(res.cookies).toHaveLength(0);
  });
});

describe('GET /api/seller/is-auth', () => {
  const notSeller = { success: false, code: 'NOT_AUTHENTICATED', message: 'Not logged in as a seller' };

  it('answers a visitor {success: false} without an error status', async () => {
    const res = await isAuth();
    expect(res.statusCode).toBe(200);
    expect(body(res)).toEqual(notSeller);
  });

  it('does not take a shopper session, or a shopper token in the seller cookie, for a seller', async () => {
    const { cookie } = await createShopper(t.app);
    expect(body(await isAuth(cookie))).toEqual(notSeller);
    expect(body(await isAuth(cookie.replace('gc_session', 'gc_seller_session')))).toEqual(notSeller);
    expect(body(await isAuth('gc_seller_session=forged'))).toEqual(notSeller);
  });

  it('keeps a shopper session and a seller session side by side in one browser', async () => {
    const shopper = await createShopper(t.app);
    const both = `${shopper.cookie}; ${await sellerCookie(t.app)}`;
    expect(body(await isAuth(both))).toMatchObject({ success: true, seller: OPERATOR_ACCOUNT });
    expect(body(await t.app.inject({ method: 'GET', url: '/api/user/is-auth', headers: { cookie: both } }))).toMatchObject({ success: true });
  });
});

describe('POST and GET /api/seller/logout', () => {
  // POST is the spec's; the original GreenCart client logs the seller out with a GET.
  it.each(['POST', 'GET'] as const)('%s ends the seller session on the server and leaves the shopper session alone', async (method) => {
    const shopper = await createShopper(t.app);
    const seller = await sellerCookie(t.app);
    const res = await t.app.inject({ method, url: '/api/seller/logout', headers: { cookie: `${shopper.cookie}; ${seller}` } });
    expect(res.statusCode).toBe(200);
    expect(body(res)).toEqual({ success: true, message: 'Logged out' });
    expect(res.cookies.find((c) => c.name === 'gc_seller_session')?.value).toBe('');
    expect(body(await isAuth(seller))).toMatchObject({ success: false });
    expect((await t.app.inject({ method: 'GET', url: '/api/order/seller', headers: { cookie: seller } })).statusCode).toBe(401);
    expect(body(await t.app.inject({ method: 'GET', url: '/api/user/is-auth', headers: { cookie: shopper.cookie } }))).toMatchObject({ success: true });
  });

  it('logs out a seller session that already ended (or none) all the same: 200, the cookie cleared', async () => {
    const seller = await sellerCookie(t.app);
    expect((await t.app.inject({ method: 'POST', url: '/api/seller/logout', headers: { cookie: seller } })).statusCode).toBe(200);
    for (const headers of [{ cookie: seller }, {}, { cookie: 'gc_seller_session=made-up' }]) {
      const res = await t.app.inject({ method: 'POST', url: '/api/seller/logout', headers });
      expect(res.statusCode).toBe(200);
      expect(body(res)).toEqual({ success: true, message: 'Logged out' });
      expect(res.cookies.find((c) => c.name === 'gc_seller_session')?.value).toBe('');
    }
  });

  it('refuses a cross-site GET logout link and keeps the seller session', async () => {
    const seller = await sellerCookie(t.app);
    const res = await t.app.inject({ method: 'GET', url: '/api/seller/logout', headers: { cookie: seller, 'sec-fetch-site': 'cross-site' } });
    expect(res.statusCode).toBe(403);
    expect(body(res)).toEqual({ success: false, code: 'CROSS_SITE_REQUEST', message: 'Cross-site requests are not allowed' });
    expect(body(await isAuth(seller))).toMatchObject({ success: true, seller: OPERATOR_ACCOUNT });
  });

  it('takes a POST that says JSON and sends no body (a client setting the type on every call); a login so sent is told what is missing', async () => {
    const seller = await sellerCookie(t.app);
    const res = await t.app.inject({ method: 'POST', url: '/api/seller/logout', headers: { cookie: seller, 'content-type': 'application/json' } });
    expect(res.statusCode).toBe(200);
    expect(body(await isAuth(seller))).toMatchObject({ success: false });
    const login = await t.app.inject({ method: 'POST', url: '/api/seller/login', headers: { 'content-type': 'application/json' } });
    expect(login.statusCode).toBe(400);
    expect(body(login)).toMatchObject({ success: false, code: 'VALIDATION_FAILED' });
    expect(body<{ message: string }>(login).message).not.toMatch(/Body cannot be empty/);
  });

  it('a shopper\'s seller logout leaves the shopper signed in', async () => {
    const { cookie } = await createShopper(t.app);
    expect((await t.app.inject({ method: 'POST', url: '/api/seller/logout', headers: { cookie } })).statusCode).toBe(200);
    expect(body(await t.app.inject({ method: 'GET', url: '/api/user/is-auth', headers: { cookie } }))).toMatchObject({ success: true });
  });
});

describe('login limits (as for shoppers)', () => {
  it(`refuses an address after ${FAILED_LOGIN_LIMIT} failures on the seller e-mail; the seller still logs in from elsewhere, slowed down`, async () => {
    const attacker = newClient();
    for (let i = 0; i < FAILED_LOGIN_LIMIT; i++) expect((await login({ ...SELLER, password: `wrong-${i}` }, attacker)).statusCode).toBe(401);
    for (let i = 0; i < 40; i++) expect((await login({ ...SELLER, password: `wrong-${i}` })).statusCode).toBe(401);
    const refused = await login(SELLER, attacker);
    expect(refused.statusCode).toBe(429);
    expect(body(refused)).toMatchObject({ success: false, code: 'TOO_MANY_FAILED_LOGINS' });
    // The wait the message gives in minutes, for a client in seconds.
    expect(Number(refused.headers['retry-after'])).toBeGreaterThan(0);
    expect(Number(refused.headers['retry-after'])).toBeLessThanOrEqual(FAILED_LOGIN_WINDOW_MS / 1000);
    expect(refused.cookies).toHaveLength(0);
    waits.length = 0;
    const seller = await login(SELLER);
    expect(seller.statusCode).toBe(200);
    expect(waits).toEqual([LOGIN_DELAY_MAX_MS]);
  });

  it(`allows ${ACCOUNT_ATTEMPT_LIMIT} attempts per client address, then answers 429 to that address only`, async () => {
    const client = newClient();
    for (let i = 0; i < ACCOUNT_ATTEMPT_LIMIT; i++) expect((await login({}, client)).statusCode).toBe(400);
    const limited = await login(SELLER, client);
    expect(limited.statusCode).toBe(429);
    expect(body<{ message: string }>(limited).message).toMatch(/^Too many seller login attempts\. Please try again in \d+ minutes\.$/);
    expect((await login(SELLER)).statusCode).toBe(200);
  });
});
