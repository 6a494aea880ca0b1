import { describe, expect, it } from 'vitest';
import { computeTotals, formatPrice, priceCheckout, toMajor, toMinor } from './money.js';
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
    expect(orders).toEqual([
      { sellerId: 'a', amountMinor: 693, discountMinor: 0, taxMinor: 13, totalMinor: 706 },
      { sellerId: 'b', amountMinor: 10_000, discountMinor: 0, taxMinor: 200, totalMinor: 10_200 },
    ]);
    expect(totals).toEqual({ amountMinor: 10_693, discountMinor: 0, taxMinor: 213, totalMinor: 10_906 });
    // Taxed per order: 1 + 1, not 2 % of the whole cart's 198 (3.96 → 3).
    const split = priceCheckout([{ sellerId: 'a', unitPriceMinor: 99, quantity: 1 }, { sellerId: 'b', unitPriceMinor: 99, quantity: 1 }]);
    expect(split.totals).toEqual({ amountMinor: 198, discountMinor: 0, taxMinor: 2, totalMinor: 200 });
    expect(priceCheckout([])).toEqual({ orders: [], totals: { amountMinor: 0, discountMinor: 0, taxMinor: 0, totalMinor: 0 } });
  });

  it('taxes a shop order on its goods after their coupon discount; a delivery discount is not taxed away (issue 29)', () => {
    const discounts = new Map([['a', { goodsMinor: 1000, deliveryMinor: 0 }], ['b', { goodsMinor: 0, deliveryMinor: 0 }]]);
    const { orders, totals } = priceCheckout([{ sellerId: 'a', unitPriceMinor: 5000, quantity: 2 }, { sellerId: 'b', unitPriceMinor: 999, quantity: 1 }], discounts);
    // 10,000 − 1,000 = 9,000 taxed at 2 % = 180 (not 200).
    expect(orders[0]).toEqual({ sellerId: 'a', amountMinor: 10_000, discountMinor: 1000, taxMinor: 180, totalMinor: 9180 });
    expect(totals).toEqual({ amountMinor: 10_999, discountMinor: 1000, taxMinor: 199, totalMinor: 10_198 });
    const delivery = priceCheckout([{ sellerId: 'a', unitPriceMinor: 5000, quantity: 1 }], new Map([['a', { goodsMinor: 0, deliveryMinor: 300 }]]));
    expect(delivery.orders[0]).toMatchObject({ discountMinor: 300, taxMinor: 100 });
  });

  it('formats whole amounts without decimals and others with two', () => {
    expect(formatPrice(4000, 'Rs')).toBe('Rs 40');
    expect(formatPrice(1250, '$')).toBe('$ 12.50');
  });

  it('derives a srcset only for stored multi-width images', () => {
    expect(imageSrcSet('/uploads/abc-640.webp')).toBe('/uploads/abc-160.webp 160w, /uploads/abc-320.webp 320w, /uploads/abc-640.webp 640w');
    expect(imageSrcSet('/art/banner.png')).toBeUndefined();
  });
});
