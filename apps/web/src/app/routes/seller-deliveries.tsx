import { DeliveriesBoard } from '../../features/delivery/components/deliveries-board';

/** /seller/deliveries: the day's deliveries by window (issue 28). */
export function Component() {
  return <DeliveriesBoard />;
}
