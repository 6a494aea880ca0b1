import type { CataloguePage, Order, Product } from '@greencart/shared';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createShop, shopProduct } from '../../test/market-builders.js';
import { insertTestOrder } from '../../test/seller-builders.js';
import { body, buildTestApp, createProduct, createShopper, sellerCookie, type TestApp } from '../../test/test-app.js';

/** The catalogue as paged queries (issue 15), on PGlite and on PostgreSQL. */
let t: TestApp;
beforeAll(async () => {
  t = await buildTestApp();
});
afterAll(() => t.close());

const get = async <T = CataloguePage>(url: string, cookie?: string) => {
  const res = await t.app.inject({ method: 'GET', url, headers: cookie ? { cookie } : {} });
  return { status: res.statusCode, json: body<T>(res) };
};
const names = (list: Product[]) => list.map((p) => p.name);

/**
 * Products created one after another, so their creation order is their listing order, the spec's (created_at, then
 * id): each a millisecond after the last, as two inserts in one millisecond would tie and be ordered by their random ids.
 */
async function createInOrder(specs: { name: string; category?: string; inStock?: boolean }[]) {
  const made = [];
  const start = Date.now();
  for (const [i, spec] of specs.entries()) made.push(await createProduct(t.app, { ...spec, createdAt: new Date(start + i) }));
  return made;
}

