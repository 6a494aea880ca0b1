import type { SellerAccount } from '@greencart/shared';
import type { Db } from '../../db/client.js';
import type { DeviceTokens, IssuedDevice } from '../users/device-token.js';
import { createPasswordLogin, type Credentials, type LoginClient, type LoginClock } from '../users/password-login.js';
import { findSellerByEmail, findSellerById, type SellerRow } from './seller-repository.js';

export const toSellerAccount = (row: SellerRow): SellerAccount => ({
  id: row.id,
  shopName: row.shopName,
  slug: row.slug,
  role: row.role,
  status: row.status,
  emailConfirmed: row.emailConfirmedAt !== null,
  statusReason: row.statusReason,
});

/**
 * The seller's separate login (spec sections 4-6), through the shopper's password check: the same limits
 * and slow-down (its own counters), and an unknown e-mail answered as a wrong password.
 */
export function createSellerService(db: Db, devices: DeviceTokens, clock?: LoginClock) {
  const checkPassword = createPasswordLogin(db, 'seller', (email) => findSellerByEmail(db, email), devices, clock);

  return {
    /** The seller's id, or an AppError (401 bad credentials, 429 a client address or device token that keeps failing). */
    async login(input: Credentials, client: LoginClient): Promise<{ sellerId: string; device?: IssuedDevice }> {
      const { row, device } = await checkPassword(input, client);
      return { sellerId: row.id, device };
    },

    /** The signed-in seller as is-auth describes it, or undefined when the account is gone. */
    async account(sellerId: string): Promise<SellerAccount | undefined> {
      const row = await findSellerById(db, sellerId);
      return row && toSellerAccount(row);
    },
  };
}

export type SellerService = ReturnType<typeof createSellerService>;
