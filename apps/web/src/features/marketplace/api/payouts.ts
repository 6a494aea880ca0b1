import type { CommissionAnswer, CommissionInput, PayoutAnswer, PayoutInput, PayoutsAnswer } from '@greencart/shared';
import { api } from '../../../lib/api-client';
import { afterWrite, dataLoader, usePagedRouteData } from '../../../lib/route-data';

/** GET /api/seller/payouts: every shop with its balance and commission rate, a page at a time, and the default rate. */
export const getPayouts = (cursor?: string) => api.get<PayoutsAnswer>(`/api/seller/payouts${cursor ? `?cursor=${cursor}` : ''}`, { session: 'seller' });

/** The Payouts and Commission screens share these pages. */
export const payoutsLoader = dataLoader((params) => getPayouts(params.get('cursor') ?? undefined));

export const useShopBalances = () => usePagedRouteData<PayoutsAnswer>('/data/seller/payouts');

/**
 * POST /api/seller/payouts: pays `amount` of a shop's balance. The same `key` on a retry (a double click,
 * a lost answer) answers the payout already made, never a second one. Balances and the shop's statement
 * are read again.
 */
export const recordPayout = (input: PayoutInput) =>
  api.post<PayoutAnswer>('/api/seller/payouts', input, { session: 'seller' }).then(afterWrite);

/** POST /api/seller/commission: the default rate (no sellerId), or a shop's own (`percent: null` drops it). */
export const setCommission = (input: CommissionInput) =>
  api.post<CommissionAnswer>('/api/seller/commission', input, { session: 'seller' }).then(afterWrite);
