import { randomUUID } from 'node:crypto';
import diagnostics from 'node:diagnostics_channel';
import type { FastifyInstance, HTTPMethods, LightMyRequestResponse } from 'fastify';
import { afterAll, describe, expect, it } from 'vitest';
import { CHECKOUT_BACK_PATH } from './modules/payments/payment-gateway.js';
import { multipartBody, testImage } from './test/seller-builders.js';
import { buildTestApp, createAddress, createProduct, createShopper, sellerCookie } from './test/test-app.js';

/**
 * Junk bodies on every write call of the app, as a visitor, a shopper and the seller: no answer is
 * a 5xx, and every refusal keeps the shop's error shape. The routes are collected as the app
 * registers them (Fastify publishes each new instance on the `fastify.initialization` channel), so
 * a route added later is fuzzed without touching this file.
 */

const WRITE_METHODS = new Set<HTTPMethods>(['POST', 'PUT', 'PATCH', 'DELETE']);
const routes: { method: HTTPMethods; url: string }[] = [];
/** The GET routes, each with the query parameters its schema names. */
const reads: { url: string; query: string[] }[] = [];
const collectRoutes = (message: unknown) => {
  (message as { fastify: FastifyInstance }).fastify.addHook('onRoute', (route) => {
    const methods = [route.method].flat();
    for (const method of methods) if (WRITE_METHODS.has(method)) routes.push({ method, url: route.url });
    const query = route.schema?.querystring as { shape?: Record<string, unknown> } | undefined;
    if (methods.includes('GET')) reads.push({ url: route.url, query: Object.keys(query?.shape ?? {}) });
  });
};
diagnostics.subscribe('fastify.initialization', collectRoutes);
const t = await buildTestApp();
diagnostics.unsubscribe('fastify.initialization', collectRoutes);
afterAll(() => t.close());

// A real card-payment session, so the test payment page reads the junk instead of answering 404.
const shopper = await createShopper(t.app);
const product = await createProduct(t.app);
const address = await createAddress(t.app, shopper.user.id);
const placed = await t.app.inject({
  method: 'POST',
  url: '/api/order/stripe',
  payload: { items: [{ product: product.id, quantity: 1 }], address: address.id },
  headers: { cookie: shopper.cookie },
});
const paymentSessionId = new URL(placed.json<{ url: string }>().url, 'http://shop').pathname.split('/').pop()!;
/** Path parameters: real values where the app has them, an unknown id otherwise. */
const PARAM_VALUES: Record<string, string> = { sessionId: paymentSessionId };
const fillParams = (url: string) => url.replace(/:(\w+)/g, (_match, name: string) => PARAM_VALUES[name] ?? randomUUID()).replace(/\*/g, 'x');

/** Every field name the API reads, each holding a value of the wrong type. */
const WRONG_TYPES = {
  name: 12,
  email: ['a@b.co'],
  password: { value: 'x' },
  cartItems: 'all of them',
  items: { product: 1 },
  address: 42,
  id: true,
  inStock: 'yes',
  orderId: [],
  status: { $ne: null },
  message: 7,
  history: 'none',
  productData: { name: 1 },
  number: ['4242424242424242'],
  expiry: 1230,
  cvc: 123,
};
const deeplyNested = (depth: number) => `${'{"a":'.repeat(depth)}1${'}'.repeat(depth)}`;
const json = (payload: string | Buffer) => ({ payload, contentType: 'application/json' });

const form = await multipartBody({ productData: JSON.stringify({ name: 'Fuzz', category: 'Fruits', price: 1, offerPrice: 1 }) }, [
  { name: 'fuzz.png', data: await testImage('png', 200) },
]);
const formType = form.headers['content-type'];

