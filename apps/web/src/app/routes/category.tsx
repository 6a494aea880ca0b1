import { findCategory } from '@greencart/shared';
import { useParams } from 'react-router';
import { ProductResults } from '../../features/products/components/product-results';

/** /products/{category} (spec section 2): heading is the category text; the category compared in lower case. */
export function Component() {
  const { category = '' } = useParams();
  const known = findCategory(category);
  return (
    <main className="mx-auto max-w-7xl px-4 py-12 sm:px-6 md:px-16">
      <title>{`${known?.text ?? category} | GreenCart`}</title>
      <h1 className="text-2xl font-medium md:text-3xl">{known?.text ?? category}</h1>
      <div className="mt-6">
        <ProductResults search={{ category }} emptyText="No product found in this category." />
      </div>
    </main>
  );
}
