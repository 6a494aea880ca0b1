import type { SellerAccount, SellerRegisterInput } from '@greencart/shared';
import { api } from '../../../lib/api-client';

/**
 * POST /api/seller/register (issue 26): the application of a new shop. The answer signs the new seller
 * in (pending until the e-mail is confirmed and the operator approves); a 400 names each wrong field,
 * a 409 a registered e-mail.
 */
export const registerSeller = (input: SellerRegisterInput) => api.post<{ message: string; seller: SellerAccount }>('/api/seller/register', input, { session: 'seller' });