const JUNK: [string, { payload?: string | Buffer; contentType?: string }][] = [
  ['invalid JSON', json('{"email": "a@b.co", ')],
  ['an empty JSON body', json('')],
  ['JSON null', json('null')],
  ['a JSON array', json('[1, "two", {"three": 3}]')],
  ['a JSON number', json('42')],
  ['a JSON string', json('"hello"')],
  ['an empty object', json('{}')],
  ['wrong types in every field', json(JSON.stringify(WRONG_TYPES))],
  ['nulls in every field', json(JSON.stringify(Object.fromEntries(Object.keys(WRONG_TYPES).map((k) => [k, null]))))],
  ['huge strings in every field', json(JSON.stringify(Object.fromEntries(Object.keys(WRONG_TYPES).slice(0, 8).map((k) => [k, 'x'.repeat(100_000)]))))],
  ['a body over the size limit', json(JSON.stringify({ name: 'x'.repeat(2 * 1024 * 1024) }))],
  ['an object nested 5,000 deep', json(deeplyNested(5_000))],
  ['an object nested 200,000 deep', json(deeplyNested(200_000))],
  ['__proto__ keys', json('{"__proto__": {"isSeller": true, "polluted": true}, "email": "a@b.co"}')],
  ['constructor.prototype keys', json('{"constructor": {"prototype": {"polluted": true}}}')],
  ['invalid UTF-8', json(Buffer.from([0x7b, 0x22, 0x61, 0x22, 0x3a, 0x22, 0xff, 0xfe, 0xc3, 0x22, 0x7d]))],
  ['JSON declared as UTF-16', { payload: '{"a":1}', contentType: 'application/json; charset=utf-16' }],
  ['plain text', { payload: 'hello there', contentType: 'text/plain' }],
  ['a URL-encoded form', { payload: 'email=a%40b.co&__proto__[polluted]=1&constructor[prototype][polluted]=1&number=%ZZ', contentType: 'application/x-www-form-urlencoded' }],
  ['XML', { payload: '<?xml version="1.0"?><a>1</a>', contentType: 'application/xml' }],
  ['binary bytes', { payload: Buffer.from([0, 1, 2, 255, 254, 0, 10]), contentType: 'application/octet-stream' }],
  ['a body without a content type', { payload: '{"a":1}' }],
  ['an unparsable content type', { payload: '{"a":1}', contentType: ';;;/=' }],
  ['a truncated multipart form', { payload: form.payload.subarray(0, form.payload.length - 40), contentType: formType }],
  ['a multipart form cut inside its image', { payload: form.payload.subarray(0, Math.floor(form.payload.length / 2)), contentType: formType }],
  ['multipart without a boundary', { payload: form.payload, contentType: 'multipart/form-data' }],
  ['multipart with another boundary', { payload: form.payload, contentType: 'multipart/form-data; boundary=elsewhere' }],
  ['multipart junk', { payload: 'not a form at all', contentType: formType }],
];

/** Each request comes from its own address, so the per-address rate limits never answer for the handler. */
let client = 0;
const nextAddress = () => {
  client++;
  return `10.${(client >> 16) & 255}.${(client >> 8) & 255}.${client & 255}`;
};

const CALLERS: [string, () => Promise<string | undefined>][] = [
  ['a visitor', async () => undefined],
  ['the shopper', async () => shopper.cookie],
  // A fresh session per call: junk sent to POST /api/seller/logout may end it.
  ['the seller', () => sellerCookie(t.app)],
];

