import type { ShopBalance } from '@greencart/shared';
import { useId, useState, type FormEvent } from 'react';
import { ApiError } from '../../../lib/api-client';
import { toast } from '../../../lib/toast';
import { loadFormSchemas } from '../../../lib/use-form';
import { setPayoutAccount } from '../api/payout-account';

type Step = 'idle' | 'setting' | 'disconnecting';

/**
 * A shop's payout account on the operator's Payouts screen (docs/decisions/0191, 0199): which Stripe account its
 * payouts go to and who set it. The operator sets one, or changes one it set itself; an account the shop connected
 * itself is shown read-only, and the operator's one step on it is to disconnect it (the server's rule: it refuses a
 * replacement, 409 PAYOUT_ACCOUNT_CONNECTED_BY_SHOP, and allows a disconnection).
 */
export function OperatorPayoutAccount({ shop }: { shop: ShopBalance }) {
  const id = useId();
  const [step, setStep] = useState<Step>('idle');
  const [text, setText] = useState('');
  const [fieldError, setFieldError] = useState('');
  const [refusal, setRefusal] = useState('');
  const [busy, setBusy] = useState(false);
  const account = shop.payoutAccount;
  const shopName = shop.seller.shopName;

  const send = async (stripeAccountId: string | null) => {
    setBusy(true);
    setRefusal('');
    try {
      toast.success((await setPayoutAccount({ sellerId: shop.seller.id, stripeAccountId })).message);
      setStep('idle');
    } catch (err) {
      if (err instanceof ApiError && err.code === 'PAYOUT_ACCOUNT_CONNECTED_BY_SHOP') {
        // The list was loaded before the shop connected its own account: it is shown now, read-only.
        setRefusal(`${shopName} has connected its own Stripe account in the meantime, so it was not replaced. Disconnect it first if the payouts must go elsewhere.`);
        setStep('idle');
      } else if (err instanceof ApiError && err.issues.length > 0) {
        setFieldError(err.issues[0]!.message);
      } else {
        setRefusal(err instanceof Error ? err.message : 'The payout account could not be changed. Please try again.');
      }
    } finally {
      setBusy(false);
    }
  };

  const submit = async (event: FormEvent) => {
    event.preventDefault();
    const { PayoutAccountInputSchema } = await loadFormSchemas();
    const parsed = PayoutAccountInputSchema.shape.stripeAccountId.safeParse(text);
    if (!parsed.success) {
      setFieldError(parsed.error.issues[0]?.message ?? 'Enter a Stripe account id');
      return;
    }
    setFieldError('');
    await send(parsed.data);
  };

  const open = (next: Step) => {
    setRefusal('');
    setFieldError('');
    setText('');
    setStep(next);
  };
  const button = 'h-9 cursor-pointer rounded px-4 font-medium disabled:cursor-not-allowed disabled:opacity-60';
  const secondary = `${button} border border-gray-300 bg-white text-gray-700 hover:bg-gray-50`;

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
      {step === 'setting' && (
        <form onSubmit={(e) => void submit(e)} noValidate aria-label={`Set the payout account of ${shopName}`} className="flex flex-wrap items-end gap-3">
          <div className="flex flex-col gap-1">
            <label htmlFor={id} className="text-xs text-gray-500">
              Stripe account id
            </label>
            <input
              id={id}
              value={text}
              onChange={(e) => setText(e.target.value)}
              placeholder="acct_…"
              autoComplete="off"
              spellCheck={false}
              aria-invalid={fieldError ? true : undefined}
              aria-describedby={fieldError ? `${id}-error` : undefined}
              className="h-9 w-64 max-w-full rounded border border-gray-300 bg-white px-2 font-mono text-xs outline-none focus:border-primary"
            />
          </div>
          <button type="submit" disabled={busy} className={`${button} bg-primary-ink text-white hover:bg-primary-deep`}>
            Save account
          </button>
          <button type="button" disabled={busy} onClick={() => setStep('idle')} className={secondary}>
            Cancel
          </button>
          {fieldError && (
            <p id={`${id}-error`} className="w-full text-red-600">
              {fieldError}
            </p>
          )}
        </form>
      )}
      {step === 'disconnecting' && account && (
        <div role="group" aria-label={`Disconnect the payout account of ${shopName}`} className="flex flex-col gap-2 rounded bg-amber-50 p-3">
          <p>
            Disconnect <span className="font-mono text-xs">{account.id}</span>? Payouts to {shopName} are recorded by hand until an account is set again
            {account.setBy === 'shop' ? '; the shop can connect one again from its Balance screen.' : '.'}
          </p>
          <div className="flex flex-wrap gap-2">
            <button type="button" disabled={busy} onClick={() => void send(null)} className={`${button} bg-red-700 text-white hover:bg-red-800`}>
              Disconnect account
            </button>
            <button type="button" disabled={busy} onClick={() => setStep('idle')} className={secondary}>
              Keep it
            </button>
          </div>
        </div>
      )}
      {refusal && (
        <p role="alert" className="rounded border border-red-200 bg-red-50 px-3 py-2 text-red-700">
          {refusal}
        </p>
      )}
    </section>
  );
}
