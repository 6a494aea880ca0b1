import { ShopProfileScreen } from '../../features/seller/components/shop-profile-form';

/** /seller/profile: the shop's own profile (issue 26). */
export function Component() {
  return <ShopProfileScreen />;
}
