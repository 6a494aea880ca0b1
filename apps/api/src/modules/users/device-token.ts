import { createHmac, randomBytes, timingSafeEqual } from 'node:crypto';
import type { FastifyReply, FastifyRequest } from 'fastify';
import { perAddress } from '../../plugins/rate-limit-store.js';

/**
 * OWASP's device cookie (docs/decisions/0097): a browser that has logged in to an account carries a token
 * naming that account, signed with a key every instance shares. Login attempts presenting a valid token
 * for the account they try are limited per token, not by the client address, so an attacker behind the
 * same office NAT or Wi-Fi cannot lock the owner out.
 */

type Account = 'user' | 'seller';

/** One cookie per kind of account, as the sessions are (plugins/auth.ts). */
export const DEVICE_COOKIE: Record<Account, string> = { user: 'gc_device', seller: 'gc_seller_device' };

/** A stolen token stops counting after this; the owner's next login after it issues a new one. */
export const DEVICE_TOKEN_TTL_MS = 180 * 24 * 60 * 60 * 1000;

/** The account id, the token's own id, its expiry and the signature stay far below this. */
const MAX_TOKEN_LENGTH = 200;

/** A token whose signature and expiry hold: `id` names it in the failure counts. */
export interface VerifiedDevice {
  accountId: string;
  id: string;
}

export interface IssuedDevice {
  token: string;
  expiresAt: Date;
}

export function createDeviceTokens(secret: Buffer, now: () => Date = () => new Date()) {
  // The kind of account is signed but not written: a shopper's token cannot pass for the seller's.
  const sign = (account: Account, body: string) => createHmac('sha256', secret).update(`greencart-device-v1 ${account} ${body}`).digest();

  return {
    issue(account: Account, accountId: string): IssuedDevice {
      const expiresAt = new Date(now().getTime() + DEVICE_TOKEN_TTL_MS);
      const body = `${accountId}.${randomBytes(16).toString('base64url')}.${Math.floor(expiresAt.getTime() / 1000).toString(36)}`;
      return { token: `${body}.${sign(account, body).toString('base64url')}`, expiresAt };
    },

    /** The token's account and id, or undefined for a missing, forged, other kind's or expired token. */
    verify(account: Account, token: string | undefined): VerifiedDevice | undefined {
      if (!token || token.length > MAX_TOKEN_LENGTH) return undefined;
      const parts = token.split('.');
      if (parts.length !== 4) return undefined;
      const [accountId, id, expires, signature] = parts as [string, string, string, string];
      const given = Buffer.from(signature, 'base64url');
      const expected = sign(account, `${accountId}.${id}.${expires}`);
      if (given.length !== expected.length || !timingSafeEqual(given, expected)) return undefined;
      if (parseInt(expires, 36) * 1000 <= now().getTime()) return undefined;
      return { accountId, id };
    },
  };
}

export type DeviceTokens = ReturnType<typeof createDeviceTokens>;

/** Sent only to its login call: no other request needs it. */
export function rememberDevice(reply: FastifyReply, account: Account, device: IssuedDevice, secure: boolean): void {
  reply.setCookie(DEVICE_COOKIE[account], device.token, { path: `/api/${account}/login`, httpOnly: true, sameSite: 'strict', secure, expires: device.expiresAt });
}

/**
 * The key of a login call's request budget: a request carrying a valid device token spends that token's
 * budget, any other its address's (`perAddress`), so attempts from one address cannot use up the owner's.
 */
export const perDeviceOrAddress = (limit: string, account: Account, tokens: DeviceTokens) => {
  const byAddress = perAddress(limit);
  return (request: FastifyRequest) => {
    const device = tokens.verify(account, request.cookies[DEVICE_COOKIE[account]]);
    return device ? `${limit} device ${device.id}` : byAddress(request);
  };
};
