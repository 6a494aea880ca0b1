import { AppError } from '../../lib/app-error.js';
import type { LoginRefusal } from './failed-login-limiter.js';

export const emailTaken = () => new AppError('EMAIL_TAKEN', 'An account with this email already exists');
/** One message for an unknown e-mail and a wrong password, so logins do not reveal who has an account. */
export const invalidCredentials = () => new AppError('INVALID_CREDENTIALS', 'Invalid email or password');
/** Only the address (or browser) that has been failing is refused, so the message speaks of it; the wait is rounded up. */
export const tooManyFailedLogins = ({ scope, retryAfterMs }: LoginRefusal) => {
  const minutes = Math.max(1, Math.ceil(retryAfterMs / 60_000));
  const what = { email_address: 'for this email from your network', address: 'from your network', device: 'from this browser' }[scope];
  return new AppError('TOO_MANY_FAILED_LOGINS', `Too many failed login attempts ${what}. Please try again in ${minutes} minute${minutes === 1 ? '' : 's'}.`, undefined, retryAfterMs);
};
export const tooManyAttempts = (after: string) =>
  new AppError('TOO_MANY_ATTEMPTS', `Too many login or sign-up attempts. Please try again in ${after}.`);
export const sessionUserGone = () => new AppError('NOT_AUTHENTICATED', 'Please log in to continue');
