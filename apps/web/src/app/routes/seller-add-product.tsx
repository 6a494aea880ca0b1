import { AddProductForm } from '../../features/seller/components/product-form';

/** /seller index: add a product (spec section 2). */
export function Component() {
  return <AddProductForm />;
}
