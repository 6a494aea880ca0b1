import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createSessionService, SESSION_TTL_MS } from '../sessions/session-service.js';
import { body, buildTestApp, createProduct, createShopper, createUser, sellerCookie, TEST_PASSWORD, type TestApp } from '../../test/test-app.js';

let t: TestApp;
beforeAll(async () => {
  t = await buildTestApp();
});
afterAll(() => t.close());

let n = 0;
const email = () => `user-${Date.now().toString(36)}-${n++}@example.com`;
const post = (url: string, payload: unknown, headers: Record<string, string> = {}) =>
  t.app.inject({ method: 'POST', url, payload: payload as object, headers });
const get = (url: string, cookie?: string) => t.app.inject({ method: 'GET', url, headers: cookie ? { cookie } : {} });
const sessionCookie = (res: { cookies: { name: string; value: string }[] }) => {
  const cookie = res.cookies.find((c) => c.name === 'gc_session');
  return cookie ? `gc_session=${cookie.value}` : undefined;
};

describe('POST /api/user/register', () => {
  it('creates the account, answers {success, user, message} and starts a session', async () => {
    const address = email();
    const res = await post('/api/user/register', { name: 'Ravi', email: address, password: 'long-enough-1' });
    expect(res.statusCode).toBe(200);
    const json = body(res);
    expect(json).toEqual({ success: true, user: { _id: expect.any(String), name: 'Ravi', email: address, cartItems: {}, substitutions: {}, substituteDefault: 'similar' }, message: 'Account created' });
    const cookie = res.cookies.find((c) => c.name === 'gc_session')!;
    expect(cookie).toMatchObject({ httpOnly: true, sameSite: 'Lax', path: '/' });
    expect(cookie.secure).toBeFalsy();
    const expires = new Date(cookie.expires!).getTime();
    expect(Math.abs(expires - (Date.now() + SESSION_TTL_MS))).toBeLessThan(60_000);
    const auth = await get('/api/user/is-auth', sessionCookie(res));
    expect(body(auth)).toEqual({ success: true, user: json.user });
  });

  it('never returns or stores the password in clear', async () => {
    const address = email();
    const res = await post('/api/user/register', { name: 'Ravi', email: address, password: 'long-enough-1' });
    expect(res.body).not.toContain('long-enough-1');
    expect(res.body).not.toMatch(/password/i);
    const row = await t.app.db.query.users.findFirst({ where: (u, { eq }) => eq(u.email, address) });
    expect(row!.passwordHash).toMatch(/^\$argon2id\$/);
  });

  it('refuses an e-mail that exists in another letter case with 409', async () => {
    const address = email();
    await createUser(t.app, { email: address });
    const res = await post('/api/user/register', { name: 'Copy', email: address.toUpperCase(), password: 'long-enough-1' });
    expect(res.statusCode).toBe(409);
    expect(body(res)).toEqual({ success: false, code: 'EMAIL_TAKEN', message: 'An account with this email already exists' });
  });

  it.each([
    [{ email: email(), password: 'long-enough-1' }, 'name'],
    [{ name: 'A', email: 'not-an-email', password: 'long-enough-1' }, 'email'],
    [{ name: 'A', email: email(), password: 'short' }, 'password'],
    [{ name: 'A', email: email(), password: 12345678 }, 'password'],
    [{ name: 'x'.repeat(10_000), email: email(), password: 'long-enough-1' }, 'name'],
    [{ name: 'A', email: email(), password: 'long-enough-1', isSeller: true }, ''],
  ])('refuses %j with a 400 naming the field (%s)', async (payload, field) => {
    const res = await post('/api/user/register', payload);
    expect(res.statusCode).toBe(400);
    const json = body<{ success: boolean; code: string; message: string; issues: { path: string }[] }>(res);
    expect(json).toMatchObject({ success: false, code: 'VALIDATION_FAILED' });
    if (field) expect(json.issues[0]!.path).toBe(`body.${field}`);
    else expect(json.message).toMatch(/unrecognized key/i);
    expect(res.cookies.find((c) => c.name === 'gc_session')).toBeUndefined();
  });

  it('names a number sent where text belongs "must be text", and an absent field "required"', async () => {
    const typed = body<{ issues: { path: string; message: string }[] }>(await post('/api/user/register', { name: 1, email: 2, password: 3 }));
    expect(typed.issues.map((i) => [i.path, i.message])).toEqual([
      ['body.name', 'Name must be text'],
      ['body.email', 'Email must be text'],
      ['body.password', 'Password must be text'],
    ]);
    const absent = body<{ issues: { path: string; message: string }[] }>(await post('/api/user/register', {}));
    expect(absent.issues.map((i) => i.message)).toEqual(['Name is required', 'Email is required', 'Password is required']);
  });
});

