import { SellerProductList } from '../../features/seller/components/seller-product-list';

/** /seller/product-list (spec section 2). */
export function Component() {
  return <SellerProductList />;
}
