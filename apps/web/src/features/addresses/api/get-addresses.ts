import type { Address } from '@greencart/shared';
import { api } from '../../../lib/api-client';
import { useQuery } from '../../../lib/use-query';

/** GET /api/address/get (spec section 7): the shopper's saved delivery addresses. */
export const getAddresses = () => api.get<{ addresses: Address[] }>('/api/address/get').then((a) => a.addresses);

/** Cached under 'user' (forgotten at logout); a visitor has none and asks nothing. */
export const useAddresses = (signedIn: boolean) => useQuery(['user', 'addresses'], getAddresses, { enabled: signedIn });
