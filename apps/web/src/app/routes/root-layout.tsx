import { lazy, Suspense, useEffect, useSyncExternalStore } from 'react';
import { Outlet, ScrollRestoration, useLocation } from 'react-router';
import { useSession } from '../../lib/session';

// Loaded on first open: the form and its zod schemas stay out of the first load of `/`.
const LoginModal = lazy(() => import('../../features/auth/components/login-modal').then((m) => ({ default: m.LoginModal })));
// After the first paint (issue 27, decision 0164): the toggle is fixed in a corner, so it moves nothing when it comes.
const ChatWidget = lazy(() => import('../../features/chat/components/chat-widget').then((m) => ({ default: m.ChatWidget })));

const noSubscription = () => () => {};
/** False on the server and while React hydrates its page, true once the browser's own render runs. */
const useInBrowser = () => useSyncExternalStore(noSubscription, () => true, () => false);

/**
 * The chat adds to the cart from any screen, the seller area's included, whose first load has no cart
 * (the storefront's layout brings it, docs/decisions/0182): the cart comes with the first add there.
 */
const addToCart = (productId: string, max?: number) => void import('../../features/cart/cart').then(({ cart }) => cart.add(productId, max));

/**
 * What every screen has: the login dialog, the chat and the scroll restoration. The storefront's navbar,
 * footer and cart are its own layout's (storefront-layout.tsx), the seller area's menu the seller layout's.
 */
export function RootLayout() {
  const { pathname } = useLocation();
  const showUserLogin = useSession((s) => s.showUserLogin);
  const inBrowser = useInBrowser();
  // The page is the app's now (hydrated, or drawn by the browser): start-app.ts marked it `starting`; browser tests wait for this.
  useEffect(() => void (document.documentElement.dataset.app = 'ready'), []);
  return (
    <>
      {showUserLogin && (
        <Suspense>
          <LoginModal />
        </Suspense>
      )}
      <Outlet />
      {/* On every screen, the seller area included (spec section 2); on a seller's phone in the menu's column. */}
      {inBrowser && (
        <Suspense>
          <ChatWidget onAddToCart={addToCart} corner={pathname.includes('seller') ? 'left' : 'right'} />
        </Suspense>
      )}
      <ScrollRestoration />
    </>
  );
}
