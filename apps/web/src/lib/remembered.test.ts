import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { appliedCoupon, keepAppliedCoupon } from './remembered';

/** The tab's storage, as a browser keeps it. */
function memoryStorage(): Pick<Storage, 'getItem' | 'setItem' | 'removeItem'> {
  const items = new Map<string, string>();
  return { getItem: (key) => items.get(key) ?? null, setItem: (key, value) => void items.set(key, value), removeItem: (key) => void items.delete(key) };
}

describe('the coupon the cart keeps for the shopper', () => {
  beforeEach(() => vi.stubGlobal('sessionStorage', memoryStorage()));
  afterEach(() => vi.unstubAllGlobals());

  it('reads back the code as typed, spaces and all ("save 10" came back as "save": a probe), for its shopper only', () => {
    keepAppliedCoupon('save 10', 'u1');
    expect(appliedCoupon('u1')).toBe('save 10');
    expect(appliedCoupon('u2')).toBeNull();
    keepAppliedCoupon(null);
    expect(appliedCoupon('u1')).toBeNull();
  });
});
