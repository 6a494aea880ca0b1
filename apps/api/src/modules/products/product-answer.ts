import { toMajor, type Product } from '@greencart/shared';
import type { ProductRow } from './product-repository.js';

/**
 * A product as the API answers it (the spec's shape). One mapping for the product service and the worker
 * that builds the whole list on PostgreSQL (decision 0135), so both write the same bytes.
 */
export function productAnswer(row: ProductRow, urlFor: (storedName: string) => string): Product {
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
  };
}
