import { formatPrice, isWholePaise, numberFromText, numberTextFault, PAYOUT_MAX, PAYOUT_REFERENCE_MAX, toMinor, type ShopBalance } from '@greencart/shared';
import { useId, useRef, useState, type FormEvent } from 'react';
import { ConfirmDialog } from '../../../components/confirm-dialog';
import { env } from '../../../config/env';
import { ApiError } from '../../../lib/api-client';
import { revalidate } from '../../../lib/route-data';
import { toast } from '../../../lib/toast';
import { recordPaymentReceived, recordPayout } from '../api/payouts';
import { DecimalField } from './decimal-field';

const money = (amount: number) => formatPrice(toMinor(amount), env.currency);
/** The sum the operator confirms, always with its paise: "Rs 1,00,000.00", as a bank's transfer form shows it. */
const exactly = (amount: number) => `${env.currency} ${amount.toLocaleString('en-IN', { minimumFractionDigits: 2, maximumFractionDigits: 2 })}`;
/**
 * A payout's key: 128 random bits in hex. Not `crypto.randomUUID`, which browsers give to https and localhost only: the
 * operator's phone on the shop's network over plain http (which the README offers) lost the whole screen to it (a probe).
 */
const newKey = () => Array.from(crypto.getRandomValues(new Uint8Array(16)), (byte) => byte.toString(16).padStart(2, '0')).join('');

/**
 * "Record payout" on Payouts, loaded when first opened (the screen's first load has no room for it: decision 0127). A
 * payout cannot be undone, so the sum is confirmed first, naming the shop and the amount (decision 0227). For a shop
 * that `owes`, the same form records its payment to GreenCart, at most what it owes (decision 0276).
 *
 * The payout's key is made when the form opens and sent with every try: a second click or a retry after a lost answer
 * answers the payout already made instead of paying twice. After a lost answer the shop's figures are read again, to
 * show whether it was made; a refusal of the key for another amount means this form's payout was made, and a new key
 * is made for the next, which is then a new payout.
 */
