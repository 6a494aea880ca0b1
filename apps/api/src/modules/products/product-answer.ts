import { formatNetQuantity, toMajor, type Product } from '@greencart/shared';
import { netQuantityOf, type ShopProductRow } from './product-repository.js';

/**
 * A product as the API answers it (the spec's shape, with the shop that sells it: issue 26). One mapping for the product service and the worker
 * that builds the whole list on PostgreSQL (decision 0135), so both write the same bytes.
 */
export function productAnswer(row: ShopProductRow, urlFor: (storedName: string) => string): Product {
  const net = netQuantityOf(row);
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
    // A product given only a net quantity (the seller form's field, the CSV's column) weighs that: the cart, the
    // assistant and the original client showed "Weight: N/A" beside a card's "1 kg · Rs 80/kg" (decision 0148).
    ...(row.weight ? { weight: row.weight } : net ? { weight: formatNetQuantity(net) } : {}),
    // Only when the seller gave it (issue 28), as `weight`: the answers of products without one stay as they were.
    ...(net ? { netQuantity: net } : {}),
    seller: { id: row.shop.id, shopName: row.shop.shopName, slug: row.shop.slug },
  };
}