describe('GET /api/product/search', () => {
  it('pages the in-stock products whose name contains the text, ignoring case, in the spec’s order', async () => {
    const made = await createInOrder(Array.from({ length: 30 }, (_, i) => ({ name: `Paging Apple ${i}`, inStock: i % 10 !== 3 })));
    const inStock = made.filter((p) => p.inStock).map((p) => p.name);
    const first = await get('/api/product/search?q=PAGING%20apple&limit=20');
    expect(first.status).toBe(200);
    expect(names(first.json.products)).toEqual(inStock.slice(0, 20));
    expect(first.json.nextCursor).toBe(first.json.products.at(-1)!._id);
    expect(first.json.closeMatches).toEqual([]);
    const second = await get(`/api/product/search?q=paging%20apple&limit=20&cursor=${first.json.nextCursor}`);
    expect(names(second.json.products)).toEqual(inStock.slice(20));
    expect(second.json.nextCursor).toBeNull();
  });

  it("names the approved shops whose name holds the text above its products, never by their owner's name or e-mail (decision 0279)", async () => {
    const shop = await createShop(t.app, { shopName: 'Zestoria Organics', name: 'Quillon Person', email: `quillon-${Date.now()}@example.com` });
    const second = await createShop(t.app, { shopName: 'The Zestoria Deli' });
    await createShop(t.app, { shopName: 'Zestoria Applied', status: 'pending' });
    await shopProduct(t.app, shop.id, { name: 'Zestoria Lemon Pickle' });
    const { json } = await get('/api/product/search?q=ZESTORIA');
    // Names that start with the text first; an application not yet approved is no shop to visit.
    expect(json.shops).toEqual([
      { id: shop.id, shopName: 'Zestoria Organics', slug: shop.slug },
      { id: second.id, shopName: 'The Zestoria Deli', slug: second.slug },
    ]);
    expect(names(json.products)).toEqual(['Zestoria Lemon Pickle']);
    expect((await get('/api/product/search?q=quillon')).json.shops).toEqual([]);
    // A shop's name that no product holds: its shop, not other shops' products of look-alike words as close matches.
    await createProduct(t.app, { name: 'Zestorian Honey' });
    expect((await get('/api/product/search?q=zestoria%20deli')).json).toMatchObject({ products: [], closeMatches: [], shops: [{ shopName: 'The Zestoria Deli' }] });
    expect(names((await get('/api/product/search?q=zestorian%20delli')).json.closeMatches)).toEqual(['Zestorian Honey']);
    // Two letters, a later page, a category's or a shop's own search: no shops.
    for (const url of ['/api/product/search?q=ze', `/api/product/search?q=zestoria&cursor=${json.products[0]!._id}`, '/api/product/search?q=zestoria&category=vegetables', `/api/product/search?q=zestoria&seller=${shop.slug}`]) {
      expect((await get(url)).json.shops, url).toBeUndefined();
    }
    // Suspended, it is no longer named (at once: a shop's change drops the kept answers).
    const operator = await sellerCookie(t.app);
    const suspended = await t.app.inject({ method: 'POST', url: '/api/seller/sellers/status', headers: { cookie: operator }, payload: { sellerId: second.id, status: 'suspended', reason: 'Late deliveries' } });
    expect(suspended.statusCode).toBe(200);
    await expect.poll(async () => (await get('/api/product/search?q=zestoria')).json.shops?.map((s) => s.shopName)).toEqual(['Zestoria Organics']);
  });

  it('takes the text literally: % and _ are not wildcards', async () => {
    await createInOrder([{ name: 'Wildcard 100% Juice' }, { name: 'Wildcard Plain' }]);
    expect(names((await get('/api/product/search?q=wildcard%20100%25')).json.products)).toEqual(['Wildcard 100% Juice']);
    expect(names((await get('/api/product/search?q=wildcard_')).json.products)).toEqual([]);
  });

  it.each([
    ['tomatoe', 'Tomato 1 kg'],
    ['chese', 'Cheddar Cheese 200g'],
    ['bananna', 'Banana Robusta 1 kg'],
    ['fresh tomatoe', 'Fresh Tomato Puree'],
    // A phone's slips in a short word, which trigrams miss: two letters swapped, one left out (a shopper probe found nothing).
    ['mlik', 'Slip Cow Milk 1L'],
    ['gauva', 'Slip Allahabad Guava 1 kg'],
    ['oinon', 'Slip Red Onion 1 kg'],
    ['mlk', 'Slip Buffalo Milk 500 ml'],
  ])('finds close matches for the misspelling %s, after the exact ones', async (typed, meant) => {
    await createInOrder([{ name: meant }, { name: `Unrelated ${typed.length} Rice` }]);
    const { json } = await get(`/api/product/search?q=${encodeURIComponent(typed)}`);
    expect(json.products).toEqual([]);
    expect(names(json.closeMatches)).toContain(meant);
    expect(names(json.closeMatches).some((n) => n.startsWith('Unrelated'))).toBe(false);
  });

  it.each([
    ['tamatar', 'Hindi Desk Tomato 1 kg'],
    ['Aloo', 'Hindi Desk Potato 1 kg'],
    ['pyaz', 'Hindi Desk Red Onion'],
    ['doodh', 'Hindi Desk Cow Milk 1L'],
    // From a Hindi keyboard: Devanagari, its vowel signs inside the word; the nukta typed as a separate mark.
    ['टमाटर', 'Hindi Desk Tomato 1 kg'],
    ['आलू', 'Hindi Desk Potato 1 kg'],
    ['\u092A\u094D\u092F\u093E\u091C\u093C', 'Hindi Desk Red Onion'],
  ])('finds the products a shopper means by the Hindi name %s, as close matches (decision 0220)', async (typed, meant) => {
    await createInOrder([{ name: meant }, { name: `Unrelated ${typed} Rice` }]);
    const { json } = await get(`/api/product/search?q=${encodeURIComponent(typed)}`);
    // The names that hold the word itself stay the answer; the Hindi name adds what it means.
    expect(names(json.products)).toEqual([`Unrelated ${typed} Rice`]);
    expect(names(json.closeMatches)).toContain(meant);
  });

  it('finds a name with a curly apostrophe by a straight one, and the other way round (a probe)', async () => {
    await createInOrder([{ name: 'Apostrophe Nature’s Best Honey' }, { name: "Apostrophe Mother's Choice Ghee" }]);
    expect(names((await get(`/api/product/search?q=${encodeURIComponent("apostrophe nature's")}`)).json.products)).toEqual(['Apostrophe Nature’s Best Honey']);
    expect(names((await get(`/api/product/search?q=${encodeURIComponent('apostrophe mother’s')}`)).json.products)).toEqual(["Apostrophe Mother's Choice Ghee"]);
  });

  it('finds by the words without the punctuation and quotes around them: milk. "milk" milk, (a phone adds a full stop: a probe found nothing)', async () => {
    await createInOrder([{ name: 'Edgepunct Toned Milk 500 ml' }, { name: 'Edgepunct आटा 5 kg' }]);
    for (const typed of ['edgepunct toned milk.', '"edgepunct toned milk"', 'edgepunct toned milk,', '  edgepunct toned milk?! ']) {
      expect(names((await get(`/api/product/search?q=${encodeURIComponent(typed)}`)).json.products)).toEqual(['Edgepunct Toned Milk 500 ml']);
    }
    // A Hindi word's last vowel sign is part of it, not punctuation.
    expect(names((await get(`/api/product/search?q=${encodeURIComponent('edgepunct आटा')}`)).json.products)).toEqual(['Edgepunct आटा 5 kg']);
    // Punctuation alone is looked for as typed: no product's name holds it.
    expect((await get(`/api/product/search?q=${encodeURIComponent('?!')}`)).json.products).toEqual([]);
  });

  it('offers the names holding every word, in another order or apart, when the words as typed stand together in none (a probe)', async () => {
    await createInOrder([{ name: 'Wordorder Sona Masoori 5 kg' }, { name: 'Wordorder Amul Taaza Milk 1L' }]);
    const rice = await get('/api/product/search?q=masoori%20wordorder');
    expect(rice.json.products).toEqual([]);
    expect(names(rice.json.closeMatches)).toEqual(['Wordorder Sona Masoori 5 kg']);
    expect(names((await get('/api/product/search?q=wordorder%20milk%20amul')).json.closeMatches)).toEqual(['Wordorder Amul Taaza Milk 1L']);
  });

  it('offers what the other words find when a word is close to no name: a size typed whole, "tomato 1kg" (a probe found nothing)', async () => {
    await createInOrder([{ name: 'Sizeword Tomato Hybrid 1 kg' }, { name: 'Sizeword Jeerakasala 5 kg' }]);
    const tomato = await get(`/api/product/search?q=${encodeURIComponent('sizeword tomato 1kg')}`);
    expect(tomato.json.products).toEqual([]);
    expect(names(tomato.json.closeMatches)).toEqual(['Sizeword Tomato Hybrid 1 kg']);
    expect(names((await get(`/api/product/search?q=${encodeURIComponent('sizeword jeerakasala 5kgs')}`)).json.closeMatches)).toEqual(['Sizeword Jeerakasala 5 kg']);
    // Close to no name at all: nothing to offer.
    expect((await get('/api/product/search?q=qxzvw%20jjkqp')).json.closeMatches).toEqual([]);
  });

  it('answers a shopping list, words no one name holds together ("milk bread eggs"), with each word\'s products in the order typed (a probe found nothing)', async () => {
    await createInOrder([
      { name: 'Zorbabread Brown 400 g' },
      { name: 'Zorbamilk Toned 1L' },
      { name: 'Zorbamilk Full Cream 1L' },
      { name: 'Zorbaeggs Farm 6', category: 'Dairy' },
      { name: 'Zorbaeggs Brown 12', category: 'Dairy' },
    ]);
    const list = await get(`/api/product/search?q=${encodeURIComponent('zorbamilk zorbabread zorbaeggs')}&limit=6`);
    expect(list.json.products).toEqual([]);
    // Two places each, the first of each word's products in the catalogue's order.
    expect(names(list.json.closeMatches)).toEqual(['Zorbamilk Toned 1L', 'Zorbamilk Full Cream 1L', 'Zorbabread Brown 400 g', 'Zorbaeggs Farm 6', 'Zorbaeggs Brown 12']);
    // Misspelt, as typed in a hurry; and within a category, only that category's.
    expect(names((await get(`/api/product/search?q=${encodeURIComponent('zorbamlk zorbaegs')}&limit=2`)).json.closeMatches)).toEqual(['Zorbamilk Toned 1L', 'Zorbaeggs Farm 6']);
    expect(names((await get(`/api/product/search?q=${encodeURIComponent('zorbamilk zorbaeggs')}&category=dairy`)).json.closeMatches)).toEqual(['Zorbaeggs Farm 6', 'Zorbaeggs Brown 12']);
    // A text that finds a product itself is no list: its words' other products are not close matches (nor it twice).
    const found = await get(`/api/product/search?q=${encodeURIComponent('zorbamilk toned')}`);
    expect(names(found.json.products)).toEqual(['Zorbamilk Toned 1L']);
    expect(found.json.closeMatches).toEqual([]);
  });

  it('offers close matches only when the exact matches are few (they all fit on the first page)', async () => {
    await createInOrder([...Array.from({ length: 5 }, (_, i) => ({ name: `Guava Pink ${i}` })), { name: 'Guavas Crate' }]);
    const few = await get('/api/product/search?q=guava%20pink&limit=10');
    expect(few.json.products).toHaveLength(5);
    const many = await get('/api/product/search?q=guava%20pink&limit=3');
    expect(many.json.closeMatches).toEqual([]);
  });

  it('filters by category in any letter case; an unknown category is an empty list', async () => {
    await createInOrder([{ name: 'Category Probe Milk', category: 'Dairy' }, { name: 'Category Probe Bread', category: 'Bakery' }]);
    expect(names((await get('/api/product/search?category=dairy&q=category%20probe')).json.products)).toEqual(['Category Probe Milk']);
    const unknown = await get('/api/product/search?category=toys');
    expect(unknown.status).toBe(200);
    expect(unknown.json).toEqual({ success: true, products: [], nextCursor: null, closeMatches: [], message: 'Products loaded' });
  });

  it.each(['limit=0', 'limit=61', 'limit=abc', 'cursor=not-an-id', `q=${'x'.repeat(101)}`, 'unknown=1'])('refuses %s with a 400 in the shop’s error shape', async (query) => {
    const { status, json } = await get<{ success: boolean; code: string }>(`/api/product/search?${query}`);
    expect(status).toBe(400);
    expect(json).toMatchObject({ success: false, code: 'VALIDATION_FAILED' });
  });
});

