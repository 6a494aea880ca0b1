import { execFileSync } from 'node:child_process';
import crypto from 'node:crypto';
import http from 'node:http';
import type { AddressInfo } from 'node:net';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { brotliDecompressSync, gunzipSync } from 'node:zlib';
import { CATALOGUE_PAGE_SIZE, SLUG_MAX } from '@greencart/shared';
import { eq, sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { CATALOGUE_CHANNEL } from '../db/channels.js';
import { products, sellers } from '../db/schema/index.js';
import { placeTestOrder } from '../test/order-builders.js';
import { createShop, shopProduct } from '../test/market-builders.js';
import { body, buildTestApp, createProduct, type TestApp } from '../test/test-app.js';
import { withoutTrailingSlash } from './storefront-pages.js';

/**
 * Issue 27 part 1, "done when": the storefront's pages fetched as a crawler or a link preview fetches
 * them, without JavaScript, from the real web build's server renderer (docs/decisions/0128, 0129).
 */
const webRoot = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '../../../web');
const SITE = 'http://shop.test';

let t: TestApp;
let apple: Awaited<ReturnType<typeof createProduct>>;
let soldOut: Awaited<ReturnType<typeof createProduct>>;
let retired: Awaited<ReturnType<typeof createProduct>>;

beforeAll(async () => {
  // The build the server serves (skipped when it is current: scripts/build.mjs, decision 0101; a production build
  // whatever NODE_ENV Vitest runs it under).
  execFileSync(process.execPath, [path.join(webRoot, 'scripts/build.mjs')], { cwd: webRoot, stdio: 'ignore' });
  t = await buildTestApp({ WEB_DIST: path.join(webRoot, 'dist'), PUBLIC_URL: SITE, CURRENCY: 'Rs' });
  apple = await createProduct(t.app, { name: 'Shimla Apple <Red>', category: 'Fruits', price: 120, offerPrice: 99.5 });
  soldOut = await createProduct(t.app, { name: 'Alphonso Mango', category: 'Fruits', price: 300, offerPrice: 250, inStock: false });
  retired = await createProduct(t.app, { name: 'Old Kiwi', category: 'Fruits' });
  await t.app.db.update(products).set({ retiredAt: new Date(), inStock: false }).where(eq(products.id, retired.id));
  t.app.products.invalidate();
}, 240_000);
afterAll(() => t?.close());

const get = (url: string, app = t.app) => app.inject({ method: 'GET', url, headers: { accept: 'text/html' } });

/** The page's JSON-LD blocks, parsed (schema.org objects, read by the keys each test names). */
interface StructuredData {
  '@type': string;
  offers: { price: string };
  itemListElement: { item?: string; name?: string }[];
}
const structuredData = (html: string) => [...html.matchAll(/<script type="application\/ld\+json">(.*?)<\/script>/gs)].map((m) => JSON.parse(m[1]!) as StructuredData);
const headOf = (html: string) => html.slice(0, html.indexOf('</head>'));
const productUrl = (p: { id: string; category: string }) => `${SITE}/products/${p.category.toLowerCase()}/${p.id}`;

