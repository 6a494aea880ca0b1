import { PayoutsScreen } from '../../features/marketplace/components/payouts-screen';
import { OperatorOnly } from '../../features/marketplace/components/operator-only';

/** /seller/payouts: the operator's payouts screen (issue 26). */
export function Component() {
  return (
    <OperatorOnly>
      <PayoutsScreen />
    </OperatorOnly>
  );
}