describe('GET /api/product/list?seller=', () => {
  it('answers a page of that shop\'s products, as the search by shop does; an unknown shop has none, a malformed slug is a 400', async () => {
    const shop = await createShop(t.app, { shopName: 'List Filter Farm' });
    const mine = [];
    for (let i = 0; i < 3; i++) mine.push(await shopProduct(t.app, shop.id, { name: `List Filter Leek ${i}` }));
    await createProduct(t.app, { name: 'Another Shop Leek' });
    const first = await get(`/api/product/list?seller=${shop.slug}&limit=2`);
    expect(first.status).toBe(200);
    expect(first.json.products).toHaveLength(2);
    expect(first.json.nextCursor).not.toBeNull();
    const next = await get(`/api/product/list?seller=${shop.slug}&limit=2&cursor=${first.json.nextCursor}`);
    const listed = [...first.json.products, ...next.json.products];
    expect(listed.map((p) => p._id).sort()).toEqual(mine.map((p) => p.id).sort());
    expect(listed.every((p) => p.seller.slug === shop.slug)).toBe(true);
    expect(next.json.nextCursor).toBeNull();
    expect(first.json).toEqual(body(await t.app.inject({ method: 'GET', url: `/api/product/search?seller=${shop.slug}&limit=2` })));

    expect((await get('/api/product/list?seller=no-such-shop')).json).toMatchObject({ success: true, products: [], nextCursor: null });
    expect(await get('/api/product/list?seller=Not%20A%20Slug')).toMatchObject({ status: 400, json: { success: false, code: 'VALIDATION_FAILED' } });
    // Without it, the spec's whole catalogue.
    expect(names((await get<{ products: Product[] }>('/api/product/list')).json.products)).toEqual(expect.arrayContaining(['Another Shop Leek', 'List Filter Leek 0']));
  });

  describe('asked for a category, text or a page without a shop', () => {
    beforeAll(async () => {
      await createProduct(t.app, { name: 'Paged List Fig', category: 'Fruits' });
      await createProduct(t.app, { name: 'Paged List Leek', category: 'Vegetables' });
    });
    it.each([
      ['category=fruits&limit=1', 1],
      ['limit=2', 2],
      ['q=paged%20list', 2],
    ])('%s answers the page /api/product/search answers, never the whole catalogue (a probe: a client built from the reference asked for fruits and was sent every product)', async (query, size) => {
      const page = await get<CataloguePage>(`/api/product/list?${query}`);
      expect(page.status).toBe(200);
      expect(page.json.products).toHaveLength(size);
      if (query.startsWith('category')) expect(page.json.products[0]!.category.toLowerCase()).toBe('fruits');
      expect(page.json).toEqual(body(await t.app.inject({ method: 'GET', url: `/api/product/search?${query}` })));
      expect((await get('/api/product/list?limit=0')).status).toBe(400);
    });
    it('refuses a parameter it does not know, as every call does: a client paging with ?page=2 was answered the first page for ever (a probe)', async () => {
      for (const query of ['page=2&limit=5', 'foo=1']) {
        const refused = await get<{ success: boolean; message: string }>(`/api/product/list?${query}`);
        expect(refused.status, query).toBe(400);
        expect(refused.json).toMatchObject({ success: false, code: 'VALIDATION_FAILED' });
      }
    });
  });
});

