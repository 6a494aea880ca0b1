import { brotliDecompressSync, gunzipSync } from 'node:zlib';
import type { Product } from '@greencart/shared';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { buildTestApp, createProduct, type TestApp } from '../../test/test-app.js';
import { buildCatalogueList, chooseListEncoding, notModified } from './catalogue-list.js';
import { listProductsPage } from './product-repository.js';

/** GET /api/product/list built a page at a time (issue 25 item 7, docs/decisions/0099), on PGlite and PostgreSQL. */
let t: TestApp;
beforeAll(async () => {
  t = await buildTestApp();
});
afterAll(() => t.close());

const build = (pageSize: number) => buildCatalogueList((after, limit) => listProductsPage(t.app.db, after, limit), t.app.products.toApiProduct, pageSize);

describe('the list built in pages', () => {
  it('holds every product still sold, once each, in the spec’s order and shape, whatever the page size', async () => {
    const start = Date.now();
    for (let i = 0; i < 11; i++) await createProduct(t.app, { name: `Paged Papaya ${i}`, inStock: i % 4 !== 0, createdAt: new Date(start + i) });
    const everything = (await listProductsPage(t.app.db, undefined, 10_000)).map(t.app.products.toApiProduct);
    expect(everything.length).toBeGreaterThanOrEqual(11);
    for (const pageSize of [1, 3, 11, 1000]) {
      const list = await build(pageSize);
      const json = JSON.parse(list.bodies.identity.toString()) as { success: boolean; products: Product[]; message: string };
      expect(Object.keys(json)).toEqual(['success', 'products', 'message']);
      expect(json).toMatchObject({ success: true, message: 'Products loaded' });
      expect(json.products).toEqual(everything);
    }
  });

  it('keeps the same JSON in gzip and brotli, and the same tags for the same catalogue (every instance agrees)', async () => {
    const [a, b] = [await build(2), await build(5)];
    expect(gunzipSync(a.bodies.gzip).equals(a.bodies.identity)).toBe(true);
    expect(brotliDecompressSync(a.bodies.br).equals(a.bodies.identity)).toBe(true);
    expect(b.etags).toEqual(a.etags);
    await createProduct(t.app, { name: 'Tag Changing Tamarind' });
    expect((await build(5)).etags.identity).not.toBe(a.etags.identity);
  });

  it('lets other work run between pages, even when each page is answered at once (as PGlite does, on this thread)', async () => {
    const rows = Array.from({ length: 50 }, (_, i) => ({ id: String(i) }));
    let pagesRead = 0;
    let pagesReadWhenOthersRan: number | undefined;
    setImmediate(() => (pagesReadWhenOthersRan = pagesRead));
    await buildCatalogueList(
      async (after, limit) => {
        pagesRead += 1;
        const from = after === undefined ? 0 : Number(after) + 1;
        return rows.slice(from, from + limit);
      },
      (row) => row,
      5,
    );
    expect(pagesRead).toBe(11);
    expect(pagesReadWhenOthersRan).toBe(1);
  });
});

describe('choosing the coding', () => {
  it.each([
    ['gzip, deflate, br, zstd', 'br'],
    ['gzip, deflate', 'gzip'],
    ['br;q=0.5, gzip;q=0.8', 'gzip'],
    ['GZIP', 'gzip'],
    ['*', 'br'],
    ['*;q=0.1, gzip', 'gzip'],
    ['br;q=0, *', 'gzip'],
    ['gzip;q=0', 'identity'],
    ['deflate', 'identity'],
    ['identity', 'identity'],
    ['', 'identity'],
    [undefined, 'identity'],
  ] as const)('Accept-Encoding %s -> %s', (header, expected) => {
    expect(chooseListEncoding(header)).toBe(expected);
  });
});

describe('If-None-Match', () => {
  const list = { bodies: { identity: Buffer.from(''), gzip: Buffer.from(''), br: Buffer.from('') }, etags: { identity: '"abc"', gzip: '"abc-gzip"', br: '"abc-br"' } };
  it.each([
    ['"abc"', true],
    ['"abc-br"', true],
    ['W/"abc-gzip"', true],
    ['"old", "abc"', true],
    ['*', true],
    ['"old"', false],
    ['abc', false],
    [undefined, false],
  ])('%s -> %s', (header, expected) => {
    expect(notModified(header, list)).toBe(expected);
  });
});
