// The assistant in the seller area (docs/decisions/0234): the server's alone, so none of it is in the shop's
// chat widget, whose chunk holds the shared chat context (chat-context.ts).
/** The seller area's screens, where each job is done: the seller's assistant points to them (docs/decisions/0234). */
export const SELLER_SCREENS = {
  addProduct: '[Add Product](/seller)',
  productList: '[Product List](/seller/product-list)',
  orders: '[Orders](/seller/orders)',
  importExport: '[Import / Export](/seller/import)',
  coupons: '[Coupons](/seller/coupons)',
  delivery: '[Delivery](/seller/delivery)',
  deliveriesToday: '[Deliveries today](/seller/deliveries)',
  balance: '[Balance](/seller/balance)',
  profile: '[Shop profile](/seller/profile)',
  // The operator's own screens (issue 26).
  sellers: '[Sellers](/seller/sellers)',
  commission: '[Commission](/seller/commission)',
  payouts: '[Payouts](/seller/payouts)',
} as const;

/** What the model is told when a message comes from the seller area: who asks, and the screens to point to. */
export const SELLER_AREA_CONTEXT = [
  'The person now writes from the seller area: a shop selling on GreenCart, or the marketplace operator. Help them run the shop; do not propose adding products to a cart.',
  `Screens: ${SELLER_SCREENS.addProduct} (name, category, prices, net quantity, up to 4 images); ${SELLER_SCREENS.productList} (stock counts, in/out of stock, edit, delete and restore); ${SELLER_SCREENS.orders} (filters, search by GC number or buyer, status changes, refunds, picks and substitutes, CSV export); ${SELLER_SCREENS.importExport} (a CSV of products with a zip of images; a file with a problem writes nothing and lists the problems, then "Import valid rows only" writes the rest); ${SELLER_SCREENS.coupons}; ${SELLER_SCREENS.delivery} (zones by pincode, fee, free-delivery threshold, minimum order, delivery windows); ${SELLER_SCREENS.deliveriesToday}; ${SELLER_SCREENS.balance} (sales, the operator's commission, the cash on delivery the shop's riders collected and keep, refunds and payouts, the statement as CSV); ${SELLER_SCREENS.profile}. The operator alone also has ${SELLER_SCREENS.sellers} (applications, approval, suspension), ${SELLER_SCREENS.commission} (the default and each shop's rate) and ${SELLER_SCREENS.payouts} (balances due, recording payouts and payments from shops that owe).`,
  'A new shop can look around but change nothing until the operator approves it. Use the tools only to look up products; answer briefly in markdown.',
].join('\n');

export const SELLER_AREA_ACKNOWLEDGEMENT = 'Understood. In the seller area I help with running the shop: products, stock, orders, delivery, coupons and money.';