describe('product pages and the cart', () => {
  it('Best Sellers are the first 5 in-stock products', async () => {
    const { json } = await get<{ products: Product[] }>('/api/product/best-sellers');
    const all = (await get<{ products: Product[] }>('/api/product/list')).json.products.filter((p) => p.inStock);
    expect(names(json.products)).toEqual(names(all.slice(0, 5)));
  });

  it('a product by id, in stock or not; an unknown id is a 404 and a malformed one a 400', async () => {
    const [sold] = await createInOrder([{ name: 'Sold Out Plum', inStock: false }]);
    expect((await get<{ product: Product }>(`/api/product/${sold!.id}`)).json.product).toMatchObject({ _id: sold!.id, name: 'Sold Out Plum', inStock: false });
    const missing = await get('/api/product/00000000-0000-4000-8000-000000000000');
    expect(missing).toEqual({ status: 404, json: { success: false, code: 'PRODUCT_NOT_FOUND', message: 'Product not found' } });
    expect((await get('/api/product/nope')).status).toBe(400);
  });

  it('related products: up to 5 in stock of the same category, the product itself left out', async () => {
    const made = await createInOrder([
      { name: 'Related Base', category: 'Grains' },
      ...Array.from({ length: 7 }, (_, i) => ({ name: `Related Grain ${i}`, category: 'Grains', inStock: i !== 0 })),
      { name: 'Related Other', category: 'Drinks' },
    ]);
    const { json } = await get<{ products: Product[] }>(`/api/product/${made[0]!.id}/related`);
    expect(names(json.products)).toEqual(['Related Grain 1', 'Related Grain 2', 'Related Grain 3', 'Related Grain 4', 'Related Grain 5']);
  });

  it('the products of a cart by id, out of stock included, unknown ids left out', async () => {
    const [a, b] = await createInOrder([{ name: 'Cart Line A' }, { name: 'Cart Line B', inStock: false }]);
    const { json } = await get<{ products: Product[]; gone: unknown[] }>(`/api/product/by-ids?ids=${a!.id},${b!.id},00000000-0000-4000-8000-000000000000`);
    expect(names(json.products).sort()).toEqual(['Cart Line A', 'Cart Line B']);
    expect(json).toMatchObject({ gone: [] });
    const tooMany = Array.from({ length: 51 }, (_, i) => `00000000-0000-4000-8000-${String(i).padStart(12, '0')}`).join(',');
    expect((await get(`/api/product/by-ids?ids=${tooMany}`)).status).toBe(400);
  });
});

