import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { body, buildTestApp, createShopper, sellerCookie, type TestApp } from '../test/test-app.js';

/** The GET logouts (the spec's shopper logout; the original client's seller logout) from browsers of all ages. */
let t: TestApp;
beforeAll(async () => {
  t = await buildTestApp({ PUBLIC_URL: 'https://shop.example' });
});
afterAll(() => t.close());

const logouts = [
  { kind: 'seller', url: '/api/seller/logout', login: () => sellerCookie(t.app), isAuth: '/api/seller/is-auth' },
  { kind: 'shopper', url: '/api/user/logout', login: async () => (await createShopper(t.app)).cookie, isAuth: '/api/user/is-auth' },
];

describe.each(logouts)('GET logout of the $kind', ({ url, login, isAuth }) => {
  const signedIn = async (cookie: string) => body(await t.app.inject({ method: 'GET', url: isAuth, headers: { cookie } })).success;

  // A browser without Sec-Fetch-Site (older Safari, Firefox before 90) following a link or image on another site.
  it.each([
    ['an Origin', { origin: 'https://evil.example' }],
    ['a Referer', { referer: 'https://evil.example/page.html' }],
    ['a same-site Sec-Fetch-Site alone (a sibling subdomain whose referrer policy sends none)', { 'sec-fetch-site': 'same-site' }],
    ['a same-site Sec-Fetch-Site and a sibling Referer', { 'sec-fetch-site': 'same-site', referer: 'https://blog.shop.example/' }],
  ])('refuses a call with %s of another site and keeps the session', async (_name, headers) => {
    const cookie = await login();
    const res = await t.app.inject({ method: 'GET', url, headers: { cookie, ...headers } });
    expect(res.statusCode).toBe(403);
    expect(body(res)).toEqual({ success: false, code: 'CROSS_SITE_REQUEST', message: 'Cross-site requests are not allowed' });
    expect(await signedIn(cookie)).toBe(true);
  });

  it.each([
    ['the original client\'s same-origin call', { 'sec-fetch-site': 'same-origin', referer: 'https://shop.example/seller' }],
    ['an older browser\'s call from a page of the shop', { referer: 'https://shop.example/seller/orders' }],
    ['a call made to the host the request names (behind a proxy)', { host: 'shop.internal:8080', referer: 'http://shop.internal:8080/' }],
    ['a call with neither header (curl)', {}],
  ])('signs out on %s', async (_name, headers) => {
    const cookie = await login();
    const res = await t.app.inject({ method: 'GET', url, headers: { cookie, ...headers } });
    expect(res.statusCode).toBe(200);
    expect(await signedIn(cookie)).toBe(false);
  });
});

/** A write (here a cart save) from a browser or extension that sends no Origin: the Referer and Sec-Fetch-Site decide. */
describe('a state-changing call without an Origin', () => {
  const save = async (headers: Record<string, string>) => {
    const { cookie } = await createShopper(t.app);
    return t.app.inject({ method: 'POST', url: '/api/cart/update', headers: { cookie, ...headers }, payload: { cartItems: {} } });
  };

  it.each([
    ['a Referer of another site', { referer: 'http://evil.example/x' }],
    ['Sec-Fetch-Site: cross-site', { 'sec-fetch-site': 'cross-site' }],
    ['Sec-Fetch-Site: same-site alone (a sibling subdomain\'s page that sends no Referer)', { 'sec-fetch-site': 'same-site' }],
    ['a same-site Sec-Fetch-Site and a sibling Referer', { 'sec-fetch-site': 'same-site', referer: 'https://blog.shop.example/' }],
  ])('is refused with %s', async (_name, headers) => {
    const res = await save(headers);
    expect(res.statusCode).toBe(403);
    expect(body(res)).toMatchObject({ success: false, code: 'CROSS_SITE_REQUEST' });
  });

  it.each([
    ['a Referer of a page of the shop', { referer: 'https://shop.example/cart' }],
    ['Sec-Fetch-Site: same-origin', { 'sec-fetch-site': 'same-origin' }],
    ['neither header (curl, a server)', {}],
  ])('passes with %s', async (_name, headers) => {
    expect((await save(headers)).statusCode).toBe(200);
  });
});
