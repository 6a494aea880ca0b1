import { CommissionScreen } from '../../features/marketplace/components/commission-screen';
import { OperatorOnly } from '../../features/marketplace/components/operator-only';

/** /seller/commission: the operator's commission screen (issue 26). */
export function Component() {
  return (
    <OperatorOnly>
      <CommissionScreen />
    </OperatorOnly>
  );
}
