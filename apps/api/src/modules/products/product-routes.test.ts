import { brotliDecompressSync, gunzipSync } from 'node:zlib';
import type { Product } from '@greencart/shared';
import { afterAll, beforeAll, describe, expect, it, vi } from 'vitest';
import { multipartBody } from '../../test/seller-builders.js';
import { buildTestApp, createProduct, createShopper, operatorId, sellerCookie, type TestApp } from '../../test/test-app.js';

describe('GET /api/product/list', () => {
  let t: TestApp;
  beforeAll(async () => {
    t = await buildTestApp();
  });
  afterAll(() => t.close());

  it('answers the spec shape with prices in major units', async () => {
    const product = await createProduct(t.app, { name: 'Mango', price: 12.5, offerPrice: 9.99, category: 'Fruits' });
    const res = await t.app.inject({ method: 'GET', url: '/api/product/list' });
    expect(res.statusCode).toBe(200);
    const json = res.json();
    expect(Object.keys(json)).toEqual(['success', 'products', 'message']);
    expect(json.success).toBe(true);
    expect(json.products).toContainEqual({
      _id: product.id,
      name: 'Mango',
      description: ['A test product'],
      category: 'Fruits',
      price: 12.5,
      offerPrice: 9.99,
      image: [],
      inStock: true,
      // Issue 16: the count, null while the product is not counted.
      stock: null,
      weight: '1 kg',
      // Issue 26: the shop that sells it, the first shop's (the operator's) here.
      seller: { id: await operatorId(t.app), shopName: 'GreenCart', slug: 'greencart' },
    });
  });

  it('reflects a product written after the list was cached', async () => {
    await t.app.inject({ method: 'GET', url: '/api/product/list' });
    const added = await createProduct(t.app, { name: 'Fresh Kiwi' });
    const res = await t.app.inject({ method: 'GET', url: '/api/product/list' });
    expect(res.json().products.map((p: { _id: string }) => p._id)).toContain(added.id);
  });

  it("reads the list fresh (its rebuild started sooner: decision 0013) for a live seller session only, not for any cookie of that name", async () => {
    const listBody = vi.spyOn(t.app.products, 'listBody');
    try {
      const freshFor = async (cookie?: string) => {
        listBody.mockClear();
        expect((await t.app.inject({ method: 'GET', url: '/api/product/list', headers: cookie ? { cookie } : {} })).statusCode).toBe(200);
        return listBody.mock.calls.map(([options]) => options?.fresh);
      };
      expect(await freshFor(await sellerCookie(t.app))).toEqual([true]);
      expect(await freshFor()).toEqual([false]);
      expect(await freshFor('gc_seller_session=made-up')).toEqual([false]);
      // A shopper's token under the seller cookie's name is no seller.
      expect(await freshFor((await createShopper(t.app)).cookie.replace('gc_session', 'gc_seller_session'))).toEqual([false]);
    } finally {
      listBody.mockRestore();
    }
  });

  it('sends the same JSON gzipped or in brotli to a client that takes them, and plain to one that does not', async () => {
    const plain = await t.app.inject({ method: 'GET', url: '/api/product/list', headers: { 'accept-encoding': 'identity' } });
    expect(plain.headers['content-encoding']).toBeUndefined();
    const gzipped = await t.app.inject({ method: 'GET', url: '/api/product/list', headers: { 'accept-encoding': 'gzip, deflate' } });
    expect(gzipped.headers['content-encoding']).toBe('gzip');
    expect(gzipped.headers['content-type']).toBe('application/json; charset=utf-8');
    expect(gzipped.headers.vary).toMatch(/accept-encoding/i);
    expect(gunzipSync(gzipped.rawPayload).equals(plain.rawPayload)).toBe(true);
    const brotli = await t.app.inject({ method: 'GET', url: '/api/product/list', headers: { 'accept-encoding': 'gzip, deflate, br' } });
    expect(brotli.headers['content-encoding']).toBe('br');
    expect(brotliDecompressSync(brotli.rawPayload).equals(plain.rawPayload)).toBe(true);
    expect(JSON.parse(gunzipSync(gzipped.rawPayload).toString())).toEqual(plain.json());
    // The kept copies, not the compression plugin's per-request work: a deflate-only client gets the plain JSON.
    const deflateOnly = await t.app.inject({ method: 'GET', url: '/api/product/list', headers: { 'accept-encoding': 'deflate' } });
    expect(deflateOnly.headers['content-encoding']).toBeUndefined();
    expect(deflateOnly.rawPayload.equals(plain.rawPayload)).toBe(true);
  });
});

