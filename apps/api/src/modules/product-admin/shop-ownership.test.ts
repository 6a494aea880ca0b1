import type { ImportEvent, Product } from '@greencart/shared';
import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { products } from '../../db/schema/index.js';
import { csvOf, importForm, zipOf } from '../../test/catalogue-builders.js';
import { insertTestOrder, multipartBody, testImage } from '../../test/seller-builders.js';
import { keptMail, shopThroughApi } from '../../test/shop-builders.js';
import { body, buildTestApp, createProduct, createShopper, mailsSent, sellerCookie, type TestApp } from '../../test/test-app.js';

/**
 * Issue 26's authorization matrix for the seller's product calls: two shops, the operator, a shopper and a
 * visitor each try every call on a product of shop A. Only A changes its own products; another shop's is
 * not found (404), as if it did not exist; the operator reads every shop's products and may retire any,
 * but changes only its own; shoppers are refused (403) and visitors asked to log in (401).
 */
const mail = keptMail();
let t: TestApp;
const cookies: Record<string, string | undefined> = {};
let shopA: string;
let shopB: string;
beforeAll(async () => {
  t = await buildTestApp({}, { mailer: mail });
  const a = await shopThroughApi(t.app, mail, { application: { shopName: 'Shop A' } });
  const b = await shopThroughApi(t.app, mail, { application: { shopName: 'Shop B' } });
  shopA = a.id;
  shopB = b.id;
  Object.assign(cookies, { 'shop A': a.cookie, 'shop B': b.cookie, operator: await sellerCookie(t.app), shopper: (await createShopper(t.app)).cookie, visitor: undefined });
});
afterAll(() => t.close());

type Outcome = 'changed' | 'sees it' | 'does not see it' | 'not found' | 'refused 403' | 'log in 401';

/** What the answer says happened to shop A's product (`changed` is checked in the database, not only the status). */
function refusal(res: { statusCode: number }): Outcome | undefined {
  if (res.statusCode === 401) return 'log in 401';
  if (res.statusCode === 403) return 'refused 403';
  if (res.statusCode === 404) return 'not found';
  return undefined;
}

const inject = (method: 'GET' | 'POST', url: string, cookie: string | undefined, extra: { payload?: unknown; headers?: Record<string, string> } = {}) =>
  t.app.inject({ method, url, payload: extra.payload as string, headers: { ...extra.headers, ...(cookie ? { cookie } : {}) } });

const row = async (id: string) => (await t.app.db.select().from(products).where(eq(products.id, id)))[0]!;
/** Deleted by its own shop, as POST /api/product/delete does it. */
async function retiredByShop(id: string) {
  await t.app.db.update(products).set({ retiredAt: new Date(), inStock: false }).where(eq(products.id, id));
  t.app.products.invalidate();
}

