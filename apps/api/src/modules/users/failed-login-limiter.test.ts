import { describe, expect, it } from 'vitest';
import { createFailedLoginLimiter, FAILED_LOGIN_LIMIT, FAILED_LOGIN_WINDOW_MS } from './failed-login-limiter.js';

describe('failed-login limiter', () => {
  it('unblocks an e-mail once its 15-minute window has passed', () => {
    let now = 1_000_000;
    const limiter = createFailedLoginLimiter(() => now);
    for (let i = 0; i < FAILED_LOGIN_LIMIT; i++) limiter.recordFailure('a@example.com');
    expect(limiter.isBlocked('a@example.com')).toBe(true);
    now += FAILED_LOGIN_WINDOW_MS - 1;
    expect(limiter.isBlocked('a@example.com')).toBe(true);
    now += 1;
    expect(limiter.isBlocked('a@example.com')).toBe(false);
  });
});
