import { useState } from 'react';
import { session, useSession } from '../../../lib/session';
import { toast } from '../../../lib/toast';
import { setStockAlert, useStockAlert } from '../api/stock-alert';

/**
 * A visitor's ask, made once they log in from the dialog it opened: the login goes home (spec section 4), and the ask
 * is not lost on the way. The dialog closed without a login asks nothing.
 */
function askOnceLoggedIn(productId: string) {
  const stops: (() => void)[] = [];
  const stop = () => stops.splice(0).forEach((unsubscribe) => unsubscribe());
  stops.push(
    session.onEvent((event) => {
      if (event.type !== 'signed-in') return;
      stop();
      setStockAlert(productId, true).then(
        (answer) => toast.success(answer.message),
        () => undefined,
      );
    }),
    session.subscribe(() => {
      if (!session.get().showUserLogin && !session.get().user) stop();
    }),
  );
  session.setShowUserLogin(true);
}

/**
 * "Tell me when it's back" on the page of a product out of stock (decision 0290): a visitor is asked to log in; a
 * shopper asks for one e-mail when its shop puts it back, or stops the alert asked for.
 */
export function StockAlert({ productId }: { productId: string }) {
  const email = useSession((s) => s.user?.email);
  const ready = useSession((s) => s.authChecked);
  const alert = useStockAlert(productId);
  const [busy, setBusy] = useState(false);
  const on = alert.data?.alert === true;
  const change = async () => {
    if (!ready || busy) return;
    if (!email) return askOnceLoggedIn(productId);
    setBusy(true);
    try {
      toast.success((await setStockAlert(productId, !on)).message);
    } catch {
      // Told by the API client's toast.
    } finally {
      setBusy(false);
    }
  };
  return (
    <div className="mt-2 flex flex-wrap items-center gap-x-4 gap-y-1" aria-live="polite">
      {on && <p className="text-gray-600 wrap-anywhere">{`We will e-mail ${email} when it is back.`}</p>}
      <button
        type="button"
        onClick={() => void change()}
        aria-disabled={!ready || busy || (email !== undefined && alert.status === 'loading') || undefined}
        className="h-10 cursor-pointer rounded border border-gray-300 px-4 font-medium text-primary-ink hover:bg-primary/10 aria-disabled:cursor-wait aria-disabled:opacity-60"
      >
        {on ? 'Stop the alert' : 'Notify me when it is back'}
      </button>
    </div>
  );
}
