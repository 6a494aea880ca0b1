import { SellersScreen } from '../../features/marketplace/components/sellers-screen';
import { OperatorOnly } from '../../features/marketplace/components/operator-only';

/** /seller/sellers: the operator's sellers screen (issue 26). */
export function Component() {
  return (
    <OperatorOnly>
      <SellersScreen />
    </OperatorOnly>
  );
}
