import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { buildApp } from '../../app.js';
import { loginFailures } from '../../db/schema/index.js';
import { body, buildTestApp, createUser, TEST_PASSWORD, recordingLoginClock, type TestApp } from '../../test/test-app.js';
import { ADDRESS_FAILED_LOGIN_LIMIT, FAILED_LOGIN_LIMIT, LOGIN_DELAY_MAX_MS, loginDelayMs } from './failed-login-limiter.js';
import { ACCOUNT_ATTEMPT_LIMIT } from './user-routes.js';

/**
 * Behind one proxy (TRUST_PROXY=1): each test speaks from its own client address via X-Forwarded-For.
 * The login slow-down is recorded instead of waited for.
 */
const { loginClock, waits } = recordingLoginClock();
let t: TestApp;
beforeAll(async () => {
  t = await buildTestApp({ TRUST_PROXY: '1' }, { loginClock });
});
afterAll(() => t.close());

let ip = 0;
const newClient = () => `203.0.${Math.floor(++ip / 250)}.${ip % 250}`;
const login = (client: string, payload: object) =>
  t.app.inject({ method: 'POST', url: '/api/user/login', payload, headers: { 'x-forwarded-for': client } });
const register = (client: string, payload: object) =>
  t.app.inject({ method: 'POST', url: '/api/user/register', payload, headers: { 'x-forwarded-for': client } });

describe('failed logins', () => {
  it('lets the owner log in from a fresh address after an attacker made 50 failures on their e-mail from other addresses, only slowed down', async () => {
    const user = await createUser(t.app);
    const attackers = Array.from({ length: 5 }, newClient);
    for (let i = 0; i < 50; i++) expect((await login(attackers[i % 5]!, { email: user.email, password: `guess-${i}` })).statusCode).toBe(401);
    waits.length = 0;
    const owner = await login(newClient(), { email: user.email, password: TEST_PASSWORD });
    expect(owner.statusCode).toBe(200);
    expect(waits).toEqual([LOGIN_DELAY_MAX_MS]);
  });

  it(`refuses an address after ${FAILED_LOGIN_LIMIT} failures on one e-mail, even the right password, saying when to retry; the owner elsewhere logs in`, async () => {
    const user = await createUser(t.app);
    const attacker = newClient();
    for (let i = 0; i < FAILED_LOGIN_LIMIT; i++) expect((await login(attacker, { email: user.email, password: `wrong-${i}` })).statusCode).toBe(401);
    const refused = await login(attacker, { email: user.email.toUpperCase(), password: TEST_PASSWORD });
    expect(refused.statusCode).toBe(429);
    expect(body(refused)).toEqual({
      success: false,
      code: 'TOO_MANY_FAILED_LOGINS',
      message: 'Too many failed login attempts for this email from your network. Please try again in 15 minutes.',
    });
    expect(refused.cookies).toHaveLength(0);
    expect((await login(newClient(), { email: user.email, password: TEST_PASSWORD })).statusCode).toBe(200);
  });

  it(`refuses an address after ${ADDRESS_FAILED_LOGIN_LIMIT} failures on any e-mails`, async () => {
    const attacker = newClient();
    for (let i = 0; i < ADDRESS_FAILED_LOGIN_LIMIT; i++) {
      expect((await login(attacker, { email: `nobody-${ip}-${i}@example.com`, password: 'guess' })).statusCode).toBe(401);
    }
    const user = await createUser(t.app);
    const refused = await login(attacker, { email: user.email, password: TEST_PASSWORD });
    expect(refused.statusCode).toBe(429);
    expect(body(refused)).toEqual({
      success: false,
      code: 'TOO_MANY_FAILED_LOGINS',
      message: 'Too many failed login attempts from your network. Please try again in 15 minutes.',
    });
    expect((await login(newClient(), { email: user.email, password: TEST_PASSWORD })).statusCode).toBe(200);
  });

  it('makes each attempt on a failing e-mail wait longer, up to a bound, from any address', async () => {
    const user = await createUser(t.app);
    waits.length = 0;
    for (let i = 0; i < 8; i++) await login(newClient(), { email: user.email, password: 'wrong' });
    // Attempts 1-3 are free, then 250 ms doubling: the 8th attempt waits for 7 failures.
    expect(waits).toEqual([250, 500, 1000, 2000, LOGIN_DELAY_MAX_MS]);
    expect(waits.at(-1)).toBe(loginDelayMs(7));
  });

  it('a success clears the count of that e-mail from that address', async () => {
    const user = await createUser(t.app);
    const client = newClient();
    for (let i = 0; i < FAILED_LOGIN_LIMIT - 1; i++) await login(client, { email: user.email, password: 'wrong' });
    expect((await login(client, { email: user.email, password: TEST_PASSWORD })).statusCode).toBe(200);
    for (let i = 0; i < FAILED_LOGIN_LIMIT - 1; i++) expect((await login(client, { email: user.email, password: 'wrong' })).statusCode).toBe(401);
    expect((await login(client, { email: user.email, password: TEST_PASSWORD })).statusCode).toBe(200);
  });

  it('keeps counting in a new app on the same database (a restart or a second process)', async () => {
    const user = await createUser(t.app);
    const attacker = newClient();
    for (let i = 0; i < FAILED_LOGIN_LIMIT; i++) await login(attacker, { email: user.email, password: 'wrong' });
    const second = await buildApp({ config: t.app.config, database: t.database, seed: false, logger: false, loginClock });
    try {
      const res = await second.inject({ method: 'POST', url: '/api/user/login', payload: { email: user.email, password: TEST_PASSWORD }, headers: { 'x-forwarded-for': attacker } });
      expect(res.statusCode).toBe(429);
    } finally {
      await second.close();
    }
  });
});

