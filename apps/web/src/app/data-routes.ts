import type { RouteObject } from 'react-router';

/**
 * A data route: a feature's loader that screens read with a fetcher (lib/route-data.ts, decision 0166), in the
 * chunk of its feature's api module.
 */
const data = (path: string, loader: () => Promise<RouteObject['loader']>): RouteObject => ({ path: `data/${path}`, lazy: async () => ({ loader: await loader() }) });

/**
 * The data routes (`/data/...`), each a feature's loader that screens read with a fetcher (lib/route-data.ts). Not in
 * the route table: the router patches them in on the first fetch of one (router.tsx, docs/decisions/0239), so no
 * page's first load carries their nineteen lazy imports.
 */
export const dataRoutes: RouteObject[] = [
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
      data('stock-alert', () => import('../features/products/api/stock-alert').then((m) => m.stockAlertLoader)),
      data('stock-alerts', () => import('../features/products/api/stock-alert').then((m) => m.stockAlertsLoader)),
];
