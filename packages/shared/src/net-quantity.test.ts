import { describe, expect, it } from 'vitest';
import { NetQuantitySchema, parseNetQuantity } from './net-quantity.js';
import { formatNetQuantity, formatUnitPrice, unitPrice } from './unit-price.js';

describe('unit price (issue 28)', () => {
  it('prices grams per kg and kilograms per kg', () => {
    expect(unitPrice(3000, { amount: 500, unit: 'g' })).toEqual({ minor: 6000, per: 'kg' });
    expect(unitPrice(9000, { amount: 1.5, unit: 'kg' })).toEqual({ minor: 6000, per: 'kg' });
  });

  it('prices millilitres per litre and litres per litre', () => {
    expect(unitPrice(2500, { amount: 200, unit: 'ml' })).toEqual({ minor: 12500, per: 'l' });
    expect(unitPrice(6800, { amount: 2, unit: 'l' })).toEqual({ minor: 3400, per: 'l' });
  });

  it('prices pieces per piece', () => {
    expect(unitPrice(7200, { amount: 6, unit: 'pcs' })).toEqual({ minor: 1200, per: 'pc' });
  });

  it('rounds to the nearest paisa', () => {
    // Rs 10 for 3 pieces: Rs 3.333… a piece.
    expect(unitPrice(1000, { amount: 3, unit: 'pcs' }).minor).toBe(333);
    // Rs 49.50 for 400 g: Rs 123.75 a kg.
    expect(unitPrice(4950, { amount: 400, unit: 'g' }).minor).toBe(12375);
  });

  it('formats as the shelf label reads', () => {
    expect(formatUnitPrice(3000, { amount: 500, unit: 'g' }, 'Rs')).toBe('Rs 60/kg');
    expect(formatUnitPrice(7200, { amount: 6, unit: 'pcs' }, 'Rs')).toBe('Rs 12/pc');
    expect(formatUnitPrice(2500, { amount: 2, unit: 'l' }, 'Rs')).toBe('Rs 12.50/L');
  });

  it('reads a net quantity written as text and refuses what is not one', () => {
    expect(parseNetQuantity('500 g')).toEqual({ amount: 500, unit: 'g' });
    expect(parseNetQuantity('1.5KG')).toEqual({ amount: 1.5, unit: 'kg' });
    expect(parseNetQuantity('6 pcs')).toEqual({ amount: 6, unit: 'pcs' });
    expect(parseNetQuantity('1 pc')).toEqual({ amount: 1, unit: 'pcs' });
    for (const bad of ['', 'half a kg', '0 g', '-1 kg', '5 lb', '1.23456 kg']) expect(parseNetQuantity(bad)).toBeUndefined();
  });

  it('writes one piece as "1 pc", and reads it back', () => {
    expect(formatNetQuantity({ amount: 1, unit: 'pcs' })).toBe('1 pc');
    expect(formatNetQuantity({ amount: 6, unit: 'pcs' })).toBe('6 pcs');
    // A litre as packs write it: `1 l` was read as "11" (a probe); it reads back as the unit `l`.
    expect(formatNetQuantity({ amount: 1, unit: 'l' })).toBe('1 L');
    expect(parseNetQuantity(formatNetQuantity({ amount: 1.5, unit: 'l' }))).toEqual({ amount: 1.5, unit: 'l' });
    expect(parseNetQuantity(formatNetQuantity({ amount: 1, unit: 'pcs' }))).toEqual({ amount: 1, unit: 'pcs' });
  });

  it('refuses a unit outside g, kg, ml, l, pcs and a zero amount', () => {
    expect(NetQuantitySchema.safeParse({ amount: 1, unit: 'oz' }).success).toBe(false);
    expect(NetQuantitySchema.safeParse({ amount: 0, unit: 'g' }).success).toBe(false);
  });
});
