import { AppError } from '../../lib/app-error.js';

export const tooManySellerLoginAttempts = (after: string) =>
  new AppError('TOO_MANY_ATTEMPTS', `Too many seller login attempts. Please try again in ${after}.`);
