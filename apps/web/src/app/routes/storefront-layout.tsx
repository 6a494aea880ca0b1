import { Outlet, useLocation } from 'react-router';
import { Navbar } from '../../components/layout/navbar';
import { CartControlContext, type CartControl } from '../../features/products/components/cart-control';
import { hydrateLater } from '../../lib/hydrate-later';

/** Links only: hydrated after the page (docs/decisions/0205), none of it in the first load. */
const Footer = hydrateLater(() => import('../../components/layout/footer').then((m) => m.Footer));

/**
 * The cart (its store, badge and steppers) is hydrated after the page, none of it in the first load
 * (docs/decisions/0205): the server's Add buttons are inert until then (cart-stepper.tsx). A change can
 * only be made once the cart has loaded, with its save on leaving the page (issue 25 item 0).
 */
const CartLink = hydrateLater(() => import('../../features/cart/components/cart-link').then((m) => m.CartLink));
const CartStepper = hydrateLater(() => import('../../features/cart/components/cart-stepper').then((m) => m.CartStepper));

/** The product screens reach the cart through this (features do not import each other). */
const cartControl: CartControl = { Stepper: CartStepper, add: (productId, max) => void import('../../features/cart/cart').then(({ cart }) => cart.add(productId, max)) };

/**
 * The storefront's screens: navbar, footer and the cart, in a chunk of their own so the seller area's first
 * loads carry none of them (docs/decisions/0182). Navbar and footer show on every path not containing
 * 'seller' (spec section 2): an unknown /seller/... address lands here, on the not-found page, without them.
 */
export function Component() {
  const { pathname } = useLocation();
  const isSellerPath = pathname.includes('seller');
  return (
    <CartControlContext value={cartControl}>
      {!isSellerPath && <Navbar cartLink={<CartLink />} />}
      <div className={isSellerPath ? '' : 'min-h-[70vh]'}>
        <Outlet />
      </div>
      {!isSellerPath && <Footer />}
    </CartControlContext>
  );
}
