/** Every route of spec section 2, in one place. */
export const paths = {
  home: '/',
  products: '/products',
  category: (category: string) => `/products/${category.toLowerCase()}`,
  product: (category: string, id: string) => `/products/${category.toLowerCase()}/${id}`,
  cart: '/cart',
  addAddress: '/add-address',
  myOrders: '/my-orders',
  contact: '/contact',
  loader: '/loader',
  seller: '/seller',
  sellerProducts: '/seller/product-list',
  sellerOrders: '/seller/orders',
  sellerImport: '/seller/import',
} as const;
