import { setTimeout as sleep } from 'node:timers/promises';
import type { Db } from '../../db/client.js';
import { hashPassword, verifyPassword } from '../../lib/password.js';
import { createFailedLoginLimiter } from './failed-login-limiter.js';
import { invalidCredentials, tooManyFailedLogins } from './user-errors.js';

/** Time as the login limits see it; tests pass their own so a slow-down costs them no real seconds. */
export interface LoginClock {
  now(): Date;
  sleep(ms: number): Promise<void>;
}

export const systemLoginClock: LoginClock = { now: () => new Date(), sleep: (ms) => sleep(ms) };

export interface Credentials {
  email: string;
  password: string;
}

/**
 * The one password check behind the shopper's and the seller's login (spec sections 4-5): refuses a client
 * address that has been failing (429), makes every attempt on an e-mail that keeps failing wait, and
 * spends one Argon2 verification even on an unknown e-mail, answering it as a wrong password, so neither
 * timing nor message reveals who has an account. Returns the account's row.
 */
export function createPasswordLogin<Row extends { passwordHash: string }>(
  db: Db,
  account: 'user' | 'seller',
  findByEmail: (email: string) => Promise<Row | undefined>,
  clock: LoginClock = systemLoginClock,
) {
  const limiter = createFailedLoginLimiter(db, account, () => clock.now());
  let dummyHash: Promise<string> | undefined;

  return async function login({ email, password }: Credentials, clientAddress: string): Promise<Row> {
    const attempt = await limiter.begin(email, clientAddress);
    if (attempt.refusal) throw tooManyFailedLogins(attempt.refusal);
    // Before the check, for the right password too: an attacker cannot cut a slow answer short to learn it failed.
    if (attempt.delayMs > 0) await clock.sleep(attempt.delayMs);
    const row = await findByEmail(email);
    const valid = row
      ? await verifyPassword(row.passwordHash, password)
      : await verifyPassword(await (dummyHash ??= hashPassword(`no-such-${account}`)), password).then(() => false);
    if (!row || !valid) throw invalidCredentials();
    await limiter.succeeded(email, clientAddress);
    return row;
  };
}
