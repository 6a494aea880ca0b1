import { useState } from 'react';
import { connectPayoutAccount, usePayoutAccount } from '../api/payout-account';

/**
 * Where the shop's payouts go (docs/decisions/0170), on its Balance screen: with Stripe, its connected account and
 * whether Stripe lets it take payouts, and the way to Stripe's onboarding (the shop itself, not the operator
 * looking at a shop); without Stripe, that payouts are recorded by hand.
 */
export function PayoutAccountPanel({ sellerId, back }: { sellerId: string | undefined; back: string | null }) {
  const { data } = usePayoutAccount(sellerId);
  const [leaving, setLeaving] = useState(false);
  if (!data) return null;

  async function connect() {
    setLeaving(true);
    try {
      window.location.assign((await connectPayoutAccount()).url);
    } catch {
      // The API client has toasted the server's message.
      setLeaving(false);
    }
  }

  const { account } = data;
  const ready = account?.payoutsEnabled ?? false;
  return (
    <section aria-label="Payout account" className="flex max-w-4xl flex-wrap items-center justify-between gap-4 rounded-md border border-gray-300 px-4 py-3 text-sm">
      <div className="flex flex-col gap-1">
        <p className="text-xs text-gray-500">Payouts</p>
        {data.mode === 'manual' ? (
          <p>Payouts are recorded manually: the marketplace pays the shop by hand and records each payout here.</p>
        ) : !account ? (
          <p>No Stripe account connected yet: payouts are recorded manually until one is.</p>
        ) : (
          <>
            <p>
              Stripe account <span className="font-mono text-xs">{account.id}</span>
              {sellerId && data.setBy && (data.setBy === 'shop' ? ' (connected by the shop)' : ' (set by the operator)')}:{' '}
              <strong className={ready ? 'text-green-800' : 'text-amber-800'}>{ready ? 'payouts enabled' : 'not ready for payouts yet'}</strong>
            </p>
            {!ready && <p className="text-xs text-gray-500">{account.detailsSubmitted ? 'Stripe is checking the details.' : "Stripe still needs the shop's details."}</p>}
          </>
        )}
        {back === 'expired' && !sellerId && <p role="status">The Stripe page expired before it was finished: continue again.</p>}
        {back === 'returned' && !sellerId && account && <p role="status">Back from Stripe: the state above is Stripe's now.</p>}
      </div>
      {data.mode === 'stripe' && !sellerId && !ready && (
        <button
          type="button"
          onClick={connect}
          disabled={leaving}
          className="flex h-10 items-center rounded bg-primary-ink px-4 font-medium text-white hover:bg-primary-deep disabled:opacity-60"
        >
          {account ? 'Continue on Stripe' : 'Connect a Stripe account'}
        </button>
      )}
    </section>
  );
}
