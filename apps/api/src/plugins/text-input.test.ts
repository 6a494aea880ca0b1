import { afterAll, describe, expect, it } from 'vitest';
import { body, buildTestApp, createProduct, createShopper } from '../test/test-app.js';

/**
 * PostgreSQL's text cannot hold U+0000, and a statement carrying one failed: a search, a sign-up or a cart with one
 * answered 500. Every call refuses it with a 400 naming the field, before anything is read or written
 * (docs/decisions/0218).
 */
const t = await buildTestApp();
afterAll(() => t.close());

const refusal = (path: string) => ({
  success: false,
  code: 'VALIDATION_FAILED',
  message: `${path.replace(/^body\./, '')}: Text cannot contain a NUL character (U+0000)`,
  issues: [{ path, message: 'Text cannot contain a NUL character (U+0000)' }],
});

describe('a NUL character in a request', () => {
  it('in a JSON body: 400 naming the field, and nothing is written', async () => {
    const signUp = (name: string) => t.app.inject({ method: 'POST', url: '/api/user/register', payload: { name, email: 'nul@example.com', password: 'correct-horse-battery' } });
    const res = await signUp('Asha\u0000');
    expect(res.statusCode).toBe(400);
    expect(body(res)).toEqual(refusal('body.name'));
    // The e-mail is still free: the refused sign-up made no account.
    expect((await signUp('Asha')).statusCode).toBe(200);
  });

  it('deep in a JSON body, or in one of its keys', async () => {
    const shopper = await createShopper(t.app);
    const product = await createProduct(t.app);
    const cart = (cartItems: Record<string, number>) => t.app.inject({ method: 'POST', url: '/api/cart/update', payload: { cartItems }, headers: { cookie: shopper.cookie } });
    const res = await cart({ [`${product.id}\u0000`]: 1 });
    expect(res.statusCode).toBe(400);
    expect(body(res)).toEqual(refusal('body.cartItems'));
    const address = await t.app.inject({
      method: 'POST',
      url: '/api/address/add',
      payload: { address: { firstName: 'A', lastName: 'B', email: 'a@example.com', street: 'MG Road\u0000', city: 'Pune', state: 'MH', zipcode: '411001', country: 'India', phone: '9876543210' } },
      headers: { cookie: shopper.cookie },
    });
    expect(address.statusCode).toBe(400);
    expect(body(address)).toEqual(refusal('body.address.street'));
  });

  it('in a query parameter or a path segment', async () => {
    const search = await t.app.inject({ method: 'GET', url: '/api/product/search?q=to%00mato' });
    expect(search.statusCode).toBe(400);
    expect(body(search)).toEqual(refusal('querystring.q'));
    const shop = await t.app.inject({ method: 'GET', url: '/api/seller/shop/green%00cart' });
    expect(shop.statusCode).toBe(400);
    expect(body(shop)).toEqual(refusal('params.slug'));
  });
});

describe('a lone surrogate (half of a UTF-16 pair) in a JSON body', () => {
  const loneSurrogate = (path: string) => ({
    success: false,
    code: 'VALIDATION_FAILED',
    message: `${path.replace(/^body\./, '')}: Text cannot contain a lone surrogate (half of a character, U+D800-U+DFFF)`,
    issues: [{ path, message: 'Text cannot contain a lone surrogate (half of a character, U+D800-U+DFFF)' }],
  });
  // Sent as JSON's escape, as a client's broken string arrives (a string literal here would be sent as U+FFFD).
  const json = (value: object) => JSON.stringify(value).replace(/LONE_HIGH/g, '\\ud800').replace(/LONE_LOW/g, '\\udc00');

  it('is refused with 400 naming the field, high or low half, where text kept it as U+FFFD, silently', async () => {
    const signUp = (name: string) =>
      t.app.inject({ method: 'POST', url: '/api/user/register', payload: json({ name, email: 'surrogate@example.com', password: 'correct-horse-battery' }), headers: { 'content-type': 'application/json' } });
    for (const name of ['AshaLONE_HIGH', 'LONE_LOWAsha', 'ALONE_HIGHLONE_HIGHb']) {
      const res = await signUp(name);
      expect(res.statusCode, name).toBe(400);
      expect(body(res)).toEqual(loneSurrogate('body.name'));
    }
    // A whole pair is a character (an emoji): taken, and the e-mail was still free.
    const emoji = await t.app.inject({ method: 'POST', url: '/api/user/register', payload: { name: 'Asha 🍅', email: 'surrogate@example.com', password: 'correct-horse-battery' } });
    expect(emoji.statusCode).toBe(200);
  });
});

