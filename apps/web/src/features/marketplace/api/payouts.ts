import type { CommissionAnswer, CommissionInput, CommissionReadAnswer, PayoutAnswer, PayoutInput, PayoutsAnswer } from '@greencart/shared';
import { useEffect, useState } from 'react';
import { api } from '../../../lib/api-client';
import { afterWrite, dataHref, dataLoader, usePagedRouteData } from '../../../lib/route-data';

/** The Payouts screen's filters (decision 0215): a shop search, and only the shops owed money, or owing GreenCart (0276). */
export interface ShopBalanceFilter {
  q?: string;
  owed?: boolean;
  owes?: boolean;
}

const filterParams = ({ q, owed, owes }: ShopBalanceFilter) => ({ q, owed: owed ? 'true' : undefined, owes: owes ? 'true' : undefined });

/** GET /api/seller/payouts: every shop (or those the filter finds) with its balance and commission rate, a page at a time, and the default rate. */
export const getPayouts = (filter: ShopBalanceFilter, cursor?: string) =>
  api.get<PayoutsAnswer>(dataHref('/api/seller/payouts', { ...filterParams(filter), cursor }), { session: 'seller' });

/** The Payouts and Commission screens share these pages. */
export const payoutsLoader = dataLoader((params) =>
  getPayouts({ q: params.get('q') ?? undefined, owed: params.get('owed') === 'true', owes: params.get('owes') === 'true' }, params.get('cursor') ?? undefined),
);

export const useShopBalances = (filter: ShopBalanceFilter = {}) => usePagedRouteData<PayoutsAnswer>(dataHref('/data/seller/payouts', filterParams(filter)), { keepPrevious: true });

/**
 * POST /api/seller/payouts: pays `amount` of a shop's balance. The same `key` on a retry (a double click,
 * a lost answer) answers the payout already made, never a second one. Balances and the shop's statement
 * are read again. Silent: the form says a lost answer and a reused key in the operator's words, and toasts the rest.
 */
export const recordPayout = (input: PayoutInput) =>
  api.post<PayoutAnswer>('/api/seller/payouts', input, { session: 'seller', silent: true }).then(afterWrite);

/** POST /api/seller/payouts/received: money a shop paid GreenCart of what it owes (decision 0276), one per `key` as a payout. */
export const recordPaymentReceived = (input: PayoutInput) =>
  api.post<PayoutAnswer>('/api/seller/payouts/received', input, { session: 'seller', silent: true }).then(afterWrite);

/** POST /api/seller/commission: the default rate (no sellerId), or a shop's own (`percent: null` drops it). */
export const setCommission = (input: CommissionInput) =>
  api.post<CommissionAnswer>('/api/seller/commission', input, { session: 'seller' }).then(afterWrite);

/**
 * GET /api/seller/commission's count of the shops paying the default (each reached and e-mailed by a change of it),
 * asked when the operator is about to change it; undefined until it answers, or if it fails (the question then says
 * "every shop without a rate of its own").
 */
export function useShopsOnDefault() {
  const [shops, setShops] = useState<number>();
  useEffect(() => {
    let current = true;
    api.get<CommissionReadAnswer>('/api/seller/commission', { session: 'seller', silent: true }).then(
      (answer) => current && setShops(answer.shopsOnDefault),
      () => undefined,
    );
    return () => {
      current = false;
    };
  }, []);
  return shops;
}
