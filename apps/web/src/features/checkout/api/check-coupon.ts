import type { CouponCheckAnswer } from '@greencart/shared';
import { api } from '../../../lib/api-client';

/**
 * POST /api/coupon/check (issue 29): the code against the cart's lines, answered with the discount per line
 * and shop, or refused with the reason (an ApiError whose message the coupon field shows; not toasted).
 */
export const checkCoupon = (code: string, items: { product: string; quantity: number }[]) =>
  api.post<CouponCheckAnswer>('/api/coupon/check', { code, items }, { silent: true });
