import type { Address } from '@greencart/shared';
import { api } from '../../../lib/api-client';
import { useSession } from '../../../lib/session';
import { dataHref, dataLoader, useRouteData } from '../../../lib/route-data';

/** GET /api/address/get (spec section 7): the shopper's saved delivery addresses. */
export const getAddresses = () => api.get<{ addresses: Address[] }>('/api/address/get').then((a) => a.addresses);

export const addressesLoader = dataLoader(getAddresses);

/** The signed-in shopper's (the address names the shopper); a visitor has none and asks nothing. */
export function useAddresses() {
  const userId = useSession((s) => s.user?._id);
  return useRouteData<Address[]>(userId ? dataHref('/data/addresses', { for: userId }) : null);
}
