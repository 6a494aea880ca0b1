import type { LoginInput, User } from '@greencart/shared';
import { api } from '../../../lib/api-client';

/** POST /api/user/login (spec section 7); the session cookie comes back with the answer. */
export const loginShopper = (input: LoginInput) => api.post<{ user: User; message: string }>('/api/user/login', input);
