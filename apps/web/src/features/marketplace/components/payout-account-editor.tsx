import type { ShopBalance } from '@greencart/shared';
import { useId, useState, type FormEvent } from 'react';
import { ApiError } from '../../../lib/api-client';
import { toast } from '../../../lib/toast';
import { loadFormSchemas } from '../../../lib/use-form';
import { setPayoutAccount } from '../api/payout-account';

export type PayoutAccountStep = 'setting' | 'disconnecting';

/**
 * The operator's change to a shop's payout account (operator-payout-account.tsx): a Stripe account id to set, or
 * the confirmation of a disconnection. `onClose` when saved or cancelled, or with the reason shown beside the account
 * when the shop connected its own account meanwhile; other refusals are shown here and the editor stays open.
 */
export function PayoutAccountEditor({ shop, step, onClose }: { shop: ShopBalance; step: PayoutAccountStep; onClose: (refusal?: string) => void }) {
  const id = useId();
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
      onClose();
    } catch (err) {
      if (err instanceof ApiError && err.code === 'PAYOUT_ACCOUNT_CONNECTED_BY_SHOP') {
        // The list was loaded before the shop connected its own account: it is shown now, read-only.
        onClose(`${shopName} has connected its own Stripe account in the meantime, so it was not replaced. Disconnect it first if the payouts must go elsewhere.`);
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

  const button = 'h-10 cursor-pointer rounded px-4 font-medium disabled:cursor-not-allowed disabled:opacity-60';
  const secondary = `${button} border border-gray-300 bg-white text-gray-700 hover:bg-gray-50`;

  return (
    <>
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
              className="h-10 w-64 max-w-full rounded border border-field bg-white px-2 font-mono text-xs outline-none focus:border-primary"
            />
          </div>
          <button type="submit" disabled={busy} className={`${button} bg-primary-ink text-white hover:bg-primary-deep`}>
            Save account
          </button>
          <button type="button" disabled={busy} onClick={() => onClose()} className={secondary}>
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
            <button type="button" disabled={busy} onClick={() => onClose()} className={secondary}>
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
    </>
  );
}
