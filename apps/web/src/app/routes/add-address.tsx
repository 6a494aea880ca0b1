import { useEffect } from 'react';
import { Navigate, useNavigate } from 'react-router';
import { paths } from '../../config/paths';
import { AddressForm } from '../../features/addresses/components/address-form';
import { SavedAddresses } from '../../features/addresses/components/saved-addresses';
import { session, useSession } from '../../lib/session';
import { toast } from '../../lib/toast';

/**
 * /add-address (spec section 2); a visitor who is not logged in is sent to /cart, told why, with the login open: the
 * cart's "Add address" brought a visitor back to the cart without a word (a probe).
 */
export function Component() {
  const user = useSession((s) => s.user);
  const authChecked = useSession((s) => s.authChecked);
  const navigate = useNavigate();
  const visitor = authChecked && !user;
  useEffect(() => {
    if (!visitor) return;
    toast.error('Please log in to add an address');
    session.setShowUserLogin(true);
  }, [visitor]);
  if (!authChecked) return null;
  if (!user) return <Navigate to={paths.cart} replace />;
  return (
    <main className="mx-auto max-w-7xl px-6 py-16 md:px-16 lg:px-24 xl:px-32">
      <title>Add address | GreenCart</title>
      <h1 className="text-2xl text-gray-600 md:text-3xl">
        Add Shipping <span className="font-semibold text-primary-ink">Address</span>
      </h1>
      <div className="flex flex-col-reverse items-center justify-between gap-10 md:flex-row md:items-start">
        <div className="w-full max-w-md flex-1">
          {/* Back to the cart with the new address selected (read by the checkout column). */}
          <AddressForm onSaved={(id) => navigate(`${paths.cart}?address=${encodeURIComponent(id)}`)} />
          <SavedAddresses />
        </div>
        <img
          src="/art/add-address-400.webp"
          srcSet="/art/add-address-400.webp 400w, /art/add-address-800.webp 800w"
          sizes="384px"
          alt="A delivery scooter on its way to a house"
          width={400}
          height={400}
          className="mt-16 hidden h-auto w-96 md:block"
        />
      </div>
    </main>
  );
}
