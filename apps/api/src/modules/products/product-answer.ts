import { toMajor, type Product } from '@greencart/shared';
import type { ShopProductRow } from './product-repository.js';

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
    seller: { id: row.shop.id, shopName: row.shop.shopName, slug: row.shop.slug },
  };
}
