import type { Product } from '@greencart/shared';
import { paths } from '../../config/paths';

/**
 * schema.org data of the storefront's pages (issue 27, docs/decisions/0129), built only from what the
 * shop knows: no rating or review until real reviews exist.
 */

/** The currency of the shop's prices (the configured symbol is for display only). */
export const PRICE_CURRENCY = 'INR';

const absolute = (url: string, base: string) => new URL(url, base).href;

/** `Product` with its `Offer`: the price a shopper pays (the offer price), in INR, with its availability and the shop that sells it (issue 26). */
export function productStructuredData(product: Product, canonical: string) {
  return {
    '@context': 'https://schema.org',
    '@type': 'Product',
    '@id': `${canonical}#product`,
    name: product.name,
    description: product.description.join(' '),
    sku: product._id,
    category: product.category,
    image: product.image.map((image) => absolute(image, canonical)),
    offers: {
      '@type': 'Offer',
      url: canonical,
      price: product.offerPrice.toFixed(2),
      priceCurrency: PRICE_CURRENCY,
      availability: product.inStock ? 'https://schema.org/InStock' : 'https://schema.org/OutOfStock',
      itemCondition: 'https://schema.org/NewCondition',
      seller: { '@type': 'Organization', name: product.seller.shopName, url: absolute(paths.shop(product.seller.slug), canonical) },
    },
  };
}

/** Home / Products / category / product, as the page's breadcrumb shows them. */
export function breadcrumbStructuredData(product: Product, canonical: string) {
  const trail = [
    { name: 'Home', path: paths.home },
    { name: 'Products', path: paths.products },
    { name: product.category, path: paths.category(product.category) },
    { name: product.name, path: paths.product(product.category, product._id) },
  ];
  return {
    '@context': 'https://schema.org',
    '@type': 'BreadcrumbList',
    itemListElement: trail.map((step, index) => ({ '@type': 'ListItem', position: index + 1, name: step.name, item: absolute(step.path, canonical) })),
  };
}

/** A list page's products, in the order shown, each by its page. */
export function itemListStructuredData(name: string, products: Product[], canonical: string) {
  return {
    '@context': 'https://schema.org',
    '@type': 'ItemList',
    name,
    numberOfItems: products.length,
    itemListElement: products.map((product, index) => ({
      '@type': 'ListItem',
      position: index + 1,
      url: absolute(paths.product(product.category, product._id), canonical),
      name: product.name,
    })),
  };
}
