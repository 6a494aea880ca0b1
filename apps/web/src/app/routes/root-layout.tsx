import { lazy, Suspense, useSyncExternalStore } from 'react';
import { Outlet, ScrollRestoration, useLocation } from 'react-router';
import { Footer } from '../../components/layout/footer';
import { Navbar } from '../../components/layout/navbar';
import { useSession } from '../../lib/session';
import { cart } from '../../features/cart/cart';
import { CartLink } from '../../features/cart/components/cart-link';
import { CartStepper } from '../../features/cart/components/cart-stepper';
import { CartControlContext, type CartControl } from '../../features/products/components/cart-control';

// Loaded on first open: the form and its zod schemas stay out of the first load of `/`.
const LoginModal = lazy(() => import('../../features/auth/components/login-modal').then((m) => ({ default: m.LoginModal })));
// After the first paint (issue 27, decision 0164): the toggle is fixed in a corner, so it moves nothing when it comes.
const ChatWidget = lazy(() => import('../../features/chat/components/chat-widget').then((m) => ({ default: m.ChatWidget })));

const noSubscription = () => () => {};
/** False on the server and while React hydrates its page, true once the browser's own render runs. */
const useInBrowser = () => useSyncExternalStore(noSubscription, () => true, () => false);

/** The product screens reach the cart through this (features do not import each other). */
const cartControl: CartControl = { Stepper: CartStepper, add: cart.add };

/** Navbar and footer show everywhere except on paths containing 'seller'; the chat everywhere (spec section 2). */
export function RootLayout() {
  const { pathname } = useLocation();
  const showUserLogin = useSession((s) => s.showUserLogin);
  const isSellerPath = pathname.includes('seller');
  const inBrowser = useInBrowser();
  return (
    <CartControlContext value={cartControl}>
      {!isSellerPath && <Navbar cartLink={<CartLink />} />}
      {showUserLogin && (
        <Suspense>
          <LoginModal />
        </Suspense>
      )}
      <div className={isSellerPath ? '' : 'min-h-[70vh]'}>
        <Outlet />
      </div>
      {!isSellerPath && <Footer />}
      {/* On every screen, the seller area included (spec section 2); on a seller's phone in the menu's column. */}
      {inBrowser && (
        <Suspense>
          <ChatWidget onAddToCart={cart.add} corner={isSellerPath ? 'left' : 'right'} />
        </Suspense>
      )}
      <ScrollRestoration />
    </CartControlContext>
  );
}
