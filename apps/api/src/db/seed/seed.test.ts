import fs from 'node:fs/promises';
import os from 'node:os';
import path from 'node:path';
import { CATEGORY_PATHS, type Product } from '@greencart/shared';
import { afterAll, describe, expect, it } from 'vitest';
import { buildApp } from '../../app.js';
import { loadConfig } from '../../config/env.js';
import { openDatabase } from '../client.js';

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

  it('seeds 40+ products over all 7 categories with working images, and never seeds twice', async () => {
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
    await first.stop();

    const second = await start(dataDir);
    expect(second.products.map((p) => p._id)).toEqual(first.products.map((p) => p._id));
    await second.stop();
  }, 120_000);
});
