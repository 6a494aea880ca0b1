import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { buildTestApp, createShopper, type TestApp } from '../test/test-app.js';

let t: TestApp;
let shopperCookie: string;
beforeAll(async () => {
  t = await buildTestApp();
  shopperCookie = (await createShopper(t.app)).cookie;
});
afterAll(() => t.close());

// Bodies that would fail validation: the session must be checked first, so the answer is 401/403,
// never a 400 that tells a stranger which fields the call expects.
const INVALID = { nonsense: true };

const SHOPPER_CALLS = [
  ['POST', '/api/cart/update'],
  ['POST', '/api/address/add'],
  ['GET', '/api/address/get'],
  ['POST', '/api/order/cod'],
  ['POST', '/api/order/stripe'],
  ['GET', '/api/order/user'],
] as const;

const SELLER_CALLS = [
  ['POST', '/api/product/add'],
  ['POST', '/api/product/stock'],
  ['GET', '/api/order/seller'],
  ['POST', '/api/order/status'],
] as const;

const call = (method: 'GET' | 'POST', url: string, cookie?: string) =>
  t.app.inject({ method, url, headers: cookie ? { cookie } : {}, ...(method === 'POST' ? { payload: INVALID } : {}) });

describe('every call checks who is asking before it looks at the body', () => {
  it.each(SHOPPER_CALLS)('%s %s answers a visitor 401 JSON, whatever the body', async (method, url) => {
    const res = await call(method, url);
    expect(res.statusCode).toBe(401);
    expect(res.json()).toMatchObject({ success: false, code: 'NOT_AUTHENTICATED' });
  });

  it.each(SELLER_CALLS)('%s %s answers a visitor 401 and a shopper 403, whatever the body', async (method, url) => {
    const visitor = await call(method, url);
    expect(visitor.statusCode).toBe(401);
    expect(visitor.json()).toMatchObject({ success: false, code: 'NOT_AUTHENTICATED' });
    const shopper = await call(method, url, shopperCookie);
    expect(shopper.statusCode).toBe(403);
    expect(shopper.json()).toMatchObject({ success: false, code: 'FORBIDDEN', message: 'Only sellers can do this' });
  });
});
