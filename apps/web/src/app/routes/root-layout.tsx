import { lazy, Suspense, useEffect, useRef, type ComponentProps, type ComponentType } from 'react';
import type Chat from '../../features/chat/components/chat-widget';
import { Outlet, ScrollRestoration, useLocation } from 'react-router';
import { useInBrowser } from '../../lib/in-browser';
import { session, useSession } from '../../lib/session';

// Loaded on first open: the form and its zod schemas stay out of the first load of `/`.
const LoginModal = lazy(() => import('../../features/auth/components/login-modal').then((m) => ({ default: m.LoginModal })));
// After the first paint (issue 27, decision 0164): the toggle is fixed in a corner, so it moves nothing when it comes.
// Its download failing (a signal drop) leaves the page without the chat, not the whole shop on its error page (a probe).
const ChatWidget = lazy<ComponentType<ComponentProps<typeof Chat>>>(() => import('../../features/chat/components/chat-widget').catch(() => ({ default: () => null })));

/** Resolves once the start-up auth check has answered (the cart then knows whose it is). */
function authChecked(): Promise<void> {
  return new Promise((resolve) => {
    let unsubscribe = () => {};
    const check = () => {
      if (!session.get().authChecked) return;
      unsubscribe();
      resolve();
    };
    unsubscribe = session.subscribe(check);
    check();
  });
}

/**
 * Marks the page as the app's (start-app.ts set `starting`; browser tests wait for `ready`): hydrated, and the
 * shopper known (the cart then holds the shopper's cart, docs/decisions/0203).
 */
function markStarted() {
  void authChecked()
    .then(() => new Promise((resolve) => setTimeout(resolve, 0)))
    .then(() => (document.documentElement.dataset.app = 'ready'));
}
/**
 * A new page (another path) takes the focus to its heading, or to its content until the heading comes: a screen
 * reader says where it is and Tab goes on from there, as on a page loaded afresh (the focus stayed on the link
 * followed, or on nothing once that link was gone: a probe). A field being typed in keeps it: the navbar's search
 * opens /products as one types.
 */
function useFocusOnNewPage(pathname: string) {
  const shown = useRef(pathname);
  useEffect(() => {
    if (shown.current === pathname) return;
    shown.current = pathname;
    if (document.activeElement?.matches('input,textarea,select')) return;
    const target = document.querySelector<HTMLElement>('#content h1') ?? document.getElementById('content');
    target?.setAttribute('tabindex', '-1');
    target?.focus({ preventScroll: true });
  }, [pathname]);
}

/**
 * The chat adds to the cart from any screen, the seller area's included, whose first load has no cart
 * (the storefront's layout brings it, docs/decisions/0182): the cart comes with the first add there.
 */
const addToCart = (productId: string, quantity: number, max: number) => void import('../../features/cart/cart').then(({ cart }) => cart.add(productId, max, quantity));

/**
 * What every screen has: the login dialog, the chat and the scroll restoration. The storefront's navbar,
 * footer and cart are its own layout's (storefront-layout.tsx), the seller area's menu the seller layout's.
 */
export function RootLayout() {
  const { pathname } = useLocation();
  const showUserLogin = useSession((s) => s.showUserLogin);
  // Whoever is signed in: a conversation (a shopper's orders) ends with its session, and the next one starts afresh.
  const signedIn = useSession((s) => `${s.user?._id} ${s.seller?.id}`);
  const inBrowser = useInBrowser();
  useEffect(markStarted, []);
  useFocusOnNewPage(pathname);
  return (
    <>
      {/* The first stop of Tab on every page (WCAG 2.4.1): past the navbar, or the seller menu, to the page's own content. */}
      <a href="#content" className="skip-link">
        Skip to content
      </a>
      {showUserLogin && (
        <Suspense>
          <LoginModal />
        </Suspense>
      )}
      <Outlet />
      {/* On every screen, the seller area included (spec section 2); on a seller's phone in the menu's column. */}
      {inBrowser && (
        <Suspense>
          <ChatWidget key={signedIn} onAddToCart={addToCart} />
        </Suspense>
      )}
      {/* Each page loaded from outside the app (a typed address, a link in, a reload) has the key "default": keyed by
          its path too, so a fresh /contact does not open at the scroll of the /products loaded before it. */}
      <ScrollRestoration getKey={(l) => l.key + l.pathname} />
    </>
  );
}
