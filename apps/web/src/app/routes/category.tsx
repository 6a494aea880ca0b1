import { findCategory } from '@greencart/shared';
import { useParams } from 'react-router';
import { CatalogueList } from '../../features/products/components/catalogue-list';
import { productsInCategory } from '../../features/products/lib/catalogue';
import { useShop } from '../../stores/shop-store';

/** /products/{category} (spec section 2): heading is the category text; the category compared in lower case. */
export function Component() {
  const { category = '' } = useParams();
  const { products } = useShop();
  const known = findCategory(category);
  return (
    <main className="mx-auto max-w-7xl px-4 py-12 sm:px-6 md:px-16">
      <title>{`${known?.text ?? category} | GreenCart`}</title>
      <h1 className="text-2xl font-medium md:text-3xl">{known?.text ?? category}</h1>
      <div className="mt-6">
        <CatalogueList products={productsInCategory(products, category)} emptyText="No product found in this category." />
      </div>
    </main>
  );
}
