import { Outlet, ScrollRestoration, useLocation } from 'react-router';
import { Footer } from '../../components/layout/footer';
import { Navbar } from '../../components/layout/navbar';

/** Navbar and footer show everywhere except on paths containing 'seller' (spec section 2). */
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
      <ScrollRestoration />
    </>
  );
}