describe('a product page', () => {
  it('is rendered on the server: name, price, availability and image in the HTML, its own title, description and canonical', async () => {
    const res = await get(`/products/fruits/${apple.id}`);
    expect(res.statusCode).toBe(200);
    expect(res.headers['content-type']).toBe('text/html; charset=utf-8');
    const head = headOf(res.body);
    expect(head).toContain('<title>Shimla Apple &lt;Red&gt; | GreenCart</title>');
    expect(head.match(/<title>/g)).toHaveLength(1);
    // Its price and shop, then the description's lines as sentences.
    expect(head).toContain('<meta name="description" content="Rs 99.50 at GreenCart. A test product."/>');
    expect(head).toContain(`<link rel="canonical" href="${productUrl(apple)}"/>`);
    expect(head).toContain('<meta property="og:type" content="product"/>');
    // Its price in a link preview, as its Offer says it.
    expect(head).toContain('<meta property="product:price:amount" content="99.50"/><meta property="product:price:currency" content="INR"/><meta property="product:availability" content="in stock"/>');
    expect(head).toContain(`<meta property="og:url" content="${productUrl(apple)}"/>`);
    expect(head).toContain('<meta name="twitter:title" content="Shimla Apple &lt;Red&gt; | GreenCart"/>');
    const body = res.body.slice(res.body.indexOf('<div id="root">'));
    expect(body).toContain('<h1 class="text-3xl font-medium wrap-anywhere">Shimla Apple &lt;Red&gt;</h1>');
    expect(body).toContain('Rs 99.50');
    expect(body).toContain('Rs 120');
    expect(body).toContain('Add to Cart');
  });

  it('carries Product with its Offer (price, INR, availability, seller) and a BreadcrumbList, and no rating', async () => {
    const res = await get(`/products/fruits/${apple.id}`);
    const [product, breadcrumb] = structuredData(res.body);
    expect(product).toMatchObject({
      '@context': 'https://schema.org',
      '@type': 'Product',
      name: 'Shimla Apple <Red>',
      sku: apple.id,
      offers: {
        '@type': 'Offer',
        url: productUrl(apple),
        price: '99.50',
        priceCurrency: 'INR',
        availability: 'https://schema.org/InStock',
        seller: { '@type': 'Organization', name: 'GreenCart', url: `${SITE}/shop/greencart` },
      },
    });
    expect(JSON.stringify(product)).not.toMatch(/aggregateRating|review/i);
    expect(breadcrumb!['@type']).toBe('BreadcrumbList');
    expect(breadcrumb!.itemListElement.map((step) => step.item)).toEqual([`${SITE}/`, `${SITE}/products`, `${SITE}/products/fruits`, productUrl(apple)]);
    // The product's name cannot end the script early.
    expect(res.body).not.toContain('"Shimla Apple <Red>"');
    expect(product).toMatchObject({ description: 'A test product.' });
  });

  it('leaves the description out of its structured data when the product has none (no invented data)', async () => {
    const plain = await createProduct(t.app, { name: 'Plain Pear', category: 'Fruits' });
    await t.app.db.update(products).set({ description: [] }).where(eq(products.id, plain.id));
    t.app.products.invalidate();
    const page = (await get(`/products/fruits/${plain.id}`)).body;
    const [product] = structuredData(page);
    expect(product).toMatchObject({ '@type': 'Product', name: 'Plain Pear' });
    expect(product).not.toHaveProperty('description');
    // Its size as the seller wrote it, without a net quantity (a probe: no size shown for most products).
    expect(page).toContain('Size: <!-- -->1 kg');
    // Nor an empty "About Product" heading on the page (a probe); a product with lines has it.
    expect(page).not.toContain('About Product');
    expect((await get(`/products/fruits/${apple.id}`)).body).toContain('About Product');
  });

  it('cuts a long description between characters, an emoji whole, and ends a line with a colon in a full stop (a crawler probe read "�" and "Contains:.")', async () => {
    const long = await createProduct(t.app, { name: 'Tomato Crate', category: 'Vegetables', offerPrice: 99.5 });
    // "Rs 99.50 at GreenCart. " and 133 letters: the 157th UTF-16 unit is the first tomato's second half.
    await t.app.db.update(products).set({ description: [`${'x'.repeat(133)}${'🍅'.repeat(10)} ripe`] }).where(eq(products.id, long.id));
    const listed = await createProduct(t.app, { name: 'Spice Box', category: 'Grains' });
    await t.app.db.update(products).set({ description: ['Contains:', 'Cumin, cardamom,'] }).where(eq(products.id, listed.id));
    t.app.products.invalidate();
    const head = headOf((await get(`/products/vegetables/${long.id}`)).body);
    expect(head).not.toContain('\uFFFD');
    expect(head).toContain(`<meta name="description" content="Rs 99.50 at GreenCart. ${'x'.repeat(133)}🍅…"/>`);
    expect(head).toContain(`<meta property="og:description" content="Rs 99.50 at GreenCart. ${'x'.repeat(133)}🍅…"/>`);
    const spices = (await get(`/products/grains/${listed.id}`)).body;
    expect(headOf(spices)).toContain('content="Rs 40 at GreenCart. Contains. Cumin, cardamom."');
    expect(structuredData(spices)[0]).toMatchObject({ description: 'Contains. Cumin, cardamom.' });
  });

  it('names the first shop in its products\' titles once it is called something else than the store', async () => {
    const operator = await t.app.db.select({ id: sellers.id, shopName: sellers.shopName }).from(sellers).where(eq(sellers.slug, 'greencart'));
    await t.app.db.update(sellers).set({ shopName: "Ravi's Best" }).where(eq(sellers.id, operator[0]!.id));
    t.app.products.invalidate();
    try {
      expect(headOf((await get(`/products/fruits/${apple.id}`)).body)).toContain('<title>Shimla Apple &lt;Red&gt; from Ravi&#x27;s Best | GreenCart</title>');
    } finally {
      await t.app.db.update(sellers).set({ shopName: operator[0]!.shopName }).where(eq(sellers.id, operator[0]!.id));
      t.app.products.invalidate();
    }
  });

  it("shows on a product's card the size its seller wrote, where no net quantity gives a unit price (a probe)", async () => {
    await createProduct(t.app, { name: 'Sized Melon', category: 'Fruits', weight: '2-3 kg' });
    const cards = (await get('/products/fruits?q=sized melon')).body.match(/<article[\s\S]*?<\/article>/g) ?? [];
    expect(cards.find((card) => card.includes('Sized Melon'))).toContain('>2-3 kg</span>');
  });

  it('strikes the list price through only above the offer price: a "was" below the price asked read as a saving (a probe)', async () => {
    const dearer = await createProduct(t.app, { name: 'Dearer Plum', category: 'Fruits', price: 40, offerPrice: 45 });
    const page = (await get(`/products/fruits/${dearer.id}`)).body;
    // The product itself: its related products' cards come after it.
    const main = page.slice(page.indexOf('<main'), page.indexOf('Related Products'));
    expect(main).toContain('Rs 45');
    expect(main).not.toContain('MRP');
    expect(main).not.toMatch(/<s[ >]/);
    const card = ((await get('/products/fruits?q=dearer plum')).body.match(/<article[\s\S]*?<\/article>/g) ?? []).find((c) => c.includes('Dearer Plum'));
    expect(card).toContain('Rs 45');
    expect(card).not.toContain('was');
    // Below the price, as usual: struck through.
    expect((await get(`/products/fruits/${apple.id}`)).body).toMatch(/MRP:.*<s><span[^>]*>Rs 120<\/span><\/s>/);
  });

  it('sends a product asked for under another category, or with its id in capitals, to its one address (301)', async () => {
    for (const url of [`/products/vegetables/${apple.id}`, `/products/FRUITS/${apple.id}`, `/products/fruits/${apple.id.toUpperCase()}`]) {
      const res = await get(url);
      expect(res.statusCode, url).toBe(301);
      expect(res.headers.location, url).toBe(`/products/fruits/${apple.id}`);
    }
  });

  it("keeps the query it was asked with (a campaign's tags) when it sends a product to its one address", async () => {
    const res = await get(`/products/vegetables/${apple.id}?utm_source=mail&utm_campaign=diwali`);
    expect(res.statusCode).toBe(301);
    expect(res.headers.location).toBe(`/products/fruits/${apple.id}?utm_source=mail&utm_campaign=diwali`);
  });

  it('sends a page of the app asked for in capitals to its lower-case address (one page to a crawler), the query kept', async () => {
    for (const [url, location] of [
      ['/PRODUCTS', '/products'],
      ['/Products/Vegetables?q=Leek', '/products/vegetables?q=Leek'],
      ['/SHOP/greencart', '/shop/greencart'],
      ['/shop/GreenCart', '/shop/greencart'],
      ['/Cart', '/cart'],
      // A trailing slash too: one redirect, not two (a probe).
      ['/PRODUCTS/Fruits/?ref=1', '/products/fruits?ref=1'],
      [`/products/FRUITS/${apple.id.toUpperCase()}/`, `/products/fruits/${apple.id}`],
      // Under another category too: straight to the product's own address (it went to the slashless one first: a probe).
      [`/products/vegetables/${apple.id}/?utm_source=mail`, `/products/fruits/${apple.id}?utm_source=mail`],
      [`/Products/Vegetables/${apple.id}/`, `/products/fruits/${apple.id}`],
      // A letter written as an escape is the same address (RFC 3986): kept apart, each was another page rendered (a probe).
      [`/products/fruit%73/${apple.id}`, `/products/fruits/${apple.id}`],
      ['/shop/green%43art', '/shop/greencart'],
    ] as const) {
      const res = await get(url);
      expect(res.statusCode, url).toBe(301);
      expect(res.headers.location, url).toBe(location);
    }
    // Files keep their case: a built asset's name is its hash.
    expect((await get('/assets/NoSuchFile-AbC.js')).statusCode).toBe(404);
    // Escapes are the same bytes in either case: an unknown category written so is a 404 at once, not a 301 first (a probe).
    for (const url of ['/products/%E0%A4%9F', `/products/fruits%2F${apple.id}`]) expect((await get(url)).statusCode, url).toBe(404);
    expect((await get('/Products/%E0%A4%9F')).headers.location).toBe('/products/%E0%A4%9F');
  });

  it('says OutOfStock for a product out of stock', async () => {
    const res = await get(`/products/fruits/${soldOut.id}`);
    expect(res.statusCode).toBe(200);
    expect(structuredData(res.body)[0]!.offers).toMatchObject({ price: '250.00', availability: 'https://schema.org/OutOfStock' });
    expect(headOf(res.body)).toContain('<meta property="product:availability" content="out of stock"/>');
    expect(res.body).toContain('Out of stock');
  });

  it('carries the data it was drawn with, so the browser hydrates it without asking again', async () => {
    const res = await get(`/products/fruits/${apple.id}`);
    const script = /<script type="application\/json" id="route-data">(.*?)<\/script>/.exec(res.body);
    const hydration = JSON.parse(script![1]!) as { loaderData: Record<string, { kind: string; product: { _id: string; offerPrice: number } }> };
    const page = Object.values(hydration.loaderData).find((data) => data?.kind === 'product');
    expect(page?.product).toMatchObject({ _id: apple.id, offerPrice: 99.5 });
  });

  it('is kept compressed: gzip or br when asked, the same page, and a 304 for its ETag', async () => {
    const url = `/products/fruits/${apple.id}`;
    const plain = await get(url);
    const gzipped = await t.app.inject({ method: 'GET', url, headers: { accept: 'text/html', 'accept-encoding': 'gzip' } });
    expect(gzipped.headers['content-encoding']).toBe('gzip');
    expect(gunzipSync(gzipped.rawPayload).toString()).toBe(plain.body);
    const br = await t.app.inject({ method: 'GET', url, headers: { accept: 'text/html', 'accept-encoding': 'br' } });
    expect(brotliDecompressSync(br.rawPayload).toString()).toBe(plain.body);
    const again = await t.app.inject({ method: 'GET', url, headers: { accept: 'text/html', 'if-none-match': String(plain.headers.etag) } });
    expect(again.statusCode).toBe(304);
  });

  it('answers 404 with a helpful page for an unknown or malformed id', async () => {
    for (const id of ['00000000-0000-4000-8000-000000000000', 'not-an-id']) {
      const res = await get(`/products/fruits/${id}`);
      expect(res.statusCode, id).toBe(404);
      expect(res.body, id).toContain('<title>Product not found | GreenCart</title>');
      expect(res.body, id).toContain('<meta name="robots" content="noindex"/>');
      expect(res.body, id).toContain('href="/products"');
      // On to the category its address names (a crawler probe found only all products).
      expect(res.body, id).toMatch(/<a [^>]*href="\/products\/fruits"[^>]*>More Fresh Fruits<\/a>/);
    }
    expect((await get('/products/nosuch/00000000-0000-4000-8000-000000000000')).body).not.toContain('More ');
  });

  it("renders two pages at a time, the others in turn, so a crawler's burst leaves room for the shoppers' calls (a crawler probe)", async () => {
    const products = t.app.products;
    const productPage = products.productPage;
    let rendering = 0;
    let most = 0;
    products.productPage = async (id) => {
      most = Math.max(most, ++rendering);
      await new Promise((resolve) => setTimeout(resolve, 30));
      return productPage(id).finally(() => rendering--);
    };
    try {
      // Pages never rendered before (unknown ids): each one rendered, none kept from another.
      const answers = await Promise.all(Array.from({ length: 8 }, () => get(`/products/fruits/${crypto.randomUUID()}`)));
      expect(answers.map((res) => res.statusCode)).toEqual(Array(8).fill(404));
      expect(most).toBe(2);
    } finally {
      products.productPage = productPage;
    }
  });

  it('answers 410 for a retired product, with a link to its category', async () => {
    const res = await get(`/products/fruits/${retired.id}`);
    expect(res.statusCode).toBe(410);
    expect(res.body).toContain('<title>No longer sold | GreenCart</title>');
    expect(res.body).toContain('Old Kiwi is no longer sold at GreenCart.');
    expect(res.body).toMatch(/<a [^>]*href="\/products\/fruits"[^>]*>More Fresh Fruits<\/a>/);
  });
});

