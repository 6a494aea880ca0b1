import { describe, expect, it } from 'vitest';
import { allocate, CouponInputSchema, couponRefusalMessage, evaluateCoupon, type CouponCartLine, type CouponRefusal, type CouponRule } from './coupons.js';
import { lineRefundMinor } from './coupon-rules.js';
import { priceCheckout } from './checkout-pricing.js';
import { seededRandom } from './seeded-random.js';

const rule = (overrides: Partial<CouponRule> = {}): CouponRule => ({
  id: 'c',
  code: 'SAVE',
  type: 'percent',
  value: 10,
  minSubtotalMinor: null,
  maxDiscountMinor: null,
  startsAt: null,
  endsAt: null,
  totalUses: null,
  usesPerShopper: null,
  firstOrderOnly: false,
  categories: null,
  productIds: null,
  sellerId: null,
  active: true,
  ...overrides,
});
const fresh = { usesTaken: 0, usesByShopper: 0, shopperHasOrders: false };
const now = new Date('2026-11-25T12:00:00Z');
const line = (productId: string, sellerId: string, unitPriceMinor: number, quantity = 1, category = 'Fruits'): CouponCartLine => ({ productId, sellerId, category, unitPriceMinor, quantity });

describe('coupon refusals (each reason)', () => {
  const cart = [line('p1', 'shop-a', 10_000, 2, 'Fruits'), line('p2', 'shop-b', 5000, 1, 'Dairy')];
  it('names the reason a coupon cannot be used', () => {
    expect(evaluateCoupon(undefined, cart, fresh, now)).toMatchObject({ ok: false, reason: 'unknown' });
    expect(evaluateCoupon(rule({ active: false }), cart, fresh, now)).toMatchObject({ ok: false, reason: 'paused' });
    expect(evaluateCoupon(rule({ startsAt: new Date('2026-12-01T00:00:00Z') }), cart, fresh, now)).toMatchObject({ ok: false, reason: 'not-started' });
    expect(evaluateCoupon(rule({ endsAt: now }), cart, fresh, now)).toMatchObject({ ok: false, reason: 'expired' });
    expect(evaluateCoupon(rule({ totalUses: 10 }), cart, { ...fresh, usesTaken: 10 }, now)).toMatchObject({ ok: false, reason: 'used-up' });
    expect(evaluateCoupon(rule({ usesPerShopper: 1 }), cart, { ...fresh, usesByShopper: 1 }, now)).toMatchObject({ ok: false, reason: 'already-used' });
    expect(evaluateCoupon(rule({ firstOrderOnly: true }), cart, { ...fresh, shopperHasOrders: true }, now)).toMatchObject({ ok: false, reason: 'first-order-only' });
    const bakeryOnly = evaluateCoupon(rule({ categories: ['Bakery'] }), cart, fresh, now);
    expect(bakeryOnly).toMatchObject({ ok: false, reason: 'not-applicable', categories: ['Bakery'] });
    // The shopper is told what the coupon is for, to change the cart.
    if (!bakeryOnly.ok) expect(couponRefusalMessage(bakeryOnly, 'BREAD10', String, String).message).toBe('Coupon BREAD10 does not apply to anything in your cart: it is for Bakery only');
    expect(evaluateCoupon(rule({ sellerId: 'shop-c' }), cart, fresh, now)).toMatchObject({ ok: false, reason: 'not-applicable' });
    // The minimum counts only the lines in scope: shop-b's 50.00 of a 60.00 minimum is 10.00 short.
    expect(evaluateCoupon(rule({ sellerId: 'shop-b', minSubtotalMinor: 6000 }), cart, fresh, now)).toEqual({ ok: false, reason: 'minimum-not-reached', shortByMinor: 1000 });
    // Limited to categories or products, the refusal says what to add more of: a cart already over the minimum in all
    // was refused again after the shopper added Rs 16.67 of anything (a probe).
    const fruits = evaluateCoupon(rule({ categories: ['Fruits'], minSubtotalMinor: 25_000 }), cart, fresh, now);
    expect(fruits).toEqual({ ok: false, reason: 'minimum-not-reached', shortByMinor: 5000, of: 'Fruits' });
    if (!fruits.ok) expect(couponRefusalMessage(fruits, 'FRUIT5', (minor) => `Rs ${minor / 100}`, String).message).toBe('Add Rs 50 more of Fruits to use coupon FRUIT5');
    const product = evaluateCoupon(rule({ productIds: ['p2'], minSubtotalMinor: 6000 }), cart, fresh, now);
    if (!product.ok) expect(couponRefusalMessage(product, 'P2', (minor) => `Rs ${minor / 100}`, String).message).toBe('Add Rs 10 more of the products it is for to use coupon P2');
    expect(product.ok).toBe(false);
  });

  it('discounts only a shop coupon\'s own products, and caps at the maximum discount', () => {
    const shop = evaluateCoupon(rule({ sellerId: 'shop-b', value: 20 }), cart, fresh, now);
    expect(shop.ok && shop.discount.discountMinor).toBe(1000);
    expect(shop.ok && shop.discount.lines).toEqual([{ productId: 'p2', sellerId: 'shop-b', discountMinor: 1000 }]);
    const capped = evaluateCoupon(rule({ value: 50, maxDiscountMinor: 3000 }), cart, fresh, now);
    expect(capped.ok && capped.discount.discountMinor).toBe(3000);
    const amount = evaluateCoupon(rule({ type: 'amount', value: 100_000 }), cart, fresh, now);
    // A fixed amount larger than the cart takes the cart's goods, no more.
    expect(amount.ok && amount.discount.discountMinor).toBe(25_000);
  });

  it('takes a free-delivery coupon off the delivery fees of the shops in its scope, once each', () => {
    const fees = new Map([['shop-a', 400], ['shop-b', 300]]);
    const result = evaluateCoupon(rule({ type: 'free-delivery', value: 0, categories: ['Dairy'] }), cart, fresh, now, fees);
    expect(result.ok && result.discount.discountMinor).toBe(300);
    expect(result.ok && result.discount.shops.get('shop-b')).toEqual({ goodsMinor: 0, deliveryMinor: 300 });
    expect(result.ok && result.discount.shops.get('shop-a')).toEqual({ goodsMinor: 0, deliveryMinor: 0 });
  });

  it("takes no more off a shop's fee than the fee priced: a shop that does not deliver to the address has none in the cart", () => {
    const lines = [
      { sellerId: 'shop-a', unitPriceMinor: 5_000, quantity: 1 },
      { sellerId: 'shop-b', unitPriceMinor: 2_350, quantity: 1 },
    ];
    // The coupon was checked against both fees; shop-b does not deliver there, so the cart prices it with none.
    const terms = new Map([
      ['shop-a', { feeMinor: 2_500, freeAboveMinor: null, minOrderMinor: 0 }],
      ['shop-b', { feeMinor: 0, freeAboveMinor: null, minOrderMinor: 0 }],
    ]);
    const discounts = new Map([
      ['shop-a', { goodsMinor: 0, deliveryMinor: 2_500 }],
      ['shop-b', { goodsMinor: 0, deliveryMinor: 3_000 }],
    ]);
    const { orders, totals } = priceCheckout(lines, terms, discounts);
    expect(orders.map((o) => o.discountMinor)).toEqual([2_500, 0]);
    // 73.50 of goods + 1.47 tax, the one fee waived.
    expect(totals).toMatchObject({ discountMinor: 2_500, totalMinor: 7_350 + 147 });
  });

  it('refuses as not applicable a coupon that would take nothing off, so it takes no use: delivery already free, 1 % of a few paise', () => {
    const freeAlready = evaluateCoupon(rule({ type: 'free-delivery', value: 0 }), cart, fresh, now, new Map([['shop-a', 0], ['shop-b', 0]]));
    expect(freeAlready).toMatchObject({ ok: false, reason: 'not-applicable', deliveryFree: true });
    // Said as such, not as a coupon for other products (a probe).
    expect(couponRefusalMessage(freeAlready as CouponRefusal, 'SHIPFREE', String, String).message).toBe('Coupon SHIPFREE takes nothing off: delivery is already free for your cart');
    const tiny = evaluateCoupon(rule({ type: 'percent', value: 1 }), [{ productId: 'p', sellerId: 'shop-a', category: 'Fruits', unitPriceMinor: 50, quantity: 1 }], fresh, now);
    expect(tiny).toMatchObject({ ok: false, reason: 'not-applicable' });
  });
});

