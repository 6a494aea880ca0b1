import type { PayoutAccountAnswer, PayoutAccountInput, PayoutAccountLinkAnswer } from '@greencart/shared';
import { api } from '../../../lib/api-client';
import { dataHref, revalidate, dataLoader, useRouteData } from '../../../lib/route-data';

/** GET /api/seller/payout-account: where a shop's payouts go (a seller: its own; the operator: `sellerId`'s). */
export const payoutAccountLoader = dataLoader((params) =>
  api.get<PayoutAccountAnswer>(dataHref('/api/seller/payout-account', { sellerId: params.get('sellerId') ?? undefined }), { session: 'seller' }),
);

export const usePayoutAccount = (sellerId: string | undefined) => useRouteData<PayoutAccountAnswer>(dataHref('/data/seller/payout-account', { sellerId }));

/** POST /api/seller/payout-account/connect: the shop's Stripe account (made once) and Stripe's onboarding page to go to. */
export const connectPayoutAccount = () => api.post<PayoutAccountLinkAnswer>('/api/seller/payout-account/connect', {}, { session: 'seller' });

/**
 * POST /api/seller/payout-account (the operator): sets a shop's Stripe account, or disconnects it (null). An account
 * the shop connected itself is refused 409 PAYOUT_ACCOUNT_CONNECTED_BY_SHOP (0191): the caller says so in its own
 * words, so the call is silent. Whatever the answer, the lists are read again (a refusal means the row is stale).
 */
export const setPayoutAccount = (input: PayoutAccountInput) =>
  api.post<{ message: string }>('/api/seller/payout-account', input, { session: 'seller', silent: true }).finally(revalidate);
