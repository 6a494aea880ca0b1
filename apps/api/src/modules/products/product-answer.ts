import { toMajor, type Product } from '@greencart/shared';
import { netQuantityOf, type ShopProductRow } from './product-repository.js';

/**
 * A product as the API answers it (the spec's shape, with the shop that sells it: issue 26). One mapping for the product service and the worker
 * that builds the whole list on PostgreSQL (decision 0135), so both write the same bytes.
 */
export function productAnswer(row: ShopProductRow, urlFor: (storedName: string) => string): Product {
  return {
    _id: row.id,
    name: row.name,
    description: row.description,
    category: row.category,
    price: toMajor(row.priceMinor),
    offerPrice: toMajor(row.offerPriceMinor),
    image: row.images.map((name) => urlFor(name)),
    inStock: row.inStock,
    stock: row.stock,
    ...(row.weight ? { weight: row.weight } : {}),
    // Only when the seller gave it (issue 28), as `weight`: the answers of products without one stay as they were.
    ...(netQuantityOf(row) ? { netQuantity: netQuantityOf(row) } : {}),
    seller: { id: row.shop.id, shopName: row.shop.shopName, slug: row.shop.slug },
  };
}
