import { lazy, Suspense } from 'react';
import { Outlet, ScrollRestoration, useLocation } from 'react-router';
import { Footer } from '../../components/layout/footer';
import { Navbar } from '../../components/layout/navbar';
import { ChatWidget } from '../../features/chat/components/chat-widget';
import { useShop } from '../../stores/shop-store';

// Loaded on first open: the form and its zod schemas stay out of the first load of `/`.
const LoginModal = lazy(() => import('../../features/auth/components/login-modal').then((m) => ({ default: m.LoginModal })));

/** Navbar and footer show everywhere except on paths containing 'seller'; the chat everywhere (spec section 2). */
export function RootLayout() {
  const { pathname } = useLocation();
  const { showUserLogin } = useShop();
  const isSellerPath = pathname.includes('seller');
  return (
    <>
      {!isSellerPath && <Navbar />}
      {showUserLogin && (
        <Suspense>
          <LoginModal />
        </Suspense>
      )}
      <div className={isSellerPath ? '' : 'min-h-[70vh]'}>
        <Outlet />
      </div>
      {!isSellerPath && <Footer />}
      {/* On every screen, the seller area included (spec section 2). */}
      <ChatWidget />
      <ScrollRestoration />
    </>
  );
}
