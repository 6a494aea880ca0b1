import type { PayoutAccountAnswer, PayoutAccountLinkAnswer } from '@greencart/shared';
import { api } from '../../../lib/api-client';
import { useQuery } from '../../../lib/use-query';

/** GET /api/seller/payout-account: where a shop's payouts go (a seller: its own; the operator: `sellerId`'s). */
export const usePayoutAccount = (sellerId: string | undefined) =>
  useQuery(['seller', 'payout-account', sellerId ?? 'own'], () =>
    api.get<PayoutAccountAnswer>(`/api/seller/payout-account${sellerId ? `?sellerId=${sellerId}` : ''}`, { session: 'seller' }),
  );

/** POST /api/seller/payout-account/connect: the shop's Stripe account (made once) and Stripe's onboarding page to go to. */
export const connectPayoutAccount = () => api.post<PayoutAccountLinkAnswer>('/api/seller/payout-account/connect', {}, { session: 'seller' });