describe('GET /api/product/list: ETag and 304', () => {
  let t: TestApp;
  let seller: string;
  beforeAll(async () => {
    t = await buildTestApp();
    seller = await sellerCookie(t.app);
  });
  afterAll(() => t.close());

  const list = (headers: Record<string, string> = {}) => t.app.inject({ method: 'GET', url: '/api/product/list', headers: { 'accept-encoding': 'gzip', ...headers } });
  const productIn = (answer: { rawPayload: Buffer }, id: string) =>
    (JSON.parse(gunzipSync(answer.rawPayload).toString()) as { products: Product[] }).products.find((p) => p._id === id);

  it('answers a strong ETag, and 304 with no body to a client that already holds that list', async () => {
    await createProduct(t.app, { name: 'Tagged Tamarind' });
    const first = await list();
    const etag = first.headers.etag as string;
    expect(etag).toMatch(/^"[^"]+"$/);
    expect(first.headers['cache-control']).toBe('no-cache');
    const again = await list({ 'if-none-match': etag });
    expect(again.statusCode).toBe(304);
    expect(again.rawPayload).toHaveLength(0);
    expect(again.headers.etag).toBe(etag);
    // Weak comparison (RFC 9110): a W/ prefix, a list of tags, and the same list in another coding all match.
    expect((await list({ 'if-none-match': `"other", W/${etag}` })).statusCode).toBe(304);
    expect((await list({ 'if-none-match': etag, 'accept-encoding': 'identity' })).statusCode).toBe(304);
    expect((await list({ 'if-none-match': '"not-this-one"' })).statusCode).toBe(200);
  });

  it('gives each coding its own tag (a strong tag names exact bytes) and the same one on each call', async () => {
    const tags = await Promise.all(['identity', 'gzip', 'br'].map(async (coding) => (await list({ 'accept-encoding': coding })).headers.etag));
    expect(new Set(tags).size).toBe(3);
    expect((await list()).headers.etag).toBe(tags[1]);
  });

  async function update(id: string, fields: object) {
    const { payload, headers } = await multipartBody({ productData: JSON.stringify({ id, ...fields }) }, []);
    return t.app.inject({ method: 'POST', url: '/api/product/update', payload, headers: { ...headers, cookie: seller } });
  }
  const changes: [string, (id: string) => Promise<{ statusCode: number }>, (listedAfter: Product | undefined) => void][] = [
    ['a price edit', (id) => update(id, { price: 90, offerPrice: 77.5 }), (p) => expect(p).toMatchObject({ price: 90, offerPrice: 77.5 })],
    ['a stock count', (id) => t.app.inject({ method: 'POST', url: '/api/product/stock', payload: { id, stock: 3 }, headers: { cookie: seller } }), (p) => expect(p).toMatchObject({ stock: 3, inStock: true })],
    ['out of stock', (id) => t.app.inject({ method: 'POST', url: '/api/product/stock', payload: { id, inStock: false }, headers: { cookie: seller } }), (p) => expect(p).toMatchObject({ inStock: false })],
    ['retiring it', (id) => t.app.inject({ method: 'POST', url: '/api/product/delete', payload: { id }, headers: { cookie: seller } }), (p) => expect(p).toBeUndefined()],
  ];
  it('gives the same ETag on another instance of the same catalogue, and a change made on one reaches the other', async () => {
    const other = await buildTestApp({}, { database: t.database });
    try {
      const product = await createProduct(t.app, { name: 'Shared Sapota' });
      const etagOn = async (app: TestApp['app']) => (await app.inject({ method: 'GET', url: '/api/product/list', headers: { 'accept-encoding': 'gzip' } })).headers.etag;
      await expect.poll(() => etagOn(other.app), { timeout: 1_000 }).toBe(await etagOn(t.app));
      const before = await etagOn(t.app);
      expect((await update(product.id, { price: 61, offerPrice: 55 })).statusCode).toBe(200);
      // The other instance hears of the change through the database's notification (docs/decisions/0060).
      await expect.poll(() => etagOn(other.app), { timeout: 1_000 }).not.toBe(before);
      expect(await etagOn(other.app)).toBe(await etagOn(t.app));
    } finally {
      await other.close();
    }
  });

  it.each(changes)('%s changes the ETag and the body on the next call', async (_change, change, expectListed) => {
    const product = await createProduct(t.app, { name: 'Changing Chikoo' });
    const before = await list();
    const etag = before.headers.etag as string;
    expect((await list({ 'if-none-match': etag })).statusCode).toBe(304);
    expect((await change(product.id)).statusCode).toBe(200);
    const after = await list({ 'if-none-match': etag });
    expect(after.statusCode).toBe(200);
    expect(after.headers.etag).not.toBe(etag);
    expectListed(productIn(after, product.id));
  });
});