export function PayoutForm({ shop, owes, onDone }: { shop: ShopBalance; owes: boolean; onDone: () => void }) {
  const id = useId();
  // A balance above what one payout may pay (a probe's largest order left one) is offered a payout at a time.
  const most = Math.min(Math.abs(shop.balance), PAYOUT_MAX);
  // With its paise, as every amount on the screen ("28.1" was prefilled for Rs 28.10: a probe).
  const [amount, setAmount] = useState(most.toFixed(2));
  const [reference, setReference] = useState('');
  const key = useRef(newKey());
  // The amount of the try whose answer was lost: sent again, the server decides (it may have been made, and the balance
  // read since then no longer holds it).
  const [lost, setLost] = useState<number>();
  const [asking, setAsking] = useState<number>();
  const [busy, setBusy] = useState(false);
  const [error, setError] = useState('');
  const [notice, setNotice] = useState('');
  const what = owes ? 'payment' : 'payout';

  const check = (event: FormEvent) => {
    event.preventDefault();
    const value = numberFromText(amount);
    // What is wrong, and the figure that is right here (it said one sentence for all, and 12.345 went to the server).
    const wrong =
      numberTextFault(amount) ??
      (!(value > 0) ? `Enter an amount above 0, at most ${money(most)}` :
      value > most && value !== lost ? (most < Math.abs(shop.balance) ? `At most ${money(most)} at once: record the rest in another` : `At most ${owes ? 'what the shop owes' : 'the balance due'}, ${money(most)}`) :
      !isWholePaise(value) ? 'An amount has at most 2 decimals (paise)' : '');
    if (wrong) {
      setError(wrong);
      return;
    }
    setError('');
    setAsking(value);
  };

  const send = async (value: number) => {
    setAsking(undefined);
    setNotice('');
    setBusy(true);
    try {
      toast.success((await (owes ? recordPaymentReceived : recordPayout)({ sellerId: shop.seller.id, amount: value, key: key.current, reference })).message);
      onDone();
    } catch (err) {
      const code = err instanceof ApiError ? err.code : undefined;
      if (code === 'NETWORK_ERROR') {
        // Sent, and no answer: it may have been made. The figures say whether; the same amount again is answered, not paid.
        setLost(value);
        setNotice(`The answer was lost: the ${what} may have been recorded. The figures are refreshed; check them before ${owes ? 'recording it' : 'paying'} again. The same amount sent again is never ${owes ? 'recorded' : 'paid'} twice.`);
        revalidate();
      } else if (code === 'PAYOUT_KEY_REUSED') {
        // The server's "send a new key" is for other clients: this form's earlier try was made. The next is a new one.
        key.current = newKey();
        setLost(undefined);
        setNotice(`A ${what} was already recorded from this form: the figures are refreshed; check them before ${owes ? 'recording another' : 'paying again'}.`);
        revalidate();
      } else {
        if (err instanceof ApiError) toast.error(err.shown);
        // Refused for the balance, the balances are read again (another payout paid some of it meanwhile: the row
        // showed the old balance beside a refusal naming the new one). An earlier payout found at Stripe and recorded
        // now (decision 0044) changed the balance too.
        if (code === 'PAYOUT_EXCEEDS_BALANCE' || code === 'PAYMENT_EXCEEDS_DEBT' || code === 'PAYOUT_FOUND_AT_STRIPE') revalidate();
      }
    } finally {
      setBusy(false);
    }
  };

  const sum = asking === undefined ? '' : exactly(asking);
  return (
    <form onSubmit={check} noValidate aria-label={`${owes ? 'Payment from' : 'Payout to'} ${shop.seller.shopName}`} className="flex flex-wrap items-end gap-3 rounded border border-gray-200 bg-gray-50 p-3">
      {/* Opened by "Record payout", which it replaces: focus goes to the amount, not to the page's body. */}
      <DecimalField id={id} label="Amount (Rs)" value={amount} onChange={(value) => (setAmount(value), setError(''))} error={error} className="w-36" autoFocus />
      {/* A transfer made by hand is found in the shop's bank by its reference: on its statement and its mail (decision 0247). */}
      {(owes || !shop.connectedAccount) && (
        <label className="flex flex-col gap-1 text-xs text-gray-500">
          Reference (optional)
          <input
            value={reference}
            onChange={(e) => setReference(e.target.value)}
            maxLength={PAYOUT_REFERENCE_MAX}
            placeholder="Bank transfer UTR"
            className="h-10 w-48 rounded border border-field bg-white px-3 text-sm text-gray-800 outline-none focus:border-primary"
          />
        </label>
      )}
      <button type="submit" disabled={busy} className="h-10 cursor-pointer rounded bg-primary-ink px-4 font-medium text-white hover:bg-primary-deep disabled:opacity-60">
        {owes ? 'Record payment received' : shop.connectedAccount ? 'Transfer with Stripe' : 'Record manual payout'}
      </button>
      <button type="button" disabled={busy} onClick={onDone} className="h-10 cursor-pointer rounded border border-gray-300 bg-white px-4 text-gray-700">
        Cancel
      </button>
      {error && (
        <p id={`${id}-error`} className="w-full text-red-600">
          {error}
        </p>
      )}
      {notice && (
        <p role="alert" className="w-full text-gray-800">
          {notice}
        </p>
      )}
      {asking !== undefined && (
        <ConfirmDialog
          title={owes ? `Record ${sum} received from ${shop.seller.shopName}?` : `Pay ${sum} to ${shop.seller.shopName}?`}
          yes={owes ? `Yes, record ${sum}` : `Yes, pay ${sum}`}
          onConfirm={() => void send(asking)}
          onClose={() => setAsking(undefined)}
        >
          {owes
            ? 'It lowers what the shop owes GreenCart, and the shop is e-mailed. A recorded payment cannot be undone.'
            : shop.connectedAccount
              ? 'Stripe transfers it to the shop’s account now, and the shop is e-mailed. A payout cannot be undone.'
              : 'It is recorded as paid by hand, and the shop is e-mailed. A payout cannot be undone.'}
        </ConfirmDialog>
      )}
    </form>
  );
}
