import type { ShopProfile } from '@greencart/shared';
import { api, ApiError } from '../../../lib/api-client';
import { useQuery } from '../../../lib/use-query';

/** No approved shop at this address (unknown, or suspended): an answer the shop page shows, not a failed load. */
export const isUnknownShop = (err: unknown) => err instanceof ApiError && (err.code === 'SHOP_NOT_FOUND' || err.code === 'VALIDATION_FAILED');

/** GET /api/seller/shop/:slug: a shop's public profile (issue 26); under 'products', so a catalogue change reads it again. */
export const useShop = (slug: string) =>
  useQuery(['products', 'shop', slug], () => api.get<{ shop: ShopProfile }>(`/api/seller/shop/${encodeURIComponent(slug)}`, { silent: true }).then((a) => a.shop));
