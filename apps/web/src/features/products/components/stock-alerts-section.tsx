import { lazy, Suspense, useState } from 'react';
import { useSession } from '../../../lib/session';

const StockAlertList = lazy(() => import('./stock-alert-list').then((m) => ({ default: m.StockAlertList })));

/** Under My Orders, the shopper's back-in-stock alerts behind a disclosure (decision 0290); the list loads when opened. */
export function StockAlertsSection() {
  const signedIn = useSession((s) => s.user !== null);
  const [open, setOpen] = useState(false);
  if (!signedIn) return null;
  return (
    <section aria-label="Back-in-stock alerts" className="mx-auto max-w-7xl px-6 pb-6 md:px-16 lg:px-24 xl:px-32">
      <details onToggle={(event) => setOpen(event.currentTarget.open)} className="max-w-4xl text-sm text-gray-600">
        <summary className="cursor-pointer text-primary-ink underline">Back-in-stock alerts</summary>
        {open && (
          <Suspense fallback={<p className="mt-4 text-gray-500">Loading…</p>}>
            <StockAlertList />
          </Suspense>
        )}
      </details>
    </section>
  );
}
