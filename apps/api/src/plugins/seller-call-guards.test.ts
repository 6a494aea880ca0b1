import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createShop } from '../test/market-builders.js';
import { body, buildTestApp, createShopper, type TestApp } from '../test/test-app.js';
import { OPENAPI_PATH } from './api-docs.js';

/**
 * Issue 26's authorization matrix, the guard half, over EVERY seller call: each call the OpenAPI document lists
 * with FORBIDDEN (SELLER_CALL, lib/route-schema.ts) is asked by a visitor (401), a shopper (403 FORBIDDEN), a
 * pending and a suspended shop when it writes (403 SHOP_NOT_APPROVED), and an approved shop when it is the
 * operator's (403 OPERATOR_ONLY). A new seller call is in the matrix the moment it is documented, so none can be
 * added without its guard. Which shop's data each call reads or changes (shop A, shop B, the operator) is tested
 * with each call: shop-ownership.test.ts, settlement-routes.test.ts, coupons.test.ts, delivery-routes.test.ts,
 * order-picks.test.ts, shop-accounts.test.ts, stripe-marketplace.test.ts.
 */
interface Operation {
  'x-error-codes'?: { code: string }[];
  security?: Record<string, unknown>[];
}
type OpenApiDocument = { paths: Record<string, Record<string, Operation>> };

let t: TestApp;
let calls: { method: string; url: string; codes: Set<string> }[];
let document: OpenApiDocument;
const who: Record<string, string> = {};
beforeAll(async () => {
  t = await buildTestApp();
  document = (await t.app.inject({ method: 'GET', url: OPENAPI_PATH })).json<OpenApiDocument>();
  calls = Object.entries(document.paths).flatMap(([path, operations]) =>
    Object.entries(operations).flatMap(([method, operation]) => {
      const codes = new Set((operation['x-error-codes'] ?? []).map((c) => c.code));
      // Path parameters filled with an id no row has: the guard answers before anything is looked up.
      const url = path.replace(/\{\w+\}/g, '00000000-0000-4000-8000-000000000000');
      return codes.has('FORBIDDEN') ? [{ method: method.toUpperCase(), url, codes }] : [];
    }),
  );
  who.shopper = (await createShopper(t.app)).cookie;
  who.pending = (await createShop(t.app, { status: 'pending' })).cookie;
  who.suspended = (await createShop(t.app, { status: 'suspended' })).cookie;
  who.shop = (await createShop(t.app)).cookie;
});
afterAll(() => t.close());

const ask = (call: { method: string; url: string }, cookie?: string) =>
  t.app.inject({
    method: call.method as 'GET',
    url: call.url,
    headers: { ...(cookie ? { cookie } : {}), ...(call.method === 'GET' ? {} : { 'content-type': 'application/json' }) },
    ...(call.method === 'GET' ? {} : { payload: '{}' }),
  });

const outcome = (res: Awaited<ReturnType<typeof ask>>) => `${res.statusCode} ${body(res).code ?? ''}`.trim();

/**
 * The calls anyone may make, by name. A call neither a seller's (its guard documents FORBIDDEN) nor a shopper's (its
 * guard documents the shopper's session) must be here: a new seller route written without its guard was public, and
 * no test said so (a newcomer's probe: only the matrix below, which reads the guard's own codes).
 */
const PUBLIC_CALLS = [
  'GET /healthz',
  ...['list', 'search', 'best-sellers', 'by-ids', '{id}', '{id}/related'].map((p) => `GET /api/product/${p}`),
  'POST /api/user/register', 'POST /api/user/login', 'GET /api/user/is-auth', 'GET /api/user/logout',
  'POST /api/user/password/forgot', 'POST /api/user/password/reset', 'POST /api/seller/password/forgot', 'POST /api/seller/password/reset',
  'POST /api/seller/login', 'GET /api/seller/is-auth', 'GET /api/seller/logout', 'POST /api/seller/logout',
  'POST /api/seller/register', 'GET /api/seller/confirm', 'POST /api/seller/confirm/resend', 'GET /api/seller/shop/{slug}',
  'POST /api/chat', 'GET /api/order/checkout-back', 'GET /api/delivery/check', 'GET /api/delivery/slots', 'POST /api/stripe/webhook',
  'GET /robots.txt', 'GET /sitemap.xml', 'GET /sitemap-pages.xml', 'GET /sitemap-products-{file}.xml', 'GET /sitemap-shops-{file}.xml', 'GET /uploads/{name}',
];

describe('every call that needs no session', () => {
  it('is listed as public by name: any other is a seller\'s or a shopper\'s, guarded', () => {
    const open = Object.entries(document.paths).flatMap(([path, operations]) =>
      Object.entries(operations)
        .filter(([, operation]) => !(operation['x-error-codes'] ?? []).some((c) => c.code === 'FORBIDDEN') && !(operation.security ?? []).some((s) => 'shopperSession' in s))
        .map(([method]) => `${method.toUpperCase()} ${path}`),
    );
    expect(open.filter((call) => !PUBLIC_CALLS.includes(call))).toEqual([]);
  });
});

describe('every seller call, as the document lists them', () => {
  it('finds the seller calls, the new ones included', () => {
    const names = calls.map((c) => `${c.method} ${c.url}`);
    expect(names.length).toBeGreaterThan(30);
    expect(names).toEqual(expect.arrayContaining(['GET /api/seller/payout-account', 'POST /api/seller/payout-account/connect', 'GET /api/seller/profile', 'POST /api/seller/profile']));
  });

  it('refuses a visitor (401) and a shopper (403 FORBIDDEN)', async () => {
    const wrong: string[] = [];
    for (const call of calls) {
      const visitor = outcome(await ask(call));
      const shopper = outcome(await ask(call, who.shopper));
      if (visitor !== '401 NOT_AUTHENTICATED' || shopper !== '403 FORBIDDEN') wrong.push(`${call.method} ${call.url}: visitor ${visitor}, shopper ${shopper}`);
    }
    expect(wrong).toEqual([]);
  });

  it('refuses every write to a pending and a suspended shop (403 SHOP_NOT_APPROVED)', async () => {
    const writes = calls.filter((c) => c.codes.has('SHOP_NOT_APPROVED'));
    expect(writes.length).toBeGreaterThan(10);
    const wrong: string[] = [];
    for (const call of writes) {
      for (const standing of ['pending', 'suspended']) {
        const answer = outcome(await ask(call, who[standing]));
        if (answer !== '403 SHOP_NOT_APPROVED') wrong.push(`${call.method} ${call.url} as a ${standing} shop: ${answer}`);
      }
    }
    expect(wrong).toEqual([]);
  });

  it("refuses the operator's calls to a shop (403 OPERATOR_ONLY)", async () => {
    const operatorCalls = calls.filter((c) => c.codes.has('OPERATOR_ONLY'));
    expect(operatorCalls.length).toBeGreaterThanOrEqual(7);
    const wrong: string[] = [];
    for (const call of operatorCalls) {
      for (const standing of ['shop', 'pending']) {
        const answer = outcome(await ask(call, who[standing]));
        if (answer !== '403 OPERATOR_ONLY') wrong.push(`${call.method} ${call.url} as a ${standing}: ${answer}`);
      }
    }
    expect(wrong).toEqual([]);
  });
});
