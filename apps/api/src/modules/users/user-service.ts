import type { RegisterInput, User } from '@greencart/shared';
import type { Db } from '../../db/client.js';
import { hashPassword } from '../../lib/password.js';
import type { CartService } from '../cart/cart-service.js';
import type { DeviceTokens, IssuedDevice } from './device-token.js';
import { createPasswordLogin, type Credentials, type LoginClient, type LoginClock } from './password-login.js';
import { findUserByEmail, findUserById, insertUser, type UserRow } from './user-repository.js';
import { emailTaken, sessionUserGone } from './user-errors.js';

/** Shopper accounts (spec sections 3-4). The answer's user never carries the password hash. */
export function createUserService(db: Db, cart: Pick<CartService, 'getWithPreferences'>, devices: DeviceTokens, clock?: LoginClock) {
  const checkPassword = createPasswordLogin(db, 'user', (email) => findUserByEmail(db, email), devices, clock);

  // Substitutions (issue 28): the lines' own preferences and the shopper's default come with the cart.
  const toApiUser = async (row: UserRow): Promise<User> => ({
    _id: row.id,
    name: row.name,
    email: row.email,
    ...(await cart.getWithPreferences(row.id)),
    substituteDefault: row.substituteDefault,
  });

  return {
    async register(input: RegisterInput): Promise<User> {
      // Checked first so the common case skips the Argon2 cost; the insert still guards a race.
      if (await findUserByEmail(db, input.email)) throw emailTaken();
      const row = await insertUser(db, { name: input.name, email: input.email, passwordHash: await hashPassword(input.password) });
      if (!row) throw emailTaken();
      return toApiUser(row);
    },

    /**
     * The user, and the password hash checked (their session is made only while it stands: startSession). Failures from
     * the client's address, or with its device token, are what get refused.
     */
    async login(input: Credentials, client: LoginClient): Promise<{ user: User; device?: IssuedDevice; passwordHash: string }> {
      const { row, device } = await checkPassword(input, client);
      return { user: await toApiUser(row), device, passwordHash: row.passwordHash };
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