describe('POST /api/user/login', () => {
  it('logs in with any letter case of the e-mail and returns the saved cart', async () => {
    const user = await createUser(t.app, { name: 'Mina' });
    const product = await createProduct(t.app);
    const first = await post('/api/user/login', { email: user.email, password: TEST_PASSWORD });
    await post('/api/cart/update', { cartItems: { [product.id]: 3 } }, { cookie: sessionCookie(first)! });
    const res = await post('/api/user/login', { email: user.email.toUpperCase(), password: TEST_PASSWORD });
    expect(res.statusCode).toBe(200);
    expect(body(res)).toEqual({ success: true, user: { _id: user.id, name: 'Mina', email: user.email, cartItems: { [product.id]: 3 }, substitutions: {}, substituteDefault: 'similar' }, message: 'Logged in' });
    expect(sessionCookie(res)).not.toBe(sessionCookie(first));
  });

  it('answers a wrong password and an unknown e-mail alike with 401', async () => {
    const user = await createUser(t.app);
    const wrong = await post('/api/user/login', { email: user.email, password: 'not-the-password' });
    const unknown = await post('/api/user/login', { email: email(), password: 'not-the-password' });
    for (const res of [wrong, unknown]) {
      expect(res.statusCode).toBe(401);
      expect(body(res)).toEqual({ success: false, code: 'INVALID_CREDENTIALS', message: 'Invalid email or password' });
      expect(res.cookies.find((c) => c.name === 'gc_session')).toBeUndefined();
    }
  });

  it('accepts and ignores the empty name the original GreenCart client sends with a login', async () => {
    const user = await createUser(t.app, { name: 'Asha' });
    const res = await post('/api/user/login', { name: '', email: user.email, password: TEST_PASSWORD });
    expect(res.statusCode).toBe(200);
    expect(body(res)).toMatchObject({ success: true, user: { _id: user.id, name: 'Asha' } });
  });

  it.each([
    {},
    { email: 'a@b.co' },
    { email: ['a@b.co'], password: 'x' },
    { email: 'a@b.co', password: 'x'.repeat(1000) },
    { email: 'a@b.co', password: 'x', userId: 'someone' },
    { name: '', email: 'a@b.co', password: 'x', isAdmin: true },
    { name: 5, email: 'a@b.co', password: 'x' },
  ])(
    'refuses the malformed body %j with 400',
    async (payload) => {
      const res = await post('/api/user/login', payload);
      expect(res.statusCode).toBe(400);
      expect(body(res)).toMatchObject({ success: false, code: 'VALIDATION_FAILED' });
    },
  );
});

