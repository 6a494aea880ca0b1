import { lazy, Suspense, useState } from 'react';
import { useSession } from '../../../lib/session';
import { changeShopperPassword } from '../api/password';

/** Loaded when the shopper opens it: My Orders' first load does not carry the form (about 2 kB gzip). */
const PasswordChangeForm = lazy(() => import('../../../components/password-change-form').then((m) => ({ default: m.PasswordChangeForm })));

/**
 * Under My Orders, the signed-in shopper's account (decision 0254): whose it is, and a new password given the current
 * one, behind a disclosure. Not in the navbar's menu: that is in every storefront page's first load, at its budget.
 */
export function AccountPassword() {
  const email = useSession((s) => s.user?.email);
  const [open, setOpen] = useState(false);
  if (!email) return null;
  return (
    <section aria-label="Your account" className="mx-auto max-w-7xl px-6 pb-16 md:px-16 lg:px-24 xl:px-32">
      {/* The line as wide as the orders above, the form narrow: "password" fell alone onto a second line (a probe). */}
      <details onToggle={(event) => setOpen(event.currentTarget.open)} className="max-w-4xl text-sm text-gray-600">
        <summary className="cursor-pointer">
          Signed in as <span className="font-medium break-words text-gray-800">{email}</span> · <span className="whitespace-nowrap text-primary-ink underline">Change password</span>
        </summary>
        {open && (
          <Suspense fallback={<p className="mt-4 text-gray-500">Loading…</p>}>
            <PasswordChangeForm change={changeShopperPassword} className="mt-4 max-w-md" />
          </Suspense>
        )}
      </details>
    </section>
  );
}
