import type { LoginInput, RegisterInput, User } from '@greencart/shared';
import type { Db } from '../../db/client.js';
import { hashPassword, verifyPassword } from '../../lib/password.js';
import type { CartService } from '../cart/cart-service.js';
import { createFailedLoginLimiter } from './failed-login-limiter.js';
import { findUserByEmail, findUserById, insertUser, type UserRow } from './user-repository.js';
import { emailTaken, invalidCredentials, sessionUserGone, tooManyFailedLogins } from './user-errors.js';

/** Shopper accounts (spec sections 3-4). The answer's user never carries the password hash. */
export function createUserService(db: Db, cart: Pick<CartService, 'get'>) {
  const limiter = createFailedLoginLimiter(db, 'user');
  // An unknown e-mail still costs one Argon2 verification, so timing does not reveal accounts.
  let dummyHash: Promise<string> | undefined;

  const toApiUser = async (row: UserRow): Promise<User> => ({ _id: row.id, name: row.name, email: row.email, cartItems: await cart.get(row.id) });

  return {
    async register(input: RegisterInput): Promise<User> {
      // Checked first so the common case skips the Argon2 cost; the insert still guards a race.
      if (await findUserByEmail(db, input.email)) throw emailTaken();
      const row = await insertUser(db, { name: input.name, email: input.email, passwordHash: await hashPassword(input.password) });
      if (!row) throw emailTaken();
      return toApiUser(row);
    },

    async login(input: LoginInput): Promise<User> {
      if (await limiter.isBlocked(input.email)) throw tooManyFailedLogins();
      const row = await findUserByEmail(db, input.email);
      const valid = row
        ? await verifyPassword(row.passwordHash, input.password)
        : await verifyPassword(await (dummyHash ??= hashPassword('no-such-account')), input.password).then(() => false);
      if (!row || !valid) {
        await limiter.recordFailure(input.email);
        throw invalidCredentials();
      }
      await limiter.reset(input.email);
      return toApiUser(row);
    },

    /** The session's user with their cart (GET /api/user/is-auth). */
    async current(userId: string): Promise<User> {
      const row = await findUserById(db, userId);
      if (!row) throw sessionUserGone();
      return toApiUser(row);
    },
  };
}

export type UserService = ReturnType<typeof createUserService>;
