import { IMAGE_WIDTHS, type Product } from '@greencart/shared';
import { randomBytes } from 'node:crypto';
import { gzipSync } from 'node:zlib';
import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { blackPng, cutOff, multipartBody, testImage } from '../../test/seller-builders.js';
import { body, buildTestApp, createProduct, createShopper, sellerCookie, storedImageNames, type TestApp } from '../../test/test-app.js';

let t: TestApp;
let seller: string;
beforeAll(async () => {
  t = await buildTestApp();
  seller = await sellerCookie(t.app);
});
afterAll(() => t.close());

const storedFiles = () => storedImageNames(t);
const productCount = async () => (await t.app.db.query.products.findMany()).length;

const VALID = { name: 'Seller Mango', description: ['Sweet', 'From Ratnagiri'], category: 'Fruits', price: 120, offerPrice: 99.5 };

async function addProduct(fields: Record<string, string>, files: Parameters<typeof multipartBody>[1] = [], cookie = seller) {
  const { payload, headers } = await multipartBody(fields, files);
  return t.app.inject({ method: 'POST', url: '/api/product/add', payload, headers: { ...headers, cookie } });
}
const listed = async () => body<{ products: Product[] }>(await t.app.inject({ method: 'GET', url: '/api/product/list' })).products;

describe('POST /api/product/add', () => {
  let before: string[];
  beforeEach(async () => {
    before = await storedFiles();
  });

  it('adds the product with its images rendered to WebP at every shop width, and lists it at once', async () => {
    const res = await addProduct({ productData: JSON.stringify(VALID) }, [
      { name: 'mango.png', data: await testImage('png', 800) },
      { name: 'mango-side.jpg', data: await testImage('jpeg', 300) },
    ]);
    expect(res.statusCode).toBe(200);
    const json = body<{ success: boolean; message: string; product: Product }>(res);
    expect(json).toMatchObject({ success: true, message: 'Product Added' });
    const product = (await listed()).find((p) => p._id === json.product._id)!;
    expect(product).toMatchObject({ name: 'Seller Mango', description: ['Sweet', 'From Ratnagiri'], category: 'Fruits', price: 120, offerPrice: 99.5, inStock: true });
    expect(product.image).toHaveLength(2);
    for (const url of product.image) {
      expect(url).toMatch(/^\/uploads\/[0-9a-f-]+-640\.webp$/);
      for (const width of IMAGE_WIDTHS) {
        const file = await t.app.inject({ method: 'GET', url: url.replace('-640.webp', `-${width}.webp`) });
        expect(file.statusCode).toBe(200);
        expect(file.rawPayload.subarray(8, 12).toString()).toBe('WEBP');
      }
    }
    expect((await storedFiles()).length - before.length).toBe(2 * IMAGE_WIDTHS.length);
  });

  it('accepts WebP and AVIF, and a product without description', async () => {
    const withImages = await addProduct({ productData: JSON.stringify({ ...VALID, name: 'Avif Plum' }) }, [
      { name: 'a.webp', data: await testImage('webp') },
      { name: 'b.avif', data: await testImage('avif') },
    ]);
    expect(withImages.statusCode).toBe(200);
    const bare = await addProduct({ productData: JSON.stringify({ name: 'Plain Rice', category: 'Grains', price: '60', offerPrice: '55' }) }, [{ name: 'rice.png', data: await testImage() }]);
    expect(bare.statusCode).toBe(200);
    expect(body<{ product: Product }>(bare).product).toMatchObject({ description: [], price: 60, offerPrice: 55 });
    expect(body<{ product: Product }>(bare).product.image).toHaveLength(1);
  });

  it('accepts an image of exactly 40 megapixels', async () => {
    const res = await addProduct({ productData: JSON.stringify({ ...VALID, name: 'Wide Melon' }) }, [{ name: 'wide.png', data: blackPng(8000, 5000) }]);
    expect(res.statusCode).toBe(200);
  });

  const refusals: [string, () => Promise<{ fields: Record<string, string>; files: Parameters<typeof multipartBody>[1] }>, number, RegExp][] = [
    ['a missing productData', async () => ({ fields: {}, files: [] }), 400, /^productData is required$/],
    ['productData that is not JSON', async () => ({ fields: { productData: '{name:' }, files: [] }), 400, /^productData must be JSON$/],
    ['a missing name', async () => ({ fields: { productData: JSON.stringify({ ...VALID, name: '' }) }, files: [] }), 400, /^name: Product name is required$/],
    ['a non-numeric price', async () => ({ fields: { productData: JSON.stringify({ ...VALID, price: 'cheap' }) }, files: [] }), 400, /^price: Price must be a number$/],
    ['a missing offer price', async () => ({ fields: { productData: JSON.stringify({ ...VALID, offerPrice: undefined }) }, files: [] }), 400, /^offerPrice: /],
    ['an unknown category', async () => ({ fields: { productData: JSON.stringify({ ...VALID, category: 'Toys' }) }, files: [] }), 400, /^category: Select a category$/],
    [
      'a weight with a line break (it reached the CSV export)',
      async () => ({ fields: { productData: JSON.stringify({ ...VALID, weight: '+1\r\n=cmd' }) }, files: [{ name: 'ok.png', data: await testImage() }] }),
      400,
      /^weight: Weight cannot contain line breaks, tabs or other control characters$/,
    ],
    [
      'a NUL character, which PostgreSQL text cannot hold (it answered 500)',
      async () => ({ fields: { productData: JSON.stringify({ ...VALID, description: ['Sweet', 'Ratna\u0000giri'] }) }, files: [{ name: 'ok.png', data: await testImage() }] }),
      400,
      /^productData\.description\.1: Text cannot contain a NUL character \(U\+0000\)$/,
    ],
    [
      'a lone surrogate, which jsonb cannot hold (it answered 500)',
      async () => ({ fields: { productData: JSON.stringify({ ...VALID, description: ['aLONE'] }).replace('LONE', '\\ud800') }, files: [{ name: 'ok.png', data: await testImage() }] }),
      400,
      /^productData\.description\.0: Text cannot contain a lone surrogate \(half of a character, U\+D800-U\+DFFF\)$/,
    ],
    [
      'a text file named .png',
      async () => ({ fields: { productData: JSON.stringify(VALID) }, files: [{ name: 'ok.png', data: await testImage() }, { name: 'fake.png', data: Buffer.from('not an image at all') }] }),
      400,
      /^Image "fake\.png" is not a JPEG, PNG, WebP or AVIF image$/,
    ],
    [
      'a PNG cut off half way (its header reads fine; decoding it answered 500)',
      async () => ({ fields: { productData: JSON.stringify(VALID) }, files: [{ name: 'ok.png', data: await testImage() }, { name: 'cut.img', data: cutOff(await testImage('png', 200)) }] }),
      400,
      /^Image "cut\.img" could not be read: the file is damaged or cut off$/,
    ],
    [
      'a JPEG cut off half way (its header reads fine; decoding it answered 500)',
      async () => ({ fields: { productData: JSON.stringify(VALID) }, files: [{ name: 'ok.png', data: await testImage() }, { name: 'cut.img', data: cutOff(await testImage('jpeg', 800)) }] }),
      400,
      /^Image "cut\.img" could not be read: the file is damaged or cut off$/,
    ],
    [
      'an SVG image',
      async () => ({ fields: { productData: JSON.stringify(VALID) }, files: [{ name: 'logo.svg', data: Buffer.from('<svg xmlns="http://www.w3.org/2000/svg" width="10" height="10"/>') }] }),
      400,
      /is not a JPEG, PNG, WebP or AVIF image$/,
    ],
    ['no image', async () => ({ fields: { productData: JSON.stringify(VALID) }, files: [] }), 400, /^Add at least one product image$/],
    [
      'an image too large in pixels',
      async () => ({ fields: { productData: JSON.stringify(VALID) }, files: [{ name: 'ok.png', data: await testImage() }, { name: 'x.png', data: blackPng(10_000, 10_000) }] }),
      400,
      /^Image "x\.png" is 10000×10000 pixels; the largest accepted is 40 megapixels$/,
    ],
    [
      'a file over 5 MB',
      async () => ({ fields: { productData: JSON.stringify(VALID) }, files: [{ name: 'huge.png', data: Buffer.alloc(5 * 1024 * 1024 + 1) }] }),
      400,
      /^Image "huge\.png" is larger than 5 MB$/,
    ],
    [
      'five images',
      async () => ({ fields: { productData: JSON.stringify(VALID) }, files: await Promise.all([1, 2, 3, 4, 5].map(async (i) => ({ name: `${i}.png`, data: await testImage() }))) }),
      400,
      /^A product can have at most 4 images$/,
    ],
    [
      'a file under another field name',
      async () => ({ fields: { productData: JSON.stringify(VALID) }, files: [{ field: 'photo', name: 'a.png', data: await testImage() }] }),
      400,
      /^Unexpected file field "photo"/,
    ],
  ];

  it.each(refusals)('refuses %s with a clear message and stores nothing', async (_label, make, status, message) => {
    const count = await productCount();
    const { fields, files } = await make();
    const res = await addProduct(fields, files);
    expect(res.statusCode).toBe(status);
    const json = body<{ success: boolean; message: string }>(res);
    expect(json.success).toBe(false);
    expect(json.message).toMatch(message);
    expect(await productCount()).toBe(count);
    expect(await storedFiles()).toEqual(before);
  });

  it('refuses two productData fields (the last would win unseen) and stores nothing', async () => {
    const count = await productCount();
    const form = new FormData();
    form.append('productData', JSON.stringify({ ...VALID, name: 'First Mango', price: 10, offerPrice: 9 }));
    form.append('productData', JSON.stringify({ ...VALID, name: 'Second Mango', price: 1000, offerPrice: 999 }));
    const request = new Request('http://localhost/', { method: 'POST', body: form });
    const res = await t.app.inject({
      method: 'POST',
      url: '/api/product/add',
      payload: Buffer.from(await request.arrayBuffer()),
      headers: { 'content-type': request.headers.get('content-type')!, cookie: seller },
    });
    expect(res.statusCode).toBe(400);
    expect(body(res)).toMatchObject({ success: false, code: 'INVALID_PRODUCT', message: 'Send one productData field' });
    expect(await productCount()).toBe(count);
  });

  it.each<[string, (form: { payload: Buffer; contentType: string }) => { payload: Buffer | string; contentType: string }]>([
    ['truncated at the end', (f) => ({ ...f, payload: f.payload.subarray(0, f.payload.length - 30) })],
    ['truncated inside an image', (f) => ({ ...f, payload: f.payload.subarray(0, Math.floor(f.payload.length / 2)) })],
    ['sent without a boundary', (f) => ({ ...f, contentType: 'multipart/form-data' })],
    ['sent with another boundary', (f) => ({ ...f, contentType: 'multipart/form-data; boundary=not-the-one-used' })],
    ['that is not multipart at all', (f) => ({ ...f, payload: 'just some text' })],
    [
      'whose productData part claims JSON and is not',
      () => {
        const boundary = 'b0undary';
        const text = `--${boundary}\r\nContent-Disposition: form-data; name="productData"\r\nContent-Type: application/json\r\n\r\n{not json\r\n--${boundary}--\r\n`;
        return { payload: text, contentType: `multipart/form-data; boundary=${boundary}` };
      },
    ],
  ])('refuses a multipart body %s with a 400 and stores nothing', async (_label, mangle) => {
    const count = await productCount();
    const { payload, headers } = await multipartBody({ productData: JSON.stringify(VALID) }, [{ name: 'mango.png', data: await testImage('png', 400) }]);
    const sent = mangle({ payload, contentType: headers['content-type'] });
    const res = await t.app.inject({ method: 'POST', url: '/api/product/add', payload: sent.payload, headers: { 'content-type': sent.contentType, cookie: seller } });
    expect(res.statusCode).toBe(400);
    expect(body(res)).toEqual({ success: false, code: 'INVALID_PRODUCT', message: expect.any(String) });
    expect(await productCount()).toBe(count);
    expect(await storedFiles()).toEqual(before);
  });

  // A probe's gzip body of 300 kB hung for the request timeout (2 minutes): the form is read as it came, past the
  // decompressor, which stalled once its buffer filled.
  it('refuses a compressed form at once with a 415 and stores nothing', { timeout: 15_000 }, async () => {
    const count = await productCount();
    const { payload, headers } = await multipartBody({ productData: JSON.stringify(VALID) }, [{ name: 'noise.png', data: randomBytes(300_000) }]);
    const res = await t.app.inject({
      method: 'POST',
      url: '/api/product/add',
      payload: gzipSync(payload),
      headers: { ...headers, 'content-encoding': 'gzip', cookie: seller },
    });
    expect(res.statusCode).toBe(415);
    expect(body(res)).toEqual({ success: false, code: 'UNSUPPORTED_MEDIA_TYPE', message: 'Send the form uncompressed: a multipart upload takes no Content-Encoding' });
    expect(await productCount()).toBe(count);
    expect(await storedFiles()).toEqual(before);
  });

  it('refuses a JSON body: the form must be multipart', async () => {
    const res = await t.app.inject({ method: 'POST', url: '/api/product/add', payload: VALID, headers: { cookie: seller } });
    expect(res.statusCode).toBe(400);
    expect(body(res)).toMatchObject({ success: false, code: 'INVALID_PRODUCT' });
  });

  it('refuses visitors (401) and shoppers (403) and stores nothing', async () => {
    const count = await productCount();
    const files = [{ name: 'a.png', data: await testImage() }];
    const visitor = await addProduct({ productData: JSON.stringify(VALID) }, files, '');
    expect(visitor.statusCode).toBe(401);
    expect(body(visitor)).toMatchObject({ success: false, code: 'NOT_AUTHENTICATED' });
    const shopper = await addProduct({ productData: JSON.stringify(VALID) }, files, (await createShopper(t.app)).cookie);
    expect(shopper.statusCode).toBe(403);
    expect(body(shopper)).toMatchObject({ success: false, code: 'FORBIDDEN' });
    expect(await productCount()).toBe(count);
    expect(await storedFiles()).toEqual(before);
  });
});

