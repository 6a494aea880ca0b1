import fs from 'node:fs/promises';
import path from 'node:path';
import { IMAGE_WIDTHS, type Product } from '@greencart/shared';
import { eq, sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { products, storedImages } from '../../db/schema/index.js';
import { placeTestOrder } from '../../test/order-builders.js';
import { findUnreferencedImages } from './image-repository.js';
import { createLocalImageStorage } from './image-storage.js';
import { multipartBody, testImage } from '../../test/seller-builders.js';
import { body, buildTestApp, sellerCookie, storedImageNames, type TestApp } from '../../test/test-app.js';

/** docs/decisions/0236: images nothing shows are removed once a day, a day after they were stored. */
let t: TestApp;
beforeAll(async () => {
  t = await buildTestApp();
});
afterAll(() => t.close());

async function write(url: string, productData: object, images: number): Promise<Product> {
  const files = await Promise.all(Array.from({ length: images }, async (_, i) => ({ name: `photo-${i}.png`, data: await testImage('png', 200 + i) })));
  const { payload, headers } = await multipartBody({ productData: JSON.stringify(productData) }, files);
  const res = await t.app.inject({ method: 'POST', url, payload, headers: { ...headers, cookie: await sellerCookie(t.app) } });
  expect(res.statusCode).toBe(200);
  return body<{ product: Product }>(res).product;
}
const add = (name: string, images: number) => write('/api/product/add', { name, category: 'Fruits', price: 90, offerPrice: 80 }, images);
const replaceImages = (id: string, images: number) => write('/api/product/update', { id }, images);
/** Every stored rendition of an image the API shows at this URL. */
const renditionsOf = (url: string, names: string[]) => names.filter((name) => name.startsWith(path.basename(url).replace(/-\d+\.webp$/, '-')));

/** Makes every stored image but `keepRecent`'s look stored two days ago. */
async function ageImages(keepRecent: string[]) {
  const recent = (name: string) => keepRecent.some((url) => renditionsOf(url, [name]).length > 0);
  if (t.database.driver === 'postgres') {
    await t.app.db.update(storedImages).set({ createdAt: sql`now() - interval '2 days'` });
    for (const name of (await storedImageNames(t)).filter(recent)) await t.app.db.update(storedImages).set({ createdAt: sql`now()` }).where(eq(storedImages.name, name));
    return;
  }
  const twoDaysAgo = new Date(Date.now() - 2 * 24 * 3600 * 1000);
  for (const name of (await storedImageNames(t)).filter((name) => !recent(name))) await fs.utimes(path.join(t.dataDir, 'uploads', name), twoDaysAgo, twoDaysAgo);
}

describe('the daily sweep of images no product or order shows', () => {
  it('removes the replaced images no order shows, every width of them; keeps what a product or an order shows, and what was stored within a day', async () => {
    const ordered = await add('Sweep Guava', 2);
    const row = (await t.app.db.query.products.findFirst({ where: eq(products.id, ordered._id) }))!;
    await placeTestOrder(t.app, { items: [{ product: row, quantity: 1 }] });
    const guava = await replaceImages(ordered._id, 1);
    const [shownByOrder, replaced] = ordered.image as [string, string];

    const recentlyReplaced = await add('Sweep Lychee', 1);
    const lychee = await replaceImages(recentlyReplaced._id, 1);

    const before = await storedImageNames(t);
    await ageImages([recentlyReplaced.image[0]!, lychee.image[0]!]);
    expect(await t.app.housekeeping.sweepImagesIfDue()).toBe(true);

    const after = await storedImageNames(t);
    expect(renditionsOf(replaced, before)).toHaveLength(IMAGE_WIDTHS.length);
    expect(before.filter((name) => !after.includes(name))).toEqual(renditionsOf(replaced, before));
    for (const url of [shownByOrder, guava.image[0]!, recentlyReplaced.image[0]!, lychee.image[0]!]) expect(renditionsOf(url, after), url).toHaveLength(IMAGE_WIDTHS.length);
    expect((await t.app.inject({ method: 'GET', url: replaced })).statusCode).toBe(404);
    expect((await t.app.inject({ method: 'GET', url: shownByOrder })).statusCode).toBe(200);
  });

  it("leaves an image kept after the sweep found it shown by nothing: an import naming it again keeps it first (a probe's was swept, 404)", async () => {
    const fig = await add('Sweep Fig', 1);
    const [replaced] = fig.image as [string];
    await replaceImages(fig._id, 1);
    await ageImages([]);
    // The sweep lists it and finds it shown by nothing; an import keeps it just then, before the sweep removes it.
    await t.app.images.removeUnreferenced(new Date(Date.now() - 24 * 3600 * 1000), async (names) => {
      const unshown = await findUnreferencedImages(t.app.db, names);
      expect(unshown).toContain(path.basename(replaced));
      expect(await t.app.images.keep([path.basename(replaced)])).toEqual([]);
      return unshown;
    });
    expect(renditionsOf(replaced, await storedImageNames(t))).toHaveLength(IMAGE_WIDTHS.length);
    expect((await t.app.inject({ method: 'GET', url: replaced })).statusCode).toBe(200);
    // An image gone is said so.
    expect(await t.app.images.keep(['00000000-0000-4000-8000-000000000000-640.webp'])).toEqual(['00000000-0000-4000-8000-000000000000-640.webp']);
  });

  it('runs once a day across instances: asked again the same day, it does nothing', async () => {
    expect(await t.app.housekeeping.sweepImagesIfDue()).toBe(false);
  });
});

describe('the part-files a killed write left on disk', () => {
  it('are removed by the sweep once an hour old, a write in progress left alone (a crash probe kept nine for ever)', async () => {
    const dir = await fs.mkdtemp(path.join(t.dataDir, 'sweep-'));
    const storage = createLocalImageStorage(dir);
    await storage.put('kept-640.webp', Buffer.from('image'));
    const hoursAgo = new Date(Date.now() - 2 * 3600 * 1000);
    for (const name of ['killed-160.webp.tmp', 'killed-640.webp.tmp', 'writing-640.webp.tmp']) await fs.writeFile(path.join(dir, name), '');
    for (const name of ['killed-160.webp.tmp', 'killed-640.webp.tmp', 'kept-640.webp']) await fs.utimes(path.join(dir, name), hoursAgo, hoursAgo);
    const listed: string[] = [];
    for await (const batch of storage.storedBefore(new Date(), '-640.webp', 10)) listed.push(...batch);
    expect(listed).toEqual(['kept-640.webp']);
    expect((await fs.readdir(dir)).sort()).toEqual(['kept-640.webp', 'writing-640.webp.tmp']);
  });
});
