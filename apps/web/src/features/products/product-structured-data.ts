import type { Product } from '@greencart/shared';
import { paths } from '../../config/paths';
import { absolute, categoryTrail } from './structured-data';

/** schema.org data of a product page (issue 27, docs/decisions/0129): only the product page loads it. */

/** The currency of the shop's prices (the configured symbol is for display only). */
export const PRICE_CURRENCY = 'INR';

/**
 * A product's description lines as one text, each a sentence ("Crisp florets. High in fibre."): '' when it has none. A line
 * ending in a colon or a comma ends in a full stop instead ("Contains:." read a probe).
 */
export const descriptionText = (product: Pick<Product, 'description'>) => product.description.map((line) => (/[.!?…]$/.test(line) ? line : `${line.replace(/[,;:]+$/, '')}.`)).join(' ');

/** `Product` with its `Offer`: the price a shopper pays (the offer price), in INR, with its availability and the shop that sells it (issue 26). */
export function productStructuredData(product: Product, canonical: string) {
  return {
    '@context': 'https://schema.org',
    '@type': 'Product',
    '@id': `${canonical}#product`,
    name: product.name,
    // No description, no property (an empty one is invented data).
    ...(product.description.length > 0 ? { description: descriptionText(product) } : {}),
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
export const breadcrumbStructuredData = (product: Product, canonical: string) =>
  categoryTrail({ path: product.category, name: product.category }, canonical, { name: product.name, path: paths.product(product.category, product._id) });
