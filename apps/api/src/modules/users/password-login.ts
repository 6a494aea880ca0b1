import { setTimeout as sleep } from 'node:timers/promises';
import type { Db } from '../../db/client.js';
import { hashPassword, verifyPassword } from '../../lib/password.js';
import type { DeviceTokens, IssuedDevice } from './device-token.js';
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

/** Who is trying: the client address (request.ip) and the device token the browser sent, if any. */
export interface LoginClient {
  address: string;
  deviceToken: string | undefined;
}

export interface PasswordLoginResult<Row> {
  row: Row;
  /** A new device token for the browser, unless it already sent a valid one for this account. */
  device?: IssuedDevice;
}

/**
 * The one password check behind the shopper's and the seller's login (spec sections 4-5). A browser that
 * sends a valid device token for the account is limited by that token's failures alone (docs/decisions/0097).
 * Any other attempt: refuses a client address that has been failing (429), makes every attempt on an
 * e-mail that keeps failing wait, and spends one Argon2 verification even on an unknown e-mail, answering
 * it as a wrong password, so neither timing nor message reveals who has an account.
 */
export function createPasswordLogin<Row extends { id: string; passwordHash: string }>(
  db: Db,
  account: 'user' | 'seller',
  findByEmail: (email: string) => Promise<Row | undefined>,
  devices: DeviceTokens,
  clock: LoginClock = systemLoginClock,
) {
  const limiter = createFailedLoginLimiter(db, account, () => clock.now());
  let dummyHash: Promise<string> | undefined;

  return async function login({ email, password }: Credentials, client: LoginClient): Promise<PasswordLoginResult<Row>> {
    const row = await findByEmail(email);
    // A token for another account, forged or expired is no token (OWASP: an untrusted client).
    const device = devices.verify(account, client.deviceToken);
    const trusted = device !== undefined && device.accountId === row?.id;
    const attempt = trusted ? await limiter.beginWithDevice(device.id) : await limiter.begin(email, client.address);
    if (attempt.refusal) throw tooManyFailedLogins(attempt.refusal);
    // Before the check, for the right password too: an attacker cannot cut a slow answer short to learn it failed.
    if (attempt.delayMs > 0) await clock.sleep(attempt.delayMs);
    const valid = row
      ? await verifyPassword(row.passwordHash, password)
      : await verifyPassword(await (dummyHash ??= hashPassword(`no-such-${account}`)), password).then(() => false);
    if (!row || !valid) throw invalidCredentials();
    if (trusted) {
      await limiter.succeededWithDevice(device.id);
      // Its token is kept: a new one per login would let one account mint budgets without end.
      return { row };
    }
    await limiter.succeeded(email, client.address);
    return { row, device: devices.issue(account, row.id) };
  };
}