describe('client address behind TRUST_PROXY=1', () => {
  it('is the address the proxy saw, not the leftmost X-Forwarded-For entry the client wrote', async () => {
    const email = `spoofed-${Date.now()}@example.com`;
    await login('1.1.1.1, 2.2.2.2', { email, password: 'wrong' });
    const keys = (await t.app.db.select({ key: loginFailures.key }).from(loginFailures)).map((r) => r.key);
    expect(keys).toContain(`${email} 2.2.2.2`);
    expect(keys).not.toContain(`${email} 1.1.1.1`);
  });

  it('rotating the leftmost entry does not escape the login limit', async () => {
    const user = await createUser(t.app);
    const proxySaw = newClient();
    const statuses = [];
    for (let i = 0; i <= FAILED_LOGIN_LIMIT; i++) {
      statuses.push((await login(`10.9.${i}.1, ${proxySaw}`, { email: user.email, password: `wrong-${i}` })).statusCode);
    }
    expect(statuses.at(-1)).toBe(429);
  });
});

describe('client address behind TRUST_PROXY=<the proxy\'s address>', () => {
  it('is the address that proxy (here 127.0.0.1, the inject default) saw; a direct client cannot pick its own', async () => {
    const listed = await buildTestApp({ TRUST_PROXY: '127.0.0.1' });
    try {
      const email = `listed-${Date.now()}@example.com`;
      const attempt = (forwardedFor: string, remoteAddress?: string) =>
        listed.app.inject({ method: 'POST', url: '/api/user/login', payload: { email, password: 'wrong' }, headers: { 'x-forwarded-for': forwardedFor }, remoteAddress });
      await attempt('1.1.1.1, 2.2.2.2');
      await attempt('3.3.3.3', '192.0.2.7');
      const keys = (await listed.app.db.select({ key: loginFailures.key }).from(loginFailures)).map((r) => r.key);
      expect(keys.filter((key) => key.startsWith(`${email} `)).sort()).toEqual([`${email} 192.0.2.7`, `${email} 2.2.2.2`]);
    } finally {
      await listed.close();
    }
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

  it('keeps counting them in a new app on the same database (a restart or a second instance)', async () => {
    const client = newClient();
    for (let i = 0; i < ACCOUNT_ATTEMPT_LIMIT; i++) expect((await register(client, {})).statusCode).toBe(400);
    const second = await buildApp({ config: t.app.config, database: t.database, seed: false, logger: false, loginClock });
    try {
      const res = await second.inject({ method: 'POST', url: '/api/user/login', payload: {}, headers: { 'x-forwarded-for': client } });
      expect(res.statusCode).toBe(429);
      expect(body(res)).toMatchObject({ success: false, code: 'TOO_MANY_ATTEMPTS' });
    } finally {
      await second.close();
    }
  });
});
