import { randomUUID } from 'node:crypto';
import fs from 'node:fs/promises';
import os from 'node:os';
import path from 'node:path';
import { IMAGE_WIDTHS, IMPORT_LIMITS, type ImportEvent, type ImportRowIssue, type Product } from '@greencart/shared';
import { eq, sql } from 'drizzle-orm';
import { afterAll, beforeAll, beforeEach, describe, expect, it, vi } from 'vitest';
import { products } from '../../db/schema/index.js';
import { csvOf, importForm, zipOf } from '../../test/catalogue-builders.js';
import { createShop } from '../../test/market-builders.js';
import { findCategoryImages } from './catalogue-import-repository.js';
import { cutOff, multipartBody, testImage } from '../../test/seller-builders.js';
import { body, buildTestApp, createProduct, createShopper, operatorId, sellerCookie, storedImageNames, type TestApp } from '../../test/test-app.js';

let t: TestApp;
let seller: string;
/** The zip of an import whose process was killed two hours ago (a resilience probe found one left in the temporary directory). */
const killedImportZip = path.join(os.tmpdir(), `greencart-import-${randomUUID()}.zip`);
beforeAll(async () => {
  await fs.writeFile(killedImportZip, 'PK');
  const twoHoursAgo = new Date(Date.now() - 2 * 3600_000);
  await fs.utimes(killedImportZip, twoHoursAgo, twoHoursAgo);
  t = await buildTestApp();
  seller = await sellerCookie(t.app);
});
afterAll(() => t.close());

const HEADER = ['name', 'description', 'category', 'price', 'offerPrice', 'weight', 'stock', 'images'];

it("removes, when it starts, the uploaded zip an import killed mid-way left behind (an hour old or more)", async () => {
  await expect.poll(() => fs.stat(killedImportZip).then(() => true, () => false)).toBe(false);
});

async function importCatalogue(csv: string | Buffer, zip?: Buffer, mode?: 'all' | 'valid-only', cookie = seller) {
  const { payload, headers } = await importForm(csv, zip, mode);
  return t.app.inject({ method: 'POST', url: '/api/product/import', payload, headers: { ...headers, cookie } });
}
const eventsOf = (res: { body: string }) =>
  res.body
    .trim()
    .split('\n')
    .map((line) => JSON.parse(line) as ImportEvent);
const doneOf = (res: { body: string }) => eventsOf(res).at(-1) as Extract<ImportEvent, { type: 'done' }>;
const allProducts = () => t.app.db.select().from(products).orderBy(products.createdAt, products.id);
const exportCsv = async (cookie = seller) => t.app.inject({ method: 'GET', url: '/api/product/export', headers: { cookie } });
const listed = async () => body<{ products: Product[] }>(await t.app.inject({ method: 'GET', url: '/api/product/list' })).products;

