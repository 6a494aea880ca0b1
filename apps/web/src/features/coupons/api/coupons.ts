import type { Coupon, CouponInput } from '@greencart/shared';
import { api } from '../../../lib/api-client';
import { afterWrite, dataLoader, updateShownPages, usePagedRouteData } from '../../../lib/route-data';

export interface CouponPage {
  coupons: Coupon[];
  nextCursor: string | null;
}

/** GET /api/seller/coupons (issue 29): the caller's coupons (the operator: the platform's), newest first. */
const getCoupons = (cursor?: string) => api.get<CouponPage>(`/api/seller/coupons${cursor ? `?cursor=${cursor}` : ''}`, { session: 'seller' });

export const couponsLoader = dataLoader((params) => getCoupons(params.get('cursor') ?? undefined));

export const useCoupons = () => usePagedRouteData<CouponPage>('/data/seller/coupons');

/** POST /api/seller/coupons: a refusal's `issues` name the form's fields. */
export const createCoupon = (input: CouponInput) =>
  api.post<{ message: string; coupon: Coupon }>('/api/seller/coupons', { ...input }, { session: 'seller', silent: true }).then(afterWrite);

/** POST /api/seller/coupons/status: pause or resume; the changed coupon replaces its row in the list shown. */
export const setCouponActive = (id: string, active: boolean) =>
  api.post<{ message: string; coupon: Coupon }>('/api/seller/coupons/status', { id, active }, { session: 'seller' }).then((answer) => {
    updateShownPages<CouponPage>('/data/seller/coupons', (page) => ({ ...page, coupons: page.coupons.map((c) => (c._id === id ? answer.coupon : c)) }));
    return answer;
  });