describe('the chat assistant’s catalogue query', () => {
  it('finds products by any word of name or category, those matching most words first, in stock first', async () => {
    await createInOrder([
      { name: 'Assist Basmati Rice', category: 'Grains', inStock: false },
      { name: 'Assist Brown Rice', category: 'Grains' },
      { name: 'Assist Basmati Rice Premium', category: 'Grains' },
      { name: 'Assist Olive Oil', category: 'Instant' },
    ]);
    const found = await t.app.products.findByAnyWord(['assist', 'basmati', 'premium'], 3);
    expect(names(found)).toEqual(['Assist Basmati Rice Premium', 'Assist Basmati Rice', 'Assist Brown Rice']);
    expect(names(await t.app.products.findByAnyWord(['grains', 'zzqx'], 60))).toEqual(expect.arrayContaining(['Assist Brown Rice']));
    expect(await t.app.products.findByAnyWord(['zzqx'], 10)).toEqual([]);
  });
});

describe('the seller’s lists, a page at a time', () => {
  it('products: newest first, out of stock included, searchable, sellers only', async () => {
    await createInOrder([{ name: 'Seller Page One' }, { name: 'Seller Page Two', inStock: false }, { name: 'Seller Page Three' }]);
    const seller = await sellerCookie(t.app);
    const first = await get<{ products: Product[]; nextCursor: string }>('/api/seller/products?q=seller%20page&limit=2', seller);
    expect(names(first.json.products)).toEqual(['Seller Page Three', 'Seller Page Two']);
    const next = await get<{ products: Product[]; nextCursor: string | null }>(`/api/seller/products?q=seller%20page&limit=2&cursor=${first.json.nextCursor}`, seller);
    expect(next.json).toMatchObject({ nextCursor: null });
    expect(names(next.json.products)).toEqual(['Seller Page One']);
    // Words in any order, as the storefront's search takes them ("water coconut" found no "Coconut Water": a probe).
    expect(names((await get<{ products: Product[] }>('/api/seller/products?q=two%20PAGE', seller)).json.products)).toEqual(['Seller Page Two']);
    expect((await get('/api/seller/products')).status).toBe(401);
    expect((await get('/api/seller/products', (await createShopper(t.app)).cookie)).status).toBe(403);
  });

  it('products: a page answered again after a stock change or a new product shows the change (the page is kept in memory between changes)', async () => {
    const [kept] = await createInOrder([{ name: 'Seller Kept Fig' }]);
    const seller = await sellerCookie(t.app);
    const listed = async () => (await get<{ products: Product[] }>('/api/seller/products?q=seller%20kept', seller)).json.products.map((p) => [p.name, p.inStock]);
    expect(await listed()).toEqual([['Seller Kept Fig', true]]);
    const toggled = await t.app.inject({ method: 'POST', url: '/api/product/stock', payload: { id: kept!.id, inStock: false }, headers: { cookie: seller } });
    expect(toggled.statusCode).toBe(200);
    expect(await listed()).toEqual([['Seller Kept Fig', false]]);
    await createProduct(t.app, { name: 'Seller Kept Plum' });
    await expect.poll(listed).toEqual([['Seller Kept Plum', true], ['Seller Kept Fig', false]]);
  });

  it('orders: the newest first, then the next page, no order twice', async () => {
    const own = await buildTestApp();
    try {
      for (let day = 1; day <= 7; day++) await insertTestOrder(own.app, { createdAt: new Date(`2026-03-0${day}T10:00:00Z`), amountMinor: day * 100 });
      const seller = await sellerCookie(own.app);
      const page = async (query: string) => body<{ order: Order[]; nextCursor: string | null }>(await own.app.inject({ method: 'GET', url: `/api/order/seller?${query}`, headers: { cookie: seller } }));
      const first = await page('limit=4');
      expect(first.order.map((o) => o.amount)).toEqual([7, 6, 5, 4]);
      const second = await page(`limit=4&cursor=${first.nextCursor}`);
      expect(second.order.map((o) => o.amount)).toEqual([3, 2, 1]);
      expect(second.nextCursor).toBeNull();
    } finally {
      await own.close();
    }
  });
});
