import { AppError, conflict } from '../../lib/app-error.js';

export const emailTaken = () => conflict('EMAIL_TAKEN', 'An account with this email already exists');
/** One message for an unknown e-mail and a wrong password, so logins do not reveal who has an account. */
export const invalidCredentials = () => new AppError('INVALID_CREDENTIALS', 401, 'Invalid email or password');
export const tooManyFailedLogins = () =>
  new AppError('TOO_MANY_FAILED_LOGINS', 429, 'Too many failed login attempts for this email. Please try again in 15 minutes.');
export const tooManyAttempts = (after: string) =>
  new AppError('TOO_MANY_ATTEMPTS', 429, `Too many login or sign-up attempts. Please try again in ${after}.`);
export const sessionUserGone = () => new AppError('NOT_AUTHENTICATED', 401, 'Please log in to continue');