describe('POST /api/product/import', () => {
  let before: { count: number; files: string[] };
  beforeEach(async () => {
    before = { count: (await allProducts()).length, files: await storedImageNames(t) };
  });
  const nothingWritten = async () => {
    expect((await allProducts()).length).toBe(before.count);
    expect(await storedImageNames(t)).toEqual(before.files);
  };

  it('imports a valid file with its zip of images: every row created, images rendered once each, progress streamed', async () => {
    const zip = await zipOf([
      { name: 'photos/kiwi.png', data: await testImage('png', 300) },
      { name: 'photos/lime.jpg', data: await testImage('jpeg', 200) },
    ]);
    const csv = csvOf([
      HEADER,
      ['Import Kiwi', 'Tangy|From Himachal', 'Fruits', 120, 99.5, '500 g', 25, 'kiwi.png|lime.jpg'],
      ['Import Lime', '', 'Vegetables', 30, 28, '', '', 'lime.jpg'],
      ['Import Kiwi Box', 'Box of 12', 'Fruits', 400, 350, '1 box', 0, 'kiwi.png'],
    ]);
    const res = await importCatalogue(csv, zip);
    expect(res.statusCode).toBe(200);
    expect(res.headers['content-type']).toMatch(/^application\/x-ndjson/);
    const events = eventsOf(res);
    expect(events.filter((e) => e.type === 'progress' && e.phase === 'images').at(-1)).toEqual({ type: 'progress', phase: 'images', done: 2, total: 2 });
    expect(events.filter((e) => e.type === 'progress' && e.phase === 'rows').at(-1)).toEqual({ type: 'progress', phase: 'rows', done: 3, total: 3 });
    expect(events.at(-1)).toEqual({ type: 'done', created: 3, updated: 0, unchanged: 0, skippedRows: 0, skipped: [] });
    expect((await storedImageNames(t)).length - before.files.length).toBe(2 * IMAGE_WIDTHS.length);

    const shop = await listed();
    const kiwi = shop.find((p) => p.name === 'Import Kiwi')!;
    expect(kiwi).toMatchObject({ description: ['Tangy', 'From Himachal'], category: 'Fruits', price: 120, offerPrice: 99.5, weight: '500 g', inStock: true });
    expect(kiwi.image).toHaveLength(2);
    const lime = shop.find((p) => p.name === 'Import Lime')!;
    expect(lime.image[0]).toBe(kiwi.image[1]);
    const file = await t.app.inject({ method: 'GET', url: kiwi.image[0]! });
    expect(file.statusCode).toBe(200);
    // A stock of 0 is out of stock.
    expect(shop.find((p) => p.name === 'Import Kiwi Box')?.inStock).toBe(false);
    const rows = await allProducts();
    expect(rows.find((p) => p.name === 'Import Kiwi')?.stock).toBe(25);
    expect(rows.find((p) => p.name === 'Import Lime')).toMatchObject({ stock: null, inStock: true, weight: null, description: [] });
    expect(rows.find((p) => p.name === 'Import Kiwi Box')).toMatchObject({ stock: 0, inStock: false });
  });

  const INVALID = () =>
    csvOf([
      HEADER,
      ['Good Pear', 'Juicy', 'Fruits', 80, 70, '1 kg', 10, 'pear.png'],
      ['Bad Price', '', 'Fruits', '10.505', 9, '', '', 'pear.png'],
      ['Bad Category', '', 'Toys', 10, 9, '', '-3', 'pear.png'],
      ['', '', 'Fruits', 10, 9, '', '', 'missing.png'],
      ['Too Many Images', '', 'Dairy', 10, 9, '', '', 'a.png|b.png|c.png|d.png|e.png'],
      ['Not An Image', '', 'Dairy', 10, 9, '', '', 'notes.png'],
      ['Short Row', 'Dairy'],
    ]);
  const INVALID_ZIP = async () =>
    zipOf([
      { name: 'pear.png', data: await testImage() },
      { name: 'notes.png', data: Buffer.from('just text') },
    ]);

  it('reports every invalid row by row and column and writes nothing', async () => {
    const res = await importCatalogue(INVALID(), await INVALID_ZIP());
    expect(res.statusCode).toBe(400);
    const json = body<{ success: boolean; code: string; message: string; issues: ImportRowIssue[]; validRows: number; totalRows: number }>(res);
    expect(json).toMatchObject({ success: false, code: 'IMPORT_INVALID_ROWS', validRows: 1, totalRows: 7 });
    expect(json.message).toBe('6 of 7 rows have problems: nothing was written. Fix them, or import the 1 valid row only');
    expect(json.issues.map((i) => `${i.row}.${i.column}`)).toEqual(['3.price', '4.category', '4.stock', '5.name', '5.images', '6.images', '7.images', '8.row']);
    expect(json.issues.find((i) => i.path === '3.price')?.message).toBe('Price can have at most 2 decimals');
    expect(json.issues.find((i) => i.path === '5.images')?.message).toBe('Image "missing.png" is not in the zip, nor an image of this shop');
    expect(json.issues.find((i) => i.path === '7.images')?.message).toBe('Image "notes.png" is not a JPEG, PNG, WebP or AVIF image');
    await nothingWritten();
  });

  it('says "1 of 2 rows has problems" for a single bad row', async () => {
    const res = await importCatalogue(csvOf([HEADER, ['Good Quince', '', 'Fruits', 80, 70, '', '', 'pear.png'], ['Bad Quince', '', 'Fruits', -1, 9, '', '', 'pear.png']]), await INVALID_ZIP());
    expect(res.statusCode).toBe(400);
    expect(body(res)).toMatchObject({ message: '1 of 2 rows has problems: nothing was written. Fix them, or import the 1 valid row only' });
    await nothingWritten();
  });

  it('says when it lists only the first 1,000 of more problems (a probe read the list as all of them)', async () => {
    const rows = Array.from({ length: 1100 }, (_, i) => [`Bad Quince ${i}`, '', 'Toys', 80, 70, '', '', '']);
    const res = await importCatalogue(csvOf([HEADER, ...rows]));
    expect(res.statusCode).toBe(400);
    const refused = body<{ message: string; issues: unknown[] }>(res);
    expect(refused.issues).toHaveLength(1000);
    // Two problems a row (its category and its image).
    expect(refused.message).toBe('None of the 1100 rows can be imported: nothing was written. The first 1,000 of the 2,200 problems are listed');
    await nothingWritten();
  });

  it('imports only the valid rows when the seller asks, and names the skipped ones', async () => {
    const res = await importCatalogue(INVALID(), await INVALID_ZIP(), 'valid-only');
    expect(res.statusCode).toBe(200);
    const done = doneOf(res);
    expect(done).toMatchObject({ type: 'done', created: 1, updated: 0, unchanged: 0, skippedRows: 6 });
    expect(new Set(done.skipped.map((i) => i.row))).toEqual(new Set([3, 4, 5, 6, 7, 8]));
    expect((await allProducts()).length).toBe(before.count + 1);
    expect((await listed()).find((p) => p.name === 'Good Pear')).toMatchObject({ price: 80, offerPrice: 70 });
  });

  it('refuses "valid rows only" when no row is valid, and writes nothing', async () => {
    const res = await importCatalogue(csvOf([HEADER, ['X', '', 'Toys', 1, 1, '', '', 'x.png']]), undefined, 'valid-only');
    expect(res.statusCode).toBe(400);
    expect(body(res)).toMatchObject({ code: 'IMPORT_INVALID_ROWS', message: 'None of the 1 rows can be imported: nothing was written' });
    await nothingWritten();
  });

  it('round trip: importing the export into the same shop changes nothing, and an edited row updates its product', async () => {
    await createProduct(t.app, { name: '=HYPERLINK("http://evil")', weight: null });
    const added = await t.app.inject({
      method: 'POST',
      url: '/api/product/add',
      ...(await (async () => {
        const { payload, headers } = await multipartBody(
          { productData: JSON.stringify({ name: 'Pipe | Cheese', description: ['Aged | sharp', 'C:\\cellar', '-40% fat'], category: 'Dairy', price: 300, offerPrice: 280.25, weight: '200 g' }) },
          [{ name: 'cheese.png', data: await testImage() }],
        );
        return { payload, headers: { ...headers, cookie: seller } };
      })()),
    });
    expect(added.statusCode).toBe(200);
    const retired = await createProduct(t.app, { name: 'Retired Plum' });
    await t.app.db.update(products).set({ retiredAt: new Date() }).where(eq(products.id, retired.id));

    const first = await exportCsv();
    expect(first.statusCode).toBe(200);
    expect(first.headers['content-type']).toBe('text/csv; charset=utf-8');
    // Named by the shop's day (India), as the orders' export is, whatever the server's zone (decision 0232).
    const shopDay = new Intl.DateTimeFormat('en-CA', { timeZone: 'Asia/Kolkata' }).format(new Date());
    expect(first.headers['content-disposition']).toBe(`attachment; filename="greencart-catalogue-${shopDay}.csv"`);
    expect(first.body.startsWith('\ufeffid,name,description,category,price,offerPrice,weight,stock,images,netQuantity,inStock\n')).toBe(true);
    expect(first.body).not.toContain('Retired Plum');
    // Spreadsheet guard: the formula is exported as text.
    expect(first.body).toContain(`"'=HYPERLINK(""http://evil"")"`);
    expect(first.body).toContain('Aged \\| sharp|C:\\\\cellar|-40% fat');

    const rowsBefore = await allProducts();
    const filesBefore = await storedImageNames(t);
    // Products made without images by the test builder keep their (empty) images on update rows.
    const res = await importCatalogue(first.body);
    expect(res.statusCode).toBe(200);
    expect(doneOf(res)).toEqual({ type: 'done', created: 0, updated: 0, unchanged: rowsBefore.filter((r) => !r.retiredAt).length, skippedRows: 0, skipped: [] });
    expect(await allProducts()).toEqual(rowsBefore);
    expect(await storedImageNames(t)).toEqual(filesBefore);
    expect((await exportCsv()).body).toBe(first.body);

    // The seller edits one price in the exported file: that product alone changes.
    const cheeseLine = first.body.split('\n').find((line) => line.includes('Pipe | Cheese'))!;
    const edited = first.body.replace(cheeseLine, cheeseLine.replace(',300,280.25,', ',310,290,'));
    const update = await importCatalogue(edited);
    expect(doneOf(update)).toMatchObject({ created: 0, updated: 1 });
    const after = await allProducts();
    expect(after.find((p) => p.name === 'Pipe | Cheese')).toMatchObject({ priceMinor: 31_000, offerPriceMinor: 29_000, description: ['Aged | sharp', 'C:\\cellar', '-40% fat'] });
    expect(after.filter((p) => p.name !== 'Pipe | Cheese')).toEqual(rowsBefore.filter((p) => p.name !== 'Pipe | Cheese'));
  });

  it('exports the In Stock switch (a product paused by hand says no); the file\'s yes or no is applied, or the switch kept where it says nothing', async () => {
    const figs = await createProduct(t.app, { name: 'Switched Figs' });
    await t.app.db.update(products).set({ stock: 5 }).where(eq(products.id, figs.id));
    const off = await t.app.inject({ method: 'POST', url: '/api/product/stock', payload: { id: figs.id, inStock: false }, headers: { cookie: seller } });
    expect(off.statusCode).toBe(200);
    const exported = (await exportCsv()).body;
    const figLine = exported.split('\n').find((line) => line.includes('Switched Figs'))!;
    // Paused by hand with 5 counted: the seller reads it in the file (a probe: it exported like one on sale).
    expect(figLine).toContain(',5,');
    expect(figLine.endsWith(',no')).toBe(true);
    expect(doneOf(await importCatalogue(exported))).toMatchObject({ created: 0, updated: 0 });
    const figs$ = async () => (await t.app.db.select().from(products).where(eq(products.id, figs.id)))[0];
    expect(await figs$()).toMatchObject({ stock: 5, inStock: false });
    // A new count with the switch still "no": counted, still paused. "yes": on sale.
    expect(doneOf(await importCatalogue(exported.replace(figLine, figLine.replace(',5,', ',7,'))))).toMatchObject({ updated: 1 });
    expect(await figs$()).toMatchObject({ stock: 7, inStock: false });
    expect(doneOf(await importCatalogue(exported.replace(figLine, figLine.replace(',5,', ',7,').replace(/,no$/, ',yes'))))).toMatchObject({ updated: 1 });
    expect(await figs$()).toMatchObject({ stock: 7, inStock: true });
    // A file without the column (written before it): a changed count puts a paused product back on sale, as before.
    await t.app.inject({ method: 'POST', url: '/api/product/stock', payload: { id: figs.id, inStock: false }, headers: { cookie: seller } });
    expect(doneOf(await importCatalogue(['id,name,category,price,offerPrice,stock,images', `${figs.id},Switched Figs,${figs.category},50,40,9,`].join('\n')))).toMatchObject({ updated: 1 });
    expect(await figs$()).toMatchObject({ stock: 9, inStock: true });
    // Yes with 0 units (its own, or its kept count) and a word that is neither are refused on the row; nothing written.
    await t.app.db.update(products).set({ stock: 0, inStock: false }).where(eq(products.id, figs.id));
    const refused = await importCatalogue(
      [
        'id,name,category,price,offerPrice,stock,images,inStock',
        `${figs.id},Switched Figs,${figs.category},50,40,0,,yes`,
        `,New Plums,Fruits,50,40,5,plum.png,maybe`,
      ].join('\n'),
    );
    expect(refused.statusCode).toBe(400);
    expect(body<{ issues: ImportRowIssue[] }>(refused).issues.filter((i) => i.column === 'inStock').map((i) => [i.row, i.column, i.message])).toEqual([
      [2, 'inStock', 'A product with 0 units left cannot be in stock: give its stock, or write no'],
      [3, 'inStock', 'In stock must be yes or no, or empty to leave it as it is'],
    ]);
    const keptZero = await importCatalogue(['id,name,category,price,offerPrice,images,inStock', `${figs.id},Switched Figs,${figs.category},50,40,,yes`].join('\n'));
    expect(body<{ issues: ImportRowIssue[] }>(keptZero).issues.map((i) => i.message)).toEqual(['A product with 0 units left cannot be in stock: give its stock, or write no']);
    expect(await figs$()).toMatchObject({ stock: 0, inStock: false });
  });

  it('an update file that leaves out description, weight or stock keeps the product\'s own; an empty cell of a column it has clears it', async () => {
    const dates = await createProduct(t.app, { name: 'Counted Dates', weight: '500 g', price: 200, offerPrice: 180 });
    await t.app.db.update(products).set({ stock: 5, description: ['Soft', 'Sweet'] }).where(eq(products.id, dates.id));
    const priceOnly = await importCatalogue(['id,name,category,price,offerPrice,images', `${dates.id},Counted Dates,${dates.category},210,190,`].join('\n'));
    expect(doneOf(priceOnly)).toMatchObject({ created: 0, updated: 1 });
    const [kept] = await t.app.db.select().from(products).where(eq(products.id, dates.id));
    expect(kept).toMatchObject({ priceMinor: 21_000, offerPriceMinor: 19_000, stock: 5, inStock: true, weight: '500 g', description: ['Soft', 'Sweet'] });
    // The column is there and its cell empty: stock no longer counted, as documented.
    const cleared = await importCatalogue(['id,name,category,price,offerPrice,stock,images', `${dates.id},Counted Dates,${dates.category},210,190,,`].join('\n'));
    expect(doneOf(cleared)).toMatchObject({ updated: 1 });
    expect((await t.app.db.select().from(products).where(eq(products.id, dates.id)))[0]).toMatchObject({ stock: null, weight: '500 g', description: ['Soft', 'Sweet'] });
  });

  it('makes nothing again from a file imported twice (sent again after its answer was lost): its rows are unchanged; a changed price is a new product', async () => {
    const image = (await t.app.db.select({ images: products.images }).from(products).where(sql`jsonb_array_length(${products.images}) > 0`).limit(1))[0]!.images[0]!;
    const rows = [
      ['Twice Guava', '', 'Fruits', 80, 70, '1 kg', '', image],
      ['Twice Plums', '', 'Fruits', 90, 85, '', '', image],
    ];
    expect(doneOf(await importCatalogue(csvOf([HEADER, ...rows]), undefined, undefined, await sellerCookie(t.app)))).toMatchObject({ created: 2, unchanged: 0 });
    const again = await Promise.all([importCatalogue(csvOf([HEADER, ...rows])), importCatalogue(csvOf([HEADER, ...rows]))]);
    expect(again.map((res) => doneOf(res))).toEqual(again.map(() => expect.objectContaining({ created: 0, unchanged: 2 })));
    expect(doneOf(await importCatalogue(csvOf([HEADER, ['twice guava', '', 'Fruits', 80, 65, '1 kg', '', image]])))).toMatchObject({ created: 1 });
    expect(await t.app.db.$count(products, sql`lower(${products.name}) in ('twice guava', 'twice plums')`)).toBe(3);
  });

  it("takes a row without an id for the shop's product of the same name, category, size and prices, changed where the row changes it (a daily stock sheet kept without ids)", async () => {
    const image = (await t.app.db.select({ images: products.images }).from(products).where(sql`jsonb_array_length(${products.images}) > 0`).limit(1))[0]!.images[0]!;
    const sheet = (stock: number, description: string) => csvOf([HEADER, ['Sheet Tomatoes', description, 'Vegetables', 40, 35, '1 kg', stock, image]]);
    expect(doneOf(await importCatalogue(sheet(40, 'Ripe')))).toMatchObject({ created: 1, updated: 0, unchanged: 0 });
    // The next day's counts: the product changed, not "unchanged" with its counts dropped (a probe), nor made twice.
    expect(doneOf(await importCatalogue(sheet(55, 'Ripe and red')))).toMatchObject({ created: 0, updated: 1, unchanged: 0 });
    const rows = await t.app.db.select().from(products).where(sql`lower(${products.name}) = 'sheet tomatoes'`);
    expect(rows.map((r) => ({ stock: r.stock, description: r.description }))).toEqual([{ stock: 55, description: ['Ripe and red'] }]);
    // The same product named by its id too: changed by that row alone, its twin row left (not changed twice).
    const [tomatoes] = rows;
    const both = csvOf([['id', ...HEADER], [tomatoes!.id, 'Sheet Tomatoes', 'Ripe and red', 'Vegetables', 40, 35, '1 kg', 50, image], ['', 'Sheet Tomatoes', 'Ripe and red', 'Vegetables', 40, 35, '1 kg', 99, image]]);
    expect(doneOf(await importCatalogue(both))).toMatchObject({ created: 0, updated: 1, unchanged: 1 });
    expect((await t.app.db.select({ stock: products.stock }).from(products).where(sql`lower(${products.name}) = 'sheet tomatoes'`))).toEqual([{ stock: 50 }]);
    // Two products of the shop alike in all of these: the row could be either, so it changes neither.
    await createProduct(t.app, { name: 'Sheet Tomatoes', category: 'Vegetables', price: 40, offerPrice: 35, weight: '1 kg' });
    expect(doneOf(await importCatalogue(sheet(60, 'Ripe and red')))).toMatchObject({ created: 0, updated: 0, unchanged: 1 });
  });

  it("writes over the product as it is when the file is written, not as it was when the file was checked: units sold meanwhile stay sold (a probe)", async () => {
    const figs = await createProduct(t.app, { name: 'Raced Figs', weight: '250 g', price: 200, offerPrice: 180 });
    await t.app.db.update(products).set({ stock: 9 }).where(eq(products.id, figs.id));
    const file = ['id,name,category,price,offerPrice,images', `${figs.id},Raced Figs,${figs.category},210,190,`].join('\n');
    const plan = await t.app.catalogueImport.check(await operatorId(t.app), Buffer.from(file), undefined);
    // While the zip's images are stored: 3 sold, and the seller renames the weight by hand.
    await t.app.db.update(products).set({ stock: 6, weight: '300 g' }).where(eq(products.id, figs.id));
    expect(await t.app.catalogueImport.run(plan, undefined, () => {})).toMatchObject({ updated: 1 });
    const [after] = await t.app.db.select().from(products).where(eq(products.id, figs.id));
    expect(after).toMatchObject({ priceMinor: 21_000, offerPriceMinor: 19_000, stock: 6, inStock: true, weight: '300 g' });
  });

  it('a failure while writing (in the second insert batch) rolls every row back and removes the images it stored', async () => {
    // A trigger makes the database refuse one row of the second batch of 500, after the first was inserted.
    await t.app.db.execute(sql`create function refuse_explode() returns trigger language plpgsql as $$ begin if new.name = 'Explode' then raise exception 'refused'; end if; return new; end $$`);
    await t.app.db.execute(sql`create trigger refuse_explode before insert on products for each row execute function refuse_explode()`);
    try {
      const rows = Array.from({ length: 600 }, (_, i) => [i === 550 ? 'Explode' : `Batch Plum ${i}`, '', 'Fruits', 10, 9, '', '', i % 2 ? 'plum.png' : 'fig.png']);
      const zip = await zipOf([
        { name: 'plum.png', data: await testImage('png', 100) },
        { name: 'fig.png', data: await testImage('jpeg', 120) },
      ]);
      const res = await importCatalogue(csvOf([HEADER, ...rows]), zip);
      expect(res.statusCode).toBe(200);
      const events = eventsOf(res);
      expect(events.some((e) => e.type === 'progress' && e.phase === 'rows' && e.done === 500)).toBe(true);
      expect(events.at(-1)).toEqual({ type: 'failed', code: 'INTERNAL_ERROR', message: 'The import failed and nothing was written. Please try again.' });
      await nothingWritten();
    } finally {
      await t.app.db.execute(sql`drop trigger refuse_explode on products`);
      await t.app.db.execute(sql`drop function refuse_explode()`);
    }
  });

  it('a zip image whose header reads but whose pixels do not (cut off) fails the import naming it, writing nothing', async () => {
    const zip = await zipOf([
      { name: 'whole.png', data: await testImage('png', 80) },
      { name: 'cut.png', data: cutOff(await testImage('png', 200)) },
    ]);
    const res = await importCatalogue(csvOf([HEADER, ['Whole Fig', '', 'Fruits', 10, 9, '', '', 'whole.png'], ['Cut Fig', '', 'Fruits', 10, 9, '', '', 'cut.png']]), zip);
    expect(eventsOf(res).at(-1)).toEqual({ type: 'failed', code: 'INVALID_IMAGE', message: 'Image "cut.png" could not be read: the file is damaged or cut off' });
    await nothingWritten();
  });

  it('a failure while storing the images removes the ones already stored and writes no row', async () => {
    const real = t.app.images.store.bind(t.app.images);
    let calls = 0;
    const store = vi.spyOn(t.app.images, 'store').mockImplementation(async (data, label) => {
      calls += 1;
      if (calls === 3) throw Object.assign(new Error('ENOSPC: no space left on device'), { code: 'ENOSPC' });
      return real(data, label);
    });
    try {
      const zip = await zipOf(await Promise.all([1, 2, 3, 4].map(async (i) => ({ name: `p${i}.png`, data: await testImage('png', 60 + i) }))));
      const res = await importCatalogue(csvOf([HEADER, ...[1, 2, 3, 4].map((i) => [`Stored Fig ${i}`, '', 'Fruits', 10, 9, '', '', `p${i}.png`])]), zip);
      // Said as any call says a full disk, not "INTERNAL_ERROR" (a crash probe).
      expect(eventsOf(res).at(-1)).toEqual({ type: 'failed', code: 'STORAGE_FULL', message: 'The shop cannot save anything right now: its storage is full. Please try again later.' });
      await nothingWritten();
    } finally {
      store.mockRestore();
    }
  });

  it('refuses rows naming an unknown or retired product (saying who retired it), or one product twice (both rows)', async () => {
    const product = await createProduct(t.app);
    const retired = await createProduct(t.app);
    await t.app.db.update(products).set({ retiredAt: new Date() }).where(eq(products.id, retired.id));
    const removed = await createProduct(t.app);
    await t.app.db.update(products).set({ retiredAt: new Date(), removedByOperator: true, removalReason: 'Mislabelled' }).where(eq(products.id, removed.id));
    const header = ['id', ...HEADER];
    const res = await importCatalogue(
      csvOf([
        header,
        [product.id, 'A', '', 'Fruits', 1, 1, '', '', ''],
        [product.id, 'B', '', 'Fruits', 1, 1, '', '', ''],
        [retired.id, 'C', '', 'Fruits', 1, 1, '', '', ''],
        ['00000000-0000-4000-8000-000000000000', 'D', '', 'Fruits', 1, 1, '', '', ''],
        [removed.id, 'E', '', 'Fruits', 1, 1, '', '', ''],
      ]),
    );
    expect(res.statusCode).toBe(400);
    const issues = body<{ issues: ImportRowIssue[] }>(res).issues;
    expect(issues.map((i) => [i.row, i.column, i.message])).toEqual([
      // Two edits of one product: neither is applied, whichever came first (a probe saw the first win, unsaid).
      [2, 'id', 'This product is on rows 2, 3: keep one of them'],
      [3, 'id', 'This product is on rows 2, 3: keep one of them'],
      [4, 'id', 'This product was deleted: restore it from Deleted products first, or take its row out'],
      [5, 'id', 'No product of this shop has this id'],
      [6, 'id', 'The operator removed this product (see Deleted products): take its row out'],
    ]);
  });

  it('refuses a new product\'s row pasted twice (it would make the product twice), naming the first, and writes nothing', async () => {
    const fig = ['Twice Fig', 'Soft', 'Fruits', 80, 70, '', '', 'fig.png'];
    // The same once read: a price written otherwise, the name in other letters and spacing.
    const alike = [' twice  FIG', 'Soft', 'Fruits', '80.00', '70.0', '', '', 'fig.png'];
    const res = await importCatalogue(csvOf([HEADER, fig, ['Once Fig', 'Soft', 'Fruits', 80, 70, '', '', 'fig.png'], fig, alike]), await zipOf([{ name: 'fig.png', data: await testImage() }]));
    expect(res.statusCode).toBe(400);
    expect(body<{ issues: ImportRowIssue[] }>(res).issues.map((i) => [i.row, i.column, i.message])).toEqual([
      [4, 'row', 'This row repeats row 2: a new product is made once'],
      [5, 'row', 'This row repeats row 2: a new product is made once'],
    ]);
    expect((await listed()).filter((p) => p.name.endsWith(' Fig') && /^(Twice|Once)/.test(p.name))).toEqual([]);
  });

  it('reads a UTF-16 file with its byte-order mark (a spreadsheet\'s "Unicode text") with its accents, and tab- or semicolon-separated files', async () => {
    const csv = csvOf([HEADER, ['Crème Fraîche Fig', 'Soft|Sweet', 'Fruits', 80, 70, '', '', 'fig.png']]);
    const res = await importCatalogue(Buffer.concat([Buffer.from([0xff, 0xfe]), Buffer.from(csv, 'utf16le')]), await zipOf([{ name: 'fig.png', data: await testImage() }]));
    expect(doneOf(res)).toMatchObject({ type: 'done', created: 1 });
    expect((await listed()).find((p) => p.name === 'Crème Fraîche Fig')).toMatchObject({ description: ['Soft', 'Sweet'], price: 80 });
    // As a spreadsheet saves "Unicode text": tab-separated; and its "CSV" where the comma is the decimal mark: semicolons.
    for (const [separator, name] of [['\t', 'Tabbed Fig'], [';', 'Semicolon Fig']] as const) {
      const text = [HEADER.join(separator), [name, 'Soft|Sweet', 'Fruits', 80, 70, '', '', 'fig.png'].join(separator)].join('\r\n');
      const file = separator === '\t' ? Buffer.concat([Buffer.from([0xff, 0xfe]), Buffer.from(text, 'utf16le')]) : Buffer.from(text);
      const imported = await importCatalogue(file, await zipOf([{ name: 'fig.png', data: await testImage() }]));
      expect(doneOf(imported), name).toMatchObject({ type: 'done', created: 1 });
      expect((await listed()).find((p) => p.name === name)).toMatchObject({ description: ['Soft', 'Sweet'], price: 80 });
    }
  });

  it('reads the column names in any letter case, as a spreadsheet capitalises them; "Price" twice is still one column twice', async () => {
    const capitalised = ['Name', 'Description', 'CATEGORY', 'Price', 'OfferPrice', 'Weight', 'Stock', 'Images'];
    const res = await importCatalogue(csvOf([capitalised, ['Title Case Fig', 'Soft', 'Fruits', 80, 70, '', '', 'fig.png']]), await zipOf([{ name: 'fig.png', data: await testImage() }]));
    expect(doneOf(res)).toMatchObject({ type: 'done', created: 1 });
    expect((await listed()).find((p) => p.name === 'Title Case Fig')).toMatchObject({ category: 'Fruits', price: 80, offerPrice: 70 });
    const twice = await importCatalogue(csvOf([[...HEADER, 'PRICE'], ['Twice Fig', '', 'Fruits', 80, 70, '', '', 'fig.png', 80]]));
    expect(twice.statusCode).toBe(400);
    expect(body(twice)).toMatchObject({ message: 'The column "price" appears twice' });
  });

  it('reads a decimal comma in the numbers of a semicolon file (a comma-decimal spreadsheet\'s "CSV"), never a thousands separator, and keeps a comma file\'s meaning', async () => {
    const zip = async () => zipOf([{ name: 'ghee.png', data: await testImage() }]);
    const header = 'name;category;price;offerPrice;netQuantity;images';
    const res = await importCatalogue(Buffer.from([header, 'Semicolon Ghee;Dairy;49,5;45,25;1,5 kg;ghee.png'].join('\r\n')), await zip());
    expect(res.statusCode).toBe(200);
    expect(doneOf(res)).toMatchObject({ type: 'done', created: 1 });
    expect((await listed()).find((p) => p.name === 'Semicolon Ghee')).toMatchObject({ price: 49.5, offerPrice: 45.25, netQuantity: { amount: 1.5, unit: 'kg' } });

    // "1.234,5" groups its thousands: refused, not guessed to be 1234.5 (or 1.2345).
    const grouped = await importCatalogue(Buffer.from([header, 'Grouped Ghee;Dairy;1.234,5;1 200,25;1,5 kg;ghee.png'].join('\r\n')), await zip());
    expect(grouped.statusCode).toBe(400);
    expect(body<{ issues: ImportRowIssue[] }>(grouped).issues.map((i) => [i.path, i.message])).toEqual([
      ['2.price', 'Price "1.234,5" has a point or a space between digits: in a file separated by semicolons, write it without a thousands separator and with a comma before the decimals (1234,5)'],
      ['2.offerPrice', 'Offer price "1 200,25" has a point or a space between digits: in a file separated by semicolons, write it without a thousands separator and with a comma before the decimals (1234,5)'],
    ]);
    // A comma-separated file's comma is never a decimal mark: a quoted "49,5" is no number there, and the message says why.
    const commas = await importCatalogue(csvOf([HEADER, ['Comma Ghee', '', 'Dairy', '49,5', 45, '', '', 'ghee.png']]), await zip());
    expect(commas.statusCode).toBe(400);
    expect(body<{ issues: ImportRowIssue[] }>(commas).issues).toEqual([
      expect.objectContaining({ path: '2.price', message: 'Price "49,5" has a comma between digits: write it without a thousands separator and with a point before the decimals (1234.5)' }),
    ]);
    expect((await listed()).filter((p) => /^(Grouped|Comma) Ghee$/.test(p.name))).toEqual([]);
  });

  it('finds a zip image whatever the letter case of its name (a camera\'s Upper.JPG named upper.jpg), storing it once', async () => {
    const zip = await zipOf([{ name: 'DCIM/Upper.JPG', data: await testImage('jpeg', 90) }]);
    const res = await importCatalogue(csvOf([HEADER, ['Upper Fig', '', 'Fruits', 10, 9, '', '', 'upper.jpg'], ['Upper Fig Box', '', 'Fruits', 50, 45, '', '', 'UPPER.jpg']]), zip);
    expect(res.statusCode).toBe(200);
    expect(doneOf(res)).toMatchObject({ type: 'done', created: 2 });
    expect((await storedImageNames(t)).length - before.files.length).toBe(IMAGE_WIDTHS.length);
    const shop = await listed();
    expect(shop.find((p) => p.name === 'Upper Fig')?.image).toHaveLength(1);
    expect(shop.find((p) => p.name === 'Upper Fig Box')?.image).toEqual(shop.find((p) => p.name === 'Upper Fig')?.image);
  });

  it('imports the sample CSV as downloaded, reusing images the shop already has', async () => {
    const { payload, headers } = await multipartBody({ productData: JSON.stringify({ name: 'Stored Carrot', category: 'Vegetables', price: 10, offerPrice: 9 }) }, [
      { name: 'carrot.png', data: await testImage() },
    ]);
    expect((await t.app.inject({ method: 'POST', url: '/api/product/add', payload, headers: { ...headers, cookie: seller } })).statusCode).toBe(200);
    const sample = await t.app.inject({ method: 'GET', url: '/api/product/import/sample', headers: { cookie: seller } });
    expect(sample.statusCode).toBe(200);
    expect(sample.headers['content-disposition']).toBe('attachment; filename="greencart-sample.csv"');
    expect(sample.body.split('\n')[0]).toBe([...HEADER, 'netQuantity', 'inStock'].join(','));
    const filesBefore = await storedImageNames(t);
    const res = await importCatalogue(sample.body);
    expect(res.statusCode).toBe(200);
    expect(doneOf(res)).toMatchObject({ created: 3 });
    expect(await storedImageNames(t)).toEqual(filesBefore);
    expect((await listed()).map((p) => p.name)).toEqual(expect.arrayContaining(['Sample Heirloom Tomatoes', 'Sample Alphonso Mangoes', 'Sample Greek Yogurt']));
    // Issue 28: the sample's net quantities come in as the products' own.
    expect((await listed()).find((p) => p.name === 'Sample Heirloom Tomatoes')?.netQuantity).toEqual({ amount: 500, unit: 'g' });
    // Not on sale until the seller says so: imported as downloaded, "Sample …" products were in the shop at once (a probe).
    expect((await listed()).filter((p) => p.name.startsWith('Sample ')).map((p) => p.inStock)).toEqual([false, false, false]);
  });

  it("finds the sample's images through the shop's own index of the category, whatever else the catalogue holds", async () => {
    const shop = await operatorId(t.app);
    const other = (await createShop(t.app)).id;
    const [query] = findCategoryImages(t.app.db, shop, ['Vegetables']);
    const { sql: text, params } = query!.toSQL();
    const literal = (value: unknown) => (typeof value === 'string' ? `'${value}'` : String(value));
    let plan = '';
    // Rolled back: the other tests keep their catalogue.
    const rolledBack = t.app.db.transaction(async (tx) => {
      // A marketplace's catalogue with its statistics: another shop's vegetables by the thousand, this shop's other
      // categories. On a small table once analyzed, the planner read the category's index, or the shop's and a sort.
      await tx.execute(sql`
        insert into products (seller_id, name, category, price_minor, offer_price_minor)
        select case when n % 2 = 0 then ${other}::uuid else ${shop}::uuid end, 'Filler ' || n, case when n % 2 = 0 then 'Vegetables' else 'Dairy' end, 5000, 4000
        from generate_series(1, 4000) n`);
      await tx.execute(sql`analyze products`);
      plan = JSON.stringify(await tx.execute(sql.raw(`explain ${text.replace(/\$(\d+)/g, (_m, n: string) => literal(params[Number(n) - 1]))}`)));
      tx.rollback();
    });
    await expect(rolledBack).rejects.toThrow('Rollback');
    expect(plan).toContain('products_seller_category_order_idx');
    expect(plan).not.toContain('Sort');
  });
});

