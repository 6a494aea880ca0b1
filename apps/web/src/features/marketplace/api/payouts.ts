import type { CommissionAnswer, CommissionInput, PayoutAnswer, PayoutInput, PayoutsAnswer } from '@greencart/shared';
import { api } from '../../../lib/api-client';
import { queryCache } from '../../../lib/query-cache';
import { usePagedQuery } from '../../../lib/use-query';

const payoutsKey = ['seller', 'payouts'] as const;

/** GET /api/seller/payouts: every shop with its balance and commission rate, a page at a time, and the default rate. */
export const getPayouts = (cursor?: string) => api.get<PayoutsAnswer>(`/api/seller/payouts${cursor ? `?cursor=${cursor}` : ''}`, { session: 'seller' });

/** The Payouts and Commission screens share these pages. */
export const useShopBalances = () => usePagedQuery(payoutsKey, getPayouts);

/**
 * POST /api/seller/payouts: pays `amount` of a shop's balance. The same `key` on a retry (a double click,
 * a lost answer) answers the payout already made, never a second one. Balances and the shop's statement
 * are read again.
 */
export const recordPayout = (input: PayoutInput) =>
  api.post<PayoutAnswer>('/api/seller/payouts', input, { session: 'seller' }).then((answer) => {
    queryCache.invalidate(payoutsKey);
    queryCache.invalidate(['seller', 'ledger']);
    return answer;
  });

/** POST /api/seller/commission: the default rate (no sellerId), or a shop's own (`percent: null` drops it). */
export const setCommission = (input: CommissionInput) =>
  api.post<CommissionAnswer>('/api/seller/commission', input, { session: 'seller' }).then((answer) => {
    queryCache.invalidate(payoutsKey);
    queryCache.invalidate(['seller', 'sellers']);
    return answer;
  });
