import type { LoginInput } from '@greencart/shared';
import type { Db } from '../../db/client.js';
import { hashPassword, verifyPassword } from '../../lib/password.js';
import { createFailedLoginLimiter } from '../users/failed-login-limiter.js';
import { invalidCredentials, tooManyFailedLogins } from '../users/user-errors.js';
import { findSellerByEmail } from './seller-repository.js';

/**
 * The seller's separate login (spec sections 4-6), with the same protections as a shopper's:
 * 10 failures per e-mail per 15 minutes (its own counter), and an unknown e-mail costs one Argon2
 * verification and gets the same answer as a wrong password.
 */
export function createSellerService(db: Db) {
  const limiter = createFailedLoginLimiter(db, 'seller');
  let dummyHash: Promise<string> | undefined;

  return {
    /** The seller's id, or an AppError (401 bad credentials, 429 blocked e-mail). */
    async login(input: LoginInput): Promise<string> {
      if (await limiter.isBlocked(input.email)) throw tooManyFailedLogins();
      const row = await findSellerByEmail(db, input.email);
      const valid = row
        ? await verifyPassword(row.passwordHash, input.password)
        : await verifyPassword(await (dummyHash ??= hashPassword('no-such-seller')), input.password).then(() => false);
      if (!row || !valid) {
        await limiter.recordFailure(input.email);
        throw invalidCredentials();
      }
      await limiter.reset(input.email);
      return row.id;
    },
  };
}

export type SellerService = ReturnType<typeof createSellerService>;
