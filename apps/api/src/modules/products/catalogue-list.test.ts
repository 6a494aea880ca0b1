import { BrotliCompress, brotliDecompressSync, Gzip, gunzipSync } from 'node:zlib';
import type { Product } from '@greencart/shared';
import { like, sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it, vi } from 'vitest';
import { sellers } from '../../db/schema/index.js';
import { seedSyntheticProducts } from '../../db/seed/synthetic.js';
import { buildTestApp, createProduct, type TestApp } from '../../test/test-app.js';
import { LIST_PAGING, buildCatalogueList, chooseListEncoding, encodedBodyWriter, nextPageSize, notModified, type CatalogueListBody, type ListPaging } from './catalogue-list.js';
import { listProductsPage } from './product-repository.js';

/** GET /api/product/list built a page at a time (issue 25 item 7, docs/decisions/0099), on PGlite and PostgreSQL. */
let t: TestApp;
beforeAll(async () => {
  t = await buildTestApp();
});
afterAll(() => t.close());

/** Pages of exactly `size` products (the budget never changes them). */
const fixed = (size: number): ListPaging => ({ first: size, min: size, max: size, budgetMs: 20 });
const build = (pageSize: number) => buildCatalogueList((after, limit) => listProductsPage(t.app.db, after, limit), t.app.products.toApiProduct, fixed(pageSize));

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
      fixed(5),
    );
    expect(pagesRead).toBe(11);
    expect(pagesReadWhenOthersRan).toBe(1);
  });
});

describe('a body written in small pieces', () => {
  it('hands the compressors large chunks, not one per piece (a sitemap URL each took 11 s at 100,000), and keeps every byte', async () => {
    const writes = [vi.spyOn(Gzip.prototype, 'write'), vi.spyOn(BrotliCompress.prototype, 'write')];
    try {
      const pieces = Array.from({ length: 20_000 }, (_, i) => `<url><loc>https://shop.example/products/fruits/${i}</loc><lastmod>2026-02-01T21:11:23.000Z</lastmod></url>\n`);
      const writer = encodedBodyWriter();
      for (const piece of pieces) writer.add(piece);
      const body = await writer.finish();
      const text = pieces.join('');
      expect(body.bodies.identity.toString()).toBe(text);
      expect(gunzipSync(body.bodies.gzip).toString()).toBe(text);
      expect(brotliDecompressSync(body.bodies.br).toString()).toBe(text);
      // About 2 MB of text in 64 kB chunks: some 30 writes to each stream.
      for (const write of writes) expect(write.mock.calls.length).toBeLessThanOrEqual(Math.ceil(text.length / (64 * 1024)) + 1);
    } finally {
      for (const write of writes) write.mockRestore();
    }
  });
});

describe('the page size following the time a step takes (decision 0176)', () => {
  /**
   * This process's CPU time in ms. Holds are counted in it, not in wall time: a loaded machine that leaves the
   * process waiting for a core (at load 20 for hundreds of ms) holds no event loop of its own making.
   */
  const cpuMs = () => {
    const { user, system } = process.cpuUsage();
    return (user + system) / 1000;
  };
  /** Holds this thread as PGlite's page query does (its WebAssembly runs here): `msPerRow` of CPU for each row read. */
  const slowReader = (total: number, msPerRow: number) => {
    const rows = Array.from({ length: total }, (_, i) => ({ id: String(i).padStart(6, '0') }));
    return async (after: string | undefined, limit: number) => {
      const until = cpuMs() + limit * msPerRow;
      while (cpuMs() < until);
      const from = after === undefined ? 0 : Number(after) + 1;
      return rows.slice(from, from + limit);
    };
  };
  /**
   * How many times the event loop was held for 100 ms or more of this process's CPU while `work` ran: a probe every
   * 5 ms (`monitorEventLoopDelay` gives the longest wall-clock delay, in which the machine's own holds count too).
   */
  const holdsOver100ms = async (work: () => Promise<unknown>) => {
    let holds = 0;
    let last = cpuMs();
    const probe = setInterval(() => {
      const now = cpuMs();
      if (now - last >= 100) holds += 1;
      last = now;
    }, 5);
    await work();
    clearInterval(probe);
    return holds;
  };

  it('never holds the event loop 100 ms for others while the list is built, even when reading a page is slow (PGlite on a loaded machine)', async () => {
    // 0.5 ms a product: PGlite's page of 250 took 50-245 ms at 100,000 products under load (docs/perf.md).
    const read = slowReader(2000, 0.5);
    // The probe sees a slow step: pages of a fixed 250 (the code before) held the loop about 125 ms, 8 times.
    expect(await holdsOver100ms(() => buildCatalogueList(read, (row) => row, fixed(250)))).toBeGreaterThanOrEqual(6);
    let list: CatalogueListBody | undefined;
    // Sized pages: steps of about 25 ms. One hold is allowed for the process's other work (a garbage collection);
    // a step of the build's own would be one in each of ~40. (Counted in wall time, a loaded machine's own holds
    // failed this at load 20: at load 15 an idle process was held 82-490 ms, docs/perf.md.)
    expect(await holdsOver100ms(async () => (list = await buildCatalogueList(read, (row) => row)))).toBeLessThanOrEqual(1);
    expect(JSON.parse(list!.bodies.identity.toString()).products).toHaveLength(2000);
  });

  it('grows pages while steps are quick (a few queries for a large catalogue) and shrinks them after a slow one', () => {
    expect(nextPageSize(50, 1, LIST_PAGING)).toBe(100);
    expect(nextPageSize(800, 1, LIST_PAGING)).toBe(LIST_PAGING.max);
    expect(nextPageSize(200, 80, LIST_PAGING)).toBe(50);
    expect(nextPageSize(50, 5_000, LIST_PAGING)).toBe(LIST_PAGING.min);
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

describe("each page with its products' shops (issue 26, docs/decisions/0118)", () => {
  it('walks the catalogue index in order and reads each shop by its key, never starting from the shops', async () => {
    // 1,000 shops with no planner statistics (as on PGlite, which has no autovacuum): the case that went
    // wrong as a join, planned from the shops, then every product of each sorted (0118).
    await t.app.db.execute(sql`
      insert into sellers (email, password_hash, shop_name, slug, status)
      select 'plan-' || n || '@example.com', '!', 'Plan Shop ' || n, 'plan-shop-' || n, 'approved' from generate_series(1, 1000) n`);
    const shops = (await t.app.db.select({ id: sellers.id }).from(sellers).where(like(sellers.slug, 'plan-shop-%'))).map((row) => row.id);
    await seedSyntheticProducts(t.app.db, 3000, 7, shops);
    // The page's query as the list builds it (a query builder underneath the declared promise).
    const query = (listProductsPage(t.app.db, undefined, 250) as unknown as { toSQL(): { sql: string; params: unknown[] } }).toSQL();
    const literal = (value: unknown) => (typeof value === 'string' ? `'${value}'` : String(value));
    const plan = await t.app.db.transaction(async (tx) => {
      // As on a large catalogue: the planner may not read a small table whole instead.
      await tx.execute(sql`set local enable_seqscan = off`);
      return JSON.stringify(await tx.execute(sql.raw(`explain ${query.sql.replace(/\$(\d+)/g, (_m: string, n: string) => literal(query.params[Number(n) - 1]))}`)));
    });
    expect(plan).toContain('products_created_idx');
    expect(plan).not.toContain('Sort');
  });
});
