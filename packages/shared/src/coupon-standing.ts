import type { CouponRule } from './coupons.js';

// A module of its own: the Coupons screen loads it, and neither zod (coupons.ts) nor the cart's rules (coupon-rules.ts).

/**
 * Whether anyone can use the coupon now, whatever the cart: its first refusal, in the order checkout tells it, or
 * 'usable'. Checkout's rule, and the Coupons screen's word for each coupon (an expired one said "Active": a probe).
 */
export function couponStanding(
  coupon: Pick<CouponRule, 'active' | 'startsAt' | 'endsAt' | 'totalUses'>,
  usesTaken: number,
  now: Date,
): 'usable' | 'paused' | 'not-started' | 'expired' | 'used-up' {
  if (!coupon.active) return 'paused';
  if (coupon.startsAt && now < coupon.startsAt) return 'not-started';
  if (coupon.endsAt && now >= coupon.endsAt) return 'expired';
  if (coupon.totalUses !== null && usesTaken >= coupon.totalUses) return 'used-up';
  return 'usable';
}
