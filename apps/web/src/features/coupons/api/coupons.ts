import type { Coupon, CouponEditInput, CouponInput } from '@greencart/shared';
import { api } from '../../../lib/api-client';
import { afterWrite, dataHref, dataLoader, updateShownPages, usePagedRouteData } from '../../../lib/route-data';

export interface CouponPage {
  coupons: Coupon[];
  nextCursor: string | null;
}

/**
 * GET /api/seller/coupons (issue 29): the caller's coupons (the operator: the platform's, or with `seller` a shop's),
 * newest first; `q` a code (its start in a shop's list, the whole code across every shop for the operator); the
 * operator's `seller`, one shop's (its Sellers card links here).
 */
export const couponsLoader = dataLoader((params) =>
  api.get<CouponPage>(dataHref('/api/seller/coupons', { q: params.get('q'), seller: params.get('seller'), cursor: params.get('cursor') }), { session: 'seller' }),
);

export const useCoupons = (q: string, seller: string | null) => usePagedRouteData<CouponPage>(dataHref('/data/seller/coupons', { q, seller }), { keepPrevious: true });

/** POST /api/seller/coupons: a refusal's `issues` name the form's fields. */
export const createCoupon = (input: CouponInput) =>
  api.post<{ message: string; coupon: Coupon }>('/api/seller/coupons', { ...input }, { session: 'seller', silent: true }).then(afterWrite);

/** The changed coupon in place of its row in the list shown. */
const shownChanged = (answer: { message: string; coupon: Coupon }) => {
  updateShownPages<CouponPage>('/data/seller/coupons', (page) => ({ ...page, coupons: page.coupons.map((c) => (c._id === answer.coupon._id ? answer.coupon : c)) }));
  return answer;
};

/** POST /api/seller/coupons/status: pause or resume. */
export const setCouponActive = (id: string, active: boolean) =>
  api.post<{ message: string; coupon: Coupon }>('/api/seller/coupons/status', { id, active }, { session: 'seller' }).then(shownChanged);

/** POST /api/seller/coupons/delete: a coupon no checkout used; its code is then free. */
export const deleteCoupon = (id: string) => api.post<{ message: string }>('/api/seller/coupons/delete', { id }, { session: 'seller' }).then(afterWrite);

/** POST /api/seller/coupons/edit (decision 0281): its limits and dates; a refusal's `issues` name the form's fields. */
export const editCoupon = (input: CouponEditInput) =>
  api.post<{ message: string; coupon: Coupon }>('/api/seller/coupons/edit', { ...input }, { session: 'seller', silent: true }).then(shownChanged);