describe('POST /api/product/stock', () => {
  const setStock = (payload: object, cookie = seller) => t.app.inject({ method: 'POST', url: '/api/product/stock', payload, headers: { cookie } });

  it('takes a product out of stock and back; the shop list follows at once and checkout refuses it', async () => {
    const product = await createProduct(t.app);
    await listed();
    const res = await setStock({ id: product.id, inStock: false });
    expect(res.statusCode).toBe(200);
    expect(body(res)).toMatchObject({ success: true, message: 'Stock Updated', product: { _id: product.id, inStock: false, stock: null } });
    expect((await listed()).find((p) => p._id === product.id)?.inStock).toBe(false);

    const shopper = await createShopper(t.app);
    const address = await t.app.inject({
      method: 'POST',
      url: '/api/address/add',
      payload: { address: { firstName: 'A', lastName: 'B', email: 'a@b.co', street: 'S', city: 'C', state: 'S', zipcode: '411001', country: 'India', phone: '+91 98765 43210' } },
      headers: { cookie: shopper.cookie },
    });
    const addressId = body<{ address: { _id: string } }>(address).address._id;
    const order = await t.app.inject({ method: 'POST', url: '/api/order/cod', payload: { items: [{ product: product.id, quantity: 1 }], address: addressId }, headers: { cookie: shopper.cookie } });
    expect(order.statusCode).toBe(409);
    expect(body(order)).toMatchObject({ code: 'OUT_OF_STOCK' });

    expect((await setStock({ id: product.id, inStock: true })).statusCode).toBe(200);
    expect((await listed()).find((p) => p._id === product.id)?.inStock).toBe(true);
  });

  it('answers 404 for an unknown product', async () => {
    const res = await setStock({ id: '00000000-0000-4000-8000-000000000000', inStock: false });
    expect(res.statusCode).toBe(404);
    expect(body(res)).toEqual({ success: false, code: 'PRODUCT_NOT_FOUND', message: 'Product not found' });
  });

  it.each([{}, { id: 'abc', inStock: false }, { inStock: false }, { id: '00000000-0000-4000-8000-000000000000', inStock: 'no' }, { id: '00000000-0000-4000-8000-000000000000', inStock: true, price: 1 }])(
    'refuses %j with 400',
    async (payload) => {
      const res = await setStock(payload);
      expect(res.statusCode).toBe(400);
      expect(body(res)).toMatchObject({ success: false, code: 'VALIDATION_FAILED' });
    },
  );

  it('refuses visitors (401) and shoppers (403) and changes nothing', async () => {
    const product = await createProduct(t.app);
    expect((await setStock({ id: product.id, inStock: false }, '')).statusCode).toBe(401);
    const shopper = await setStock({ id: product.id, inStock: false }, (await createShopper(t.app)).cookie);
    expect(shopper.statusCode).toBe(403);
    expect(body(shopper)).toMatchObject({ success: false, code: 'FORBIDDEN' });
    expect((await listed()).find((p) => p._id === product.id)?.inStock).toBe(true);
  });
});
