import { LOADER_DELAY_MS } from '@greencart/shared';
import { useEffect } from 'react';
import { useNavigate, useSearchParams } from 'react-router';
import { keepAppliedCoupon } from '../../../lib/remembered';
import { nextPath } from '../lib/next-path';

/** /loader (spec sections 2, 9): the return step after online payment; a spinner and what comes next, then `/{next}` after 5 s. */
export function PaymentReturn() {
  const [searchParams] = useSearchParams();
  const navigate = useNavigate();
  const target = nextPath(searchParams.get('next'));
  useEffect(() => {
    // Paid: the cart's coupon is used (decision 0246).
    keepAppliedCoupon(null);
    const timer = setTimeout(() => navigate(target, { replace: true }), LOADER_DELAY_MS);
    return () => clearTimeout(timer);
  }, [navigate, target]);
  return (
    <main className="flex h-[60vh] flex-col items-center justify-center gap-6 px-4 text-center">
      <div role="status" aria-label="Loading" className="h-24 w-24 animate-spin rounded-full border-4 border-gray-300 border-t-primary" />
      {/* Words beside the spinner: five seconds of it alone read as stuck (a probe on a phone). */}
      <p className="text-gray-600">{target === '/my-orders' ? 'Thank you for your order. Taking you to My Orders…' : 'One moment…'}</p>
    </main>
  );
}
