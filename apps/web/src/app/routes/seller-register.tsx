import { SellerRegister } from '../../features/seller/components/seller-register';

/** /seller/register: a new shop's application (issue 26). */
export function Component() {
  return <SellerRegister />;
}
