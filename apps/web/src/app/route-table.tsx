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

/**
 * A data route: a feature's loader that screens read with a fetcher (lib/route-data.ts, decision 0166), in the
 * chunk of its feature's api module.
 */
const data = (path: string, loader: () => Promise<RouteObject['loader']>): RouteObject => ({ path, lazy: async () => ({ loader: await loader() }) });

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
  {
    path: 'data',
    children: [
      data('seller/low-stock', () => import('../features/seller/api/get-low-stock').then((m) => m.lowStockLoader)),
      data('seller/products', () => import('../features/seller/api/get-seller-products').then((m) => m.sellerProductsLoader)),
      data('seller/orders', () => import('../features/seller/api/seller-orders').then((m) => m.sellerOrdersLoader)),
      data('seller/payouts', () => import('../features/marketplace/api/payouts').then((m) => m.payoutsLoader)),
      data('seller/ledger', () => import('../features/marketplace/api/ledger').then((m) => m.ledgerLoader)),
      data('seller/sellers', () => import('../features/marketplace/api/sellers').then((m) => m.sellersLoader)),
      data('seller/coupons', () => import('../features/coupons/api/coupons').then((m) => m.couponsLoader)),
      data('seller/payout-account', () => import('../features/marketplace/api/payout-account').then((m) => m.payoutAccountLoader)),
      data('seller/profile', () => import('../features/seller/api/shop-profile').then((m) => m.shopProfileLoader)),
      data('seller/delivery', () => import('../features/delivery/api/delivery').then((m) => m.deliverySettingsLoader)),
      data('seller/deliveries', () => import('../features/delivery/api/delivery').then((m) => m.deliveriesLoader)),
      data('delivery/check', () => import('../features/delivery/api/delivery').then((m) => m.deliversToLoader)),
      data('delivery/cart', () => import('../features/checkout/api/shop-delivery').then((m) => m.shopDeliveriesLoader)),
      data('cart-products', () => import('../features/cart/api/get-cart-products').then((m) => m.cartProductsLoader)),
      data('addresses', () => import('../features/addresses/api/get-addresses').then((m) => m.addressesLoader)),
      data('my-orders', () => import('../features/orders/api/get-my-orders').then((m) => m.myOrdersLoader)),
      data('buy-again', () => import('../features/products/api/get-buy-again').then((m) => m.buyAgainLoader)),
    ],
  },
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
        ],
      },
    ],
  },
];
