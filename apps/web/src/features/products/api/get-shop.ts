import type { ShopProfile } from '@greencart/shared';
import { api, ApiError } from '../../../lib/api-client';
import { dataHref, dataLoader, useRouteData } from '../../../lib/route-data';

/** No approved shop at this address (unknown, or suspended): an answer the shop page shows, not a failed load. */
export const isUnknownShop = (err: unknown) => err instanceof ApiError && (err.code === 'SHOP_NOT_FOUND' || err.code === 'VALIDATION_FAILED');

/** GET /api/seller/shop/:slug: a shop's public profile (issue 26). */
export const shopLoader = dataLoader((params) => api.get<{ shop: ShopProfile }>(`/api/seller/shop/${encodeURIComponent(params.get('slug') ?? '')}`, { silent: true }).then((a) => a.shop));

export const useShop = (slug: string) => useRouteData<ShopProfile>(dataHref('/data/shop', { slug }));
