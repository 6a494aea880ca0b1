import type { SellerConfirmResendInput } from '@greencart/shared';
import { api } from '../../../lib/api-client';

/**
 * POST /api/seller/confirm/resend (docs/decisions/0171): a new confirmation link for an application not confirmed
 * yet; the same answer for any e-mail, 429 past 3 asks from one address in 15 minutes.
 */
export const resendConfirmation = (input: SellerConfirmResendInput) =>
  api.post<{ message: string }>('/api/seller/confirm/resend', input, { session: 'seller' });
