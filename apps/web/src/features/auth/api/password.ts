import type { PasswordChangeInput, PasswordResetInput, User } from '@greencart/shared';
import { api, type SessionKind } from '../../../lib/api-client';

/**
 * POST /api/user/password/reset or /api/seller/password/reset (decision 0254): the new password with the e-mailed
 * link's token; signs this browser in (a shopper's answer carries the user).
 */
export const setNewPassword = (account: SessionKind, input: PasswordResetInput) =>
  api.post<{ message: string; user?: User }>(`/api/${account}/password/reset`, input, { session: account });

/** POST /api/user/password/change: the shopper's new password, given the current one; other devices are signed out. */
export const changeShopperPassword = (input: PasswordChangeInput) => api.post<{ message: string }>('/api/user/password/change', input);
