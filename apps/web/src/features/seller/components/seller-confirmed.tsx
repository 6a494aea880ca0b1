import { useEffect } from 'react';
import { Link, useSearchParams } from 'react-router';
import { paths } from '../../../config/paths';
import { session, useSession } from '../../../lib/session';
import { NewLinkForm } from './resend-confirmation';

/** The link opened again after the operator decided (`?shop=`): where the shop stands. */
const DECIDED = {
  approved: { heading: 'Your shop is approved', text: 'Your e-mail was confirmed before, and your shop sells on GreenCart. Sign in to your seller area to run it.' },
  suspended: { heading: 'Your shop is suspended', text: 'Your e-mail was confirmed before. Your shop is suspended at the moment: sign in to your seller area to see why.' },
  declined: { heading: 'Your application was declined', text: 'Your e-mail is confirmed, but GreenCart declined the application: sign in to your seller area to see why.' },
};

/**
 * /seller/confirmed (issue 26): where the e-mailed confirmation link (GET /api/seller/confirm?token=)
 * lands. `?error=expired` when the link expired before the e-mail was confirmed (0235), any other
 * `?error=` when it is not a link, `?shop=approved|suspended|declined` when it was opened again after the operator decided.
 * The seller's standing is read again, so the seller area shows "waiting for
 * approval" at once.
 */
export function SellerConfirmed() {
  const [params] = useSearchParams();
  const failed = params.has('error');
  const expired = params.get('error') === 'expired';
  const shop = params.get('shop');
  const decided = !failed && (shop === 'approved' || shop === 'suspended' || shop === 'declined') ? DECIDED[shop] : undefined;
  const signedIn = useSession((s) => s.isSeller);
  useEffect(() => {
    if (!failed) void session.checkSeller();
  }, [failed]);
  return (
    <main id="content" tabIndex={-1} className="outline-none flex min-h-screen items-center justify-center px-4 pt-10 pb-24 text-sm text-gray-600 sm:pb-10">
      <title>{expired ? 'Link expired | GreenCart' : failed ? 'Link not valid | GreenCart' : 'E-mail confirmed | GreenCart'}</title>
      <section aria-labelledby="confirmed-heading" className="flex w-full max-w-lg flex-col gap-4 rounded-lg border border-gray-200 p-6 shadow-xl sm:p-8">
        <h1 id="confirmed-heading" className="text-2xl font-medium text-gray-800">
          {expired ? 'This link has expired' : failed ? 'This link is not valid' : (decided?.heading ?? 'E-mail confirmed')}
        </h1>
        <p>
          {expired
            ? 'The confirmation link was not opened in time. Enter the e-mail you applied with to get a new one.'
            : failed
            ? 'The confirmation link is not one we sent. Sign in to your seller area to see where your application stands.'
            : (decided?.text ?? 'Thank you. Your application is now with the GreenCart team: we e-mail you as soon as your shop is approved.')}
        </p>
        {expired && <NewLinkForm />}
        <Link to={paths.seller} className="w-max rounded-md bg-primary-ink px-6 py-2.5 font-medium text-white hover:bg-primary-deep">
          {signedIn ? 'Go to your seller area' : 'Seller login'}
        </Link>
      </section>
    </main>
  );
}
