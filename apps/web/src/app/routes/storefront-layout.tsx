import { isSellerArea } from '@greencart/shared';
import { Outlet, useLocation } from 'react-router';
import { Footer } from '../../components/layout/footer';
import { Navbar } from '../../components/layout/navbar';
import { cart } from '../../features/cart/cart';
import { CartLink } from '../../features/cart/components/cart-link';
import { CartStepper } from '../../features/cart/components/cart-stepper';
import { CartControlContext, type CartControl } from '../../features/products/components/cart-control';

/** The product screens reach the cart through this (features do not import each other). */
const cartControl: CartControl = { Stepper: CartStepper, add: cart.add };

/**
 * The storefront's screens: navbar, footer and the cart, in a chunk of their own so the seller area's first
 * loads carry none of them (docs/decisions/0182). Navbar and footer show on every path not containing
 * 'seller' (spec section 2): an unknown /seller/... address lands here, on the not-found page, without them.
 */
export function Component() {
  const { pathname } = useLocation();
  const isSellerPath = isSellerArea(pathname);
  return (
    <CartControlContext value={cartControl}>
      {!isSellerPath && <Navbar cartLink={<CartLink />} />}
      {/* A screen high at least: the footer starts below the fold, so a page whose content comes after it loads (My Orders)
          pushes nothing on screen down when it does (a probe measured a layout shift of 0.23). */}
      <div id="content" tabIndex={-1} className={isSellerPath ? 'outline-none' : 'min-h-svh outline-none'}>
        <Outlet />
      </div>
      {!isSellerPath && <Footer />}
    </CartControlContext>
  );
}
