import { ApiError } from '../../../lib/api-client';

/** No approved shop at this address (unknown, or suspended): an answer the shop page shows, not a failed load. */
export const isUnknownShop = (err: unknown) => err instanceof ApiError && (err.code === 'SHOP_NOT_FOUND' || err.code === 'VALIDATION_FAILED');
