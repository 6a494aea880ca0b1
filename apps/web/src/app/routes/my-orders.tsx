import { AccountPassword } from '../../features/auth/components/account-password';
import { cartStore } from '../../features/cart/cart';
import { MyOrders } from '../../features/orders/components/my-orders';

/**
 * /my-orders (spec section 2); "Order again" (issue 28) sends pending cart changes, then shows the server's cart. The
 * shopper's password is changed under the orders (decision 0254).
 */
export function Component() {
  return (
    <>
      <title>My Orders | GreenCart</title>
      <MyOrders cart={cartStore} below={<AccountPassword />} />
    </>
  );
}
