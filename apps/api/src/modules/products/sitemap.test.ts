import { gunzipSync } from 'node:zlib';
import { and, eq, isNull, sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { products, sellers } from '../../db/schema/index.js';
import { seedSyntheticProducts } from '../../db/seed/synthetic.js';
import { createShop, shopProduct } from '../../test/market-builders.js';
import { buildTestApp, createProduct, sellerCookie, type TestApp } from '../../test/test-app.js';
import type { SellerService } from '../seller/seller-service.js';
import { createSitemaps, SITEMAP_REBUILD_SPACING, SITEMAP_URLS_MAX } from './sitemap.js';

/** Issue 27 part 1: robots.txt and the sitemaps (docs/decisions/0130), at 100,000 products. */
const SITE = 'https://shop.example';
const CATALOGUE = 100_000;

let t: TestApp;
beforeAll(async () => {
  t = await buildTestApp({ PUBLIC_URL: SITE });
  // The seed script's bulk path (npm run seed -- products 100000).
  await seedSyntheticProducts(t.app.db, CATALOGUE);
}, 600_000);
afterAll(() => t?.close());

const get = (url: string, headers: Record<string, string> = {}, app = t.app) => app.inject({ method: 'GET', url, headers });
const locs = (xml: string) => [...xml.matchAll(/<loc>([^<]+)<\/loc>/g)].map((m) => m[1]!);
const soldCount = async () => (await t.app.db.select({ n: sql<number>`count(*)::int` }).from(products).where(isNull(products.retiredAt)))[0]!.n;

/** Waits until the sitemaps reflect a change heard on the catalogue feed (NOTIFY from the trigger). */
async function until(check: () => Promise<boolean>) {
  const started = Date.now();
  while (!(await check())) {
    if (Date.now() - started > 5000) throw new Error('the sitemaps did not follow the change within 5 s');
    await new Promise((resolve) => setTimeout(resolve, 50));
  }
}

describe('robots.txt', () => {
  it('keeps crawlers out of the seller area, cart, orders and API, and names the sitemap', async () => {
    const res = await get('/robots.txt');
    expect(res.statusCode).toBe(200);
    expect(res.headers['content-type']).toBe('text/plain; charset=utf-8');
    for (const path of ['/seller', '/cart', '/my-orders', '/buy-again', '/api/']) expect(res.body).toContain(`Disallow: ${path}\n`);
    expect(res.body).toContain(`Sitemap: ${SITE}/sitemap.xml`);
    // Except the application to open a shop, before the rule it narrows (crawlers that take the first match).
    expect(res.body.indexOf('Allow: /seller/register\n')).toBeGreaterThan(-1);
    expect(res.body.indexOf('Allow: /seller/register\n')).toBeLessThan(res.body.indexOf('Disallow: /seller\n'));
  });
});

// Each reading of the sitemaps walks 100,000 products: minutes' worth on a busy 2-core machine, not 30 s.
describe(`the sitemaps at ${CATALOGUE.toLocaleString('en')} products`, { timeout: 120_000 }, () => {
  it('are an index of the pages file and product files of at most 50,000 URLs each, every product once with its lastmod', async () => {
    const index = await get('/sitemap.xml');
    expect(index.statusCode).toBe(200);
    expect(index.headers['content-type']).toBe('application/xml; charset=utf-8');
    expect(index.body).toMatch(/^<\?xml version="1.0" encoding="UTF-8"\?>\n<sitemapindex xmlns="http:\/\/www.sitemaps.org\/schemas\/sitemap\/0.9">/);
    const files = locs(index.body);
    const total = await soldCount();
    const productFiles = Math.ceil(total / SITEMAP_URLS_MAX);
    expect(productFiles).toBeGreaterThanOrEqual(2);
    // The one approved shop, the operator's, in a shops file of its own.
    expect(files).toEqual([`${SITE}/sitemap-pages.xml`, ...Array.from({ length: productFiles }, (_, i) => `${SITE}/sitemap-products-${i + 1}.xml`), `${SITE}/sitemap-shops-1.xml`]);
    expect(index.body.match(/<lastmod>/g)).toHaveLength(productFiles + 1);

    const seen = new Set<string>();
    for (let i = 1; i <= productFiles; i++) {
      const file = await get(`/sitemap-products-${i}.xml`);
      expect(file.statusCode).toBe(200);
      // The protocol's limits: 50,000 URLs and 50 MB (uncompressed) a file.
      expect(Buffer.byteLength(file.body)).toBeLessThan(50 * 1024 * 1024);
      const urls = locs(file.body);
      expect(urls.length).toBeLessThanOrEqual(SITEMAP_URLS_MAX);
      expect(file.body.match(/<lastmod>\d{4}-\d\d-\d\dT[\d:.]+Z<\/lastmod>/g)).toHaveLength(urls.length);
      for (const url of urls) {
        expect(url).toMatch(new RegExp(`^${SITE}/products/[a-z]+/[0-9a-f-]{36}$`));
        seen.add(url);
      }
    }
    expect(seen.size).toBe(total);
    // A file the index does not name is its own 404, in the shop's error shape (a probe was told "No such route" of a route that is).
    const beyond = await get(`/sitemap-products-${productFiles + 1}.xml`);
    expect(beyond.statusCode).toBe(404);
    expect(beyond.json()).toEqual({ success: false, code: 'SITEMAP_FILE_NOT_FOUND', message: `No such sitemap file: /sitemap-products-${productFiles + 1}.xml (the sitemap index, /sitemap.xml, names those there are)` });
    // A file has one address: the number as the index writes it (a probe read file 1 again at `-01`, and a 400 at `-0`).
    for (const other of ['01', '001', '0', '1e0', '+1', 'one', '999']) {
      const res = await get(`/sitemap-products-${other}.xml`);
      expect(res.statusCode, other).toBe(404);
      expect(res.json().code, other).toBe('SITEMAP_FILE_NOT_FOUND');
    }
    expect((await get('/sitemap-shops-x.xml')).json()).toMatchObject({ success: false, code: 'SITEMAP_FILE_NOT_FOUND' });
  });

  it('lists the home page, all products, every category, the contact page and the application to open a shop in the pages file', async () => {
    const res = await get('/sitemap-pages.xml');
    expect(locs(res.body)).toEqual(expect.arrayContaining([`${SITE}/`, `${SITE}/products`, `${SITE}/products/vegetables`, `${SITE}/products/bakery`, `${SITE}/contact`, `${SITE}/seller/register`]));
  });

  it('is sent compressed when asked, with an ETag that answers 304', async () => {
    const plain = await get('/sitemap-products-1.xml');
    const gzipped = await get('/sitemap-products-1.xml', { 'accept-encoding': 'gzip' });
    expect(gzipped.headers['content-encoding']).toBe('gzip');
    expect(gunzipSync(gzipped.rawPayload).toString()).toBe(plain.body);
    expect(gzipped.rawPayload.length).toBeLessThan(plain.rawPayload.length / 5);
    const again = await get('/sitemap-products-1.xml', { 'if-none-match': String(plain.headers.etag) });
    expect(again.statusCode).toBe(304);
  });
});

/**
 * Following a change is the same at any size, and each change rebuilds the sitemaps (at 100,000 products, a walk of
 * them all: 10-20 s a rebuild on PGlite at load 7), so it is proven on a catalogue of its own that starts empty.
 */
describe('the sitemaps after a change', () => {
  let small: TestApp;
  beforeAll(async () => {
    // Rebuilds spaced by their own length, not 10 times it: these tests are about following a change, within `until`'s 5 s.
    small = await buildTestApp({ PUBLIC_URL: SITE }, { sitemapRebuildSpacing: 1 });
  });
  afterAll(() => small?.close());

  it("list each approved shop's page with its lastmod, not a pending one, and drop a shop once it is suspended", async () => {
    const shopUrls = async () => {
      const files = locs((await get('/sitemap.xml', {}, small.app)).body).filter((url) => url.includes('/sitemap-shops-'));
      const urls: string[] = [];
      for (const file of files) {
        const xml = (await get(new URL(file).pathname, {}, small.app)).body;
        expect(xml.match(/<lastmod>\d{4}-\d\d-\d\dT[\d:.]+Z<\/lastmod>/g)).toHaveLength(locs(xml).length);
        urls.push(...locs(xml));
      }
      return urls;
    };
    await createProduct(small.app, { name: 'Sitemap Shelf' });
    const open = await createShop(small.app, { shopName: 'Sitemap Stall' });
    await shopProduct(small.app, open.id, { name: 'Sitemap Stall Pears' });
    const pending = await createShop(small.app, { status: 'pending' });
    await shopProduct(small.app, pending.id, { name: 'Sitemap Pending Plums' });
    // An approved shop whose page lists no product (none in stock) is no page to crawl (a crawler probe).
    const empty = await createShop(small.app, { shopName: 'Sitemap Empty Stall' });
    const soldOut = await shopProduct(small.app, empty.id, { name: 'Sitemap Empty Figs' });
    await small.app.db.update(products).set({ inStock: false }).where(eq(products.id, soldOut.id));
    const urls = await shopUrls();
    expect(urls).toContain(`${SITE}/shop/greencart`);
    expect(urls).toContain(`${SITE}/shop/${open.slug}`);
    expect(urls).not.toContain(`${SITE}/shop/${pending.slug}`);
    expect(urls).not.toContain(`${SITE}/shop/${empty.slug}`);
    await small.app.db.update(products).set({ inStock: true }).where(eq(products.id, soldOut.id));
    await until(async () => (await shopUrls()).includes(`${SITE}/shop/${empty.slug}`));

    const operator = await sellerCookie(small.app);
    const setStatus = (sellerId: string, status: string) =>
      small.app.inject({ method: 'POST', url: '/api/seller/sellers/status', payload: { sellerId, status, reason: 'Sitemap test' }, headers: { cookie: operator } });
    expect((await setStatus(open.id, 'suspended')).statusCode).toBe(200);
    await until(async () => !(await shopUrls()).includes(`${SITE}/shop/${open.slug}`));
    expect((await setStatus(pending.id, 'approved')).statusCode).toBe(200);
    await until(async () => (await shopUrls()).includes(`${SITE}/shop/${pending.slug}`));
  });

  it('split the shops into files of `urlsPerFile` each', async () => {
    for (const shop of [await createShop(small.app), await createShop(small.app)]) await shopProduct(small.app, shop.id);
    const sitemaps = createSitemaps(small.app.db, { live: () => false, subscribe: () => undefined }, { publicUrl: SITE, shops: small.app.sellers, urlsPerFile: 2 });
    // The approved shops with a product in stock: those whose pages list one.
    const listing = sql`exists (select 1 from ${products} p where p.seller_id = ${sellers.id} and p.in_stock and p.retired_at is null)`;
    const approved = (await small.app.db.select({ n: sql<number>`count(*)::int` }).from(sellers).where(and(eq(sellers.status, 'approved'), listing)))[0]!.n;
    expect(approved).toBeGreaterThanOrEqual(3);
    const { shops } = await sitemaps.current();
    expect(shops).toHaveLength(Math.ceil(approved / 2));
    expect(shops.map((file) => locs(file.bodies.identity.toString()).length)).toEqual(Array.from({ length: shops.length }, (_, i) => Math.min(2, approved - 2 * i)));
  });

  it("move a product's lastmod when what its page shows changes (a price, availability), not when a unit is sold", async () => {
    const lastmodOf = async (url: string) => {
      const index = locs((await get('/sitemap.xml', {}, small.app)).body).slice(1);
      for (const file of index) {
        const match = new RegExp(`<loc>${url}</loc><lastmod>([^<]+)</lastmod>`).exec((await get(new URL(file).pathname, {}, small.app)).body);
        if (match) return match[1]!;
      }
      return undefined;
    };
    const product = await createProduct(small.app, { name: 'Sitemap Dates', category: 'Fruits' });
    const url = `${SITE}/products/fruits/${product.id}`;
    // Listed a while ago, as far as its dates go.
    const listed = new Date(Date.now() - 86_400_000);
    await small.app.db.execute(sql`update products set created_at = ${listed}, updated_at = ${listed} where id = ${product.id}`);
    // Its shop approved before that (a later approval would date its pages).
    await small.app.db.execute(sql`update sellers set status_changed_at = ${listed} where id = (select seller_id from products where id = ${product.id}) and status_changed_at is not null`);
    await until(async () => (await lastmodOf(url)) === listed.toISOString());
    // A unit sold from a counted stock: nothing the page shows but its count; the trigger leaves it.
    await small.app.db.execute(sql`update products set stock = 5 where id = ${product.id}`);
    await small.app.db.execute(sql`update products set stock = 4 where id = ${product.id}`);
    expect((await small.app.db.select({ updatedAt: products.updatedAt }).from(products).where(eq(products.id, product.id)))[0]!.updatedAt).toEqual(listed);
    // The last unit gone (by a count set to 0, which another trigger turns into "out of stock"): a change of the page.
    await small.app.db.execute(sql`update products set stock = 0 where id = ${product.id}`);
    const soldOut = (await small.app.db.select({ updatedAt: products.updatedAt, inStock: products.inStock }).from(products).where(eq(products.id, product.id)))[0]!;
    expect(soldOut.inStock).toBe(false);
    expect(soldOut.updatedAt.getTime()).toBeGreaterThan(listed.getTime() + 60_000);
    // A new price is a change of the page.
    await small.app.db.update(products).set({ offerPriceMinor: 4_200 }).where(eq(products.id, product.id));
    await until(async () => Date.parse((await lastmodOf(url)) ?? '') > listed.getTime() + 60_000);
  });

  it("advance a file's lastmod when a URL leaves it: a product retired, a shop suspended", async () => {
    const sitemaps = createSitemaps(small.app.db, { live: () => false, subscribe: () => undefined }, { publicUrl: SITE, shops: small.app.sellers, rebuildSpacing: 0 });
    const lastmods = async () => {
      const index = (await sitemaps.current()).index.bodies.identity.toString();
      return Object.fromEntries([...index.matchAll(/<loc>[^<]*\/(sitemap-[a-z]+-1)\.xml<\/loc><lastmod>([^<]+)<\/lastmod>/g)].map((m) => [m[1]!, m[2]!]));
    };
    const leaving = await createProduct(small.app, { name: 'Sitemap Leaver', category: 'Fruits' });
    // The first shop keeps a product listed: its page stays in the shops' file.
    await createProduct(small.app, { name: 'Sitemap Stayer', category: 'Fruits' });
    const shop = await createShop(small.app, { shopName: 'Sitemap Leaving Stall' });
    const stallProduct = await shopProduct(small.app, shop.id, { name: 'Sitemap Stall Apples' });
    // Every page last changed a day ago, as far as the dates go.
    const before = new Date(Date.now() - 86_400_000);
    await small.app.db.execute(sql`update products set updated_at = ${before}`);
    await small.app.db.execute(sql`update sellers set created_at = ${before}, status_changed_at = case when status_changed_at is null then null else ${before}::timestamptz end`);
    expect(await lastmods()).toEqual({ 'sitemap-products-1': before.toISOString(), 'sitemap-shops-1': before.toISOString() });

    await small.app.db.update(products).set({ retiredAt: new Date() }).where(eq(products.id, leaving.id));
    const afterRetire = await lastmods();
    expect(Date.parse(afterRetire['sitemap-products-1']!)).toBeGreaterThan(before.getTime() + 60_000);
    expect(afterRetire['sitemap-shops-1']).toBe(before.toISOString());

    const operator = await sellerCookie(small.app);
    const setStatus = (status: string) => small.app.inject({ method: 'POST', url: '/api/seller/sellers/status', payload: { sellerId: shop.id, status, reason: 'Sitemap test' }, headers: { cookie: operator } });
    expect((await setStatus('suspended')).statusCode).toBe(200);
    expect(Date.parse((await lastmods())['sitemap-shops-1']!)).toBeGreaterThan(before.getTime() + 60_000);

    // Approved again: its products' pages are back, dated from then (a crawler saw them answer 404 meanwhile).
    const approvedAt = Date.now();
    expect((await setStatus('approved')).statusCode).toBe(200);
    const productsFile = (await sitemaps.current()).products[0]!.bodies.identity.toString();
    const back = new RegExp(`/products/[a-z]+/${stallProduct.id}</loc><lastmod>([^<]+)</lastmod>`).exec(productsFile);
    expect(Date.parse(back![1]!)).toBeGreaterThanOrEqual(approvedAt - 1000);
  });

  it("advance every later file's lastmod when a URL leaves an earlier file: the later URLs each move up a place (a probe)", async () => {
    await createProduct(small.app, { name: 'Sitemap Shift A', category: 'Fruits' });
    await createProduct(small.app, { name: 'Sitemap Shift B', category: 'Fruits' });
    const sitemaps = createSitemaps(small.app.db, { live: () => false, subscribe: () => undefined }, { publicUrl: SITE, shops: small.app.sellers, urlsPerFile: 1, rebuildSpacing: 0 });
    const before = new Date(Date.now() - 86_400_000);
    await small.app.db.execute(sql`update products set updated_at = ${before}`);
    await small.app.db.execute(sql`update sellers set created_at = ${before}, status_changed_at = case when status_changed_at is null then null else ${before}::timestamptz end, renamed_at = null`);
    const lastmods = async () => [...(await sitemaps.current()).index.bodies.identity.toString().matchAll(/sitemap-products-\d+\.xml<\/loc><lastmod>([^<]+)</g)].map((m) => m[1]!);
    const files = await lastmods();
    expect(files.length).toBeGreaterThanOrEqual(2);
    expect(new Set(files)).toEqual(new Set([before.toISOString()]));

    // The first product listed (an earlier test's suspended shop's are not).
    const [first] = await small.app.db
      .select({ id: products.id })
      .from(products)
      .innerJoin(sellers, eq(sellers.id, products.sellerId))
      .where(and(isNull(products.retiredAt), eq(sellers.status, 'approved')))
      .orderBy(products.id)
      .limit(1);
    await small.app.db.update(products).set({ retiredAt: new Date() }).where(eq(products.id, first!.id));
    const after = await lastmods();
    expect(after).toHaveLength(files.length - 1);
    for (const lastmod of after) expect(Date.parse(lastmod)).toBeGreaterThan(before.getTime() + 60_000);
  });

  it("move a shop's page and its products' lastmod when the shop is renamed, not when its phone changes", async () => {
    const sitemaps = createSitemaps(small.app.db, { live: () => false, subscribe: () => undefined }, { publicUrl: SITE, shops: small.app.sellers, rebuildSpacing: 0 });
    const shop = await createShop(small.app, { shopName: 'Sitemap Renamed Stall' });
    const product = await shopProduct(small.app, shop.id, { name: 'Sitemap Renamed Pears' });
    const before = new Date(Date.now() - 86_400_000);
    await small.app.db.execute(sql`update products set updated_at = ${before} where id = ${product.id}`);
    await small.app.db.execute(sql`update sellers set status_changed_at = ${before} where id = ${shop.id}`);
    const lastmods = async () => {
      const { products: productFiles, shops } = await sitemaps.current();
      const lastmodIn = (files: typeof shops, path: string) => {
        for (const file of files) {
          const match = new RegExp(`${path}</loc><lastmod>([^<]+)</lastmod>`).exec(file.bodies.identity.toString());
          if (match) return match[1]!;
        }
        throw new Error(`${path} is not in the sitemaps`);
      };
      return { shop: lastmodIn(shops, `/shop/${shop.slug}`), product: lastmodIn(productFiles, `/products/[a-z]+/${product.id}`) };
    };
    expect(await lastmods()).toEqual({ shop: before.toISOString(), product: before.toISOString() });

    const cookie = await sellerCookie(small.app, shop.id);
    const save = (payload: object) => small.app.inject({ method: 'POST', url: '/api/seller/profile', payload, headers: { cookie } });
    const profile = { shopName: 'Sitemap Renamed Stall', phone: '+91 98000 22222', pickupAddress: '3 Mandi Road, Pune 411002' };
    expect((await save(profile)).statusCode).toBe(200);
    expect(await lastmods()).toEqual({ shop: before.toISOString(), product: before.toISOString() });

    const renamedAt = Date.now();
    expect((await save({ ...profile, shopName: 'Sitemap Fresh Stall' })).statusCode).toBe(200);
    const after = await lastmods();
    expect(Date.parse(after.shop)).toBeGreaterThanOrEqual(renamedAt - 1000);
    expect(after.product).toBe(after.shop);
  });

  it('answer the previous files while a rebuild waits out its spacing: under a stream of changes one rebuild a spacing, the last change shown after it', async () => {
    const subscribers: (() => void)[] = [];
    const feed = { live: () => true, subscribe: (fn: () => void) => void subscribers.push(fn), notify: () => subscribers.forEach((fn) => fn()) };
    const pause = (ms: number) => new Promise((resolve) => setTimeout(resolve, ms));
    // Each build's walk of the shops takes 100 ms more, standing for the seconds of 100,000 products: a spacing of a
    // second or more (SITEMAP_REBUILD_SPACING times the build). A build begins with its first page of products (the
    // walk of the products, then of the shops: timed from the shops alone, a loaded database's products walk, times
    // the spacing, went past the bound below) and ends with its last page of shops.
    const builds: { start: number; end: number }[] = [];
    const building = () => builds.at(-1)?.end === Infinity;
    const db = new Proxy(small.app.db, {
      get(target, key) {
        const value: unknown = Reflect.get(target, key);
        if (key !== 'select' || typeof value !== 'function') return value;
        return (...args: unknown[]) => {
          if (!building()) builds.push({ start: Date.now(), end: Infinity });
          return (value as (...a: unknown[]) => unknown).apply(target, args);
        };
      },
    });
    const shops: Pick<SellerService, 'list'> = {
      async list(query) {
        const build = builds.at(-1)!;
        await pause(100);
        const page = await small.app.sellers.list(query);
        if (!page.nextCursor) build.end = Date.now();
        return page;
      },
    };
    const sitemaps = createSitemaps(db, feed, { publicUrl: SITE, shops });
    await sitemaps.current();

    // A change heard and a request every 20 ms for 3 s (a stock toggle, a crawler): each rebuilt every file before.
    const began = Date.now();
    let slow = 0;
    for (let request = 0; Date.now() - began < 3_000; request++, await pause(20)) {
      feed.notify();
      const asked = Date.now();
      // The first waits for the second build, which follows the first change at once (not spaced yet). Another waited
      // if it was not answered at once (before the event loop's next turn, whatever the machine's lag) and a build
      // begun since it was asked had ended when it was answered (a time limit, then the overlap alone, read a busy
      // machine's late callbacks as waits).
      const answer = sitemaps.current();
      const atOnce = await Promise.race([answer.then(() => true), new Promise<boolean>((resolve) => setImmediate(() => resolve(false)))]);
      void answer.then(() => {
        const answered = Date.now();
        if (request > 0 && !atOnce && builds.some((build) => build.start >= asked && build.end <= answered)) slow++;
      });
    }
    const spacingMs = SITEMAP_REBUILD_SPACING * 100;
    // The first, the second at the first change, one a spacing after the second: a build of 100 ms or more every 1.1 s at most.
    expect(builds.length).toBeLessThanOrEqual(2 + Math.ceil((Date.now() - began) / (spacingMs + 100)));
    // A request that finds the rest over starts the build itself and may wait for it (a quick build is waited for, by
    // design): at most one such request a build, where waiting out the rest would hold every request of a spacing.
    expect(slow).toBeLessThanOrEqual(builds.length - 1);

    // One more change, and the build it owes run: a spacing (a second or more) follows it.
    const owedAt = Date.now();
    feed.notify();
    void sitemaps.current();
    await expect.poll(() => builds.some((build) => build.start >= owedAt && build.end < Infinity), { timeout: 15_000, interval: 10 }).toBe(true);
    // The last change, a product listed: the files answered at once are the previous ones (read before it), the new
    // ones come within one spacing and their own build.
    const added = await createProduct(small.app, { name: 'Sitemap Latecomer', category: 'Fruits' });
    feed.notify();
    const changedAt = Date.now();
    const listed = async () => (await sitemaps.current()).products.some((file) => file.bodies.identity.toString().includes(added.id));
    expect(await listed()).toBe(false);
    await expect.poll(listed, { timeout: 15_000, interval: 50 }).toBe(true);
    const longest = Math.max(...builds.map((build) => build.end - build.start));
    expect(Date.now() - changedAt).toBeLessThanOrEqual(SITEMAP_REBUILD_SPACING * longest + longest + 1_000);
  });

  it("answer the first read after a quiet spell with the files as of the last change, waiting for a rebuild of seconds (a probe's read a minute later got the old ones)", async () => {
    const feed = { live: () => true, subscribe: (fn: () => void) => void (notify = fn) };
    let notify = () => {};
    // Each build's walk of the shops takes 400 ms more, standing for the seconds of 100,000 products.
    const shops: Pick<SellerService, 'list'> = {
      async list(query) {
        await new Promise((resolve) => setTimeout(resolve, 400));
        return small.app.sellers.list(query);
      },
    };
    const sitemaps = createSitemaps(small.app.db, feed, { publicUrl: SITE, shops });
    await sitemaps.current();
    const added = await createProduct(small.app, { name: 'Sitemap Quiet Spell', category: 'Fruits' });
    notify();
    const files = await sitemaps.current();
    expect(files.products.some((file) => file.bodies.identity.toString().includes(added.id))).toBe(true);
  });

  it('list a new product and drop a retired one, once the change is heard', async () => {
    const listing = async (url: string) => {
      const index = locs((await get('/sitemap.xml', {}, small.app)).body).slice(1);
      for (const file of index) if ((await get(new URL(file).pathname, {}, small.app)).body.includes(url)) return true;
      return false;
    };
    // The sitemaps are built, and kept, before the change.
    const first = await createProduct(small.app, { name: 'Sitemap Regular', category: 'Bakery' });
    await until(() => listing(`${SITE}/products/bakery/${first.id}`));

    const added = await createProduct(small.app, { name: 'Sitemap Newcomer', category: 'Dairy' });
    const listed = () => listing(`${SITE}/products/dairy/${added.id}`);
    await until(listed);
    await small.app.db.update(products).set({ retiredAt: new Date() }).where(eq(products.id, added.id));
    await until(async () => !(await listed()));
  });
});
