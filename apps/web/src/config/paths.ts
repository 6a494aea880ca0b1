/** Every route of spec section 2, in one place. */
export const paths = {
  home: '/',
  products: '/products',
  category: (category: string) => `/products/${category.toLowerCase()}`,
  product: (category: string, id: string) => `/products/${category.toLowerCase()}/${id}`,
  cart: '/cart',
  addAddress: '/add-address',
  myOrders: '/my-orders',
  // Issue 28: the signed-in shopper's products from their orders.
  buyAgain: '/buy-again',
  contact: '/contact',
  loader: '/loader',
  seller: '/seller',
  sellerProducts: '/seller/product-list',
  sellerOrders: '/seller/orders',
  sellerImport: '/seller/import',
  // The marketplace (issue 26).
  sellerRegister: '/seller/register',
  sellerConfirmed: '/seller/confirmed',
  sellerSellers: '/seller/sellers',
  sellerCommission: '/seller/commission',
  sellerPayouts: '/seller/payouts',
  sellerBalance: '/seller/balance',
  sellerProfile: '/seller/profile',
  sellerCoupons: '/seller/coupons',
  sellerDelivery: '/seller/delivery',
  sellerDeliveries: '/seller/deliveries',
  shop: (slug: string) => `/shop/${slug}`,
} as const;

/**
 * Whether a path is the seller area's: spec section 2 hides the navbar and footer "on any path containing
 * 'seller'", and the chat helps with the seller's screens there. A shop's page is the storefront whatever its
 * name holds (`/shop/bestseller-organics`, issue 26: a probe's "The Seller Corner" lost its navbar and cart).
 */
export const isSellerArea = (pathname: string) => pathname.includes('seller') && pathname.slice(0, 6) != '/shop/';