/** Each call, on a fresh product of shop A (counted, 2 units left: on the low-stock list). */
const calls: Record<string, (cookie: string | undefined, product: { id: string; name: string }) => Promise<Outcome>> = {
  async 'edit (POST /api/product/update)'(cookie, product) {
    const { payload, headers } = await multipartBody({ productData: JSON.stringify({ id: product.id, name: 'Renamed' }) });
    const res = await inject('POST', '/api/product/update', cookie, { payload, headers });
    return refusal(res) ?? ((await row(product.id)).name === 'Renamed' ? 'changed' : 'not found');
  },
  async 'retire (POST /api/product/delete)'(cookie, product) {
    const res = await inject('POST', '/api/product/delete', cookie, { payload: { id: product.id, reason: 'Matrix check' } });
    return refusal(res) ?? ((await row(product.id)).retiredAt ? 'changed' : 'not found');
  },
  async 'restore a deleted one (POST /api/product/restore)'(cookie, product) {
    await retiredByShop(product.id);
    const res = await inject('POST', '/api/product/restore', cookie, { payload: { id: product.id } });
    return refusal(res) ?? ((await row(product.id)).retiredAt === null ? 'changed' : 'not found');
  },
  async 'deleted list (GET /api/seller/products/retired)'(cookie, product) {
    await retiredByShop(product.id);
    const res = await inject('GET', `/api/seller/products/retired?q=${encodeURIComponent(product.name)}`, cookie);
    return refusal(res) ?? (body<{ products: Product[] }>(res).products.some((p) => p._id === product.id) ? 'sees it' : 'does not see it');
  },
  async 'stock (POST /api/product/stock)'(cookie, product) {
    const res = await inject('POST', '/api/product/stock', cookie, { payload: { id: product.id, stock: 7 } });
    return refusal(res) ?? ((await row(product.id)).stock === 7 ? 'changed' : 'not found');
  },
  async 'import a row of its id (POST /api/product/import)'(cookie, product) {
    const csv = csvOf([
      ['id', 'name', 'description', 'category', 'price', 'offerPrice', 'weight', 'stock', 'images'],
      [product.id, 'Imported name', 'Fresh', 'Fruits', 50, 40, '1 kg', 2, ''],
    ]);
    const { payload, headers } = await importForm(csv);
    const res = await inject('POST', '/api/product/import', cookie, { payload, headers });
    if (refusal(res)) return refusal(res)!;
    if (res.statusCode === 400 && body(res).code === 'IMPORT_INVALID_ROWS') return 'not found';
    const done = JSON.parse(res.body.trim().split('\n').at(-1)!) as ImportEvent;
    return done.type === 'done' && done.updated === 1 && (await row(product.id)).name === 'Imported name' ? 'changed' : 'not found';
  },
  async 'export (GET /api/product/export)'(cookie, product) {
    const res = await inject('GET', '/api/product/export', cookie);
    return refusal(res) ?? (res.body.includes(product.id) ? 'sees it' : 'does not see it');
  },
  async 'list (GET /api/seller/products)'(cookie, product) {
    const res = await inject('GET', `/api/seller/products?q=${encodeURIComponent(product.name)}`, cookie);
    return refusal(res) ?? (body<{ products: Product[] }>(res).products.some((p) => p._id === product.id) ? 'sees it' : 'does not see it');
  },
  async 'low stock (GET /api/seller/products/low-stock)'(cookie, product) {
    const res = await inject('GET', '/api/seller/products/low-stock', cookie);
    return refusal(res) ?? (body<{ products: Product[] }>(res).products.some((p) => p._id === product.id) ? 'sees it' : 'does not see it');
  },
};

const expected: Record<string, Record<string, Outcome>> = {
  'shop A': {
    'edit (POST /api/product/update)': 'changed',
    'retire (POST /api/product/delete)': 'changed',
    'restore a deleted one (POST /api/product/restore)': 'changed',
    'deleted list (GET /api/seller/products/retired)': 'sees it',
    'stock (POST /api/product/stock)': 'changed',
    'import a row of its id (POST /api/product/import)': 'changed',
    'export (GET /api/product/export)': 'sees it',
    'list (GET /api/seller/products)': 'sees it',
    'low stock (GET /api/seller/products/low-stock)': 'sees it',
  },
  'shop B': {
    'edit (POST /api/product/update)': 'not found',
    'retire (POST /api/product/delete)': 'not found',
    'restore a deleted one (POST /api/product/restore)': 'not found',
    'deleted list (GET /api/seller/products/retired)': 'does not see it',
    'stock (POST /api/product/stock)': 'not found',
    'import a row of its id (POST /api/product/import)': 'not found',
    'export (GET /api/product/export)': 'does not see it',
    'list (GET /api/seller/products)': 'does not see it',
    'low stock (GET /api/seller/products/low-stock)': 'does not see it',
  },
  operator: {
    'edit (POST /api/product/update)': 'not found',
    'retire (POST /api/product/delete)': 'changed',
    'restore a deleted one (POST /api/product/restore)': 'changed',
    'deleted list (GET /api/seller/products/retired)': 'sees it',
    'stock (POST /api/product/stock)': 'not found',
    'import a row of its id (POST /api/product/import)': 'not found',
    'export (GET /api/product/export)': 'does not see it',
    'list (GET /api/seller/products)': 'sees it',
    // Only a shop counts its stock, so the list of what to count again is each shop's own (0117, amended).
    'low stock (GET /api/seller/products/low-stock)': 'does not see it',
  },
  shopper: Object.fromEntries(Object.keys(calls).map((call) => [call, 'refused 403'])),
  visitor: Object.fromEntries(Object.keys(calls).map((call) => [call, 'log in 401'])),
};

