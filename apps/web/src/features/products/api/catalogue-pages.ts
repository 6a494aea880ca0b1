import { findCategory, type Category, type Product, type StorefrontCatalogue } from '@greencart/shared';
import { data } from 'react-router';
import { isUnknownProduct, loadProducts, searchProducts, type ProductSearch } from './get-products';

/**
 * What the storefront's pages read, from wherever they are rendered (docs/decisions/0128): the route
 * loaders ask a `StorefrontCatalogue` (packages/shared). On the server it is the API's own product service (no HTTP round
 * trip), handed to the loaders as the router's request context; in the browser it is the API. The data
 * a server-rendered page was drawn with travels in the page (React Router's hydration data), so the
 * browser hydrates it without asking for the same data again.
 */
/** The browser's source: the shop's API. A retired product answers 404 there, so it shows as unknown. */
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
};

/** What the server hands the loaders (server-render.tsx): its catalogue. */
export interface ShopRequestContext {
  catalogue: StorefrontCatalogue;
}

const catalogueIn = (context: unknown) => (context as ShopRequestContext | undefined)?.catalogue ?? browserCatalogue;

/** The page's own URL without its query, on the origin the request came to (PUBLIC_URL on the server). */
const canonicalOf = (request: Request, pathname: string) => new URL(pathname, request.url).href;

export interface LoaderArgs {
  request: Request;
  params: Record<string, string | undefined>;
  context?: unknown;
}

/** `/`: the Best Sellers. */
export async function loadHomePage({ request, context }: LoaderArgs) {
  return { bestSellers: await catalogueIn(context).bestSellers(), canonical: canonicalOf(request, '/') };
}

/** `/products?q=` and `/products/{category}`: the first page of the list (more pages come from the browser). */
export async function loadListPage({ request, params, context }: LoaderArgs) {
  const q = (new URL(request.url).searchParams.get('q') ?? '').trim();
  let category: Category | undefined;
  if (params.category !== undefined) {
    category = findCategory(params.category);
    // No such category: nothing to ask the catalogue.
    if (!category) throw data({ kind: 'unknown-category' as const }, { status: 404 });
  }
  const search: ProductSearch = category ? { category: category.path } : { q };
  const firstPage = await catalogueIn(context).search(search);
  return { search, category, firstPage, canonical: canonicalOf(request, category ? `/products/${category.path.toLowerCase()}` : '/products') };
}

/** `/products/{category}/{id}`: the product and its related ones; 404 for an unknown id, 410 for a retired product. */
export async function loadProductPage({ request, params, context }: LoaderArgs) {
  const page = await catalogueIn(context).productPage(params.id ?? '');
  if (page.kind === 'unknown') throw data(page, { status: 404 });
  if (page.kind === 'retired') throw data(page, { status: 410 });
  return { ...page, canonical: canonicalOf(request, `/products/${page.product.category.toLowerCase()}/${page.product._id}`) };
}

/** The JSON a loader answered, or rejected with when it threw `data(...)`: the pages read them by these types. */
export type ListPageData = Awaited<ReturnType<typeof loadListPage>>;
export type HomePageData = Awaited<ReturnType<typeof loadHomePage>>;
export type ProductPageLoaded = Awaited<ReturnType<typeof loadProductPage>>;
