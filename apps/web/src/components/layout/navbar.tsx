import { Link, NavLink, useNavigate } from 'react-router';
import { paths } from '../../config/paths';
import { useShop } from '../../stores/shop-store';

/** Placeholder navbar of the shell; the storefront issue completes it (spec section 2). */
export function Navbar() {
  const { cartCount, user, setShowUserLogin, logout } = useShop();
  const navigate = useNavigate();
  return (
    <nav className="flex flex-wrap items-center justify-between gap-4 border-b border-gray-200 px-6 py-4 md:px-16 lg:px-24 xl:px-32">
      <Link to={paths.home} className="text-2xl font-semibold text-primary-ink">
        GreenCart
      </Link>
      <div className="flex flex-wrap items-center gap-x-6 gap-y-2">
        <NavLink to={paths.home}>Home</NavLink>
        <NavLink to={paths.products}>All Product</NavLink>
        <NavLink to={paths.contact}>Contact</NavLink>
        <Link to={paths.cart} aria-label={`Cart, ${cartCount} items`}>
          Cart ({cartCount})
        </Link>
        {user ? (
          // Spec section 4: logout clears the user and goes to /.
          <button type="button" onClick={() => void logout().then(() => navigate('/'))} className="rounded-full border border-gray-300 px-6 py-2">
            Logout
          </button>
        ) : (
          <button type="button" onClick={() => setShowUserLogin(true)} className="rounded-full bg-primary px-6 py-2 text-white">
            Login
          </button>
        )}
      </div>
    </nav>
  );
}
