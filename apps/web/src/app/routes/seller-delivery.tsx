import { DeliverySettingsScreen } from '../../features/delivery/components/delivery-settings-screen';

/** /seller/delivery: the shop's delivery zones, fee, minimum and windows (issue 28). */
export function Component() {
  return <DeliverySettingsScreen />;
}
