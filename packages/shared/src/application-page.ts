/**
 * The one page of the seller area a search or a link preview should lead to: "Open a shop on GreenCart". The browser
 * draws it; the server sends its app page with this title, description and canonical, not the shop's generic ones (a
 * crawler probe read "GreenCart - Fresh groceries delivered" and no canonical there). Listed in `/sitemap-pages.xml`.
 */
export const SHOP_APPLICATION_PAGE = {
  path: '/seller/register',
  title: 'Open a shop | GreenCart',
  description: 'Sell your groceries on GreenCart, next to ours: apply with your shop’s name and pickup address. We confirm your e-mail, then our team reviews the application.',
} as const;
