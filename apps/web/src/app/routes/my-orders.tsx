import { AccountPassword } from '../../features/auth/components/account-password';
import { cartStore } from '../../features/cart/cart';
import { MyOrders } from '../../features/orders/components/my-orders';
import { StockAlertsSection } from '../../features/products/components/stock-alerts-section';

/**
 * /my-orders (spec section 2); "Order again" (issue 28) sends pending cart changes, then shows the server's cart. The
 * shopper's back-in-stock alerts (decision 0290) and password (decision 0254) are under the orders.
 */
export function Component() {
  return (
    <>
      <title>My Orders | GreenCart</title>
      <MyOrders
        cart={cartStore}
        below={
          <>
            <StockAlertsSection />
            <AccountPassword />
          </>
        }
      />
    </>
  );
}
