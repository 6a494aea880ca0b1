import { SellerOrders } from '../../features/seller/components/seller-orders';

/** /seller/orders (spec section 2). */
export function Component() {
  return <SellerOrders />;
}
