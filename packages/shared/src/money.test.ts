import { describe, expect, it } from 'vitest';
import { computeTotals, formatPrice, priceCheckout, priceShopOrder, substituteUnitPriceMinor, toMajor, toMinor } from './money.js';
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
      { sellerId: 'a', amountMinor: 693, taxMinor: 13, totalMinor: 706 },
      { sellerId: 'b', amountMinor: 10_000, taxMinor: 200, totalMinor: 10_200 },
    ]);
    expect(totals).toEqual({ amountMinor: 10_693, taxMinor: 213, totalMinor: 10_906 });
    // Taxed per order: 1 + 1, not 2 % of the whole cart's 198 (3.96 → 3).
    const split = priceCheckout([{ sellerId: 'a', unitPriceMinor: 99, quantity: 1 }, { sellerId: 'b', unitPriceMinor: 99, quantity: 1 }]);
    expect(split.totals).toEqual({ amountMinor: 198, taxMinor: 2, totalMinor: 200 });
    expect(priceCheckout([])).toEqual({ orders: [], totals: { amountMinor: 0, taxMinor: 0, totalMinor: 0 } });
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

describe('picks (issue 28)', () => {
  it('charges a substitute at most the unit price of the line it replaces', () => {
    expect(substituteUnitPriceMinor(6000, 4000)).toBe(4000);
    expect(substituteUnitPriceMinor(3000, 4000)).toBe(3000);
  });

  it('prices a picked shop order through the checkout rule: tax on the new subtotal, rounded down', () => {
    const lines = [
      { unitPriceMinor: 4000, quantity: 1 },
      { unitPriceMinor: 2500, quantity: 0 },
      { unitPriceMinor: 3333, quantity: 1 },
    ];
    expect(priceShopOrder('s1', lines)).toEqual({ sellerId: 's1', ...computeTotals(lines) });
    expect(priceShopOrder('s1', lines)).toEqual({ sellerId: 's1', amountMinor: 7333, taxMinor: 146, totalMinor: 7479 });
    expect(priceShopOrder('s1', [])).toEqual({ sellerId: 's1', amountMinor: 0, taxMinor: 0, totalMinor: 0 });
  });
});
