import { lazy, Suspense, useEffect, type ReactNode } from 'react';
import { Link, NavLink, Outlet, useLocation, useNavigate } from 'react-router';
import { paths } from '../../../config/paths';
import { session, useSession } from '../../../lib/session';
import { logoutSeller } from '../api/seller-session';

// Only for someone not signed in as a seller (docs/decisions/0182): a seller's first loads carry no login form.
const SellerLogin = lazy(() => import('./seller-login').then((m) => ({ default: m.SellerLogin })));
// Only for a shop that is not approved: an approved seller's first loads carry none of its texts.
const SellerStanding = lazy(() => import('./seller-standing').then((m) => ({ default: m.SellerStanding })));

const icon = (d: string) => (
  <svg aria-hidden="true" viewBox="0 0 24 24" className="h-6 w-6 shrink-0" fill="none" stroke="currentColor" strokeWidth={1.8} strokeLinecap="round" strokeLinejoin="round">
    <path d={d} />
  </svg>
);

type MenuItem = { to: string; label: string; icon: ReactNode; end?: boolean };

const MENU: MenuItem[] = [
  { to: paths.seller, label: 'Add Product', icon: icon('M12 5v14M5 12h14M4 4h16v16H4z'), end: true },
  { to: paths.sellerProducts, label: 'Product List', icon: icon('M8 6h12M8 12h12M8 18h12M4 6h.01M4 12h.01M4 18h.01') },
  { to: paths.sellerOrders, label: 'Orders', icon: icon('M6 4h12l1 16H5L6 4zm3 4a3 3 0 0 0 6 0') },
  { to: paths.sellerImport, label: 'Import / Export', icon: icon('M12 3v12m0 0-4-4m4 4 4-4M4 17v3h16v-3') },
  // Coupons (issue 29): a shop's own, or the operator's platform coupons.
  { to: paths.sellerCoupons, label: 'Coupons', icon: icon('M4 7h16v4a2 2 0 0 0 0 4v4H4v-4a2 2 0 0 0 0-4zM10 7v12') },
  // Delivery (issue 28): the shop's zones, fee and windows, and the day's deliveries.
  { to: paths.sellerDelivery, label: 'Delivery', icon: icon('M3 7h11v9H3zM14 10h4l3 3v3h-7M7 19a2 2 0 1 0 0-4 2 2 0 0 0 0 4zm10 0a2 2 0 1 0 0-4 2 2 0 0 0 0 4z') },
  { to: paths.sellerDeliveries, label: 'Deliveries today', icon: icon('M4 5h16v15H4zM4 9h16M9 3v4M15 3v4') },
];

/**
 * A shop's own money (issue 26): its balance and statement; and its profile. The operator's menu has no room for
 * the profile on a phone (the chat toggle sits under the menu): it opens /seller/profile from its address.
 */
const SELLER_MENU: MenuItem[] = [
  { to: paths.sellerBalance, label: 'Balance', icon: icon('M3 7h18v12H3zM3 11h18M7 15h3') },
  { to: paths.sellerProfile, label: 'Shop profile', icon: icon('M4 20c0-4 4-6 8-6s8 2 8 6M12 11a4 4 0 1 0 0-8 4 4 0 0 0 0 8z') },
];

/** The operator's marketplace screens (issue 26). */
const OPERATOR_MENU: MenuItem[] = [
  { to: paths.sellerSellers, label: 'Sellers', icon: icon('M3 10l2-6h14l2 6M4 10v10h16V10M3 10h18M9 20v-5h6v5') },
  { to: paths.sellerCommission, label: 'Commission', icon: icon('M19 5 5 19M7 9a2 2 0 1 0 0-4 2 2 0 0 0 0 4zm10 10a2 2 0 1 0 0-4 2 2 0 0 0 0 4z') },
  { to: paths.sellerPayouts, label: 'Payouts', icon: icon('M12 3v18M16 7H10a3 3 0 0 0 0 6h4a3 3 0 0 1 0 6H7') },
];

