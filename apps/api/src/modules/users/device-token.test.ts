import { randomBytes } from 'node:crypto';
import { describe, expect, it } from 'vitest';
import { createDeviceTokens, DEVICE_TOKEN_TTL_MS } from './device-token.js';

const secret = randomBytes(32);
const accountId = '0b0f4a5e-3c6d-4c1e-9d47-2f1f3b7a9c10';

describe('device tokens', () => {
  it('verifies a token it issued for the same kind of account, naming the account and a token id of its own', () => {
    const tokens = createDeviceTokens(secret);
    const first = tokens.verify('user', tokens.issue('user', accountId).token);
    const second = tokens.verify('user', tokens.issue('user', accountId).token);
    expect(first).toEqual({ accountId, id: expect.any(String) });
    expect(second!.id).not.toBe(first!.id);
  });

  it("refuses a shopper's token as the seller's, and a token signed with another key", () => {
    const { token } = createDeviceTokens(secret).issue('user', accountId);
    expect(createDeviceTokens(secret).verify('seller', token)).toBeUndefined();
    expect(createDeviceTokens(randomBytes(32)).verify('user', token)).toBeUndefined();
  });

  it('refuses a token with any part changed, a malformed one and an oversized one', () => {
    const tokens = createDeviceTokens(secret);
    const parts = tokens.issue('user', accountId).token.split('.');
    const changed = parts.map((_part, i) => parts.map((part, j) => (i === j ? `${part}0` : part)).join('.'));
    for (const token of [...changed, parts.slice(1).join('.'), '', '....', `${parts.join('.')}.x`, 'a'.repeat(5000)]) {
      expect(tokens.verify('user', token)).toBeUndefined();
    }
  });

  it(`stops accepting a token ${DEVICE_TOKEN_TTL_MS / 86_400_000} days after it was issued`, () => {
    let now = Date.parse('2026-11-23T10:00:00Z');
    const tokens = createDeviceTokens(secret, () => new Date(now));
    const { token, expiresAt } = tokens.issue('seller', accountId);
    expect(expiresAt.getTime()).toBe(now + DEVICE_TOKEN_TTL_MS);
    now += DEVICE_TOKEN_TTL_MS - 1000;
    expect(tokens.verify('seller', token)).toBeDefined();
    now += 1000;
    expect(tokens.verify('seller', token)).toBeUndefined();
  });
});
