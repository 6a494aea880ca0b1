import type { ReactNode } from 'react';
import { useSession } from '../../../lib/session';

/** The operator's screens (issue 26): a shop's seller who opens one by its address is told so, not sent a 403. */
export function OperatorOnly({ children }: { children: ReactNode }) {
  const role = useSession((s) => s.seller?.role);
  if (role === 'operator') return children;
  return (
    <main className="px-4 pt-8 md:px-10">
      <p className="text-gray-600">Only the GreenCart operator can open this page.</p>
    </main>
  );
}
