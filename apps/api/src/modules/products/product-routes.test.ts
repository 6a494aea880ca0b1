import { gunzipSync } from 'node:zlib';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { buildTestApp, createProduct, type TestApp } from '../../test/test-app.js';
import { acceptsGzip } from './product-routes.js';

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
    });
  });

  it('reflects a product written after the list was cached', async () => {
    await t.app.inject({ method: 'GET', url: '/api/product/list' });
    const added = await createProduct(t.app, { name: 'Fresh Kiwi' });
    const res = await t.app.inject({ method: 'GET', url: '/api/product/list' });
    expect(res.json().products.map((p: { _id: string }) => p._id)).toContain(added.id);
  });

  it('sends the same list gzipped to a client that takes gzip, and plain to one that does not', async () => {
    const plain = await t.app.inject({ method: 'GET', url: '/api/product/list', headers: { 'accept-encoding': 'identity' } });
    expect(plain.headers['content-encoding']).toBeUndefined();
    const zipped = await t.app.inject({ method: 'GET', url: '/api/product/list', headers: { 'accept-encoding': 'gzip, deflate, br' } });
    expect(zipped.headers['content-encoding']).toBe('gzip');
    expect(zipped.headers['content-type']).toBe('application/json; charset=utf-8');
    expect(zipped.headers.vary).toMatch(/accept-encoding/i);
    expect(JSON.parse(gunzipSync(zipped.rawPayload).toString())).toEqual(plain.json());
  });
});

describe('acceptsGzip', () => {
  it.each([
    ['gzip, deflate, br', true],
    ['br;q=1.0, gzip;q=0.8', true],
    ['*', true],
    ['GZIP', true],
    ['gzip;q=0', false],
    ['br', false],
    ['identity', false],
    [undefined, false],
  ])('%s -> %s', (header, expected) => {
    expect(acceptsGzip(header)).toBe(expected);
  });
});
