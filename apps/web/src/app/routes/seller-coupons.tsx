import { CouponsScreen } from '../../features/coupons/components/coupons-screen';
import { useSession } from '../../lib/session';

/** /seller/coupons (issue 29): a seller's shop coupons, or the operator's platform coupons. */
export function Component() {
  const role = useSession((s) => s.seller?.role);
  return <CouponsScreen platform={role === 'operator'} />;
}
