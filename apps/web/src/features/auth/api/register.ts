import type { RegisterInput, User } from '@greencart/shared';
import { api } from '../../../lib/api-client';

/** POST /api/user/register (spec section 7); starts a session like a login. */
export const registerShopper = (input: RegisterInput) => api.post<{ user: User; message: string }>('/api/user/register', input);
