import { describe, expect, it } from 'vitest';
import { parseDecimal } from './decimal-field';

describe('an amount or a rate typed by the operator', () => {
  it('reads digits with one decimal point, and thousands written with commas', () => {
    expect(parseDecimal(' 1500.50 ')).toBe(1500.5);
    expect(parseDecimal('1,000')).toBe(1000);
    expect(parseDecimal('1,00,000.50')).toBe(100_000.5);
    expect(parseDecimal('100,000.50')).toBe(100_000.5);
    expect(parseDecimal('12.345')).toBe(12.345);
    // Below 0 is a number, out of range: the screen says so, not "must be a number" (a probe typed -5 %).
    expect(parseDecimal('-5')).toBe(-5);
  });

  it('refuses what Number() took for a number: hexadecimal, exponents, a plus sign, blanks', () => {
    for (const text of ['0x10', '1e2', '+5', '--5', '-', '', '  ', 'abc', '1.2.3', 'Infinity', '.5']) expect(parseDecimal(text), text).toBeNaN();
  });

  it('refuses commas that group no digits: "1,00" was paid as Rs 100, "6,16.63" as 616.63, "12,5" % as 125 (a probe)', () => {
    for (const text of ['1,00', '6,16.63', '12,5', '1,000,00']) expect(parseDecimal(text), text).toBeNaN();
  });
});