describe('list pages', () => {
  it('renders a category with its products and prices, its own title and canonical, and an ItemList', async () => {
    const res = await get('/products/fruits');
    expect(res.statusCode).toBe(200);
    const head = headOf(res.body);
    expect(head).toContain('<title>Fresh Fruits | GreenCart</title>');
    expect(head).toContain(`<link rel="canonical" href="${SITE}/products/fruits"/>`);
    expect(res.body).toContain('Shimla Apple &lt;Red&gt;');
    expect(res.body).toContain('Rs 99.50');
    expect(res.body).not.toContain('Old Kiwi');
    // Its cards' names are the headings under its h1 (h3 skipped a level); home's, under Best Sellers' h2, are h3.
    expect(res.body).toMatch(/<h2 [^>]*><a href="\/products\/fruits\/[^"]+"[^>]*><span[^>]*>Shimla Apple &lt;Red&gt;<\/span><\/a><\/h2>/);
    const [list] = structuredData(res.body);
    expect(list).toMatchObject({ '@type': 'ItemList', name: 'Fresh Fruits' });
    expect(list!.itemListElement).toContainEqual({ '@type': 'ListItem', position: 1, url: productUrl(apple), name: 'Shimla Apple <Red>' });
    // And where it sits in the catalogue, as a product page says it (a probe: a category had no BreadcrumbList).
    const [, trail] = structuredData(res.body);
    expect(trail).toMatchObject({ '@type': 'BreadcrumbList' });
    expect(trail!.itemListElement.map((step) => [step.name, step.item])).toEqual([
      ['Home', `${SITE}/`],
      ['Products', `${SITE}/products`],
      // Named by its heading, as the page and its ItemList name it (a probe read "Dairy" beside "Dairy Products").
      ['Fresh Fruits', `${SITE}/products/fruits`],
    ]);
  });

  it('answers 404 for an unknown category, with the categories there are', async () => {
    const res = await get('/products/furniture');
    expect(res.statusCode).toBe(404);
    expect(res.body).toContain('<title>Category not found | GreenCart</title>');
    expect(res.body).toMatch(/<a [^>]*href="\/products\/vegetables"[^>]*>Organic veggies<\/a>/);
  });

  it('renders /products and its search, canonical without the search text', async () => {
    const all = await get('/products');
    expect(all.statusCode).toBe(200);
    expect(headOf(all.body)).toContain('<title>All Products | GreenCart</title>');
    const search = await get('/products?q=apple&utm_source=mail');
    expect(search.statusCode).toBe(200);
    expect(headOf(search.body)).toContain(`<link rel="canonical" href="${SITE}/products"/>`);
    expect(search.body).toContain('Shimla Apple &lt;Red&gt;');
    expect(search.body).not.toContain('Alphonso Mango');
    expect(structuredData(search.body)[0]!.itemListElement).toHaveLength(1);
    // Search results are endless variants of the list: not indexed, their links followed; the list itself is.
    expect(headOf(search.body)).toContain('<meta name="robots" content="noindex, follow"/>');
    expect(headOf(all.body)).not.toContain('name="robots"');
    // Only close matches found: the list is of them (it said 0 items above their cards: a crawler probe).
    const close = (await get('/products?q=shimla%20aple')).body;
    expect(close).toContain('Shimla Apple &lt;Red&gt;');
    expect(structuredData(close)[0]).toMatchObject({ numberOfItems: 1, itemListElement: [{ name: 'Shimla Apple <Red>' }] });
  });

  it('answers an address no page has with the shop\'s 404 page, rendered, and the browser\'s own pages with the app', async () => {
    // `/data` is the data routes' parent, which the browser shows as an empty page.
    // A shop's page is the storefront whatever its name holds: its navbar stays (isSellerArea, one rule with the browser).
    for (const url of ['/nothing/here', '/products/fruits/x/y', '/seller/nowhere', '/data', '/shop/best-seller/x']) {
      const res = await get(url);
      expect(res.statusCode, url).toBe(404);
      expect(res.body, url).toContain('<title>Page not found | GreenCart</title>');
      expect(res.body, url).toMatch(/<a [^>]*href="\/products"[^>]*>Browse products<\/a>/);
      // Spec section 2: no navbar nor footer on an address containing "seller".
      expect(res.body.includes('<nav aria-label="Main"'), url).toBe(!url.includes('seller') || url.startsWith('/shop/'));
      // A page or JSON by what is accepted: said to any cache between (a probe).
      expect(res.headers.vary, url).toMatch(/\bAccept\b/);
    }
    // A segment of 150 characters names no shop nor product either: their 404 pages (it answered Fastify's JSON 414).
    for (const url of [`/shop/${'a'.repeat(150)}`, `/products/vegetables/${'a'.repeat(150)}`]) {
      const res = await get(url);
      expect(res.statusCode, url).toBe(404);
      expect(res.body, url).toMatch(/<title>[^<]* not found \| GreenCart<\/title>/);
    }
    for (const url of ['/cart', '/my-orders', '/seller/orders', '/seller']) {
      const res = await get(url);
      expect(res.statusCode, url).toBe(200);
      expect(res.body, url).toContain('<div id="root"></div>');
    }
    // An API caller still gets the error shape.
    const api = await t.app.inject({ method: 'GET', url: '/nothing/here', headers: { accept: 'application/json' } });
    expect(api.statusCode).toBe(404);
    expect(api.json()).toMatchObject({ success: false, code: 'ROUTE_NOT_FOUND' });
    expect(api.headers.vary).toMatch(/\bAccept\b/);
    const longSlug = await t.app.inject({ method: 'GET', url: `/api/seller/shop/${'a'.repeat(300)}`, headers: { accept: 'application/json' } });
    expect(longSlug.statusCode).toBeGreaterThanOrEqual(400);
    expect(longSlug.statusCode).toBeLessThan(500);
    expect(longSlug.json().code).not.toMatch(/^FST_/);
    // A link preview or a crawler asks with `*/*` (or nothing): the app's pages are pages to it too, not a JSON 404.
    for (const headers of [{ accept: '*/*', 'user-agent': 'facebookexternalhit/1.1' }, {}]) {
      for (const url of ['/contact', '/seller/register']) {
        const res = await t.app.inject({ method: 'GET', url, headers });
        expect(res.statusCode, url).toBe(200);
        expect(res.headers['content-type'], url).toBe('text/html; charset=utf-8');
      }
    }
    // And an address no page has is the 404 page to it, not a JSON 404 (a crawler probe).
    const preview = await t.app.inject({ method: 'GET', url: '/nothing/here', headers: { accept: '*/*', 'user-agent': 'facebookexternalhit/1.1' } });
    expect(preview.statusCode).toBe(404);
    expect(preview.body).toContain('<title>Page not found | GreenCart</title>');
    expect((await t.app.inject({ method: 'GET', url: '/seller/register', headers: { accept: 'application/json' } })).statusCode).toBe(404);
  });

  it('sends a page asked for with a trailing slash to its one address, never to another site', async () => {
    for (const [url, location] of [
      [`/products/fruits/${apple.id}/`, `/products/fruits/${apple.id}`],
      ['/products/?q=apple', '/products?q=apple'],
      ['/cart/', '/cart'],
      ['//evil.example/', '/evil.example'],
      ['///', '/'],
    ] as const) {
      const res = await get(url);
      expect(res.statusCode, url).toBe(301);
      expect(res.headers.location, url).toBe(location);
    }
    // A browser reads `/\evil.example` as `//evil.example`: the backslashes go as the slashes do. (An injected
    // request's address is parsed as a browser would, so the raw one a client may send is checked here.)
    expect(withoutTrailingSlash('/\\evil.example/')).toBe('/evil.example');
    expect(withoutTrailingSlash('/\\/\\evil.example/?a=1')).toBe('/evil.example?a=1');
  });

  it("gives every page a link-preview card: the seller's application (the browser draws it) its own title, description and canonical, a rendered page only its own (/contact had none)", async () => {
    const register = headOf((await get('/seller/register')).body);
    // A crawler probe read the shop's generic title and no canonical there.
    expect(register.match(/<title>/g)).toHaveLength(1);
    expect(register).toContain('<title>Open a shop | GreenCart</title>');
    expect(register).toContain(`<link rel="canonical" href="${SITE}/seller/register" />`);
    expect(register).toContain(`<meta property="og:url" content="${SITE}/seller/register" />`);
    expect(register).toContain('<meta property="og:title" content="Open a shop | GreenCart" />');
    expect(register.match(/content="Sell your groceries on GreenCart, next to ours/g)).toHaveLength(2);
    expect(register).not.toContain('Fresh groceries delivered');
    expect(register).toContain(`<meta property="og:image" content="${SITE}/art/main-banner-lg-960.webp" />`);
    expect(register).toContain('<meta name="twitter:card" content="summary_large_image" />');
    const contact = headOf((await get('/contact')).body);
    expect(contact).toContain('<meta property="og:title" content="Contact Us | GreenCart"/>');
    expect(contact).toContain(`<meta property="og:image" content="${SITE}/art/main-banner-lg-960.webp"/>`);
    for (const url of ['/', '/contact', '/products/fruits', '/shop/greencart']) {
      const head = headOf((await get(url)).body);
      expect(head.match(/property="og:title"/g), url).toHaveLength(1);
      expect(head.match(/property="og:image"/g), url).toHaveLength(1);
      expect(head.match(/name="twitter:card"/g), url).toHaveLength(1);
      expect(head, url).not.toContain('Fresh groceries delivered" />');
    }
  });

  it('renders home with the Best Sellers and its canonical', async () => {
    const res = await get('/');
    expect(res.statusCode).toBe(200);
    expect(headOf(res.body)).toContain(`<link rel="canonical" href="${SITE}/"/>`);
    // A link preview of a page without a picture of its own shows the shop's banner.
    for (const url of ['/', '/products', '/products/fruits', '/shop/greencart']) {
      const head = headOf((await get(url)).body);
      expect(head, url).toContain(`<meta property="og:image" content="${SITE}/art/main-banner-lg-960.webp"/>`);
      expect(head, url).toContain('<meta name="twitter:card" content="summary_large_image"/>');
    }
    expect(res.body).toContain('Shimla Apple &lt;Red&gt;');
    expect(res.body).toMatch(/<h3 [^>]*><a href="\/products\/fruits\/[^"]+"[^>]*><span[^>]*>Shimla Apple &lt;Red&gt;<\/span><\/a><\/h3>/);
    expect(structuredData(res.body)[0]).toMatchObject({ '@type': 'ItemList', name: 'Best Sellers' });
    // The banner, the largest paint, is asked for before the scripts.
    expect(headOf(res.body)).toMatch(/<link rel="preload" as="image" [^>]*fetchpriority="high">\s*(?:<link rel="preload" as="image" [^>]*>\s*)*<script type="application\/json" id="route-data">/);
  });
});

describe('a NUL character in the address (docs/decisions/0218)', () => {
  it('answers 400 in the error shape, as every call does, where the search for it answered 500', async () => {
    for (const [url, path] of [
      ['/products?q=to%00mato', 'querystring.q'],
      ['/products?seller=green%00cart', 'querystring.seller'],
      ['/shop/green%00cart', 'params.slug'],
    ]) {
      const res = await t.app.inject({ method: 'GET', url: url!, headers: { accept: 'application/json' } });
      expect(res.statusCode, url).toBe(400);
      expect(res.json(), url).toMatchObject({ success: false, code: 'VALIDATION_FAILED', issues: [{ path }] });
    }
    // A browser gets a page that says so and leads home.
    const page = await get('/products?q=to%00mato');
    expect(page.statusCode).toBe(400);
    expect(page.body).toContain('<h1>This address cannot be read</h1>');
  });
});

describe('the start of the app (decisions 0203, 0204)', () => {
  it('fetches no script before the page: one inline start, allowed by its hash on that page only, names the entry and the route chunks', async () => {
    const res = await get(productUrl(apple));
    expect(res.body).not.toMatch(/<script type="module"|rel="modulepreload"/);
    const start = /<script id="start-app" data-entry="(\/assets\/[^"]+\.js)" data-preload="([^"]*)" data-stylesheet="(\/assets\/[^"]+\.css)">(.*?)<\/script>/s.exec(res.body);
    expect(start).not.toBeNull();
    expect(start![2]!.split(' ').some((chunk) => chunk.startsWith('/assets/product-'))).toBe(true);
    const hash = crypto.createHash('sha256').update(start![4]!).digest('base64');
    expect(res.headers['content-security-policy']).toContain(`script-src 'self' 'sha256-${hash}'`);
    // Pages the renderer does not draw keep the plain policy and index.html's module script.
    const plain = await get('/cart');
    expect(plain.headers['content-security-policy']).not.toContain('sha256-');
    expect(plain.body).toContain('<script type="module"');
  });

  it("inlines the style rules the page's markup may use, not the whole stylesheet", async () => {
    const res = await get(productUrl(apple));
    const style = /<style>(.*?)<\/style>/s.exec(res.body)![1]!;
    const stylesheet = /data-stylesheet="(\/assets\/[^"]+\.css)"/.exec(res.body)![1]!;
    const whole = (await get(stylesheet)).body;
    expect(style.length).toBeLessThan(whole.length * 0.7);
    // A class the page uses keeps its rule; one only the seller area uses does not come.
    expect(res.body).toContain('class="mx-auto max-w-7xl');
    expect(style).toContain('.max-w-7xl{');
    expect(whole).toContain('.sticky{');
    expect(res.body).not.toMatch(/class="[^"]*\bsticky\b/);
    expect(style).not.toContain('.sticky{');
  });
});

