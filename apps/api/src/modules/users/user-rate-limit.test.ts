import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { body, buildTestApp, createUser, TEST_PASSWORD, type TestApp } from '../../test/test-app.js';
import { FAILED_LOGIN_LIMIT } from './failed-login-limiter.js';
import { ACCOUNT_ATTEMPT_LIMIT } from './user-routes.js';

/** Behind a proxy (TRUST_PROXY): each test speaks from its own client address via X-Forwarded-For. */
let t: TestApp;
beforeAll(async () => {
  t = await buildTestApp({ TRUST_PROXY: 'true' });
});
afterAll(() => t.close());

let ip = 0;
const newClient = () => `203.0.113.${++ip}`;
const login = (client: string, payload: object) =>
  t.app.inject({ method: 'POST', url: '/api/user/login', payload, headers: { 'x-forwarded-for': client } });
const register = (client: string, payload: object) =>
  t.app.inject({ method: 'POST', url: '/api/user/register', payload, headers: { 'x-forwarded-for': client } });

describe('failed logins per e-mail', () => {
  it(`blocks an e-mail after ${FAILED_LOGIN_LIMIT} failures, even with the right password, from any address`, async () => {
    const user = await createUser(t.app);
    for (let i = 0; i < FAILED_LOGIN_LIMIT; i++) {
      expect((await login(newClient(), { email: user.email, password: `wrong-${i}` })).statusCode).toBe(401);
    }
    const blocked = await login(newClient(), { email: user.email.toUpperCase(), password: TEST_PASSWORD });
    expect(blocked.statusCode).toBe(429);
    expect(body(blocked)).toEqual({
      success: false,
      code: 'TOO_MANY_FAILED_LOGINS',
      message: 'Too many failed login attempts for this email. Please try again in 15 minutes.',
    });
    expect(blocked.cookies).toHaveLength(0);
  });

  it('does not block another e-mail, and a success clears the count', async () => {
    const user = await createUser(t.app);
    for (let i = 0; i < FAILED_LOGIN_LIMIT - 1; i++) await login(newClient(), { email: user.email, password: 'wrong' });
    expect((await login(newClient(), { email: user.email, password: TEST_PASSWORD })).statusCode).toBe(200);
    expect((await login(newClient(), { email: user.email, password: 'wrong' })).statusCode).toBe(401);
    expect((await login(newClient(), { email: user.email, password: TEST_PASSWORD })).statusCode).toBe(200);
  });
});

describe('attempts per client address', () => {
  it(`allows ${ACCOUNT_ATTEMPT_LIMIT} login and sign-up attempts together, then answers 429 to that address only`, async () => {
    const client = newClient();
    for (let i = 0; i < ACCOUNT_ATTEMPT_LIMIT / 2; i++) {
      expect((await login(client, {})).statusCode).toBe(400);
      expect((await register(client, {})).statusCode).toBe(400);
    }
    const limited = await register(client, { name: 'A', email: 'fresh@example.com', password: 'long-enough-1' });
    expect(limited.statusCode).toBe(429);
    expect(body(limited)).toMatchObject({ success: false, code: 'TOO_MANY_ATTEMPTS' });
    expect(body<{ message: string }>(limited).message).toMatch(/^Too many login or sign-up attempts\. Please try again in \d+ minutes\.$/);
    expect((await login(client, {})).statusCode).toBe(429);
    expect((await login(newClient(), {})).statusCode).toBe(400);
  });
});
