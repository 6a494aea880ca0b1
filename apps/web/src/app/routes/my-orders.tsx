import { MyOrders } from '../../features/orders/components/my-orders';

/** /my-orders (spec section 2). */
export function Component() {
  return <MyOrders />;
}
