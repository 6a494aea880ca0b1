import { describe, expect, it } from 'vitest';
import { StockInputSchema } from './schemas.js';
import { LOW_STOCK_THRESHOLD, maxQuantityFor, unitsLeftToShow } from './stock.js';

describe('maxQuantityFor', () => {
  it('offers the selector maximum of 9 for a product that is not counted or has plenty left', () => {
    expect(maxQuantityFor(null)).toBe(9);
    expect(maxQuantityFor(9)).toBe(9);
    expect(maxQuantityFor(500)).toBe(9);
  });

  it('offers no more than what is left', () => {
    expect(maxQuantityFor(3)).toBe(3);
    expect(maxQuantityFor(1)).toBe(1);
    expect(maxQuantityFor(0)).toBe(0);
  });
});

describe('unitsLeftToShow', () => {
  it(`announces a counted, in-stock product with ${LOW_STOCK_THRESHOLD} or fewer left`, () => {
    expect(unitsLeftToShow({ stock: LOW_STOCK_THRESHOLD, inStock: true })).toBe(LOW_STOCK_THRESHOLD);
    expect(unitsLeftToShow({ stock: 1, inStock: true })).toBe(1);
  });

  it('says nothing for a product not counted, well stocked, sold out or taken out of stock', () => {
    expect(unitsLeftToShow({ stock: null, inStock: true })).toBeNull();
    expect(unitsLeftToShow({ stock: LOW_STOCK_THRESHOLD + 1, inStock: true })).toBeNull();
    expect(unitsLeftToShow({ stock: 0, inStock: false })).toBeNull();
    expect(unitsLeftToShow({ stock: 2, inStock: false })).toBeNull();
  });
});

describe('StockInputSchema', () => {
  const id = '00000000-0000-4000-8000-000000000000';
  it('takes either inStock or a count (null: not counted), not both and not neither', () => {
    expect(StockInputSchema.safeParse({ id, inStock: false }).success).toBe(true);
    expect(StockInputSchema.safeParse({ id, stock: 0 }).success).toBe(true);
    expect(StockInputSchema.safeParse({ id, stock: null }).success).toBe(true);
    expect(StockInputSchema.safeParse({ id, stock: 3, inStock: true }).success).toBe(false);
    expect(StockInputSchema.safeParse({ id }).success).toBe(false);
  });

  it('refuses a negative, fractional or huge count', () => {
    for (const stock of [-1, 2.5, 1_000_001, '4']) expect(StockInputSchema.safeParse({ id, stock }).success).toBe(false);
  });
});
