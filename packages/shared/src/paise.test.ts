import { describe, expect, it } from 'vitest';
import { isWholePaise, numberTextFault, numberFromText } from './paise.js';

describe('whole paise', () => {
  it('takes amounts of at most 2 decimals, whatever binary floating point makes of them', () => {
    for (const ok of [0, 1, 0.07, 0.29, 1.1, 35.5, 12_56_536.36, 99_999_999.99]) expect(isWholePaise(ok), String(ok)).toBe(true);
    for (const bad of [0.001, 0.005, 99.999, 1.234]) expect(isWholePaise(bad), String(bad)).toBe(false);
  });

  it('refuses an amount that is not 0 but rounds to 0 paise (it would pass as "more than 0" and be stored as 0)', () => {
    for (const tiny of [1e-9, -1e-9, 5e-9, Number.MIN_VALUE]) expect(isWholePaise(tiny), String(tiny)).toBe(false);
    expect(isWholePaise(-0)).toBe(true);
  });
});

describe('numberFromText', () => {
  it('reads decimal digits as typed in a form, and nothing else as a number', () => {
    // Below 0 is a number, out of range: the screen says so, not "must be a number" (a probe typed -5 %).
    expect([' 25.5 ', '-5', '0', '007', '12.345'].map(numberFromText)).toEqual([25.5, -5, 0, 7, 12.345]);
    // JavaScript's Number() read these as 16, 0, 0 and Infinity: a form saved a fee of Rs 16 for "0x10" (a probe).
    for (const text of ['0x10', '', '  ', 'Infinity', '0b1', '12abc', '.5', '+5', '--5', '-', '1.2.3']) expect(numberFromText(text), text).toBeNaN();
  });

  it('refuses an exponent, and says to write the digits: "4e1" was saved as a price of Rs 40, "1e3" as 1,000 units (a probe)', () => {
    for (const text of ['4e1', '1e3', '1E+15', '2.5e-1']) {
      expect(numberFromText(text), text).toBeNaN();
      expect(numberTextFault(` ${text} `)).toBe(`“${text}” is written with an exponent: write the number in digits`);
    }
  });

  it('reads commas that group digits, as India or most of the world writes them', () => {
    const grouped = { '1,000': 1000, '1,00,000.50': 100_000.5, '100,000.50': 100_000.5, '12,34,56,789': 123_456_789, '12,345,678.9': 12_345_678.9, '-1,000': -1000, ' 10,00,000 ': 1_000_000 };
    for (const [text, number] of Object.entries(grouped)) expect(numberFromText(text), text).toBe(number);
  });

  it('refuses a comma anywhere else, and says so; no silent 100 for "1,00" (a probe)', () => {
    for (const text of ['1,00', '6,16.63', '12,5', '0,500', '1,000,00', '1,0000', ',100', '100,', '1,,000', '1.000,50', '01,000']) {
      expect(numberFromText(text), text).toBeNaN();
      expect(numberTextFault(text), text).toMatch(/is not written right: commas only group digits/);
    }
    expect(numberTextFault('12,5')).toBe('“12,5” is not written right: commas only group digits (1,00,000.50 or 100,000.50), and decimals follow a point');
    // A number, or no number at all, is not a comma's fault.
    for (const text of ['1,000', '100', 'abc,', ',', '1,2x']) expect(numberTextFault(text), text).toBeUndefined();
  });
});