describe('discount allocation, property-based over random carts', () => {
  it('divides by largest remainder, deterministically', () => {
    expect(allocate(100, [1, 1, 1])).toEqual([34, 33, 33]);
    expect(allocate(5, [300, 200])).toEqual([3, 2]);
    expect(allocate(0, [3, 4])).toEqual([0, 0]);
  });

  it('parts always sum to the discount, no line below 0, tax on the discounted goods, refunds never exceed what was paid', () => {
    for (let seed = 1; seed <= 500; seed++) {
      const r = seededRandom(seed);
      const shops = ['shop-a', 'shop-b', 'shop-c'].slice(0, r.between(1, 3));
      const lines = Array.from({ length: r.between(1, 12) }, (_, i) =>
        line(`p${String(i).padStart(2, '0')}`, r.pick(shops), r.between(1, 500_000), r.between(1, 9), r.pick(['Fruits', 'Dairy', 'Bakery'])),
      );
      const coupon = rule({
        type: r.pick(['percent', 'amount'] as const),
        sellerId: r.next() < 0.3 ? r.pick(shops) : null,
        maxDiscountMinor: r.next() < 0.3 ? r.between(1, 100_000) : null,
        categories: r.next() < 0.3 ? [r.pick(['Fruits', 'Dairy', 'Bakery'])] : null,
      });
      coupon.value = coupon.type === 'percent' ? r.between(1, 100) : r.between(1, 2_000_000);
      const result = evaluateCoupon(coupon, lines, fresh, now);
      if (!result.ok) {
        expect(result.reason, `seed ${seed}`).toBe('not-applicable');
        continue;
      }
      const { discount } = result;
      const sum = (values: number[]) => values.reduce((a, b) => a + b, 0);
      expect(sum(discount.lines.map((l) => l.discountMinor)), `seed ${seed}: lines sum to the discount`).toBe(discount.discountMinor);
      expect(sum([...discount.shops.values()].map((s) => s.goodsMinor + s.deliveryMinor)), `seed ${seed}: shops sum to the discount`).toBe(discount.discountMinor);
      for (const part of discount.lines) {
        const sold = lines.find((l) => l.productId === part.productId)!;
        expect(part.discountMinor, `seed ${seed}`).toBeGreaterThanOrEqual(0);
        expect(part.discountMinor, `seed ${seed}: a line is never discounted below 0`).toBeLessThanOrEqual(sold.unitPriceMinor * sold.quantity);
        // Give the line back a random number of units at a time: each refund ≥ 0, all together exactly what was paid.
        let kept = sold.quantity;
        let refunded = 0;
        while (kept > 0) {
          const after = kept - r.between(1, kept);
          const refund = lineRefundMinor({ ...sold, discountMinor: part.discountMinor }, kept, after);
          expect(refund, `seed ${seed}`).toBeGreaterThanOrEqual(0);
          refunded += refund;
          expect(refunded, `seed ${seed}: refunds never exceed what was paid`).toBeLessThanOrEqual(sold.unitPriceMinor * sold.quantity - part.discountMinor);
          kept = after;
        }
        expect(refunded, `seed ${seed}`).toBe(sold.unitPriceMinor * sold.quantity - part.discountMinor);
      }
      // The same cart listed in another order divides the same way.
      const again = evaluateCoupon(coupon, [...lines].reverse(), fresh, now);
      expect(again.ok && again.discount.lines).toEqual(discount.lines);
      // Priced: each shop order's total is its goods after the discount plus 2 % of that, rounded down.
      const priced = priceCheckout(lines, new Map(), discount.shops);
      expect(priced.totals.discountMinor).toBe(discount.discountMinor);
      for (const order of priced.orders) {
        const goods = order.amountMinor - order.discountMinor;
        expect(goods).toBeGreaterThanOrEqual(0);
        expect(order.taxMinor).toBe(Math.floor((goods * 2) / 100));
        expect(order.totalMinor).toBe(goods + order.taxMinor);
      }
    }
  });
});

