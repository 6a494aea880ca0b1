import type { OwnShopProfile } from '@greencart/shared';
import { ShopWriteFields } from '../../../components/shop-write-fields';
import { useState, type FormEvent } from 'react';
import { Link } from 'react-router';
import { paths } from '../../../config/paths';
import { FormField } from '../../../components/form-field';
import { PasswordChangeForm } from '../../../components/password-change-form';
import { session, useSellerCanWrite, useSession } from '../../../lib/session';
import { loadFormSchemas, useForm } from '../../../lib/use-form';
import { changeShopPassword, saveShopProfile, useShopProfile } from '../api/shop-profile';
import { toast } from '../../../lib/toast';

/**
 * /seller/profile (issue 26, docs/decisions/0171): the shop's name, phone and pickup address, checked by the shared
 * schema in the browser and again by the server (its 400 lands on the same field). The shop's address (slug) is
 * shown, not editable: its links stay valid. A pending or suspended shop reads it; Save is disabled. Whether the shop
 * is e-mailed its new orders (decision 0250) is saved with the rest.
 */
export function ShopProfileScreen() {
  const { data } = useShopProfile();
  return (
    <main className="flex flex-col gap-5 px-4 pt-8 pb-24 md:px-10">
      <h1 className="text-lg font-medium">Shop profile</h1>
      {data ? (
        <>
          <ShopProfileForm profile={data.profile} />
          <ShopPassword />
        </>
      ) : (
        <p role="status" className="text-gray-500">
          Loading the profile…
        </p>
      )}
    </main>
  );
}

function ShopProfileForm({ profile }: { profile: OwnShopProfile }) {
  const form = useForm({ shopName: profile.shopName, phone: profile.phone, pickupAddress: profile.pickupAddress });
  const [orderMails, setOrderMails] = useState(profile.orderMails);
  const canWrite = useSellerCanWrite();
  const account = useSession((s) => s.seller);

  const onSubmit = (event: FormEvent) => {
    event.preventDefault();
    void form.submit(loadFormSchemas().then((s) => s.ShopProfileInputSchema.safeParse({ ...form.values, orderMails })), async (input) => {
      const saved = await saveShopProfile(input);
      // The header shows the shop's name from the session.
      if (account) session.setSeller(true, { ...account, shopName: saved.profile.shopName });
      toast.success(saved.message);
    });
  };

  return (
    <form noValidate onSubmit={onSubmit} aria-label="Shop profile" className="flex max-w-lg flex-col gap-4 text-sm">
      <ShopWriteFields>
        <FormField label="Shop name" autoComplete="organization" {...form.field('shopName')} />
        <p className="text-gray-600">
          {/* Its web address, a link: "Shop address" read as a street beside the pickup address (a new shop's probe). */}
          Shop page:{' '}
          <Link to={paths.shop(profile.slug)} className="font-medium text-primary-ink underline">
            /shop/{profile.slug}
          </Link>{' '}
          (it stays the same when the name changes)
        </p>
        <FormField label="Phone" type="tel" autoComplete="tel" {...form.field('phone')} />
        <FormField label="Pickup address" autoComplete="street-address" {...form.field('pickupAddress')} />
        <div>
          <label className="flex h-10 items-center gap-2 font-medium">
            <input
              type="checkbox"
              checked={orderMails}
              onChange={(e) => setOrderMails(e.target.checked)}
              aria-describedby="order-mails-hint"
              className="h-4 w-4 accent-primary-ink"
            />
            E-mail me new orders
          </label>
          <p id="order-mails-hint" className="mt-1 ml-6 text-gray-600">
            One e-mail a minute at most, listing the orders placed or paid since the last one.
          </p>
        </div>
        <p className="text-gray-600">
          Signed in as <span className="font-medium text-gray-800">{profile.email}</span>
        </p>
        <button
          type="submit"
          disabled={!canWrite || form.submitting}
          className="w-fit cursor-pointer rounded bg-primary-ink px-8 py-2.5 font-medium text-white hover:bg-primary-deep disabled:cursor-not-allowed disabled:opacity-60"
        >
          {form.submitting ? 'Saving…' : 'Save'}
        </button>
      </ShopWriteFields>
    </form>
  );
}

/** The shop's password (decision 0254); not the operator's: the server's SELLER_PASSWORD sets it at every start. */
function ShopPassword() {
  const operator = useSession((s) => s.seller?.role === 'operator');
  if (operator) return <p className="max-w-lg text-sm text-gray-600">The operator's password is set on the server (SELLER_PASSWORD), not here.</p>;
  return <PasswordChangeForm change={changeShopPassword} className="max-w-lg border-t border-gray-200 pt-5" />;
}
