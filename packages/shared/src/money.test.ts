import { describe, expect, it } from 'vitest';
import { computeTotals, priceCheckout, priceShopOrder } from './checkout-pricing.js';
import { formatPrice, substituteUnitPriceMinor, toMajor, toMinor } from './money.js';
import { imageSrcSet } from './images.js';

describe('money', () => {
  it('converts major units to exact minor units without float drift', () => {
    expect(toMinor(33.33)).toBe(3333);
    expect(toMinor(0.99)).toBe(99);
    expect(toMinor(1.005 * 100) / 100).toBe(100.5);
    expect(toMajor(3550)).toBe(35.5);
  });

  it('computes amount, 2 % tax rounded down and total to the minor unit', () => {
    expect(computeTotals([{ unitPriceMinor: 3333, quantity: 3 }])).toEqual({ amountMinor: 9999, taxMinor: 199, totalMinor: 10198 });
    expect(computeTotals([{ unitPriceMinor: 99, quantity: 7 }])).toEqual({ amountMinor: 693, taxMinor: 13, totalMinor: 706 });
    expect(computeTotals([])).toEqual({ amountMinor: 0, taxMinor: 0, totalMinor: 0 });
  });

  it('prices a checkout as one order per shop, in shop id order, each taxed and rounded down on its own lines', () => {
    const { orders, totals } = priceCheckout([
      { sellerId: 'b', unitPriceMinor: 3333, quantity: 3 },
      { sellerId: 'a', unitPriceMinor: 99, quantity: 7 },
      { sellerId: 'b', unitPriceMinor: 1, quantity: 1 },
    ]);
    const free = { discountMinor: 0, deliveryFeeMinor: 0, shortOfMinimumMinor: 0, toFreeDeliveryMinor: null };
    expect(orders).toEqual([
      { sellerId: 'a', amountMinor: 693, taxMinor: 13, totalMinor: 706, ...free },
      { sellerId: 'b', amountMinor: 10_000, taxMinor: 200, totalMinor: 10_200, ...free },
    ]);
    expect(totals).toEqual({ amountMinor: 10_693, discountMinor: 0, taxMinor: 213, deliveryFeeMinor: 0, totalMinor: 10_906 });
    // Taxed per order: 1 + 1, not 2 % of the whole cart's 198 (3.96 → 3).
    const split = priceCheckout([{ sellerId: 'a', unitPriceMinor: 99, quantity: 1 }, { sellerId: 'b', unitPriceMinor: 99, quantity: 1 }]);
    expect(split.totals).toEqual({ amountMinor: 198, discountMinor: 0, taxMinor: 2, deliveryFeeMinor: 0, totalMinor: 200 });
    expect(priceCheckout([])).toEqual({ orders: [], totals: { amountMinor: 0, discountMinor: 0, taxMinor: 0, deliveryFeeMinor: 0, totalMinor: 0 } });
  });

  it("adds each shop's delivery fee under its threshold (untaxed), none from it, and says how far the minimum and free delivery are", () => {
    const terms = new Map([
      ['a', { feeMinor: 3_000, freeAboveMinor: 20_000, minOrderMinor: 10_000 }],
      ['b', { feeMinor: 2_000, freeAboveMinor: null, minOrderMinor: 0 }],
      ['c', { feeMinor: 3_000, freeAboveMinor: 20_000, minOrderMinor: 0 }],
    ]);
    const { orders, totals } = priceCheckout(
      [
        { sellerId: 'a', unitPriceMinor: 8_000, quantity: 1 },
        { sellerId: 'b', unitPriceMinor: 50_000, quantity: 1 },
        { sellerId: 'c', unitPriceMinor: 20_000, quantity: 1 },
      ],
      terms,
    );
    expect(orders[0]).toEqual({ sellerId: 'a', amountMinor: 8_000, discountMinor: 0, taxMinor: 160, totalMinor: 11_160, deliveryFeeMinor: 3_000, shortOfMinimumMinor: 2_000, toFreeDeliveryMinor: 12_000 });
    // No threshold: always the fee, no nudge.
    expect(orders[1]).toMatchObject({ deliveryFeeMinor: 2_000, toFreeDeliveryMinor: null, totalMinor: 50_000 + 1_000 + 2_000 });
    // The threshold reached exactly: free.
    expect(orders[2]).toMatchObject({ deliveryFeeMinor: 0, toFreeDeliveryMinor: null, totalMinor: 20_400 });
    expect(totals).toEqual({ amountMinor: 78_000, discountMinor: 0, taxMinor: 1_560, deliveryFeeMinor: 5_000, totalMinor: 84_560 });
  });

  it('taxes a shop order on its goods after their coupon discount; a delivery discount is not taxed away (issue 29)', () => {
    const free = { deliveryFeeMinor: 0, shortOfMinimumMinor: 0, toFreeDeliveryMinor: null };
    const discounts = new Map([['a', { goodsMinor: 1000, deliveryMinor: 0 }], ['b', { goodsMinor: 0, deliveryMinor: 0 }]]);
    const { orders, totals } = priceCheckout([{ sellerId: 'a', unitPriceMinor: 5000, quantity: 2 }, { sellerId: 'b', unitPriceMinor: 999, quantity: 1 }], new Map(), discounts);
    // 10,000 − 1,000 = 9,000 taxed at 2 % = 180 (not 200).
    expect(orders[0]).toEqual({ sellerId: 'a', amountMinor: 10_000, discountMinor: 1000, taxMinor: 180, totalMinor: 9180, ...free });
    expect(totals).toEqual({ amountMinor: 10_999, discountMinor: 1000, taxMinor: 199, deliveryFeeMinor: 0, totalMinor: 10_198 });
    const fee = new Map([['a', { feeMinor: 300, freeAboveMinor: null, minOrderMinor: 0 }]]);
    const delivery = priceCheckout([{ sellerId: 'a', unitPriceMinor: 5000, quantity: 1 }], fee, new Map([['a', { goodsMinor: 0, deliveryMinor: 300 }]]));
    expect(delivery.orders[0]).toMatchObject({ discountMinor: 300, taxMinor: 100, totalMinor: 5100 });
  });

  it('formats whole amounts without decimals and others with two', () => {
    expect(formatPrice(4000, 'Rs')).toBe('Rs 40');
    expect(formatPrice(1250, '$')).toBe('$ 12.50');
    // Grouped as in India: thousands, then lakhs and crores.
    expect(formatPrice(127500, 'Rs')).toBe('Rs 1,275');
    expect(formatPrice(125653636, 'Rs')).toBe('Rs 12,56,536.36');
    expect(formatPrice(10000000000, 'Rs')).toBe('Rs 10,00,00,000');
    expect(formatPrice(-12750, 'Rs')).toBe('Rs -127.50');
  });

  it('derives a srcset only for stored multi-width images', () => {
    expect(imageSrcSet('/uploads/abc-640.webp')).toBe('/uploads/abc-160.webp 160w, /uploads/abc-320.webp 320w, /uploads/abc-640.webp 640w');
    expect(imageSrcSet('/art/banner.png')).toBeUndefined();
  });
});

