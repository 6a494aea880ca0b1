import { SellerConfirmed } from '../../features/seller/components/seller-confirmed';

/** /seller/confirmed: where the e-mailed confirmation link lands (issue 26). */
export function Component() {
  return <SellerConfirmed />;
}
