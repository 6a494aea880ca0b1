import type { Product } from '@greencart/shared';
import type { ReactNode } from 'react';
import { ProductGrid } from './product-grid';

/**
 * A product list as its page's loader answered it (docs/decisions/0128): the cards, or the empty text
 * when nothing matches. Loading and failing belong to the route (its navigation and error boundary).
 */
export function CatalogueList({ products, emptyText, leadsPage = false }: { products: Product[]; emptyText: ReactNode; leadsPage?: boolean }) {
  // A search of one long word (a pasted link) is quoted in the text: it wraps, not widens the page (a probe).
  if (products.length === 0) return <p className="py-6 text-gray-600 wrap-anywhere">{emptyText}</p>;
  return <ProductGrid products={products} leadsPage={leadsPage} />;
}