describe('picks (issue 28)', () => {
  it('charges a substitute at most the unit price of the line it replaces', () => {
    expect(substituteUnitPriceMinor(6000, 4000)).toBe(4000);
    expect(substituteUnitPriceMinor(3000, 4000)).toBe(3000);
  });

  it('prices a picked shop order through the checkout rule: tax on the new, discounted subtotal; the fee as charged', () => {
    const lines = [
      { unitPriceMinor: 4000, quantity: 1, discountMinor: 400 },
      { unitPriceMinor: 2500, quantity: 0, discountMinor: 0 },
      { unitPriceMinor: 3333, quantity: 1, discountMinor: 0 },
    ];
    const none = { feeMinor: 0, discountMinor: 0 };
    const shopOrder = { deliveryFeeMinor: 0, shortOfMinimumMinor: 0, toFreeDeliveryMinor: null };
    // 7,333 − 400 = 6,933 taxed at 2 % = 138.
    expect(priceShopOrder('s1', lines, none)).toEqual({ sellerId: 's1', amountMinor: 7333, discountMinor: 400, taxMinor: 138, totalMinor: 7071, ...shopOrder });
    // The fee charged stays, with the free-delivery discount on it.
    expect(priceShopOrder('s1', lines, { feeMinor: 3000, discountMinor: 3000 })).toMatchObject({ deliveryFeeMinor: 3000, discountMinor: 3400, totalMinor: 7071 });
    expect(priceShopOrder('s1', [], none)).toEqual({ sellerId: 's1', amountMinor: 0, discountMinor: 0, taxMinor: 0, totalMinor: 0, ...shopOrder });
  });
});
