import { cart } from '../../features/cart/cart';
import { MyOrders } from '../../features/orders/components/my-orders';

/** /my-orders (spec section 2); "Order again" (issue 28) works on the cart, which this route hands over. */
export function Component() {
  return <MyOrders cart={cart} />;
}
