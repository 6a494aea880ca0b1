import { describe, expect, it } from 'vitest';
import { isWholePaise, numberFromText } from './paise.js';

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
    expect([' 25.5 ', '-5', '1e3', '0', '007'].map(numberFromText)).toEqual([25.5, -5, 1000, 0, 7]);
    // JavaScript's Number() read these as 16, 0, 0 and Infinity: a form saved a fee of Rs 16 for "0x10" (a probe).
    for (const text of ['0x10', '', '  ', 'Infinity', '0b1', '1,000', '12abc', '.5']) expect(numberFromText(text), text).toBeNaN();
  });
});
