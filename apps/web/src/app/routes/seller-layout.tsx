import { SellerLayout } from '../../features/seller/components/seller-layout';

/** /seller and its children (spec section 2): the seller layout, or the seller login for anyone else. */
export function Component() {
  return <SellerLayout />;
}
