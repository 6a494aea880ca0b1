import type { SellerAccount } from '@greencart/shared';
import { useEffect } from 'react';
import { session } from '../../../lib/session';
import { ResendLink } from './resend-confirmation';

/** How often an open seller area of a shop not approved asks whether the operator has decided. */
const STANDING_CHECK_MS = 30_000;

/**
 * Why a shop cannot change anything yet (issue 26): a pending shop waits for the operator's approval, a
 * suspended one was stopped, a declined application was refused (decision 0252; with the operator's reason when one was given). Both can sign in and read;
 * every write control of the seller area is disabled while this shows.
 */
export function SellerStanding({ account }: { account: SellerAccount }) {
  // The operator's decision reaches an open seller area without a reload: asked again when the seller comes
  // back to the tab, and every half minute while it stays open.
  useEffect(() => {
    const check = () => document.visibilityState === 'visible' && void session.checkSeller();
    const timer = setInterval(check, STANDING_CHECK_MS);
    addEventListener('focus', check);
    document.addEventListener('visibilitychange', check);
    return () => {
      clearInterval(timer);
      removeEventListener('focus', check);
      document.removeEventListener('visibilitychange', check);
    };
  }, []);
  if (account.status === 'approved') return null;
  const pending = account.status === 'pending';
  const unconfirmed = pending && !account.emailConfirmed;
  return (
    <section role="status" aria-label="Shop status" className="mx-4 mt-6 max-w-4xl rounded-md border border-amber-300 bg-amber-50 px-4 py-3 text-sm text-amber-900 md:mx-10">
      <h2 className="font-semibold">
        {unconfirmed ? 'Confirm your e-mail address' : pending ? `${account.shopName} is waiting for approval` : account.declined ? `The application for ${account.shopName} was declined` : `${account.shopName} is suspended`}
      </h2>
      {!pending && account.statusReason && <p className="mt-1">Reason: {account.statusReason}</p>}
      <p className="mt-1">
        {unconfirmed
          ? `Open the link we e-mailed you to confirm your address; then GreenCart reviews ${account.shopName}. Until the shop is approved you can look around, but you cannot add or change products or orders.`
          : pending
          ? 'GreenCart reviews every new shop before it sells. You can look around, but you cannot add or change products or orders until the shop is approved; we will e-mail you.'
          : account.declined
          ? 'You can look around, but you cannot add or change products or orders. Reply to the e-mail we sent if you think we got it wrong.'
          : 'Its products are hidden from shoppers and you cannot add or change products or orders. Your orders and statement stay here. Reply to the e-mail we sent to ask for the shop to be reopened.'}
      </p>
      {unconfirmed && <ResendLink email={account.email} />}
    </section>
  );
}
