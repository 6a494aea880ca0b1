import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { testImage } from './test/seller-builders.js';
import { buildTestApp, createShopper, type TestApp } from './test/test-app.js';

describe('the app shell', () => {
  let t: TestApp;
  beforeAll(async () => {
    t = await buildTestApp();
  });
  afterAll(() => t.close());

  it('answers GET /healthz with the database driver', async () => {
    const res = await t.app.inject({ method: 'GET', url: '/healthz' });
    expect(res.statusCode).toBe(200);
    expect(res.json()).toMatchObject({ status: 'ok' });
  });

  it('answers an unknown /api route with a 404 in the error shape', async () => {
    const res = await t.app.inject({ method: 'GET', url: '/api/no-such-thing' });
    expect(res.statusCode).toBe(404);
    expect(res.json()).toEqual({ success: false, message: 'No such route: GET /api/no-such-thing', code: 'ROUTE_NOT_FOUND' });
  });

  it('lets no cache keep an API answer unless its route says how (a shopper\'s session, addresses, orders)', async () => {
    const shopper = await createShopper(t.app);
    for (const url of ['/api/user/is-auth', '/api/address/get', '/api/order/user', '/api/no-such-thing']) {
      const res = await t.app.inject({ method: 'GET', url, headers: { cookie: shopper.cookie } });
      expect(res.headers['cache-control'], url).toBe('no-store');
    }
    // The catalogue's lists keep their own: kept, checked again by their ETag.
    expect((await t.app.inject({ method: 'GET', url: '/api/product/list' })).headers['cache-control']).toBe('no-cache');
  });

  it('answers malformed JSON with a 400 in the error shape', async () => {
    const res = await t.app.inject({ method: 'POST', url: '/api/product/list', headers: { 'content-type': 'application/json' }, payload: '{bad' });
    expect(res.statusCode).toBeGreaterThanOrEqual(400);
    expect(res.statusCode).toBeLessThan(500);
    expect(res.json().success).toBe(false);
  });

  it.each(['/%ff', '/api/%ff', '/%', '/api/product/%E0%A4%A'])(
    'answers the malformed URL %s with a 400 in the error shape and the security headers of every answer',
    async (url) => {
      const res = await t.app.inject({ method: 'GET', url });
      expect(res.statusCode).toBe(400);
      expect(res.json()).toEqual({ success: false, message: expect.stringContaining('not a valid url'), code: 'FST_ERR_BAD_URL' });
      const normal = await t.app.inject({ method: 'GET', url: '/api/no-such-thing' });
      for (const header of ['content-security-policy', 'x-content-type-options', 'x-frame-options', 'strict-transport-security', 'referrer-policy']) {
        expect(res.headers[header], header).toBe(normal.headers[header]);
        expect(res.headers[header], header).toBeTruthy();
      }
    },
  );

  it("lets a page over plain http load its files at its own address: no upgrade-insecure-requests (a phone on a LAN address got none)", async () => {
    const res = await t.app.inject({ method: 'GET', url: '/cart', headers: { accept: 'text/html' } });
    expect(res.headers['content-security-policy']).toContain("script-src 'self'");
    expect(res.headers['content-security-policy']).not.toContain('upgrade-insecure-requests');
  });

  it('answers a browser asking for a page at a malformed URL with a 400 page that leads home (the API keeps its JSON)', async () => {
    for (const url of ['/%ff', '/products/%ZZ', '/products/%ED%A0%80']) {
      const res = await t.app.inject({ method: 'GET', url, headers: { accept: 'text/html,application/xhtml+xml,*/*;q=0.8' } });
      expect(res.statusCode, url).toBe(400);
      expect(res.headers['content-type'], url).toBe('text/html; charset=utf-8');
      expect(res.body).toContain('<title>This address cannot be read | GreenCart</title>');
      expect(res.body).toContain('<a class="on" href="/">Go to GreenCart&#39;s home page</a>');
      expect(res.headers['content-security-policy']).toBeTruthy();
    }
    // A link preview accepting any type gets the page too; a caller naming JSON gets JSON.
    expect((await t.app.inject({ method: 'GET', url: '/%ff', headers: { accept: '*/*' } })).headers['content-type']).toBe('text/html; charset=utf-8');
    expect((await t.app.inject({ method: 'GET', url: '/%ff', headers: { accept: 'application/json, */*' } })).json()).toMatchObject({ success: false, code: 'FST_ERR_BAD_URL' });
    const api = await t.app.inject({ method: 'GET', url: '/api/%ff', headers: { accept: 'text/html' } });
    expect(api.json()).toMatchObject({ success: false, code: 'FST_ERR_BAD_URL' });
  });

  it('refuses a state-changing call from another site', async () => {
    const res = await t.app.inject({ method: 'POST', url: '/api/anything', headers: { origin: 'https://evil.example' } });
    expect(res.statusCode).toBe(403);
    expect(res.json()).toMatchObject({ success: false, code: 'CROSS_SITE_REQUEST' });
  });

  it('serves a stored image with a year-long immutable cache and an ETag, and answers 304 when the browser has it', async () => {
    const url = t.app.images.urlFor(await t.app.images.store(await testImage('png', 200), 'Image "a.png"'));
    const res = await t.app.inject({ method: 'GET', url });
    expect(res.statusCode).toBe(200);
    expect(res.headers['content-type']).toBe('image/webp');
    expect(res.headers['cache-control']).toBe('public, max-age=31536000, immutable');
    expect(res.rawPayload.subarray(8, 12).toString()).toBe('WEBP');
    const etag = String(res.headers.etag);
    expect(etag).toMatch(/^"[^"]+"$/);
    const again = await t.app.inject({ method: 'GET', url, headers: { 'if-none-match': `W/"other", ${etag}` } });
    expect(again.statusCode).toBe(304);
    expect(again.headers.etag).toBe(etag);
    expect(again.rawPayload).toHaveLength(0);
  });

  it('answers an image name it never stored, or a path, with its own 404 in the error shape', async () => {
    // The route exists: a probe was told ROUTE_NOT_FOUND "No such route" of it.
    for (const url of ['/uploads/0b7a1b6e-3c1e-4c1a-9f0e-2f1d3c4b5a69-640.webp', '/uploads/..%2F..%2Fetc%2Fpasswd', '/uploads/x-640.webp']) {
      const res = await t.app.inject({ method: 'GET', url, headers: { accept: 'image/webp' } });
      expect(res.statusCode, url).toBe(404);
      expect(res.json(), url).toEqual({ success: false, code: 'IMAGE_NOT_FOUND', message: "No such image (a product's image list names the images there are)" });
    }
    // And the reference says so of the route.
    const doc = (await t.app.inject({ method: 'GET', url: '/api/openapi.json' })).json();
    expect(doc.paths['/uploads/{name}'].get['x-error-codes']).toContainEqual({ code: 'IMAGE_NOT_FOUND', status: 404 });
  });
});
