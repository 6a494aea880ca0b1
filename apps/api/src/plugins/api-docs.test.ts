import { randomUUID } from 'node:crypto';
import { Validator } from '@seriousme/openapi-schema-validator';
import { ANY_ROUTE_ERROR_CODES, ERROR_CODES } from '@greencart/shared';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { CHECKOUT_BACK_PATH } from '../modules/payments/payment-gateway.js';
import { buildTestApp, sellerCookie, type TestApp } from '../test/test-app.js';
import { API_DOCS_PATH, OPENAPI_PATH } from './api-docs.js';

interface Operation {
  parameters?: { in: string; name: string }[];
  requestBody?: { content: Record<string, { schema: unknown }> };
  responses: Record<string, { description: string; content?: Record<string, { schema?: unknown }> }>;
  'x-error-codes'?: { code: string; status: number }[];
  operationId?: string;
  security?: Record<string, string[]>[];
}
type OpenApiDocument = { openapi: string; paths: Record<string, Record<string, Operation>> };

/** The routes as Fastify holds them: method and URL of each, read from its route tree. */
function routesOf(tree: string): { method: string; url: string }[] {
  const routes: { method: string; url: string }[] = [];
  const prefixes: string[] = [];
  for (const line of tree.split('\n')) {
    const match = /^([│\s]*)(?:[├└]── )?(.*?)(?: \(([A-Z, ]+)\))?$/.exec(line);
    if (!match || !match[2]) continue;
    const depth = match[1]!.length / 4;
    prefixes.length = depth;
    prefixes[depth] = match[2];
    const url = prefixes.join('');
    for (const method of match[3]?.split(', ') ?? []) routes.push({ method, url });
  }
  return routes;
}

/** Swagger UI's own pages and files, and the document itself: not API calls, hidden from the document. */
const isDocsRoute = (url: string) => url === OPENAPI_PATH || url.startsWith(API_DOCS_PATH);

/** The calls that take no body although sent with POST (the spec's logout). */
const POST_WITHOUT_BODY = new Set(['/api/seller/logout', '/api/seller/payout-account/connect', '/pay/test/:sessionId/cancel']);

