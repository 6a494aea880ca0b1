import { Outlet, ScrollRestoration, useLocation } from 'react-router';
import { Footer } from '../../components/layout/footer';
import { Navbar } from '../../components/layout/navbar';
import { ChatWidget } from '../../features/chat/components/chat-widget';

/** Navbar and footer show everywhere except on paths containing 'seller'; the chat everywhere (spec section 2). */
export function RootLayout() {
  const { pathname } = useLocation();
  const isSellerPath = pathname.includes('seller');
  return (
    <>
      {!isSellerPath && <Navbar />}
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