describe('GET /api/user/is-auth', () => {
  const loggedOut = { success: false, code: 'NOT_AUTHENTICATED', message: 'Not logged in' };

  it('answers a visitor {success: false} without an error status (asked on every page load)', async () => {
    const res = await get('/api/user/is-auth');
    expect(res.statusCode).toBe(200);
    expect(body(res)).toEqual(loggedOut);
  });

  it('refuses a forged token', async () => {
    expect(body(await get('/api/user/is-auth', 'gc_session=forged-token-that-was-never-issued'))).toEqual(loggedOut);
    expect(body(await get('/api/user/is-auth', `gc_session=${'x'.repeat(5000)}`))).toEqual(loggedOut);
  });

  it('refuses an expired token', async () => {
    const { user } = await createShopper(t.app);
    const past = createSessionService(t.app.db, { live: () => false, subscribe: () => {} }, () => new Date(Date.now() - SESSION_TTL_MS - 1000));
    const { token } = await past.start({ userId: user.id });
    expect(body(await get('/api/user/is-auth', `gc_session=${token}`))).toEqual(loggedOut);
  });

  it('does not accept a seller session as a shopper', async () => {
    const cookie = await sellerCookie(t.app);
    expect(body(await get('/api/user/is-auth', cookie.replace('gc_seller_session', 'gc_session')))).toEqual(loggedOut);
  });
});

describe('GET /api/user/logout', () => {
  it('ends the session on the server: the old token is refused afterwards', async () => {
    const { cookie } = await createShopper(t.app);
    const res = await get('/api/user/logout', cookie);
    expect(res.statusCode).toBe(200);
    expect(body(res)).toEqual({ success: true, message: 'Logged out' });
    expect(res.cookies.find((c) => c.name === 'gc_session')?.value).toBe('');
    expect(body(await get('/api/user/is-auth', cookie))).toMatchObject({ success: false });
    expect((await post('/api/cart/update', { cartItems: {} }, { cookie })).statusCode).toBe(401);
    expect((await get('/api/address/get', cookie)).statusCode).toBe(401);
  });

  it('logs out a session that already ended (or none) all the same: 200, the cookie cleared', async () => {
    const { cookie } = await createShopper(t.app);
    expect((await get('/api/user/logout', cookie)).statusCode).toBe(200);
    for (const again of [cookie, undefined, 'gc_session=made-up']) {
      const res = await get('/api/user/logout', again);
      expect(res.statusCode).toBe(200);
      expect(body(res)).toEqual({ success: true, message: 'Logged out' });
      expect(res.cookies.find((c) => c.name === 'gc_session')?.value).toBe('');
    }
  });

  it('has no HEAD twin: a HEAD (a link checker, a prefetch) keeps the session', async () => {
    const { cookie } = await createShopper(t.app);
    const res = await t.app.inject({ method: 'HEAD', url: '/api/user/logout', headers: { cookie } });
    expect(res.statusCode).toBe(404);
    expect(body(await get('/api/user/is-auth', cookie))).toMatchObject({ success: true });
  });

  it('refuses a cross-site logout link and keeps the session', async () => {
    const { cookie } = await createShopper(t.app);
    const res = await t.app.inject({ method: 'GET', url: '/api/user/logout', headers: { cookie, 'sec-fetch-site': 'cross-site' } });
    expect(res.statusCode).toBe(403);
    expect(body(await get('/api/user/is-auth', cookie))).toMatchObject({ success: true });
  });
});

describe('cross-site requests', () => {
  it('refuses a login posted from another site', async () => {
    const user = await createUser(t.app);
    const res = await post('/api/user/login', { email: user.email, password: TEST_PASSWORD }, { origin: 'https://evil.example' });
    expect(res.statusCode).toBe(403);
    expect(res.cookies).toHaveLength(0);
  });
});

// Last in this file: it spends the whole per-address budget of this app.
describe('per-address limit without TRUST_PROXY', () => {
  it('ignores X-Forwarded-For, so rotating it does not escape the limit', async () => {
    let status = 0;
    for (let i = 0; i < 101 && status !== 429; i++) {
      status = (await post('/api/user/login', {}, { 'x-forwarded-for': `10.1.${i}.1` })).statusCode;
    }
    expect(status).toBe(429);
  });
});
