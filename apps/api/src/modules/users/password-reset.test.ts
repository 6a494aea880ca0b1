import type { User } from '@greencart/shared';
import { and, eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { DEV_SELLER_EMAIL, DEV_SELLER_PASSWORD } from '../../config/env.js';
import { mailOutbox } from '../../db/schema/index.js';
import { createShop } from '../../test/market-builders.js';
import { keptMail, sellerSessionOf } from '../../test/shop-builders.js';
import { body, buildTestApp, createShopper, mailsSent, recordingLoginClock, TEST_PASSWORD, type TestApp } from '../../test/test-app.js';
import { FAILED_LOGIN_LIMIT } from './failed-login-limiter.js';
import { RESET_REQUEST_LIMIT, RESET_REQUESTED_MESSAGE } from './password-reset.js';
import { ACCOUNT_ATTEMPT_LIMIT } from './user-routes.js';

/**
 * A forgotten password (decision 0254): the login forms ask for a link by e-mail (through the outbox), and the link
 * sets a new password once, within the hour, ending every other session of the account. Shoppers and shops alike;
 * the answer never tells whether an e-mail has an account.
 */
const mail = keptMail();
const recording = recordingLoginClock();
/** How far this app's clock runs ahead of the real one: a link's hour passes in a test. */
let clockAhead = 0;
let t: TestApp;
beforeAll(async () => {
  t = await buildTestApp({ TRUST_PROXY: '1' }, { mailer: mail, loginClock: { ...recording.loginClock, now: () => new Date(Date.now() + clockAhead) } });
});
afterAll(() => t.close());

let client = 0;
/** Each test asks from its own address, so the per-address budget of requests is the rate-limit test's alone. */
const newAddress = () => `198.51.100.${++client}`;

const forgot = (account: 'user' | 'seller', email: string, address = newAddress()) =>
  t.app.inject({ method: 'POST', url: `/api/${account}/password/forgot`, payload: { email }, headers: { 'x-forwarded-for': address } });
const reset = (account: 'user' | 'seller', token: string, password: string) =>
  t.app.inject({ method: 'POST', url: `/api/${account}/password/reset`, payload: { token, password }, headers: { 'x-forwarded-for': newAddress() } });
const login = (account: 'user' | 'seller', email: string, password: string) =>
  t.app.inject({ method: 'POST', url: `/api/${account}/login`, payload: { email, password }, headers: { 'x-forwarded-for': newAddress() } });
const shopperSignedIn = async (cookie: string) => body<{ success: boolean }>(await t.app.inject({ method: 'GET', url: '/api/user/is-auth', headers: { cookie } })).success;
const shopSignedIn = async (cookie: string) => body<{ success: boolean }>(await t.app.inject({ method: 'GET', url: '/api/seller/is-auth', headers: { cookie } })).success;
const sessionCookieOf = (res: { cookies: { name: string; value: string }[] }) => {
  const cookie = res.cookies.find((c) => c.name === 'gc_session');
  return cookie && `gc_session=${cookie.value}`;
};

/** The base64url character whose 6 bits differ from `c`'s only in the 2 low bits a 43-character signature ignores. */
const lastCharTwin = (c: string) => {
  const alphabet = 'ABCDEFGHIJKLMNOPQRSTUVWXYZabcdefghijklmnopqrstuvwxyz0123456789-_';
  return alphabet[alphabet.indexOf(c) ^ 1]!;
};

/** The token of the last reset link mailed to `email`. */
async function linkTokenFor(email: string): Promise<string> {
  await mailsSent(t.app);
  const sent = mail.sent.filter((m) => m.to === email && m.subject === 'GreenCart: set a new password').at(-1);
  const match = sent && /\/reset-password\?token=(\S+)/.exec(sent.text);
  if (!match) throw new Error(`no reset link was mailed to ${email}`);
  return match[1]!;
}
const resetMailsOf = (column: 'userId' | 'sellerId', id: string) =>
  t.app.db.select().from(mailOutbox).where(and(eq(mailOutbox[column], id), eq(mailOutbox.kind, 'password-reset')));

describe('a shopper who forgot the password', () => {
  it('gets a link by e-mail that sets a new password, logs this browser in and ends every other session', async () => {
    const { user, cookie: oldSession } = await createShopper(t.app);
    const asked = await forgot('user', user.email.toUpperCase());
    expect(asked.statusCode).toBe(200);
    expect(body(asked)).toEqual({ success: true, message: RESET_REQUESTED_MESSAGE });
    const token = await linkTokenFor(user.email);
    expect(mail.sent.at(-1)!.text).toContain(`${t.app.config.publicUrl}/reset-password?token=user.${user.id}.`);

    const res = await reset('user', token, 'a-brand-new-password');
    expect(res.statusCode).toBe(200);
    expect(body<{ user: User; message: string }>(res)).toMatchObject({ success: true, message: 'Password changed: you are logged in', user: { _id: user.id, email: user.email } });
    expect(await shopperSignedIn(sessionCookieOf(res)!)).toBe(true);
    expect(await shopperSignedIn(oldSession)).toBe(false);
    expect((await login('user', user.email, TEST_PASSWORD)).statusCode).toBe(401);
    expect((await login('user', user.email, 'a-brand-new-password')).statusCode).toBe(200);
    // The owner is told it was changed (whoever did it).
    await mailsSent(t.app);
    const told = mail.sent.filter((m) => m.to === user.email && m.subject === 'GreenCart: your password was changed');
    expect(told).toHaveLength(1);
    expect(told[0]!.text).toContain('The password of your GreenCart account was just changed');
  });

  it('refuses a link used once already, as it refuses one of an older password', async () => {
    const { user } = await createShopper(t.app);
    await forgot('user', user.email);
    const token = await linkTokenFor(user.email);
    expect((await reset('user', token, 'first-new-password')).statusCode).toBe(200);
    const again = await reset('user', token, 'second-new-password');
    expect(again.statusCode).toBe(400);
    expect(body(again)).toMatchObject({ success: false, code: 'RESET_LINK_INVALID' });
    expect((await login('user', user.email, 'first-new-password')).statusCode).toBe(200);
  });

  it('sets the password once when the same link is sent twice at the same moment', async () => {
    const { user } = await createShopper(t.app);
    await forgot('user', user.email);
    const token = await linkTokenFor(user.email);
    const answers = await Promise.all(['racing-password-one', 'racing-password-two', 'racing-password-three'].map((p) => reset('user', token, p)));
    expect(answers.map((a) => a.statusCode).sort()).toEqual([200, 400, 400]);
    const won = ['racing-password-one', 'racing-password-two', 'racing-password-three'][answers.findIndex((a) => a.statusCode === 200)]!;
    expect((await login('user', user.email, won)).statusCode).toBe(200);
  });

  it('refuses a link after its hour, a forged or altered one, and a weak password, changing nothing', async () => {
    const { user, cookie } = await createShopper(t.app);
    await forgot('user', user.email);
    const token = await linkTokenFor(user.email);
    const [kind, id, expires, signature] = token.split('.');
    const altered = [
      'not-a-token',
      `${kind}.${id}.${Number(expires) + 3600}.${signature}`,
      `${kind}.${id}.${expires}.${signature!.slice(0, -2)}AA`,
      `seller.${id}.${expires}.${signature}`,
      `${kind}.${id}.${expires}.${signature}.more`,
      // Characters the base64url decoder skips, padding, a zero before the time: not the link as made (a probe).
      `${kind}.${id}.${expires}.${signature!.slice(0, 10)}*~!${signature!.slice(10)}`,
      `${kind}.${id}.${expires}.${signature}==`,
      `${kind}.${id}.0${expires}.${signature}`,
      `${kind}.${id!.toUpperCase()}.${expires}.${signature}`,
      // Another spelling of the last character (4 of its bits are the signature's), and ids that are not ids (a 500).
      `${kind}.${id}.${expires}.${signature!.slice(0, -1)}${lastCharTwin(signature!.at(-1)!)}`,
      `${kind}.${'-'.repeat(36)}.${expires}.${signature}`,
      `${kind}.${'a'.repeat(36)}.${expires}.${signature}`,
    ];
    for (const forged of altered) expect(body(await reset('user', forged, 'another-password-1')), forged).toMatchObject({ code: 'RESET_LINK_INVALID' });
    const weak = await reset('user', token, 'short');
    expect(weak.statusCode).toBe(400);
    expect(JSON.stringify(body(weak))).toContain('Password must be at least 8 characters');
    expect(body(weak)).toMatchObject({ code: 'VALIDATION_FAILED' });
    expect((await reset('user', '', 'another-password-1')).statusCode).toBe(400);

    clockAhead = 61 * 60 * 1000;
    try {
      expect(body(await reset('user', token, 'another-password-1'))).toMatchObject({ code: 'RESET_LINK_INVALID' });
    } finally {
      clockAhead = 0;
    }
    expect(await shopperSignedIn(cookie)).toBe(true);
    expect((await login('user', user.email, TEST_PASSWORD)).statusCode).toBe(200);
  });

  it("lifts the slow-down others' failed logins put on the e-mail: they guessed at the old password (a probe)", async () => {
    const { user } = await createShopper(t.app);
    const attacker = '203.0.113.200';
    for (let i = 0; i < 10; i++) await t.app.inject({ method: 'POST', url: '/api/user/login', payload: { email: user.email, password: `guess-${i}` }, headers: { 'x-forwarded-for': attacker } });
    await forgot('user', user.email);
    expect((await reset('user', await linkTokenFor(user.email), 'after-the-attack-1')).statusCode).toBe(200);
    const waited = recording.waits.length;
    expect((await login('user', user.email, 'after-the-attack-1')).statusCode).toBe(200);
    expect(recording.waits.slice(waited)).toEqual([]);
  });

  it('answers an unknown e-mail as a known one and mails nothing; one link per few minutes to an account', async () => {
    // An earlier test's mail still on its way is sent first (CI counted it as this one's).
    await mailsSent(t.app);
    const before = mail.sent.length;
    const unknown = await forgot('user', 'nobody-here@example.com');
    expect(body(unknown)).toEqual({ success: true, message: RESET_REQUESTED_MESSAGE });
    await mailsSent(t.app);
    expect(mail.sent.length).toBe(before);

    const { user } = await createShopper(t.app);
    await forgot('user', user.email);
    await forgot('user', user.email);
    expect(await resetMailsOf('userId', user.id)).toHaveLength(1);
    // Asked four times at once: still one (three went, a race probe).
    const other = (await createShopper(t.app)).user;
    await Promise.all(Array.from({ length: 4 }, () => forgot('user', other.email)));
    expect(await resetMailsOf('userId', other.id)).toHaveLength(1);
  });

  it(`refuses the ${RESET_REQUEST_LIMIT + 1}th request from one address in 15 minutes with 429, shops' and shoppers' counted together`, async () => {
    const address = '203.0.113.77';
    for (let i = 0; i < RESET_REQUEST_LIMIT; i++) expect((await forgot(i % 2 ? 'seller' : 'user', `someone-${i}@example.com`, address)).statusCode).toBe(200);
    const refused = await forgot('user', 'someone-else@example.com', address);
    expect(refused.statusCode).toBe(429);
    expect(body(refused)).toMatchObject({ success: false, code: 'TOO_MANY_ATTEMPTS' });
  });

  it('spends none of the budget on a request it refuses as not an e-mail (a probe was locked out by three typos)', async () => {
    const address = '203.0.113.78';
    for (let i = 0; i < RESET_REQUEST_LIMIT + 2; i++) expect((await forgot('user', 'not-an-email', address)).statusCode).toBe(400);
    expect((await forgot('user', 'a-real-one@example.com', address)).statusCode).toBe(200);
  });
});

describe('a shop that forgot its password', () => {
  it('gets its own link, which signs the shop in and ends its other sessions; a shopper route refuses it', async () => {
    const shop = await createShop(t.app, { email: `forgetful-${Date.now()}@example.com` });
    const email = (await t.app.db.query.sellers.findFirst({ where: (s, { eq: is }) => is(s.id, shop.id) }))!.email;
    expect(body(await forgot('seller', email))).toEqual({ success: true, message: RESET_REQUESTED_MESSAGE });
    const token = await linkTokenFor(email);
    expect(mail.sent.at(-1)!.text).toContain(`for your shop ${shop.shopName} on GreenCart`);
    expect(body(await reset('user', token, 'new-shop-password'))).toMatchObject({ code: 'RESET_LINK_INVALID' });

    const res = await reset('seller', token, 'new-shop-password');
    expect(res.statusCode).toBe(200);
    expect(body(res)).toEqual({ success: true, message: 'Password changed: you are signed in' });
    expect(await shopSignedIn(sellerSessionOf(res)!)).toBe(true);
    expect(await shopSignedIn(shop.cookie)).toBe(false);
    expect((await login('seller', email, 'new-shop-password')).statusCode).toBe(200);
  });

  it("mails no link for the operator, whose password the environment sets, or for a shopper's e-mail", async () => {
    const { user } = await createShopper(t.app);
    const before = (await t.app.db.select().from(mailOutbox).where(eq(mailOutbox.kind, 'password-reset'))).length;
    expect(body(await forgot('seller', DEV_SELLER_EMAIL))).toEqual({ success: true, message: RESET_REQUESTED_MESSAGE });
    expect(body(await forgot('seller', user.email))).toEqual({ success: true, message: RESET_REQUESTED_MESSAGE });
    expect(await t.app.db.select().from(mailOutbox).where(eq(mailOutbox.kind, 'password-reset'))).toHaveLength(before);
  });
});

describe('a signed-in account changing its password', () => {
  const change = (account: 'user' | 'seller', cookie: string | undefined, payload: Record<string, unknown>) =>
    t.app.inject({ method: 'POST', url: `/api/${account}/password/change`, payload, headers: { 'x-forwarded-for': newAddress(), ...(cookie ? { cookie } : {}) } });

  it('needs the current password; then every other session ends and this browser stays signed in', async () => {
    const { user, cookie } = await createShopper(t.app);
    const { token: other } = await t.app.sessions.start({ userId: user.id });
    const wrong = await change('user', cookie, { currentPassword: 'not-my-password', password: 'changed-password-1' });
    expect(wrong.statusCode).toBe(401);
    expect(body(wrong)).toMatchObject({ code: 'INVALID_CREDENTIALS', message: 'The current password is not right', issues: [{ path: 'body.currentPassword' }] });
    expect(await shopperSignedIn(`gc_session=${other}`)).toBe(true);

    const res = await change('user', cookie, { currentPassword: TEST_PASSWORD, password: 'changed-password-1' });
    expect(res.statusCode).toBe(200);
    expect(body(res)).toEqual({ success: true, message: 'Password changed: every other device is signed out' });
    expect(await shopperSignedIn(sessionCookieOf(res)!)).toBe(true);
    expect(await shopperSignedIn(`gc_session=${other}`)).toBe(false);
    expect(await shopperSignedIn(cookie)).toBe(false);
    expect((await login('user', user.email, 'changed-password-1')).statusCode).toBe(200);
    expect((await login('user', user.email, TEST_PASSWORD)).statusCode).toBe(401);
    await mailsSent(t.app);
    expect(mail.sent.filter((m) => m.to === user.email && m.subject === 'GreenCart: your password was changed')).toHaveLength(1);
  });

  it('refuses a visitor, a weak new password and the operator, changing nothing', async () => {
    expect(body(await change('user', undefined, { currentPassword: TEST_PASSWORD, password: 'changed-password-1' }))).toMatchObject({ code: 'NOT_AUTHENTICATED' });
    const { user, cookie } = await createShopper(t.app);
    expect(body(await change('user', cookie, { currentPassword: TEST_PASSWORD, password: 'short' }))).toMatchObject({ code: 'VALIDATION_FAILED' });
    expect(body(await change('user', cookie, { currentPassword: TEST_PASSWORD, password: TEST_PASSWORD }))).toMatchObject({
      code: 'VALIDATION_FAILED',
      issues: [{ path: 'body.password', message: 'Choose a password other than the current one' }],
    });
    expect((await login('user', user.email, TEST_PASSWORD)).statusCode).toBe(200);
    const operator = await login('seller', DEV_SELLER_EMAIL, DEV_SELLER_PASSWORD);
    const refused = await change('seller', sellerSessionOf(operator), { currentPassword: DEV_SELLER_PASSWORD, password: 'changed-password-1' });
    expect(refused.statusCode).toBe(403);
    expect(body(refused)).toMatchObject({ code: 'FORBIDDEN' });
  });

  it("is not refused for the logins others at the same address spent: a change has the account's own budget", async () => {
    const { cookie } = await createShopper(t.app);
    const office = '203.0.113.91';
    // Others behind the same address (an office, a carrier) spend its login budget.
    for (let i = 0; i <= ACCOUNT_ATTEMPT_LIMIT; i++) await t.app.inject({ method: 'POST', url: '/api/user/login', payload: {}, headers: { 'x-forwarded-for': office } });
    expect((await t.app.inject({ method: 'POST', url: '/api/user/login', payload: {}, headers: { 'x-forwarded-for': office } })).statusCode).toBe(429);
    const res = await t.app.inject({
      method: 'POST',
      url: '/api/user/password/change',
      payload: { currentPassword: TEST_PASSWORD, password: 'a-new-password-1' },
      headers: { cookie, 'x-forwarded-for': office },
    });
    expect(res.statusCode, res.body).toBe(200);
  });

  it('counts a wrong current password against the session that sent it: refused after 10 there, while the owner\'s other session changes it (probes)', async () => {
    const { user, cookie } = await createShopper(t.app);
    const address = '203.0.113.90';
    const guess = (currentPassword: string) =>
      t.app.inject({ method: 'POST', url: '/api/user/password/change', payload: { currentPassword, password: 'guessed-new-password' }, headers: { cookie, 'x-forwarded-for': address } });
    for (let i = 0; i < FAILED_LOGIN_LIMIT; i++) expect((await guess(`guess-${i}`)).statusCode).toBe(401);
    const refused = await guess(TEST_PASSWORD);
    expect(refused.statusCode).toBe(429);
    expect(body(refused)).toMatchObject({ code: 'TOO_MANY_FAILED_LOGINS' });
    // The owner, signed in elsewhere, is not held by that session's guessing (a stolen session blocked the change
    // that would sign it out): the change goes through, and ends the guessing session.
    const owner = sessionCookieOf(await login('user', user.email, TEST_PASSWORD))!;
    const changed = await t.app.inject({ method: 'POST', url: '/api/user/password/change', payload: { currentPassword: TEST_PASSWORD, password: 'owners-new-password-2' }, headers: { cookie: owner, 'x-forwarded-for': address } });
    expect(changed.statusCode, changed.body).toBe(200);
    expect(await shopperSignedIn(cookie)).toBe(false);
  });

  it("is not refused for others' failed logins to its e-mail from the same network: the owner changes the password (an attacker probe)", async () => {
    const { user, cookie } = await createShopper(t.app);
    const shared = '203.0.113.92';
    for (let i = 0; i <= FAILED_LOGIN_LIMIT; i++) await t.app.inject({ method: 'POST', url: '/api/user/login', payload: { email: user.email, password: `guess-${i}` }, headers: { 'x-forwarded-for': shared } });
    expect(body(await t.app.inject({ method: 'POST', url: '/api/user/login', payload: { email: user.email, password: 'guess' }, headers: { 'x-forwarded-for': shared } }))).toMatchObject({ code: 'TOO_MANY_FAILED_LOGINS' });
    const res = await t.app.inject({ method: 'POST', url: '/api/user/password/change', payload: { currentPassword: TEST_PASSWORD, password: 'owners-new-password' }, headers: { cookie, 'x-forwarded-for': shared } });
    expect(res.statusCode, res.body).toBe(200);
  });

  it("changes a shop's password the same way", async () => {
    const shop = await createShop(t.app);
    const email = (await t.app.db.query.sellers.findFirst({ where: (s, { eq: is }) => is(s.id, shop.id) }))!.email;
    const res = await change('seller', shop.cookie, { currentPassword: TEST_PASSWORD, password: 'changed-shop-password' });
    expect(res.statusCode).toBe(200);
    expect(await shopSignedIn(sellerSessionOf(res)!)).toBe(true);
    expect(await shopSignedIn(shop.cookie)).toBe(false);
    expect((await login('seller', email, 'changed-shop-password')).statusCode).toBe(200);
    await mailsSent(t.app);
    expect(mail.sent.find((m) => m.to === email && m.subject === 'GreenCart: your password was changed')!.text).toContain(`The password of your shop ${shop.shopName} on GreenCart was just changed`);
  });
});
