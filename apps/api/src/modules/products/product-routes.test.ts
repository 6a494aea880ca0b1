import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { buildTestApp, createProduct, type TestApp } from '../../test/test-app.js';

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
      weight: '1 kg',
    });
  });

  it('reflects a product written after the list was cached', async () => {
    await t.app.inject({ method: 'GET', url: '/api/product/list' });
    const added = await createProduct(t.app, { name: 'Fresh Kiwi' });
    const res = await t.app.inject({ method: 'GET', url: '/api/product/list' });
    expect(res.json().products.map((p: { _id: string }) => p._id)).toContain(added.id);
  });
});
