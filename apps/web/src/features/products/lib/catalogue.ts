import { BEST_SELLER_COUNT, RELATED_PRODUCT_COUNT, type Product } from '@greencart/shared';

/** The catalogue rules of spec sections 2 and 9, as pure functions over the loaded product list. */

/** /products: in-stock products whose name contains the search text, ignoring case. */
export function searchProducts(products: Product[], query: string): Product[] {
  const wanted = query.trim().toLowerCase();
  return products.filter((p) => p.inStock && p.name.toLowerCase().includes(wanted));
}

/** /products/{category}: the category compared in lower case; only in-stock products are offered. */
export function productsInCategory(products: Product[], categoryPath: string): Product[] {
  const wanted = categoryPath.toLowerCase();
  return products.filter((p) => p.inStock && p.category.toLowerCase() === wanted);
}

/** Best Sellers: the first 5 in-stock products. */
export function bestSellers(products: Product[]): Product[] {
  return products.filter((p) => p.inStock).slice(0, BEST_SELLER_COUNT);
}

/** Up to 5 in-stock products of the same category, the product itself left out. */
export function relatedProducts(products: Product[], product: Product): Product[] {
  return productsInCategory(products, product.category)
    .filter((p) => p._id !== product._id)
    .slice(0, RELATED_PRODUCT_COUNT);
}
