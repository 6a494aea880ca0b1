import type { OwnShopProfileAnswer, ShopProfileInput } from '@greencart/shared';
import { api } from '../../../lib/api-client';
import { queryCache } from '../../../lib/query-cache';
import { useQuery } from '../../../lib/use-query';

const profileKey = ['seller', 'profile'] as const;

/** GET /api/seller/profile: the signed-in shop's own profile (docs/decisions/0171). */
export const useShopProfile = () => useQuery(profileKey, () => api.get<OwnShopProfileAnswer>('/api/seller/profile', { session: 'seller' }));

/** POST /api/seller/profile: its name, phone and pickup address (the slug stays); a 400 names each wrong field. */
export const saveShopProfile = (input: ShopProfileInput) =>
  api.post<OwnShopProfileAnswer>('/api/seller/profile', input, { session: 'seller' }).then((answer) => {
    queryCache.invalidate(profileKey);
    return answer;
  });
