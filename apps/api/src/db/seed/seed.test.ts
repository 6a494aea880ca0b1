import fs from 'node:fs/promises';
import os from 'node:os';
import path from 'node:path';
import { CATEGORY_PATHS, FIRST_SHOP, type Product } from '@greencart/shared';
import { afterAll, describe, expect, it } from 'vitest';
import { buildApp } from '../../app.js';
import { loadConfig } from '../../config/env.js';
import { openDatabase } from '../client.js';
import { DEMO_SHOPS, SEED_PRODUCTS, SEEDED_PRODUCT_COUNT } from './catalogue.js';

/** A persisted PGlite directory, as `npm start` uses it: seeded once, kept across restarts. */
describe.runIf(process.env.TEST_DB_DRIVER !== 'postgres')('first start on an empty data directory', () => {
  const dirs: string[] = [];
  afterAll(() => Promise.all(dirs.map((d) => fs.rm(d, { recursive: true, force: true }))));

  async function start(dataDir: string) {
    const config = loadConfig({ DATA_DIR: dataDir, LOG_LEVEL: 'silent', WEB_DIST: path.join(dataDir, 'no-web') });
    const database = await openDatabase({ dataDir: config.dataDir });
    const app = await buildApp({ config, database, logger: false });
    const products = (await app.inject({ method: 'GET', url: '/api/product/list' })).json<{ products: Product[] }>().products;
    return { app, products, stop: async () => (await app.close(), await database.close()) };
  }

  it('seeds 40+ products over all 7 categories with working images, the spec\'s in the first shop and a few in each of two demo shops, and never seeds twice', async () => {
    const dataDir = await fs.mkdtemp(path.join(os.tmpdir(), 'greencart-seed-'));
    dirs.push(dataDir);

    const first = await start(dataDir);
    expect(first.products.length).toBeGreaterThanOrEqual(40);
    expect(new Set(first.products.map((p) => p.category))).toEqual(new Set(CATEGORY_PATHS));
    for (const product of first.products) {
      expect(product.image.length).toBeGreaterThanOrEqual(1);
      expect(product.image.length).toBeLessThanOrEqual(4);
      expect(product.description.length).toBeGreaterThanOrEqual(2);
      expect(product.offerPrice).toBeLessThanOrEqual(product.price);
    }
    const urls = first.products.flatMap((p) => p.image);
    for (const url of urls) {
      const res = await first.app.inject({ method: 'GET', url });
      expect(res.statusCode, url).toBe(200);
      expect(res.headers['content-type']).toBe('image/webp');
    }

    // Issue 26: the spec's products in the first shop, in the spec's order, then the demo shops' few.
    const first49 = first.products.slice(0, SEED_PRODUCTS.length);
    expect(first49.map((p) => p.name)).toEqual(SEED_PRODUCTS.map((p) => p.name));
    expect(new Set(first49.map((p) => p.seller.slug))).toEqual(new Set([FIRST_SHOP.slug]));
    expect(first.products).toHaveLength(SEEDED_PRODUCT_COUNT);
    for (const shop of DEMO_SHOPS) {
      const profile = await first.app.inject({ method: 'GET', url: `/api/seller/shop/${shop.slug}` });
      expect(profile.json()).toMatchObject({ success: true, shop: { shopName: shop.shopName, slug: shop.slug } });
      const page = (await first.app.inject({ method: 'GET', url: `/api/product/search?seller=${shop.slug}` })).json<{ products: Product[] }>();
      expect(page.products.map((p) => p.name)).toEqual(shop.products.map((p) => p.name));
      // A shop window, not a login (decision 0119).
      const login = await first.app.inject({ method: 'POST', url: '/api/seller/login', payload: { email: shop.email, password: '!' } });
      expect(login.statusCode).toBe(401);
    }
    await first.stop();

    const second = await start(dataDir);
    expect(second.products.map((p) => p._id)).toEqual(first.products.map((p) => p._id));
    await second.stop();
  }, 120_000);
});