describe('refusals', () => {
  const GOOD_ROW = ['Refused Fig', '', 'Fruits', 10, 9, '', '', 'fig.png'];

  it("refuses a row naming another shop's stored image: a shop reuses its own images only", async () => {
    const other = await createShop(t.app);
    const [shown] = (await t.app.db.select({ images: products.images }).from(products).where(eq(products.sellerId, await operatorId(t.app))).limit(1))[0]!.images;
    const res = await importCatalogue(csvOf([HEADER, ['Borrowed Fig', '', 'Fruits', 10, 9, '', '', shown!]]), undefined, undefined, other.cookie);
    expect(res.statusCode).toBe(400);
    expect(body<{ issues: ImportRowIssue[] }>(res).issues).toEqual([expect.objectContaining({ path: '2.images', message: `Image "${shown}" is not an image of this shop: send it in the zip` })]);
    // Its own images it may name.
    const own = await importCatalogue(csvOf([HEADER, ['Own Fig', '', 'Fruits', 10, 9, '', '', shown!]]));
    expect(own.statusCode).toBe(200);
  });

  /** A zip whose entry is named `name`: built as `aa/…` and patched, since zip writers refuse such names. */
  async function zipNamed(name: string) {
    const placeholder = 'x'.repeat(name.length);
    const zip = await zipOf([{ name: placeholder, data: await testImage() }]);
    return Buffer.from(zip.toString('latin1').replaceAll(placeholder, name), 'latin1');
  }

  it.each<[string, () => Promise<{ csv: string | Buffer; zip?: Buffer }>, RegExp]>([
    ['a zip that is not one', async () => ({ csv: csvOf([HEADER, GOOD_ROW]), zip: Buffer.from('not a zip at all') }), /^The images file is not a zip archive/],
    ['a zip entry named ../fig.png', async () => ({ csv: csvOf([HEADER, GOOD_ROW]), zip: await zipNamed('../fig.png') }), /^The zip holds an entry whose name leaves its folder/],
    ['a zip entry named /etc/fig.png', async () => ({ csv: csvOf([HEADER, GOOD_ROW]), zip: await zipNamed('/etc/fig.png') }), /^The zip holds an entry whose name leaves its folder/],
    ['a zip entry named ..\\fig.png', async () => ({ csv: csvOf([HEADER, GOOD_ROW]), zip: await zipNamed('..\\fig.png') }), /^The zip holds an entry whose name leaves its folder/],
    [
      'a zip bomb (entries that say they unpack to 2 GB)',
      async () => {
        const zip = await zipOf([{ name: 'fig.png', data: await testImage() }]);
        const central = zip.indexOf(Buffer.from([0x50, 0x4b, 0x01, 0x02]));
        zip.writeUInt32LE(0x7fffffff, central + 24);
        return { csv: csvOf([HEADER, GOOD_ROW]), zip };
      },
      /^The zip unpacks to more than 1024 MB/,
    ],
    ['two images of one name', async () => ({ csv: csvOf([HEADER, GOOD_ROW]), zip: await zipOf([{ name: 'a/fig.png', data: await testImage() }, { name: 'b/fig.png', data: await testImage() }]) }), /two files named "fig\.png"/],
    [
      'two images whose names differ only in capitals',
      async () => ({ csv: csvOf([HEADER, GOOD_ROW]), zip: await zipOf([{ name: 'a/Fig.png', data: await testImage() }, { name: 'b/fig.png', data: await testImage() }]) }),
      /^The zip holds two files named "Fig\.png" and "fig\.png": image names are read in any letter case/,
    ],
    ['a CSV over 20 MB', async () => ({ csv: Buffer.alloc(IMPORT_LIMITS.csvBytes + 1, 'a') }), /^The CSV is larger than 20 MB/],
    ['more rows than the limit', async () => ({ csv: csvOf([HEADER, ...Array.from({ length: IMPORT_LIMITS.rows + 1 }, () => GOOD_ROW)]) }), /^The CSV has more than 50,000 products/],
    ['an unknown column', async () => ({ csv: csvOf([[...HEADER, 'colour'], [...GOOD_ROW, 'red']]) }), /^Unknown column "colour"/],
    ['a missing price column', async () => ({ csv: csvOf([HEADER.filter((c) => c !== 'price'), GOOD_ROW.slice(1)]) }), /^The CSV has no price column$/],
    ['an empty file', async () => ({ csv: '' }), /^The CSV is empty/],
    ['a header without rows', async () => ({ csv: csvOf([HEADER]) }), /^The CSV has a header and no products$/],
    ['an unclosed quote', async () => ({ csv: `${HEADER.join(',')}\n"Fig,,Fruits,1,1,,,fig.png\n` }), /^The CSV cannot be read/],
    // A spreadsheet's older "CSV" is Windows-1252: it was imported with "Caf� Cr�me" for a name.
    [
      'a file in Windows-1252, not UTF-8',
      async () => ({ csv: Buffer.from(csvOf([HEADER, GOOD_ROW, ['Café Crème', ...GOOD_ROW.slice(1)]]), 'latin1') }),
      /^The CSV is not UTF-8 text \(line 3\): save it from your spreadsheet as "CSV UTF-8" and import it again$/,
    ],
    // PostgreSQL's text cannot hold one: the import failed with INTERNAL_ERROR.
    ['a NUL character', async () => ({ csv: csvOf([HEADER, GOOD_ROW, ['Fig\u0000', ...GOOD_ROW.slice(1)]]) }), /^Line 3 of the CSV: Text cannot contain a NUL character \(U\+0000\); is the file a CSV\?$/],
  ])('refuses %s with a clear 400 and writes nothing', async (_label, make, message) => {
    const count = (await allProducts()).length;
    const files = await storedImageNames(t);
    const { csv, zip } = await make();
    const res = await importCatalogue(csv, zip);
    expect(res.statusCode).toBe(400);
    expect(body(res)).toEqual({ success: false, code: 'INVALID_IMPORT_FILE', message: expect.stringMatching(message) });
    expect((await allProducts()).length).toBe(count);
    expect(await storedImageNames(t)).toEqual(files);
  });

  it('refuses a form without the csv, a bad mode, and a body that is not multipart', async () => {
    const noCsv = await multipartBody({ mode: 'all' });
    expect(body(await t.app.inject({ method: 'POST', url: '/api/product/import', payload: noCsv.payload, headers: { ...noCsv.headers, cookie: seller } }))).toMatchObject({
      code: 'INVALID_IMPORT_FILE',
      message: 'Choose the CSV file to import (field "csv")',
    });
    const badMode = await multipartBody({ mode: 'some' }, [{ field: 'csv', name: 'c.csv', data: Buffer.from(csvOf([HEADER, GOOD_ROW])) }]);
    const res = await t.app.inject({ method: 'POST', url: '/api/product/import', payload: badMode.payload, headers: { ...badMode.headers, cookie: seller } });
    expect(res.statusCode).toBe(400);
    expect(body(res).message).toBe('mode must be "all" or "valid-only"');
    const json = await t.app.inject({ method: 'POST', url: '/api/product/import', payload: { csv: 'x' }, headers: { cookie: seller } });
    expect(json.statusCode).toBe(400);
    expect(body(json)).toMatchObject({ success: false, code: 'INVALID_IMPORT_FILE' });
  });

  it('is for the seller only: visitors get 401 and shoppers 403 on import, export and the sample', async () => {
    const count = (await allProducts()).length;
    const shopper = (await createShopper(t.app)).cookie;
    for (const [cookie, status] of [
      ['', 401],
      [shopper, 403],
    ] as const) {
      expect((await importCatalogue(csvOf([HEADER, GOOD_ROW]), undefined, 'all', cookie)).statusCode).toBe(status);
      expect((await exportCsv(cookie)).statusCode).toBe(status);
      expect((await t.app.inject({ method: 'GET', url: '/api/product/import/sample', headers: { cookie } })).statusCode).toBe(status);
    }
    expect((await allProducts()).length).toBe(count);
  });
});
