import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { DEV_SELLER_EMAIL, DEV_SELLER_PASSWORD } from '../../config/env.js';
import { body, buildTestApp, createShopper, sellerCookie, type TestApp } from '../../test/test-app.js';
import { FAILED_LOGIN_LIMIT } from '../users/failed-login-limiter.js';
import { ACCOUNT_ATTEMPT_LIMIT } from '../users/user-routes.js';

/** Behind a proxy (TRUST_PROXY): each test speaks from its own client address via X-Forwarded-For. */
let t: TestApp;
beforeAll(async () => {
  t = await buildTestApp({ TRUST_PROXY: 'true' });
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
    expect(body(await isAuth(sellerSession(res)))).toEqual({ success: true });
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

  it.each([{}, { email: SELLER.email }, { password: SELLER.password }, { email: 'not-an-email', password: 'x' }, { ...SELLER, isSeller: true }])(
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
    expect(body(await isAuth(both))).toEqual({ success: true });
    expect(body(await t.app.inject({ method: 'GET', url: '/api/user/is-auth', headers: { cookie: both } }))).toMatchObject({ success: true });
  });
});

describe('POST /api/seller/logout', () => {
  it('ends the seller session on the server and leaves the shopper session alone', async () => {
    const shopper = await createShopper(t.app);
    const seller = await sellerCookie(t.app);
    const res = await t.app.inject({ method: 'POST', url: '/api/seller/logout', headers: { cookie: `${shopper.cookie}; ${seller}` } });
    expect(res.statusCode).toBe(200);
    expect(body(res)).toEqual({ success: true, message: 'Logged out' });
    expect(res.cookies.find((c) => c.name === 'gc_seller_session')?.value).toBe('');
    expect(body(await isAuth(seller))).toMatchObject({ success: false });
    expect(body(await t.app.inject({ method: 'GET', url: '/api/user/is-auth', headers: { cookie: shopper.cookie } }))).toMatchObject({ success: true });
  });

  it('refuses visitors with 401 and shoppers with 403', async () => {
    const visitor = await t.app.inject({ method: 'POST', url: '/api/seller/logout' });
    expect(visitor.statusCode).toBe(401);
    expect(body(visitor)).toEqual({ success: false, code: 'NOT_AUTHENTICATED', message: 'Please log in as a seller to continue' });
    const { cookie } = await createShopper(t.app);
    const shopper = await t.app.inject({ method: 'POST', url: '/api/seller/logout', headers: { cookie } });
    expect(shopper.statusCode).toBe(403);
    expect(body(shopper)).toEqual({ success: false, code: 'FORBIDDEN', message: 'Only sellers can do this' });
  });
});

describe('login limits (as for shoppers)', () => {
  it(`blocks the seller e-mail after ${FAILED_LOGIN_LIMIT} failures, even with the right password`, async () => {
    // A fresh app: blocking the seller here must not block the other suites' logins.
    const own = await buildTestApp({ TRUST_PROXY: 'true' });
    try {
      const attempt = (payload: object) => own.app.inject({ method: 'POST', url: '/api/seller/login', payload, headers: { 'x-forwarded-for': newClient() } });
      for (let i = 0; i < FAILED_LOGIN_LIMIT; i++) expect((await attempt({ ...SELLER, password: `wrong-${i}` })).statusCode).toBe(401);
      const blocked = await attempt(SELLER);
      expect(blocked.statusCode).toBe(429);
      expect(body(blocked)).toMatchObject({ success: false, code: 'TOO_MANY_FAILED_LOGINS' });
      expect(blocked.cookies).toHaveLength(0);
    } finally {
      await own.close();
    }
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