/**
 * The seller area (spec section 2): a seller sees the layout (side menu, 'Hi! Admin', Logout) around
 * the child screen; anyone else sees the seller login. Nothing shows until the start-up seller check
 * has answered, so a reload of a seller page never flashes the login form at a seller.
 */
export function SellerLayout() {
  // The seller's screens remove what was just used (a deleted row, a form saved and drawn anew): the focus goes to the
  // screen's heading rather than the page's body. Loaded after the first paint, out of the first load.
  useEffect(() => {
    const rescue = import('../../../lib/focus-rescue').then((m) => m.rescueFocus());
    return () => void rescue.then((stop) => stop());
  }, []);
  const isSeller = useSession((s) => s.isSeller);
  const checked = useSession((s) => s.sellerChecked);
  const account = useSession((s) => s.seller);
  const navigate = useNavigate();
  const { pathname } = useLocation();

  if (!checked) return null;
  if (!isSeller) {
    return (
      <Suspense>
        <SellerLogin />
      </Suspense>
    );
  }

  const logout = async () => {
    await logoutSeller();
    session.setSeller(false);
    navigate(paths.home);
  };
  const menu = [...MENU, ...(account?.role === 'operator' ? OPERATOR_MENU : account ? SELLER_MENU : [])];
  // Each screen its own title, as the storefront's pages have (every one was the shop's generic title).
  const current = [...MENU, ...SELLER_MENU, ...OPERATOR_MENU].find((item) => (item.end ? pathname === item.to : pathname.startsWith(item.to)));

  return (
    <>
      <title>{`${current?.label ?? 'Seller'} | GreenCart seller`}</title>
      <header className="flex items-center justify-between gap-3 border-b border-gray-300 bg-white px-4 py-2 md:px-8">
        {/* The shop signed in, under the store's name at every width: a phone has room for it there. */}
        <div className="min-w-0">
          {/* Smaller below 360 px: at 320 px the name ran under "Hi! Admin" (a probe). */}
          <Link to={paths.home} className="text-xl font-semibold text-primary-ink min-[360px]:text-2xl">
            GreenCart
          </Link>
          {account && <p className="truncate text-sm font-medium text-gray-800">{account.shopName}</p>}
        </div>
        <div className="flex shrink-0 items-center gap-3 text-gray-600 min-[360px]:gap-5">
          <p>Hi! Admin</p>
          <button type="button" onClick={() => void logout()} className="h-10 cursor-pointer rounded-full border px-3 text-sm min-[360px]:px-4">
            Logout
          </button>
        </div>
      </header>
      <div className="flex">
        {/* On a phone each icon has its name in small type beneath it (issue 25); the column stays narrow, and the
            chat toggle sits in it below the menu (root layout): room at its end keeps the last item clear of it. */}
        <nav aria-label="Seller menu" className="flex min-h-[calc(100vh-69px)] w-19 shrink-0 flex-col border-r border-gray-300 pt-4 pb-20 text-base md:w-64 md:pb-0">
          {menu.map((item) => (
            <NavLink
              key={item.to}
              to={item.to}
              end={item.end}
              className={({ isActive }) =>
                `flex flex-col items-center gap-1 px-1 py-2.5 text-center text-[11px] leading-tight md:flex-row md:gap-3 md:px-4 md:py-3 md:text-left md:text-base ${isActive ? 'border-r-4 border-primary bg-primary/10 text-primary-ink md:border-r-[6px]' : 'border-white text-gray-700 hover:bg-gray-100'}`
              }
            >
              {item.icon}
              <span>{item.label}</span>
            </NavLink>
          ))}
        </nav>
        <div id="content" tabIndex={-1} className="min-w-0 flex-1 outline-none">
          {account && account.status !== 'approved' && (
            <Suspense>
              <SellerStanding account={account} />
            </Suspense>
          )}
          <Outlet />
        </div>
      </div>
    </>
  );
}
