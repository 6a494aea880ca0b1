import type { OwnShopProfileAnswer, PasswordChangeInput, ShopProfileInput } from '@greencart/shared';
import { api } from '../../../lib/api-client';
import { afterWrite, dataLoader, useRouteData } from '../../../lib/route-data';

/** GET /api/seller/profile: the signed-in shop's own profile (docs/decisions/0171). */
export const shopProfileLoader = dataLoader(() => api.get<OwnShopProfileAnswer>('/api/seller/profile', { session: 'seller' }));

export const useShopProfile = () => useRouteData<OwnShopProfileAnswer>('/data/seller/profile');

/** POST /api/seller/profile: its name, phone and pickup address (the slug stays); a 400 names each wrong field. */
export const saveShopProfile = (input: ShopProfileInput) => api.post<OwnShopProfileAnswer>('/api/seller/profile', input, { session: 'seller' }).then(afterWrite);

/** POST /api/seller/password/change (decision 0254): the shop's new password, given the current one; other devices are signed out. */
export const changeShopPassword = (input: PasswordChangeInput) => api.post<{ message: string }>('/api/seller/password/change', input, { session: 'seller' });