describe('a JSON body whose bytes are not UTF-8', () => {
  it('is refused with 400, not stored with "�" in place of each bad byte', async () => {
    const bytes = (text: string, bad: number[]) => Buffer.concat([Buffer.from(text.split('BAD')[0]!), Buffer.from(bad), Buffer.from(text.split('BAD')[1]!)]);
    for (const bad of [[0xff], [0xed, 0xa0, 0x80]]) {
      const res = await t.app.inject({
        method: 'POST',
        url: '/api/user/register',
        payload: bytes(JSON.stringify({ name: 'AshaBAD', email: 'bad-bytes@example.com', password: 'correct-horse-battery' }), bad),
        headers: { 'content-type': 'application/json' },
      });
      expect(res.statusCode).toBe(400);
      expect(body(res)).toEqual({ success: false, code: 'VALIDATION_FAILED', message: 'The body is not UTF-8 text', issues: [{ path: 'body', message: 'The body is not UTF-8 text' }] });
    }
    // The e-mail is still free: nothing was written.
    expect((await t.app.inject({ method: 'POST', url: '/api/user/register', payload: { name: 'Asha ✓', email: 'bad-bytes@example.com', password: 'correct-horse-battery' } })).statusCode).toBe(200);
  });
});

describe('a body sent as plain text', () => {
  it('is refused 415 UNSUPPORTED_MEDIA_TYPE, as XML or a form is: it was read as a string and refused 400 "expected object" (a probe)', async () => {
    const res = await t.app.inject({ method: 'POST', url: '/api/user/login', payload: '{"email":"a@b.co","password":"x"}', headers: { 'content-type': 'text/plain' } });
    expect(res.statusCode).toBe(415);
    expect(body(res)).toMatchObject({ success: false, code: 'UNSUPPORTED_MEDIA_TYPE' });
  });
});

describe('a JSON body with a "__proto__" key', () => {
  it('is refused with 400 saying which key, not as JSON that is not valid, and nothing is written', async () => {
    for (const payload of ['{"__proto__": {"isSeller": true}, "name": "Asha", "email": "proto@example.com", "password": "correct-horse-battery"}', '{"constructor": {"prototype": {"polluted": true}}}']) {
      const res = await t.app.inject({ method: 'POST', url: '/api/user/register', payload, headers: { 'content-type': 'application/json' } });
      expect(res.statusCode).toBe(400);
      expect(body(res)).toMatchObject({ success: false, code: 'FST_ERR_CTP_INVALID_JSON_BODY', message: 'The body is JSON, but a key named "__proto__" (or "constructor" holding "prototype") is not allowed' });
    }
    const broken = await t.app.inject({ method: 'POST', url: '/api/user/register', payload: '{"name": ', headers: { 'content-type': 'application/json' } });
    expect(body(broken)).toMatchObject({ code: 'FST_ERR_CTP_INVALID_JSON_BODY', message: expect.stringContaining('not valid JSON') });
    expect((await t.app.inject({ method: 'POST', url: '/api/user/register', payload: { name: 'Asha', email: 'proto@example.com', password: 'correct-horse-battery' } })).statusCode).toBe(200);
  });
});
