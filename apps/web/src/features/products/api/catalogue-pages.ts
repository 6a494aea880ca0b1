import { findCategory, type Category, type Product, type ShopProfile, type StorefrontCatalogue } from '@greencart/shared';
import { data } from 'react-router';
import { api, ApiError } from '../../../lib/api-client';
import { isUnknownProduct, loadProducts, searchProducts, type ProductSearch } from './get-products';

/** No approved shop at this address (unknown, or suspended): an answer the shop page shows, not a failed load. */
const isUnknownShop = (err: unknown) => err instanceof ApiError && (err.code === 'SHOP_NOT_FOUND' || err.code === 'VALIDATION_FAILED');

/**
 * The browser's source of what the storefront's pages read, from wherever they are rendered (docs/decisions/0128): the
 * route loaders ask a `StorefrontCatalogue` (packages/shared). On the server it is the API's own product service (no HTTP
 * round trip), handed to the loaders as the router's request context; in the browser it is the shop's API, here. The
 * data a server-rendered page was drawn with travels in the page (React Router's hydration data), so the browser
 * hydrates it without asking for the same data again. A retired product answers 404 here, so it shows as unknown.
 */
export const browserCatalogue: StorefrontCatalogue = {
  bestSellers: () => loadProducts<{ products: Product[] }>('/api/product/best-sellers').then((answer) => answer.products),
  search: (search) => searchProducts(search),
  async productPage(id) {
    const path = `/api/product/${encodeURIComponent(id)}`;
    try {
      const [{ product }, { products: related }] = await Promise.all([
        loadProducts<{ product: Product }>(path),
        loadProducts<{ products: Product[] }>(`${path}/related`),
      ]);
      return { kind: 'product', product, related };
    } catch (err) {
      if (isUnknownProduct(err)) return { kind: 'unknown' };
      throw err;
    }
  },
  shop: (slug) =>
    api.get<{ shop: ShopProfile }>(`/api/seller/shop/${encodeURIComponent(slug)}`, { silent: true }).then(
      (answer) => answer.shop,
      (err: unknown) => {
        if (isUnknownShop(err)) return undefined;
        throw err;
      },
    ),
};

/** What the server hands the loaders (server-render.tsx): its catalogue. */
export interface ShopRequestContext {
  catalogue: StorefrontCatalogue;
}

const catalogueIn = (context: unknown) => (context as ShopRequestContext | undefined)?.catalogue ?? browserCatalogue;

/**
 * The page's own URL on the origin the request came to (PUBLIC_URL on the server), without its query but a later page's
 * `cursor` (each page of a list is its own page to a crawler, docs/decisions/0264).
 */
const canonicalOf = (request: Request, pathname: string, cursor?: string) => new URL(cursor ? `${pathname}?cursor=${cursor}` : pathname, request.url).href;

export interface LoaderArgs {
  request: Request;
  params: Record<string, string | undefined>;
  context?: unknown;
}

/** `/`: the Best Sellers. */
export async function loadHomePage({ request, context }: LoaderArgs) {
  return { bestSellers: await catalogueIn(context).bestSellers(), canonical: canonicalOf(request, '/') };
}

/** `/products?q=` and `/products/{category}`: the first page of the list, or the one after `?cursor=` (more pages come from the browser). */
export async function loadListPage({ request, params, context }: LoaderArgs) {
  const query = new URL(request.url).searchParams;
  const q = (query.get('q') ?? '').trim();
  // One shop's products only (issue 26): `?seller=<slug>`.
  const seller = query.get('seller') || undefined;
  const cursor = query.get('cursor') || undefined;
  let category: Category | undefined;
  if (params.category !== undefined) {
    category = findCategory(params.category);
    // No such category: nothing to ask the catalogue.
    if (!category) throw data({ kind: 'unknown-category' as const }, { status: 404 });
  }
  const search: ProductSearch = category ? { category: category.path, cursor } : { q, seller, cursor };
  const catalogue = catalogueIn(context);
  // The shop filtered by, named in the page as drawn (undefined for no approved shop's slug: its slug is shown).
  const [firstPage, shop] = await Promise.all([catalogue.search(search), search.seller ? catalogue.shop(search.seller) : undefined]);
  // A later page is its own address while it lists something and is no search's (a search's pages stand for the list).
  const paged = q || seller || !firstPage.products.length ? undefined : cursor;
  return { search, category, shop, firstPage, canonical: canonicalOf(request, category ? `/products/${category.path.toLowerCase()}` : '/products', paged) };
}

/**
 * `/products/{category}/{id}`: the product and its related ones; 404 for an unknown id, 410 for a retired product.
 * Asked for under another category (or its id in capitals), it is sent (301) to its one address.
 */
export async function loadProductPage({ request, params, context }: LoaderArgs) {
  const page = await catalogueIn(context).productPage(params.id ?? '');
  if (page.kind === 'unknown') throw data(page, { status: 404 });
  if (page.kind === 'retired') throw data(page, { status: 410 });
  const path = `/products/${page.product.category.toLowerCase()}/${page.product._id}`;
  // A plain Response: React Router follows a thrown redirect as its own `redirect` makes, without its code in the entry.
  if (`/products/${params.category}/${params.id}` !== path) throw new Response(null, { status: 301, headers: { Location: path } });
  return { ...page, canonical: canonicalOf(request, path) };
}

/** `/shop/:slug?q=`: the shop's profile and the first page of its products, or the one after `?cursor=` (issue 26); 404 for no approved shop. */
export async function loadShopPage({ request, params, context }: LoaderArgs) {
  const slug = params.slug ?? '';
  const catalogue = catalogueIn(context);
  const shop = await catalogue.shop(slug);
  if (!shop) throw data({ kind: 'unknown-shop' as const }, { status: 404 });
  const query = new URL(request.url).searchParams;
  const cursor = query.get('cursor') || undefined;
  const search: ProductSearch = { q: (query.get('q') ?? '').trim(), seller: shop.slug, cursor };
  const firstPage = await catalogue.search(search);
  return { shop, search, firstPage, canonical: canonicalOf(request, `/shop/${shop.slug}`, search.q || !firstPage.products.length ? undefined : cursor) };
}

/** The JSON a loader answered, or rejected with when it threw `data(...)`: the pages read them by these types. */
export type ListPageData = Awaited<ReturnType<typeof loadListPage>>;
export type ShopPageData = Awaited<ReturnType<typeof loadShopPage>>;
export type HomePageData = Awaited<ReturnType<typeof loadHomePage>>;
export type ProductPageLoaded = Awaited<ReturnType<typeof loadProductPage>>;
