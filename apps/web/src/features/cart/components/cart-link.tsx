import { Link } from 'react-router';
import { CartIcon } from '../../../components/icons';
import { paths } from '../../../config/paths';
import { useCartCount } from '../cart';

/** The navbar's cart link with its badge; only this re-renders when the count changes. */
export function CartLink() {
  const count = useCartCount();
  return (
    <Link to={paths.cart} aria-label={`Cart, ${count} item${count === 1 ? '' : 's'}`} className="relative flex h-10 w-10 items-center justify-center">
      <CartIcon className="h-6 w-6 text-primary-ink" />
      <span aria-hidden="true" className="absolute top-0 -right-1 flex h-5 min-w-5 items-center justify-center rounded-full bg-primary-ink px-1 text-xs text-white">
        {count}
      </span>
    </Link>
  );
}