/** What is wrong with an answer, or undefined: never 5xx; a refusal keeps the shop's error shape. */
function problem(url: string, res: LightMyRequestResponse): string | undefined {
  if (res.statusCode >= 500) return `${res.statusCode} ${res.body.slice(0, 200)}`;
  if (res.statusCode < 300) return undefined;
  // A page for people (the test payment page) answers a refusal with the page and its message.
  if (!url.startsWith('/api/') && res.statusCode < 500 && String(res.headers['content-type']).startsWith('text/html')) return undefined;
  // Its cancel button posts no fields and goes back to the cart (or on to the paid order): a body sent anyway is not read.
  if (url.endsWith('/cancel') && !url.startsWith('/api/') && res.statusCode === 303) return undefined;
  // The payment page's way back is a browser's navigation: whatever it is sent, it lands on the cart.
  if (url === CHECKOUT_BACK_PATH && res.statusCode === 303 && String(res.headers.location).endsWith('/cart')) return undefined;
  if (res.statusCode >= 300 && res.statusCode < 400) return `${res.statusCode} redirect to ${String(res.headers.location)}`;
  let body: unknown;
  try {
    body = res.json();
  } catch {
    return `${res.statusCode} with a body that is not JSON: ${res.body.slice(0, 200)}`;
  }
  const { success, message, code } = (body ?? {}) as Record<string, unknown>;
  if (success !== false || typeof message !== 'string' || !message || typeof code !== 'string' || !code) {
    return `${res.statusCode} without the error shape: ${res.body.slice(0, 200)}`;
  }
  return undefined;
}

describe('junk bodies on every write call', () => {
  it('finds the write routes (the collection itself works)', () => {
    expect(routes).toEqual(expect.arrayContaining([{ method: 'POST', url: '/api/product/add' }, { method: 'POST', url: '/api/user/login' }]));
  });

  it.each(routes.map((r) => [r.method, r.url] as const))('%s %s answers every junk body without a 5xx, refusals in the error shape', async (method, url) => {
    const failures: string[] = [];
    for (const [junk, { payload, contentType }] of JUNK) {
      for (const [caller, cookieFor] of CALLERS) {
        const cookie = await cookieFor();
        const res = await t.app.inject({
          method,
          url: fillParams(url),
          remoteAddress: nextAddress(),
          headers: { ...(cookie ? { cookie } : {}), ...(contentType ? { 'content-type': contentType } : {}) },
          ...(payload === undefined ? {} : { payload }),
        });
        const found = problem(url, res);
        if (found) failures.push(`${junk} as ${caller}: ${found}`);
      }
    }
    expect(failures).toEqual([]);
    expect(({} as Record<string, unknown>).polluted).toBeUndefined();
  });
});

/**
 * Values a query parameter or path segment may be sent instead of what the call expects. Each once caught a 500:
 * a NUL character, which PostgreSQL's text cannot hold, and the year 0000, a valid ISO date its calendar has not.
 */
const JUNK_VALUES = ['\u0000', 'a\u0000b', '0000-01-01', '2026-02-30', '9999-12-31', '-1', '1e400', '99999999999999999999', '', '%', "'", '😀', 'x'.repeat(3_000), '00000000-0000-0000-0000-000000000000'];

describe('junk query parameters and path segments on every read call', () => {
  it('finds the read routes with their parameters (the collection itself works)', () => {
    expect(reads).toEqual(expect.arrayContaining([{ url: '/api/order/seller', query: expect.arrayContaining(['from', 'deliveryDay', 'q']) as string[] }]));
  });

  it.each(reads.map((r) => [r.url, r.query] as const))('GET %s answers junk in each parameter without a 5xx', async (url, query) => {
    const failures: string[] = [];
    // The operator (every shop's data) and a shopper with a seller's session too: each call's own checks pass.
    const cookie = `${await sellerCookie(t.app)}; ${shopper.cookie}`;
    const params = url.includes(':') || url.includes('*') ? ['(path)'] : [];
    for (const name of [...params, ...query]) {
      for (const value of JUNK_VALUES) {
        const target = name === '(path)' ? url.replace(/:(\w+)|\*/g, () => encodeURIComponent(value)) : `${fillParams(url)}?${new URLSearchParams({ [name]: value })}`;
        const res = await t.app.inject({ method: 'GET', url: target, remoteAddress: nextAddress(), headers: { cookie } });
        const found = problem(url, res);
        if (found) failures.push(`${name}=${JSON.stringify(value.slice(0, 20))}: ${found}`);
      }
    }
    expect(failures).toEqual([]);
  });
});