describe('the API described for others', () => {
  let t: TestApp;
  let document: OpenApiDocument;
  beforeAll(async () => {
    t = await buildTestApp();
    const res = await t.app.inject({ method: 'GET', url: OPENAPI_PATH });
    expect(res.statusCode).toBe(200);
    document = res.json();
  });
  afterAll(() => t.close());

  it('serves a valid OpenAPI 3.1 document', async () => {
    expect(document.openapi).toBe('3.1.0');
    const result = await new Validator().validate(structuredClone(document));
    expect(result.errors ?? []).toEqual([]);
    expect(result.valid).toBe(true);
  });

  it('names once, in its description, the codes any call may answer (a body too large, a cross-site call, a busy database)', () => {
    const description = (document as unknown as { info: { description: string } }).info.description;
    for (const code of ['CROSS_SITE_REQUEST (403)', 'BODY_TOO_LARGE (413)', 'DATABASE_BUSY (503)', 'SHUTTING_DOWN (503)']) expect(description).toContain(code);
  });

  it('documents every route with its input and answer schemas and its error codes', () => {
    const routes = routesOf(t.app.printRoutes({ commonPrefix: false })).filter((r) => r.method !== 'HEAD' && !isDocsRoute(r.url));
    expect(routes.length).toBeGreaterThan(35);
    for (const { method, url } of routes) {
      const openapiPath = url.replace(/:(\w+)/g, '{$1}');
      const operation = document.paths[openapiPath]?.[method.toLowerCase()];
      const name = `${method} ${url}`;
      expect(operation, `${name} is in the document`).toBeDefined();
      const answers = Object.entries(operation!.responses).filter(([status]) => /^[23]/.test(status));
      expect(answers.length, `${name} declares its answers`).toBeGreaterThan(0);
      for (const [status, answer] of answers) {
        // A redirect or a 304 has no body; every other answer names its content and schema.
        if (status === '303' || status === '304') continue;
        const contents = Object.values(answer.content ?? {});
        expect(contents.length > 0 && contents.every((c) => c.schema), `${name} ${status} has a schema`).toBe(true);
      }
      for (const param of url.match(/:\w+/g) ?? []) {
        expect(operation!.parameters?.some((p) => p.in === 'path' && p.name === param.slice(1)), `${name} declares ${param}`).toBe(true);
      }
      if (method === 'POST' && !POST_WITHOUT_BODY.has(url)) expect(operation!.requestBody, `${name} declares its body`).toBeDefined();
      // Any POST reads a JSON body if one is sent: JSON that does not parse, or is not UTF-8, answers 400.
      if (method === 'POST') expect(operation!.responses['400'], `${name} answers 400 for a body that is not JSON`).toBeDefined();
      const codes = operation!['x-error-codes'] ?? [];
      expect(codes.length, `${name} lists its error codes`).toBeGreaterThan(0);
      for (const { code, status } of codes) {
        expect(ERROR_CODES[code as keyof typeof ERROR_CODES]?.status, `${name}: ${code}`).toBe(status);
        expect(operation!.responses[String(status)], `${name} answers ${status} for ${code}`).toBeDefined();
      }
      // Each refusal's `code` is typed in its schema: the call's codes of that status, those any call may answer with it,
      // or Fastify's FST_… (it was a bare string: a client generator could not switch on it).
      for (const [status, answer] of Object.entries(operation!.responses).filter(([status]) => /^[45]/.test(status))) {
        // The test payment page answers its refusals as pages (402 a declined card, 409 a cancelled order).
        if (!answer.content?.['application/json']) continue;
        const schema = answer.content['application/json'].schema as { properties: { code: { anyOf: [{ enum: string[] }, { pattern: string }] } } };
        const anyCall = ANY_ROUTE_ERROR_CODES.filter((code) => String(ERROR_CODES[code].status) === status);
        const expected = new Set([...codes.filter((c) => String(c.status) === status).map((c) => c.code), ...anyCall]);
        expect(new Set(schema.properties.code.anyOf[0].enum), `${name} ${status}`).toEqual(expected);
        expect(schema.properties.code.anyOf[1]).toEqual({ pattern: '^FST_' });
      }
    }
  });

  it('lists no 400 for the way back from the payment page, which takes any link to the cart (it listed one it never answers)', async () => {
    const back = document.paths[CHECKOUT_BACK_PATH]?.get;
    expect(back, 'the way back is in the document').toBeDefined();
    expect(back!.responses['400']).toBeUndefined();
    expect(back!['x-error-codes']!.map((c) => c.code)).not.toContain('VALIDATION_FAILED');
    for (const query of ['', '?checkout=not-a-uuid', '?checkout=a&checkout=b']) {
      const res = await t.app.inject({ method: 'GET', url: `${CHECKOUT_BACK_PATH}${query}` });
      expect(res.statusCode, query).toBe(303);
    }
  });

  it('names each call once (operationId) and the session it needs, from its own session check (a probe: nothing said which)', () => {
    const operations = Object.entries(document.paths).flatMap(([path, methods]) => Object.entries(methods).map(([method, operation]) => ({ name: `${method} ${path}`, ...operation })));
    // The seller's logout too: GET (the original client's) and POST (the spec's) are two operations, each named.
    const named = operations;
    expect(operations.filter((o) => o.name.endsWith(' /api/seller/logout')).map((o) => o.operationId).sort()).toEqual(['getSellerLogout', 'postSellerLogout']);
    // The calls without one, by name (a bare "expected false" sent a newcomer looking: a probe).
    expect(named.filter((o) => !(typeof o.operationId === 'string' && /^[a-z][A-Za-z0-9]*$/.test(o.operationId))).map((o) => o.name)).toEqual([]);
    const ids = named.map((o) => o.operationId);
    expect(new Set(ids).size).toBe(ids.length);
    const securityOf = (name: string) => operations.find((o) => o.name === name)?.security;
    expect(securityOf('post /api/order/cod')).toEqual([{ shopperSession: [] }]);
    expect(securityOf('get /api/order/seller')).toEqual([{ sellerSession: [] }]);
    expect(securityOf('post /api/seller/sellers/status')).toEqual([{ sellerSession: [] }]);
    expect(securityOf('get /api/product/list')).toBeUndefined();
    expect((document as unknown as { components: { securitySchemes: Record<string, { in: string; name: string }> } }).components.securitySchemes).toMatchObject({
      shopperSession: { in: 'cookie', name: 'gc_session' },
      sellerSession: { in: 'cookie', name: 'gc_seller_session' },
    });
  });

  it('says no count or stock in an answer goes below 0 (Swagger UI showed "stock": -9007199254740991 for its example: a probe)', () => {
    const unbounded: string[] = [];
    const walk = (value: unknown, path: string) => {
      if (Array.isArray(value)) value.forEach((item) => walk(item, path));
      else if (value !== null && typeof value === 'object') {
        if ((value as { minimum?: number }).minimum === Number.MIN_SAFE_INTEGER) unbounded.push(path);
        for (const [key, item] of Object.entries(value)) walk(item, `${path}/${key}`);
      }
    };
    walk(document.paths, '');
    expect(unbounded).toEqual([]);
  });

  it("shows the cart's keys and values as the server checks them, not as any value (a probe sent Swagger's example and was refused)", () => {
    type Body = { properties: Record<string, { propertyNames?: unknown; additionalProperties?: unknown; maxProperties?: number }> };
    const cart = (document.paths['/api/cart/update']!.post!.requestBody!.content['application/json']!.schema as Body).properties;
    expect(cart.cartItems).toMatchObject({ propertyNames: { format: 'uuid' }, additionalProperties: { type: 'integer', minimum: 1, maximum: 9 }, maxProperties: 50 });
    expect(cart.substitutions).toMatchObject({ propertyNames: { format: 'uuid' }, additionalProperties: { enum: ['similar', 'none'] } });
  });

  it("describes a product form's productData JSON with the fields the call checks (a probe found them nowhere)", () => {
    type Form = { properties: { productData: { contentMediaType: string; contentSchema: { properties: Record<string, unknown>; required?: string[] } } } };
    const form = (path: string) => (document.paths[path]!.post!.requestBody!.content['multipart/form-data']!.schema as Form).properties.productData;
    const added = form('/api/product/add');
    expect(added.contentMediaType).toBe('application/json');
    expect(Object.keys(added.contentSchema.properties)).toEqual(expect.arrayContaining(['name', 'description', 'category', 'price', 'offerPrice']));
    expect(added.contentSchema.required).toEqual(expect.arrayContaining(['name', 'category', 'price', 'offerPrice']));
    expect(form('/api/product/update').contentSchema.required).toEqual(['id']);
    // A new product's images are required, 1-4 of them; an update's are optional (a client built from the document sent none).
    type Files = { required?: string[]; properties: { images: { minItems?: number; maxItems?: number } } };
    const files = (path: string) => document.paths[path]!.post!.requestBody!.content['multipart/form-data']!.schema as Files;
    expect(files('/api/product/add').required).toEqual(expect.arrayContaining(['productData', 'images']));
    expect(files('/api/product/add').properties.images).toMatchObject({ minItems: 1, maxItems: 4 });
    expect(files('/api/product/update').required ?? []).not.toContain('images');
  });

  it('describes the catalogue\'s query parameters, the ids list of by-ids as comma-separated (a client had names and types alone)', () => {
    type Parameter = { name: string; in: string; description?: string };
    const parameters = (path: string) => (document.paths[path]!.get!.parameters ?? []) as Parameter[];
    for (const path of ['/api/product/search', '/api/product/list']) {
      for (const name of ['q', 'category', 'seller', 'cursor', 'limit']) expect(parameters(path).find((p) => p.name === name)?.description, `${path} ${name}`).toBeTruthy();
    }
    expect(parameters('/api/product/by-ids').find((p) => p.name === 'ids')?.description).toMatch(/separated by commas/);
  });

  it('describes every parameter and every answer of every call, none as Fastify\'s "Default Response" (a probe: 66 parameters and 69 answers said nothing)', () => {
    type Parameter = { name: string; in: string; description?: string };
    const missing: string[] = [];
    for (const [path, methods] of Object.entries(document.paths)) {
      for (const [method, operation] of Object.entries(methods)) {
        const name = `${method.toUpperCase()} ${path}`;
        for (const p of (operation.parameters ?? []) as Parameter[]) if (!p.description?.trim()) missing.push(`${name} ${p.in} ${p.name}`);
        for (const [status, answer] of Object.entries(operation.responses)) {
          if (!answer.description?.trim() || answer.description === 'Default Response') missing.push(`${name} ${status}`);
        }
      }
    }
    expect(missing).toEqual([]);
  });

  it("keeps the spec's and the original client's keys of a ready-made answer (the seller's order page)", async () => {
    const res = await t.app.inject({ method: 'GET', url: '/api/order/seller', headers: { cookie: await sellerCookie(t.app) } });
    expect(res.statusCode).toBe(200);
    expect(Object.keys(res.json()).sort()).toEqual(['message', 'nextCursor', 'order', 'orders', 'success', 'summary']);
  });

  it('serves a readable reference whose scripts and styles come from this server', async () => {
    const page = await t.app.inject({ method: 'GET', url: `${API_DOCS_PATH}/` });
    expect(page.statusCode).toBe(200);
    expect(page.headers['content-type']).toMatch(/^text\/html/);
    const assets = [...page.body.matchAll(/(?:src|href)="([^"]+)"/g)].map((m) => m[1]!);
    expect(assets.length).toBeGreaterThan(3);
    for (const asset of assets) {
      expect(asset, 'no CDN').not.toMatch(/^(https?:)?\/\//);
      const res = await t.app.inject({ method: 'GET', url: new URL(asset, `http://shop${API_DOCS_PATH}/`).pathname });
      expect(res.statusCode, asset).toBe(200);
    }
    const initializer = await t.app.inject({ method: 'GET', url: `${API_DOCS_PATH}/static/swagger-initializer.js` });
    expect(initializer.body).toContain('/json');
    // The shop's CSP stays on: Swagger UI needs no inline script.
    expect(page.headers['content-security-policy']).toContain("script-src 'self'");
  });

  it("shows GreenCart's name and mark in the reference, not Fastify's (a probe saw Fastify's logo)", async () => {
    const page = await t.app.inject({ method: 'GET', url: `${API_DOCS_PATH}/` });
    expect(page.body).toContain('<title>GreenCart API reference</title>');
    const icon = await t.app.inject({ method: 'GET', url: `${API_DOCS_PATH}/static/theme/favicon.svg` });
    expect(icon.statusCode).toBe(200);
    expect(icon.headers['content-type']).toMatch(/^image\/svg\+xml/);
    const initializer = (await t.app.inject({ method: 'GET', url: `${API_DOCS_PATH}/static/swagger-initializer.js` })).body;
    const logo = /img\.src = 'data:image\/svg\+xml;base64,([^']+)'/.exec(initializer)?.[1];
    expect(logo, 'the bar shows a logo of its own').toBeDefined();
    const svg = Buffer.from(logo!, 'base64').toString('utf8');
    expect(svg).toContain('GreenCart');
    expect(svg.toLowerCase()).not.toContain('fastify');
  });

  it('says in the document the rules the server checks beyond the types (a shop search of 3 characters, one of inStock or stock, the shops checked)', () => {
    type Parameter = { name: string; description?: string };
    const parameter = (path: string, name: string) => ((document.paths[path]!.get!.parameters ?? []) as Parameter[]).find((p) => p.name === name)?.description;
    for (const path of ['/api/seller/sellers', '/api/seller/payouts']) expect(parameter(path, 'q'), path).toMatch(/at least 3 characters/);
    expect(parameter('/api/delivery/check', 'sellers')).toMatch(/separated by commas.*at most 50, sent once/);
    const stock = document.paths['/api/product/stock']!.post!.requestBody!.content['application/json']!.schema as { description?: string };
    expect(stock.description).toMatch(/exactly one of `inStock` or `stock`/);
    // The operator's parameters say what a shop's own call gets with one.
    for (const [path, name] of [['/api/order/seller', 'seller'], ['/api/order/seller/export', 'seller'], ['/api/seller/products', 'seller'], ['/api/seller/coupons', 'seller']]) {
      expect(parameter(path!, name!), path).toMatch(/^The operator's.*A shop's own call lists only its own/);
    }
    for (const path of ['/api/seller/ledger', '/api/seller/ledger/export', '/api/seller/payout-account']) expect(parameter(path, 'sellerId'), path).toMatch(/^The operator's.*SELLER_NOT_FOUND/);
  });

  it("says the limits the server keeps (a delivery fee of at most 1000) and takes what it says it takes (a pincode written '411 001')", async () => {
    const settings = document.paths['/api/seller/delivery']!.put!.requestBody!.content['application/json']!.schema as { properties: Record<string, { maximum?: number }> };
    expect(settings.properties.fee!.maximum).toBe(1000);
    type Parameter = { name: string; schema: { pattern: string } };
    const pincode = ((document.paths['/api/delivery/check']!.get!.parameters ?? []) as unknown as Parameter[]).find((p) => p.name === 'pincode')!.schema.pattern;
    for (const typed of ['411001', '411 001', ' 411001 ']) expect(new RegExp(pincode).test(typed), typed).toBe(true);
    for (const typed of ['011001', '41100', '4110011', '411-001']) expect(new RegExp(pincode).test(typed), typed).toBe(false);
    const checked = await t.app.inject({ method: 'GET', url: `/api/delivery/check?pincode=${encodeURIComponent(' 411 001 ')}&sellers=${randomUUID()}` });
    expect(checked.statusCode, checked.body).toBe(200);
  });

  it('names what a field is checked for beyond its type: an e-mail, a zip code, pincodes with spaces, a coupon value by its type (an API probe sent what the document took and was refused)', async () => {
    type Field = { format?: string; pattern?: string; description?: string; items?: Field; anyOf?: Field[]; $ref?: string };
    const body = (path: string, method: 'post' | 'put') => (document.paths[path]![method]!.requestBody!.content['application/json']!.schema as { properties: Record<string, Field> }).properties;
    for (const path of ['/api/user/register', '/api/seller/register', '/api/seller/password/forgot', '/api/seller/confirm/resend']) expect(body(path, 'post').email!.format, path).toBe('email');
    const zipcode = JSON.stringify(document).match(/"zipcode":\{[^}]*"pattern":"([^"]+)"/)![1]!.replaceAll('\\\\', '\\');
    for (const typed of ['411001', '411 001', '560']) expect(new RegExp(zipcode).test(typed), typed).toBe(true);
    expect(new RegExp(zipcode).test('ABCDEF')).toBe(false);
    const pincodes = body('/api/seller/delivery', 'put').pincodes!;
    const item = (pincodes.items ?? pincodes.anyOf?.find((f) => f.items)?.items)!.pattern!;
    for (const typed of ['411001', '411 002', '560']) expect(new RegExp(item).test(typed), typed).toBe(true);
    for (const typed of ['011001', '4110', 'abc']) expect(new RegExp(item).test(typed), typed).toBe(false);
    expect(body('/api/seller/coupons', 'post').value!.description).toMatch(/percent, a whole number from 1 to 100/);
  });

  it("says a payout's limits (a reference of at most 64 characters) and that amounts take at most 2 decimals (a probe found neither)", () => {
    type Field = { maxLength?: number; description?: string };
    const body = (path: string, method: 'post' | 'put') => (document.paths[path]![method]!.requestBody!.content['application/json']!.schema as { properties: Record<string, Field> }).properties;
    for (const path of ['/api/seller/payouts', '/api/seller/payouts/received']) {
      expect(body(path, 'post').reference!.maxLength, path).toBe(64);
      expect(body(path, 'post').amount!.description, path).toMatch(/at most 2 decimals/);
    }
    expect(body('/api/seller/delivery', 'put').fee!.description).toMatch(/at most 2 decimals/);
    expect(body('/api/seller/commission', 'post').percent!.description ?? JSON.stringify(body('/api/seller/commission', 'post').percent)).toMatch(/at most 2 decimals/);
    expect(body('/api/order/cod', 'post').expectedTotal!.description).toMatch(/at most 2 decimals/);
  });

  it('describes a product, an order, an address and a shopper once, as components the calls refer to (a probe: Product was written out 16 times)', () => {
    const schemas = (document as unknown as { components: { schemas: Record<string, unknown> } }).components.schemas;
    expect(Object.keys(schemas).sort()).toEqual(['Address', 'AddressInput', 'Order', 'Product', 'User']);
    const answer = (path: string, method: 'get' | 'post') => JSON.stringify(document.paths[path]![method]!.responses['200']);
    expect(answer('/api/product/list', 'get')).toContain('"#/components/schemas/Product"');
    expect(answer('/api/order/user', 'get')).toContain('"#/components/schemas/Order"');
    expect(answer('/api/user/is-auth', 'get')).toContain('"#/components/schemas/User"');
  });

  it('refuses what those descriptions say is refused, with the messages it had (a shop search of 2 characters, `sellers` sent twice)', async () => {
    const cookie = await sellerCookie(t.app);
    for (const path of ['/api/seller/sellers', '/api/seller/payouts']) {
      const res = await t.app.inject({ method: 'GET', url: `${path}?q=ab`, headers: { cookie } });
      expect(res.statusCode, path).toBe(400);
      expect(res.json().issues, path).toEqual([{ path: 'querystring.q', message: 'Search with at least 3 characters' }]);
      expect((await t.app.inject({ method: 'GET', url: `${path}?q=`, headers: { cookie } })).statusCode, path).toBe(200);
    }
    const shop = crypto.randomUUID();
    expect((await t.app.inject({ method: 'GET', url: `/api/delivery/check?pincode=411001&sellers=${shop}&sellers=${shop}` })).statusCode).toBe(400);
  });
});
