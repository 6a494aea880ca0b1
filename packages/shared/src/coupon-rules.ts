import type { CouponCheckAnswer } from './coupons.js';
import type { ShopDiscount } from './checkout-pricing.js';

/**
 * The coupon rules the browser runs too (issue 29), apart from coupons.ts and its zod schemas, so that a
 * screen using them loads no zod (issue 27, decision 0165).
 */

export const COUPON_TYPES = ['percent', 'amount', 'free-delivery'] as const;
export type CouponType = (typeof COUPON_TYPES)[number];

/**
 * The part of a shop order's coupon discount taken off its delivery fee: all of a free-delivery coupon's, none of
 * another's (those are on goods, in the lines' shares). Picks keep it while anything is delivered.
 */
export const deliveryDiscountMinor = (order: { discountMinor: number }, couponType: CouponType | null): number =>
  couponType === 'free-delivery' ? order.discountMinor : 0;

/**
 * What giving back units of a line returns of what was paid for its goods (issue 29, decision 0158): the
 * line paid `unitPrice × quantity − discount`; with `before` units of it still kept, returning some so that
 * `after` are left refunds paid(before) − paid(after), where paid(n) = n × unit − ⌊discount × n / quantity⌋.
 * The refunds of a line's successive returns add up to exactly what was paid for it, never more, and the
 * discount is never given back twice.
 */
export function lineRefundMinor(line: DiscountedLine, before: number, after: number): number {
  return linePaidMinor(line, before) - linePaidMinor(line, after);
}

/** A line of an order as paid: its unit price, the units ordered and its share of the coupon discount. */
export interface DiscountedLine {
  unitPriceMinor: number;
  quantity: number;
  discountMinor: number;
}

/** The coupon's share a line keeps when `units` of it are kept: ⌊discount × units / quantity⌋. */
export function keptLineDiscountMinor(line: Pick<DiscountedLine, 'quantity' | 'discountMinor'>, units: number): number {
  return Math.floor((line.discountMinor * units) / line.quantity);
}

/**
 * The coupon's share a substitute carries (decision 0151): that of the units it replaces, at most its own goods.
 * Its unit price is at most the replaced line's, so the substitute never costs the shopper more than those units did.
 */
export function substituteDiscountMinor(replaced: DiscountedLine, picked: number, substituteGoodsMinor: number): number {
  return Math.min(substituteGoodsMinor, replaced.discountMinor - keptLineDiscountMinor(replaced, picked));
}

/** What `units` of a discounted line cost the shopper: units × unit − ⌊discount × units / quantity⌋ (decision 0158). */
export function linePaidMinor(line: DiscountedLine, units: number): number {
  return units * line.unitPriceMinor - keptLineDiscountMinor(line, units);
}

/** The check call's answer as `priceCheckout`'s per-shop discounts (minor units), for the cart's summary. */
export function shopDiscountsOf(answer: Pick<CouponCheckAnswer, 'shops'> | undefined, toMinor: (major: number) => number): Map<string, ShopDiscount> {
  return new Map((answer?.shops ?? []).map((s) => [s.seller, { goodsMinor: toMinor(s.goods), deliveryMinor: toMinor(s.delivery) }]));
}