describe('the contact page', () => {
  it('answers 404 to an address with a line break in it, which matched the page before it (/cart%E2%80%A8 was the cart: an attacker probe)', async () => {
    for (const url of ['/%E2%80%A8', '/cart%E2%80%A8', '/products%E2%80%A9', '/cart%0A', '/products%0d']) expect((await get(url)).statusCode, url).toBe(404);
  });

  it('answers 404 to a page address with encoded dot segments, which names another page once parsed (a crawler got the cart, 200)', async () => {
    // Over a socket: inject (and fetch) would resolve the dot segments before the server saw them.
    await t.app.listen({ port: 0, host: '127.0.0.1' });
    const { port } = t.app.server.address() as AddressInfo;
    const raw = (pathName: string) =>
      new Promise<{ status: number; body: string }>((resolve, reject) => {
        http
          .get({ host: '127.0.0.1', port, path: pathName, headers: { accept: 'text/html' } }, (res) => {
            let body = '';
            res.setEncoding('utf8').on('data', (chunk) => (body += chunk)).on('end', () => resolve({ status: res.statusCode!, body }));
          })
          .on('error', reject);
      });
    for (const pathName of ['/products/%2e%2e/cart', '/products/%2E%2E/my-orders', '/products/fruits/%2e%2e']) {
      const res = await raw(pathName);
      expect(res.status, pathName).toBe(404);
      expect(res.body, pathName).toContain('<title>Page not found | GreenCart</title>');
    }
    expect((await raw('/products/fruits')).status).toBe(200);
  });

  it('is rendered on the server, with its own title and the team, as every page header links to it (a probe read "needs JavaScript")', async () => {
    const res = await get('/contact');
    expect(res.statusCode).toBe(200);
    expect(headOf(res.body)).toContain('<title>Contact Us | GreenCart</title>');
    // Its description and one address in its head, for a crawler and a link preview (a probe found a title alone).
    expect(headOf(res.body)).toMatch(/<meta name="description" content="Talk to the GreenCart team[^"]*"\/?>/);
    expect(headOf(res.body)).toMatch(/<link rel="canonical" href="http:\/\/[^"]+\/contact"\/?>/);
    const body = res.body.slice(res.body.indexOf('<div id="root">'));
    expect(body).toContain('Contact Us</h1>');
    expect(body).toContain('Aarav Sharma');
    expect(body).not.toContain('needs JavaScript');
  });
});

