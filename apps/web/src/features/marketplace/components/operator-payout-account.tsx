import type { ShopBalance } from '@greencart/shared';
import { lazy, Suspense, useState } from 'react';
import type { PayoutAccountStep } from './payout-account-editor';

// Loaded on the first "Set account", "Change account" or "Disconnect" (decision 0215): not in the screen's first load.
const PayoutAccountEditor = lazy(() => import('./payout-account-editor').then((m) => ({ default: m.PayoutAccountEditor })));

/**
 * A shop's payout account on the operator's Payouts screen (docs/decisions/0191, 0199): which Stripe account its
 * payouts go to and who set it. The operator sets one, or changes one it set itself; an account the shop connected
 * itself is shown read-only, and the operator's one step on it is to disconnect it (the server's rule: it refuses a
 * replacement, 409 PAYOUT_ACCOUNT_CONNECTED_BY_SHOP, and allows a disconnection).
 */
export function OperatorPayoutAccount({ shop }: { shop: ShopBalance }) {
  const [step, setStep] = useState<PayoutAccountStep | 'idle'>('idle');
  const [refusal, setRefusal] = useState('');
  const account = shop.payoutAccount;
  const shopName = shop.seller.shopName;

  const open = (next: PayoutAccountStep) => {
    setRefusal('');
    setStep(next);
  };
  /** The editor is done: saved, cancelled, or refused with a reason shown here. */
  const close = (why = '') => {
    setRefusal(why);
    setStep('idle');
  };
  const secondary = 'h-10 cursor-pointer rounded border border-gray-300 bg-white px-4 font-medium text-gray-700 hover:bg-gray-50';

  return (
    <section aria-label={`Payout account of ${shopName}`} className="flex flex-col gap-2 rounded border border-gray-200 p-3">
      <div className="flex flex-wrap items-center justify-between gap-2">
        <p className="min-w-0 break-words">
          <span className="block text-xs text-gray-500">Payout account</span>
          {account ? (
            <>
              <span className="font-mono text-xs">{account.id}</span>{' '}
              <span className={account.setBy === 'shop' ? 'text-green-800' : 'text-gray-600'}>
                {account.setBy === 'shop' ? '· connected by the shop' : '· set by the operator'}
              </span>
            </>
          ) : (
            'None: payouts are recorded by hand'
          )}
        </p>
        {step === 'idle' && (
          <div className="flex flex-wrap gap-2">
            {account?.setBy !== 'shop' && (
              <button type="button" onClick={() => open('setting')} className={secondary}>
                {account ? 'Change account' : 'Set account'}
              </button>
            )}
            {account && (
              <button type="button" onClick={() => open('disconnecting')} className={secondary}>
                Disconnect
              </button>
            )}
          </div>
        )}
      </div>
      {account?.setBy === 'shop' && step === 'idle' && (
        <p className="text-xs text-gray-500">The shop connected this account through Stripe; only the shop changes it. You can disconnect it.</p>
      )}
      {step !== 'idle' && (
        <Suspense fallback={<p className="text-xs text-gray-500">Loading…</p>}>
          <PayoutAccountEditor shop={shop} step={step} onClose={close} />
        </Suspense>
      )}
      {refusal && (
        <p role="alert" className="rounded border border-red-200 bg-red-50 px-3 py-2 text-red-700">
          {refusal}
        </p>
      )}
    </section>
  );
}
