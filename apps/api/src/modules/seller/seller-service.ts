import type { Db } from '../../db/client.js';
import { createPasswordLogin, type Credentials, type LoginClock } from '../users/password-login.js';
import { findSellerByEmail } from './seller-repository.js';

/**
 * The seller's separate login (spec sections 4-6), through the shopper's password check: the same limits
 * and slow-down (its own counters), and an unknown e-mail answered as a wrong password.
 */
export function createSellerService(db: Db, clock?: LoginClock) {
  const checkPassword = createPasswordLogin(db, 'seller', (email) => findSellerByEmail(db, email), clock);

  return {
    /** The seller's id, or an AppError (401 bad credentials, 429 a client address that keeps failing). */
    async login(input: Credentials, clientAddress: string): Promise<string> {
      return (await checkPassword(input, clientAddress)).id;
    },
  };
}

export type SellerService = ReturnType<typeof createSellerService>;
