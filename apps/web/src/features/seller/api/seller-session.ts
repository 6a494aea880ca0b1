import type { SellerLoginInput } from '@greencart/shared';
import { api } from '../../../lib/api-client';

/** POST /api/seller/login (spec section 7); the seller cookie comes back with the answer. */
export const loginSeller = (input: SellerLoginInput) => api.post<{ message: string }>('/api/seller/login', input);

/** POST /api/seller/logout. */
export const logoutSeller = () => api.post<{ message: string }>('/api/seller/logout');
