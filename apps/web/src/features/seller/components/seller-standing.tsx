import type { SellerAccount } from '@greencart/shared';

/**
 * Why a shop cannot change anything yet (issue 26): a pending shop waits for the operator's approval, a
 * suspended one was stopped (with the operator's reason when one was given). Both can sign in and read;
 * every write control of the seller area is disabled while this shows.
 */
export function SellerStanding({ account }: { account: SellerAccount }) {
  if (account.status === 'approved') return null;
  const pending = account.status === 'pending';
  const unconfirmed = pending && !account.emailConfirmed;
  return (
    <section role="status" aria-label="Shop status" className="mx-4 mt-6 max-w-4xl rounded-md border border-amber-300 bg-amber-50 px-4 py-3 text-sm text-amber-900 md:mx-10">
      <h2 className="font-semibold">{unconfirmed ? 'Confirm your e-mail address' : pending ? `${account.shopName} is waiting for approval` : `${account.shopName} is suspended`}</h2>
      {!pending && account.statusReason && <p className="mt-1">Reason: {account.statusReason}</p>}
      <p className="mt-1">
        {unconfirmed
          ? `Open the link we e-mailed you to confirm your address; then GreenCart reviews ${account.shopName}. Until the shop is approved you can look around, but you cannot add or change products or orders.`
          : pending
          ? 'GreenCart reviews every new shop before it sells. You can look around, but you cannot add or change products or orders until the shop is approved; we will e-mail you.'
          : 'Its products are hidden from shoppers and you cannot add or change products or orders. Your orders and statement stay here. Reply to the e-mail we sent to ask for the shop to be reopened.'}
      </p>
    </section>
  );
}