describe('shop pages (issue 26)', () => {
  it('render the shop with its products, its own title and canonical, an ItemList, and a search of its own', async () => {
    const shop = await createShop(t.app, { shopName: 'Nashik Greens' });
    const grapes = await shopProduct(t.app, shop.id, { name: 'Black Grapes', offerPrice: 80 });
    await shopProduct(t.app, shop.id, { name: 'Green Chillies', offerPrice: 20 });
    const res = await get(`/shop/${shop.slug}`);
    expect(res.statusCode).toBe(200);
    const head = headOf(res.body);
    expect(head).toContain('<title>Nashik Greens | GreenCart</title>');
    expect(head).toContain(`<link rel="canonical" href="${SITE}/shop/${shop.slug}"/>`);
    expect(res.body).toContain('<h1 class="text-2xl font-medium md:text-3xl">Nashik Greens</h1>');
    expect(res.body).toContain('Black Grapes');
    expect(res.body).toContain('Rs 80');
    // Only this shop's products.
    expect(res.body).not.toContain('Shimla Apple');
    const [list, organization] = structuredData(res.body);
    expect(list).toMatchObject({ '@type': 'ItemList', name: 'Nashik Greens' });
    expect(organization).toEqual({ '@context': 'https://schema.org', '@type': 'Organization', name: 'Nashik Greens', url: `${SITE}/shop/${shop.slug}` });
    expect(list!.itemListElement).toHaveLength(2);

    const search = await get(`/shop/${shop.slug}?q=grapes`);
    expect(search.body).toContain('Black Grapes');
    expect(search.body).not.toContain('Green Chillies');
    // The product's Offer names its shop; so do its title and description (a probe: a cola sold by 12 shops had 12 pages
    // of one title and one description).
    const page = (await get(`/products/fruits/${grapes.id}`)).body;
    const [product] = structuredData(page);
    expect(product).toMatchObject({ offers: { seller: { '@type': 'Organization', name: 'Nashik Greens', url: `${SITE}/shop/${shop.slug}` } } });
    expect(headOf(page)).toContain('<title>Black Grapes from Nashik Greens | GreenCart</title>');
    expect(headOf(page)).toMatch(/<meta name="description" content="Rs 80 at Nashik Greens\. /);
  });

  it('walk a long list without JavaScript: Load more links the next page (?cursor=), rendered with its own canonical (docs/decisions/0264)', async () => {
    const shop = await createShop(t.app, { shopName: 'Long Aisle' });
    // A second apart each: two made in the same instant were listed by their random ids, 24 before 23 (CI).
    const start = Date.now() - 3_600_000;
    for (let i = 0; i < CATALOGUE_PAGE_SIZE + 2; i++) {
      const item = await shopProduct(t.app, shop.id, { name: `Aisle Item ${String(i).padStart(2, '0')}` });
      await t.app.db.update(products).set({ createdAt: new Date(start + i * 1000) }).where(eq(products.id, item.id));
    }
    const nextLink = (html: string) => html.match(/<a [^>]*rel="next"[^>]*>/)?.[0].match(/href="([^"]+)"/)?.[1]?.replaceAll('&amp;', '&');
    const first = await get(`/shop/${shop.slug}`);
    expect(first.body).toContain('Aisle Item 23');
    expect(first.body).not.toContain('Aisle Item 24');
    const next = nextLink(first.body);
    expect(next).toMatch(new RegExp(`^/shop/${shop.slug}\\?cursor=[0-9a-f-]{36}$`));

    const second = await get(next!);
    expect(second.statusCode).toBe(200);
    expect(second.body).toContain('Aisle Item 24');
    expect(second.body).toContain('Aisle Item 25');
    expect(second.body).not.toContain('Aisle Item 23');
    expect(headOf(second.body)).toContain(`<link rel="canonical" href="${SITE}${next}"/>`);
    expect(structuredData(second.body)[0]!.itemListElement).toHaveLength(2);
    // The last page links no further, and back to the list's start.
    expect(nextLink(second.body)).toBeUndefined();
    expect(second.body).toMatch(new RegExp(`<a [^>]*href="/shop/${shop.slug}"[^>]*>Back to the first page</a>`));
    // The search's text stays in the link; a cursor that is no product's id is the first page.
    expect(nextLink((await get(`/shop/${shop.slug}?q=aisle`)).body)).toMatch(new RegExp(`^/shop/${shop.slug}\\?q=aisle&cursor=`));
    const unknown = await get(`/shop/${shop.slug}?cursor=not-an-id`);
    expect(unknown.statusCode).toBe(200);
    expect(unknown.body).toContain('Aisle Item 00');
    expect(headOf(unknown.body)).toContain(`<link rel="canonical" href="${SITE}/shop/${shop.slug}"/>`);
    // An id that is no product's, or the last one's: nothing after it, said so, not indexed, the list's own canonical (a crawler probe).
    const [last] = await t.app.db.select({ id: products.id }).from(products).where(eq(products.name, 'Aisle Item 25'));
    for (const cursor of ['00000000-0000-4000-8000-000000000000', last!.id]) {
      const empty = await get(`/shop/${shop.slug}?cursor=${cursor}`);
      expect(empty.statusCode).toBe(200);
      expect(empty.body).toContain('No more products here.');
      expect(headOf(empty.body)).toContain('<meta name="robots" content="noindex, follow"/>');
      expect(headOf(empty.body)).toContain(`<link rel="canonical" href="${SITE}/shop/${shop.slug}"/>`);
    }
    // A search's later page stands for the list as its first page does; its text is cut as the search cuts it.
    const searched = nextLink((await get(`/shop/${shop.slug}?q=aisle`)).body)!;
    expect(headOf((await get(searched)).body)).toContain(`<link rel="canonical" href="${SITE}/shop/${shop.slug}"/>`);
    const long = await get(`/shop/${shop.slug}?q=${'aisle'.repeat(2000)}`);
    expect(long.body).not.toContain('aisle'.repeat(100));
  });

  it("titles the operator's own shop, named as the store, without saying GreenCart twice", async () => {
    const head = headOf((await get('/shop/greencart')).body);
    expect(head).toContain('<title>Sold by GreenCart | GreenCart</title>');
    expect(head).toContain('<meta name="description" content="Groceries sold by GreenCart itself, delivered to your door."/>');
  });

  it('/products?seller= lists only that shop’s products, named by the shop\'s name in the page as drawn (no fetch after it)', async () => {
    const shop = await createShop(t.app, { shopName: 'Pune Dairy' });
    await shopProduct(t.app, shop.id, { name: 'Buffalo Milk' });
    const res = await get(`/products?seller=${shop.slug}`);
    expect(res.statusCode).toBe(200);
    expect(res.body).toContain('Buffalo Milk');
    expect(res.body).not.toContain('Shimla Apple');
    expect(res.body).toMatch(/Sold by <span[^>]*>Pune Dairy<\/span>/);
    // No approved shop has it: the slug as asked, as text.
    const unknown = await get('/products?seller=%3Cb%3Enope%3C%2Fb%3E');
    expect(unknown.body).toMatch(/Sold by <span[^>]*>&lt;b&gt;nope&lt;\/b&gt;<\/span>/);
    // Not "No products are in stock right now", untrue of the store.
    expect(unknown.body).toContain('No open shop has this address.');
    // One page per shop however its address is written: in capitals, or 16,000 characters long (cut as the list cuts it,
    // not said back whole in a page kept under its own key).
    const capitals = await get(`/products?seller=${shop.slug.toUpperCase()}`);
    expect(capitals.body).toContain('Buffalo Milk');
    expect(capitals.headers.etag).toBe(res.headers.etag);
    const long = await get(`/products?seller=${'z'.repeat(16_000)}`);
    expect(long.statusCode).toBe(200);
    expect(long.body).not.toContain('z'.repeat(SLUG_MAX + 1));
  });

  it('keep a shop listing no product in stock out of the index: its page says so, noindex (a crawler probe)', async () => {
    const empty = await createShop(t.app, { shopName: 'Empty Shelves' });
    const res = await get(`/shop/${empty.slug}`);
    expect(res.statusCode).toBe(200);
    expect(res.body).toContain('This shop has no products in stock right now.');
    expect(headOf(res.body)).toContain('<meta name="robots" content="noindex, follow"/>');
    expect(headOf((await get('/shop/greencart')).body)).not.toContain('name="robots"');
  });

  it('answer 404 with a helpful page for an unknown, malformed or suspended shop', async () => {
    const suspended = await createShop(t.app, { status: 'suspended', shopName: 'Closed Stall' });
    for (const url of ['/shop/no-such-shop', '/shop/not%20a%20slug', `/shop/${suspended.slug}`]) {
      const res = await get(url);
      expect(res.statusCode, url).toBe(404);
      expect(res.body).toContain('<title>Shop not found | GreenCart</title>');
      expect(res.body).toMatch(/<a [^>]*href="\/products"[^>]*>See all products<\/a>/);
    }
  });
});