describe('a new coupon', () => {
  const base = { code: 'SAVE5', type: 'amount' as const, value: 5 };
  it('refuses a cap on an amount coupon, whose value is its most (a probe: "Rs 5 off, at most Rs 2")', () => {
    const refused = CouponInputSchema.safeParse({ ...base, maxDiscount: 2 });
    expect(refused.success).toBe(false);
    expect(refused.error?.issues.map((issue) => [issue.path.join('.'), issue.message])).toEqual([['maxDiscount', 'An amount coupon takes no cap: its value is the most it takes off']]);
    expect(CouponInputSchema.safeParse(base).success).toBe(true);
    expect(CouponInputSchema.safeParse({ ...base, type: 'percent', value: 10, maxDiscount: 50 }).success).toBe(true);
  });

  it('says a field left empty is to be filled, and text that is no number ("10%", "Rs 200") is to be typed as the number alone', () => {
    const messages = (input: object) => CouponInputSchema.safeParse({ ...base, ...input }).error?.issues.map((issue) => [issue.path.join('.'), issue.message]);
    expect(messages({ value: null })).toEqual([['value', 'Enter a value']]);
    expect(messages({ value: Number.NaN, minSubtotal: Number.NaN, totalUses: Number.NaN })).toEqual([
      ['value', 'Type the number alone, like 10'],
      ['minSubtotal', 'Type the number alone, like 200'],
      ['totalUses', 'Type the number alone, like 100'],
    ]);
  });
});
