import { StatementScreen } from '../../features/marketplace/components/statement-screen';

/** /seller/balance: a shop's balance and statement (issue 26). */
export function Component() {
  return <StatementScreen />;
}