describe("the seller's product calls over two shops, the operator, a shopper and a visitor", () => {
  for (const [actor, outcomes] of Object.entries(expected)) {
    it(`${actor}: ${[...new Set(Object.values(outcomes))].join(', ')}`, async () => {
      const seen: Record<string, Outcome> = {};
      for (const [call, run] of Object.entries(calls)) {
        const product = await createProduct(t.app, { sellerId: shopA, name: `Matrix ${actor} ${call}` });
        await t.app.db.update(products).set({ stock: 2 }).where(eq(products.id, product.id));
        t.app.products.invalidate();
        seen[call] = await run(cookies[actor], product);
      }
      expect(seen).toEqual(outcomes);
    });
  }

  it("the operator removes another shop's product only with a reason, which the shop gets by e-mail and cannot undo; a shop's own removal mails nobody", async () => {
    const shopProduct = await createProduct(t.app, { sellerId: shopA, name: 'Moderated Mango' });
    const before = mail.sent.length;
    const unexplained = await inject('POST', '/api/product/delete', cookies.operator, { payload: { id: shopProduct.id } });
    expect(unexplained.statusCode).toBe(400);
    expect(body(unexplained)).toMatchObject({ code: 'MODERATION_REASON_REQUIRED', message: "Say why you remove another shop's product: the shop is told by e-mail" });
    expect((await row(shopProduct.id)).retiredAt).toBeNull();
    const blank = await inject('POST', '/api/product/delete', cookies.operator, { payload: { id: shopProduct.id, reason: ' \n ' } });
    expect(body(blank)).toMatchObject({ code: 'MODERATION_REASON_REQUIRED' });
    expect((await row(shopProduct.id)).retiredAt).toBeNull();

    const removed = await inject('POST', '/api/product/delete', cookies.operator, {
      payload: { id: shopProduct.id, reason: 'The label claims a cure.\nHealth claims are not allowed.' },
    });
    expect(removed.statusCode).toBe(200);
    expect((await row(shopProduct.id)).retiredAt).not.toBeNull();
    await mailsSent(t.app);
    const told = mail.sent.slice(before);
    expect(told).toHaveLength(1);
    expect(told[0]).toMatchObject({ subject: 'GreenCart: "Moderated Mango" was removed from Shop A' });
    expect(told[0]!.text).toContain('Reason: The label claims a cure.\nHealth claims are not allowed.');

    // The shop sees why it cannot bring the product back; only the operator can (decision 0231).
    const shopSees = body<{ products: (Product & { removedByOperator: boolean })[] }>(await inject('GET', '/api/seller/products/retired?q=Moderated%20Mango', cookies['shop A'])).products;
    expect(shopSees).toEqual([expect.objectContaining({ _id: shopProduct.id, removedByOperator: true, removalReason: 'The label claims a cure.\nHealth claims are not allowed.' })]);
    const undo = await inject('POST', '/api/product/restore', cookies['shop A'], { payload: { id: shopProduct.id } });
    expect(undo.statusCode).toBe(409);
    expect(body(undo)).toMatchObject({ success: false, code: 'REMOVED_BY_OPERATOR', message: 'The operator removed this product from the shop: only the operator can restore it (the e-mail said why)' });
    expect((await row(shopProduct.id)).retiredAt).not.toBeNull();
    const restored = await inject('POST', '/api/product/restore', cookies.operator, { payload: { id: shopProduct.id } });
    expect(body(restored)).toMatchObject({ success: true, product: { _id: shopProduct.id, inStock: false, seller: { shopName: 'Shop A' } } });
    expect(await row(shopProduct.id)).toMatchObject({ retiredAt: null, removedByOperator: false, removalReason: null, sellerId: shopA });

    const own = await createProduct(t.app, { sellerId: shopA, name: 'Own Mango' });
    expect((await inject('POST', '/api/product/delete', cookies['shop A'], { payload: { id: own.id } })).statusCode).toBe(200);
    await mailsSent(t.app);
    expect(mail.sent.slice(before)).toHaveLength(1);
  });

  it('a shop does not put a product the operator removed on sale again under its name, by the form or by an import row without its id', async () => {
    // A probe re-imported a removed product's row without its id and had it back on sale (decision 0231).
    const removedOne = await createProduct(t.app, { sellerId: shopA, name: 'Banned Bitter Gourd' });
    expect((await inject('POST', '/api/product/delete', cookies.operator, { payload: { id: removedOne.id, reason: 'Misleading name' } })).statusCode).toBe(200);
    const addNamed = async (cookie: string | undefined, name: string) => {
      const { payload, headers } = await multipartBody(
        { productData: JSON.stringify({ name, description: ['Green'], category: 'Vegetables', price: 50, offerPrice: 40 }) },
        [{ name: 'gourd.png', data: await testImage() }],
      );
      return inject('POST', '/api/product/add', cookie, { payload, headers });
    };
    const count = async (sellerId: string) => (await t.app.db.select().from(products).where(eq(products.sellerId, sellerId))).length;
    const before = await count(shopA);

    const added = await addNamed(cookies['shop A'], ' banned BITTER gourd ');
    expect(added.statusCode).toBe(409);
    expect(body(added)).toMatchObject({ success: false, code: 'REMOVED_BY_OPERATOR', message: expect.stringContaining('The operator removed a product of this name from the shop') });
    // Written otherwise but read the same (a probe's second try): spaces, a no-break space, a full-width letter, a dotted İ.
    for (const lookAlike of ['Banned  Bitter Gourd', 'Banned\u00A0Bitter Gourd', 'Ｂanned Bitter Gourd', 'BANNED BİTTER GOURD']) {
      expect(body(await addNamed(cookies['shop A'], lookAlike)), lookAlike).toMatchObject({ code: 'REMOVED_BY_OPERATOR' });
    }
    // A zero-width space shows nothing: no product name holds one, as no shop name does.
    expect(body(await addNamed(cookies['shop A'], 'Banned Bitter\u200B Gourd'))).toMatchObject({ code: 'INVALID_PRODUCT', message: expect.stringContaining('invisible characters') });
    // Another product renamed to it: as refused.
    const other = await createProduct(t.app, { sellerId: shopA, name: 'Plain Gourd' });
    const { payload: renamed, headers: renameHeaders } = await multipartBody({ productData: JSON.stringify({ id: other.id, name: 'Banned Bitter Gourd' }) }, []);
    expect(body(await inject('POST', '/api/product/update', cookies['shop A'], { payload: renamed, headers: renameHeaders }))).toMatchObject({ code: 'REMOVED_BY_OPERATOR' });
    expect((await row(other.id)).name).toBe('Plain Gourd');
    const csv = csvOf([
      ['name', 'description', 'category', 'price', 'offerPrice', 'weight', 'stock', 'images'],
      ['Banned Bitter Gourd', 'Green', 'Vegetables', 50, 40, '1 kg', 2, 'gourd.png'],
    ]);
    const { payload, headers } = await importForm(csv, await zipOf([{ name: 'gourd.png', data: await testImage() }]));
    const imported = await inject('POST', '/api/product/import', cookies['shop A'], { payload, headers });
    expect(imported.statusCode, imported.body).toBe(400);
    expect(body<{ issues: { row: number; column: string; message: string }[] }>(imported).issues).toContainEqual(
      expect.objectContaining({ row: 2, column: 'name', message: 'The operator removed a product of this name from the shop (see Deleted products): take its row out' }),
    );
    expect(await count(shopA)).toBe(before + 1);

    // Another shop may sell a product of that name; the shop may make again a product it deleted itself.
    expect((await addNamed(cookies['shop B'], 'Banned Bitter Gourd')).statusCode).toBe(200);
    const ownDeleted = await createProduct(t.app, { sellerId: shopA, name: 'Own Deleted Gourd' });
    expect((await inject('POST', '/api/product/delete', cookies['shop A'], { payload: { id: ownDeleted.id } })).statusCode).toBe(200);
    expect((await addNamed(cookies['shop A'], 'Own Deleted Gourd')).statusCode).toBe(200);
  });

  it('a product added by a shop is that shop\'s, whatever the form says', async () => {
    const { payload, headers } = await multipartBody(
      { productData: JSON.stringify({ name: 'Own Kale', description: ['Green'], category: 'Vegetables', price: 50, offerPrice: 40, sellerId: shopA }) },
      [{ name: 'kale.png', data: await testImage() }],
    );
    const refused = await inject('POST', '/api/product/add', cookies['shop B'], { payload, headers });
    // The form is strict: a seller cannot name another shop (or any shop) for its product.
    expect(refused.statusCode).toBe(400);
    const { payload: ok, headers: okHeaders } = await multipartBody(
      { productData: JSON.stringify({ name: 'Own Kale', description: ['Green'], category: 'Vegetables', price: 50, offerPrice: 40 }) },
      [{ name: 'kale.png', data: await testImage() }],
    );
    const added = body<{ product: Product }>(await inject('POST', '/api/product/add', cookies['shop B'], { payload: ok, headers: okHeaders })).product;
    expect(added.seller.shopName).toBe('Shop B');
    expect((await row(added._id)).sellerId).not.toBe(shopA);
  });

  it("another shop's product or order as a list's cursor is as unknown: an empty page, not the caller's own rows past it", async () => {
    // A probe learnt whether an id it held was another shop's product or order, and when it was made, from what followed it.
    const page = async (url: string) => body<{ products?: { _id: string }[]; orders?: { _id: string }[] }>(await inject('GET', url, cookies['shop B']));
    const ownOlder = await createProduct(t.app, { sellerId: shopB, name: 'Cursor Plum', createdAt: new Date('2020-01-01') });
    const theirs = await createProduct(t.app, { sellerId: shopA, name: 'Cursor Pear', createdAt: new Date('2020-01-02') });
    const ownNewer = await createProduct(t.app, { sellerId: shopB, name: 'Cursor Fig', createdAt: new Date('2020-01-03') });
    t.app.products.invalidate();
    expect((await page(`/api/seller/products?cursor=${ownNewer.id}`)).products!.map((p) => p._id)).toContain(ownOlder.id);
    expect((await page(`/api/seller/products?cursor=${theirs.id}`)).products).toEqual([]);

    // Counted and low: the low-stock list's order is (units, id).
    await t.app.db.update(products).set({ stock: 2 }).where(eq(products.id, ownOlder.id));
    await t.app.db.update(products).set({ stock: 1 }).where(eq(products.id, theirs.id));
    t.app.products.invalidate();
    expect((await page(`/api/seller/products/low-stock?cursor=${theirs.id}`)).products).toEqual([]);

    await t.app.db.update(products).set({ retiredAt: new Date('2020-02-01'), inStock: false }).where(eq(products.id, ownOlder.id));
    await t.app.db.update(products).set({ retiredAt: new Date('2020-02-02'), inStock: false }).where(eq(products.id, theirs.id));
    t.app.products.invalidate();
    expect((await page('/api/seller/products/retired')).products!.map((p) => p._id)).toContain(ownOlder.id);
    expect((await page(`/api/seller/products/retired?cursor=${theirs.id}`)).products).toEqual([]);

    const ownOrder = await insertTestOrder(t.app, { sellerId: shopB, createdAt: new Date('2020-01-01') });
    const theirOrder = await insertTestOrder(t.app, { sellerId: shopA, createdAt: new Date('2020-01-02') });
    expect((await page('/api/order/seller?limit=100')).orders!.map((o) => o._id)).toContain(ownOrder.id);
    expect((await page(`/api/order/seller?cursor=${theirOrder.id}`)).orders).toEqual([]);
  });
});