describe('after a change', () => {
  it('every instance serves the changed product, however it kept the page', async () => {
    const other = await buildTestApp({ WEB_DIST: path.join(webRoot, 'dist'), PUBLIC_URL: SITE }, { database: t.database });
    try {
      const url = `/products/fruits/${apple.id}`;
      expect((await get(url)).body).toContain('Rs 99.50');
      expect((await get(url, other.app)).body).toContain('Rs 99.50');
      // A write by the other instance, as a seller's edit would make it.
      await other.app.db.update(products).set({ offerPriceMinor: 8900 }).where(eq(products.id, apple.id));
      const started = Date.now();
      while (!(await get(url)).body.includes('Rs 89') && Date.now() - started < 2000) await new Promise((resolve) => setTimeout(resolve, 20));
      const page = (await get(url)).body;
      expect(page).toContain('Rs 89');
      expect(structuredData(page)[0]!.offers.price).toBe('89.00');
    } finally {
      await other.close();
      await t.app.db.update(products).set({ offerPriceMinor: 9950 }).where(eq(products.id, apple.id));
    }
  });

  it('keeps a page through checkouts that took stock of products it does not show, and renders it again after one took its own (decision 0273)', async () => {
    const fig = await createProduct(t.app, { name: 'Kept Fig', category: 'Bakery' });
    const date = await createProduct(t.app, { name: 'Last Date', category: 'Grains' });
    await t.app.db.update(products).set({ stock: 5 }).where(eq(products.id, fig.id));
    await t.app.db.update(products).set({ stock: 1 }).where(eq(products.id, date.id));
    const figUrl = `/products/bakery/${fig.id}`;
    const dateUrl = `/products/grains/${date.id}`;
    // A rename no feed hears (as checkout's own writes are not heard): a page rendered again shows it, a kept one does not.
    const renameUnheard = (name: string) =>
      t.app.db.transaction(async (tx) => {
        await tx.execute(sql`select set_config('greencart.notify_after_commit', 'on', true)`);
        await tx.update(products).set({ name }).where(eq(products.id, fig.id));
      });
    const until = async (url: string, text: string) => {
      const started = Date.now();
      while (!(await get(url)).body.includes(text) && Date.now() - started < 5000) await new Promise((resolve) => setTimeout(resolve, 20));
      expect((await get(url)).body).toContain(text);
    };
    // Every change sent so far heard (the feed hears them in order): a change of our own, sent last, drops the fig's page.
    await get(figUrl);
    await renameUnheard('Fig Two');
    await t.app.db.execute(sql`select pg_notify(${CATALOGUE_CHANNEL}, '')`);
    await until(figUrl, 'Fig Two');
    expect(structuredData((await get(dateUrl)).body)[0]!.offers).toMatchObject({ availability: 'https://schema.org/InStock' });

    await renameUnheard('Fig Three');
    await placeTestOrder(t.app, { items: [{ product: date, quantity: 1 }] });
    await until(dateUrl, 'https://schema.org/OutOfStock');
    // The date's checkout was heard, and the fig's page was kept: not rendered again for another product's stock.
    expect((await get(figUrl)).body).toContain('Fig Two');

    await placeTestOrder(t.app, { items: [{ product: fig, quantity: 1 }] });
    await until(figUrl, 'Fig Three');
  });

  it("drops a list's page when the one product after it sells out: its Load more led to an empty page (a probe)", async () => {
    const shop = await createShop(t.app, { shopName: 'Last Shelf' });
    const start = Date.now() - 3_600_000;
    let last: Awaited<ReturnType<typeof shopProduct>> | undefined;
    for (let i = 0; i <= CATALOGUE_PAGE_SIZE; i++) {
      last = await shopProduct(t.app, shop.id, { name: `Shelf Item ${String(i).padStart(2, '0')}`, ...(i === CATALOGUE_PAGE_SIZE ? { stock: 1 } : {}) });
      await t.app.db.update(products).set({ createdAt: new Date(start + i * 1000) }).where(eq(products.id, last.id));
    }
    t.app.products.invalidate();
    const loadMore = (html: string) => /<a [^>]*rel="next"/.test(html);
    const apiNext = async () => body<{ nextCursor: string | null }>(await t.app.inject({ method: 'GET', url: `/api/product/search?seller=${shop.slug}` })).nextCursor;
    // Kept by both: the page it shows, and the read behind it.
    expect(loadMore((await get(`/shop/${shop.slug}`)).body)).toBe(true);
    expect(await apiNext()).not.toBeNull();
    await placeTestOrder(t.app, { items: [{ product: last!, quantity: 1 }] });
    const started = Date.now();
    while (loadMore((await get(`/shop/${shop.slug}`)).body) && Date.now() - started < 5000) await new Promise((resolve) => setTimeout(resolve, 20));
    expect(loadMore((await get(`/shop/${shop.slug}`)).body)).toBe(false);
    expect(await apiNext()).toBeNull();
  });
});
