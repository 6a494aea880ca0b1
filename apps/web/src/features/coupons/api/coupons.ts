import type { Coupon, CouponInput } from '@greencart/shared';
import { api } from '../../../lib/api-client';
import { queryCache } from '../../../lib/query-cache';
import { usePagedQuery } from '../../../lib/use-query';

export interface CouponPage {
  coupons: Coupon[];
  nextCursor: string | null;
}

const couponsKey = ['seller', 'coupons'] as const;

/** GET /api/seller/coupons (issue 29): the caller's coupons (the operator: the platform's), newest first. */
const getCoupons = (cursor?: string) => api.get<CouponPage>(`/api/seller/coupons${cursor ? `?cursor=${cursor}` : ''}`, { session: 'seller' });

export const useCoupons = () => usePagedQuery(couponsKey, getCoupons);

/** POST /api/seller/coupons: a refusal's `issues` name the form's fields. */
export const createCoupon = (input: CouponInput) =>
  api.post<{ message: string; coupon: Coupon }>('/api/seller/coupons', { ...input }, { session: 'seller', silent: true }).then((answer) => {
    queryCache.invalidate(couponsKey);
    return answer;
  });

/** POST /api/seller/coupons/status: pause or resume; the changed coupon replaces its row in the loaded pages. */
export const setCouponActive = (id: string, active: boolean) =>
  api.post<{ message: string; coupon: Coupon }>('/api/seller/coupons/status', { id, active }, { session: 'seller' }).then((answer) => {
    queryCache.update<{ pages: CouponPage[] }>(couponsKey, (data) => ({
      pages: data.pages.map((page) => ({ ...page, coupons: page.coupons.map((c) => (c._id === id ? answer.coupon : c)) })),
    }));
    return answer;
  });
