import type { Product } from '@greencart/shared';
import { paths } from '../../config/paths';

/**
 * schema.org data of the storefront's pages (issue 27, docs/decisions/0129), built only from what the
 * shop knows: no rating or review until real reviews exist.
 */

/** A page's address as an absolute URL (structured data names pages in full). */
export const absolute = (url: string, base: string) => new URL(url, base).href;

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

/**
 * Home / Products / category (/ a product): a category's or a product's page in the catalogue (a BreadcrumbList). The
 * category named as its page shows it: by its heading on its own page, as the product page's breadcrumb writes it there.
 */
export function categoryTrail(category: { path: string; name: string }, canonical: string, product?: { name: string; path: string }) {
  const trail = [{ name: 'Home', path: paths.home }, { name: 'Products', path: paths.products }, { name: category.name, path: paths.category(category.path) }, ...(product ? [product] : [])];
  return {
    '@context': 'https://schema.org',
    '@type': 'BreadcrumbList',
    itemListElement: trail.map((step, index) => ({ '@type': 'ListItem', position: index + 1, name: step.name, item: absolute(step.path, canonical) })),
  };
}
