import type { Address } from '@greencart/shared';
import { useEffect, useState } from 'react';
import { getAddresses } from '../api/get-addresses';

/** The logged-in shopper's addresses; none for a visitor. Reloads when the shopper changes. */
export function useAddresses(userId: string | undefined): Address[] {
  const [loaded, setLoaded] = useState<{ userId: string; addresses: Address[] } | undefined>(undefined);
  useEffect(() => {
    if (!userId) return;
    let current = true;
    getAddresses()
      .then(({ addresses }) => current && setLoaded({ userId, addresses }))
      .catch(() => undefined);
    return () => {
      current = false;
    };
  }, [userId]);
  return userId && loaded?.userId === userId ? loaded.addresses : [];
}
