import type { PayoutAccountAnswer, PayoutAccountLinkAnswer } from '@greencart/shared';
import { api } from '../../../lib/api-client';
import { dataHref, dataLoader, useRouteData } from '../../../lib/route-data';

/** GET /api/seller/payout-account: where a shop's payouts go (a seller: its own; the operator: `sellerId`'s). */
export const payoutAccountLoader = dataLoader((params) =>
  api.get<PayoutAccountAnswer>(dataHref('/api/seller/payout-account', { sellerId: params.get('sellerId') ?? undefined }), { session: 'seller' }),
);

export const usePayoutAccount = (sellerId: string | undefined) => useRouteData<PayoutAccountAnswer>(dataHref('/data/seller/payout-account', { sellerId }));

/** POST /api/seller/payout-account/connect: the shop's Stripe account (made once) and Stripe's onboarding page to go to. */
export const connectPayoutAccount = () => api.post<PayoutAccountLinkAnswer>('/api/seller/payout-account/connect', {}, { session: 'seller' });
