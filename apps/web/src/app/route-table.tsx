import type { LoaderFunction, RouteObject } from 'react-router';
import { RouteError } from '../components/route-error';
import { RootLayout } from './routes/root-layout';

/**
 * The route table of spec section 2. Every screen is its own chunk (route-level code splitting),
 * so the first load of `/` carries only the shell and the home page. The browser's router (router.tsx)
 * and the server's renderer of the storefront pages (server-render.tsx) both use this table.
 */
/** The element of a server-rendered page that carries its loaders' answers (server-render.tsx, router.tsx). */
export const ROUTE_DATA_ID = 'route-data';

/** The route under which the data routes are patched in (data-routes.ts). */
export const DATA_ROUTES_ID = 'data';

/**
 * A server-rendered page's loader (decision 0128), in the catalogue's chunk rather than the page's: a page
 * hydrated from the server's answers runs none until it navigates or revalidates, so its first load does not
 * carry them (decision 0182). A navigation loads it beside the page's chunk.
 */
const pageLoader =
  (name: 'loadHomePage' | 'loadListPage' | 'loadProductPage' | 'loadShopPage'): LoaderFunction =>
  (args) =>
    import('../features/products/api/catalogue-pages').then((m): Promise<unknown> => m[name](args));

export const routes: RouteObject[] = [
  // The data routes' parent: its children (data-routes.ts, each `data/...`) are patched in on their first fetch
  // (router.tsx, 0239). Without a path of its own: `/data` alone is no page (it matched here and showed nothing).
  { id: DATA_ROUTES_ID },
  {
    element: <RootLayout />,
    errorElement: <RouteError />,
    children: [
      {
        // The storefront's navbar, footer and cart (docs/decisions/0182): none of it in the seller area's first loads.
        lazy: () => import('./routes/storefront-layout'),
        children: [
          {
            errorElement: <RouteError />,
            children: [
              { index: true, loader: pageLoader('loadHomePage'), lazy: () => import('./routes/home') },
              { path: 'products', loader: pageLoader('loadListPage'), lazy: () => import('./routes/products') },
              { path: 'products/:category', loader: pageLoader('loadListPage'), lazy: () => import('./routes/category') },
              { path: 'products/:category/:id', loader: pageLoader('loadProductPage'), lazy: () => import('./routes/product') },
              { path: 'cart', lazy: () => import('./routes/cart') },
              { path: 'add-address', lazy: () => import('./routes/add-address') },
              { path: 'my-orders', lazy: () => import('./routes/my-orders') },
              { path: 'buy-again', lazy: () => import('./routes/buy-again') },
              { path: 'contact', lazy: () => import('./routes/contact') },
              { path: 'loader', lazy: () => import('./routes/loader') },
              { path: 'shop/:slug', loader: pageLoader('loadShopPage'), lazy: () => import('./routes/shop') },
              { path: '*', lazy: () => import('./routes/not-found') },
            ],
          },
        ],
      },
      {
        errorElement: <RouteError />,
        children: [
          {
            path: 'seller',
            lazy: () => import('./routes/seller-layout'),
            children: [
              { index: true, lazy: () => import('./routes/seller-add-product') },
              { path: 'product-list', lazy: () => import('./routes/seller-product-list') },
              { path: 'orders', lazy: () => import('./routes/seller-orders') },
              { path: 'import', lazy: () => import('./routes/seller-import') },
              // The marketplace (issue 26).
              { path: 'sellers', lazy: () => import('./routes/seller-sellers') },
              { path: 'commission', lazy: () => import('./routes/seller-commission') },
              { path: 'payouts', lazy: () => import('./routes/seller-payouts') },
              { path: 'balance', lazy: () => import('./routes/seller-balance') },
              { path: 'profile', lazy: () => import('./routes/seller-profile') },
              // Coupons (issue 29).
              { path: 'coupons', lazy: () => import('./routes/seller-coupons') },
              // Delivery (issue 28).
              { path: 'delivery', lazy: () => import('./routes/seller-delivery') },
              { path: 'deliveries', lazy: () => import('./routes/seller-deliveries') },
            ],
          },
          // Outside the seller layout: a visitor applies here (issue 26).
          { path: 'seller/register', lazy: () => import('./routes/seller-register') },
          { path: 'seller/confirmed', lazy: () => import('./routes/seller-confirmed') },
          // The e-mailed link to set a new password, a shopper's or a shop's (decision 0254).
          { path: 'reset-password', lazy: () => import('./routes/reset-password') },
        ],
      },
    ],
  },
];
