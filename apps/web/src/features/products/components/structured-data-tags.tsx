import type { Product } from '@greencart/shared';
import { JsonLd } from '../../../components/page-head';
import { breadcrumbStructuredData, itemListStructuredData, productStructuredData } from '../structured-data';

/** A product page's JSON-LD: the Product with its Offer, and its breadcrumb. */
export function ProductStructuredData({ product, canonical }: { product: Product; canonical: string }) {
  return (
    <>
      <JsonLd data={productStructuredData(product, canonical)} />
      <JsonLd data={breadcrumbStructuredData(product, canonical)} />
    </>
  );
}

/** A list's JSON-LD (home's Best Sellers, /products, a category, a shop). */
export function ItemListStructuredData({ name, products, canonical }: { name: string; products: Product[]; canonical: string }) {
  return <JsonLd data={itemListStructuredData(name, products, canonical)} />;
}
