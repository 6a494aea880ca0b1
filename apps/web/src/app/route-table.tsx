import type { RouteObject } from 'react-router';
import { RouteError } from '../components/route-error';
import { RootLayout } from './routes/root-layout';

/**
 * The route table of spec section 2. Every screen is its own chunk (route-level code splitting),
 * so the first load of `/` carries only the shell and the home page. The browser's router (router.tsx)
 * and the server's renderer of the storefront pages (server-render.tsx) both use this table.
 */
/** The element of a server-rendered page that carries its loaders' answers (server-render.tsx, router.tsx). */
export const ROUTE_DATA_ID = 'route-data';

export const routes: RouteObject[] = [
  {
    element: <RootLayout />,
    errorElement: <RouteError />,
    children: [
      {
        errorElement: <RouteError />,
        children: [
          { index: true, lazy: () => import('./routes/home') },
          { path: 'products', lazy: () => import('./routes/products') },
          { path: 'products/:category', lazy: () => import('./routes/category') },
          { path: 'products/:category/:id', lazy: () => import('./routes/product') },
          { path: 'cart', lazy: () => import('./routes/cart') },
          { path: 'add-address', lazy: () => import('./routes/add-address') },
          { path: 'my-orders', lazy: () => import('./routes/my-orders') },
          { path: 'buy-again', lazy: () => import('./routes/buy-again') },
          { path: 'contact', lazy: () => import('./routes/contact') },
          { path: 'loader', lazy: () => import('./routes/loader') },
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
          { path: 'shop/:slug', lazy: () => import('./routes/shop') },
          { path: '*', lazy: () => import('./routes/not-found') },
        ],
      },
    ],
  },
];
