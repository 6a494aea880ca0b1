/**
 * Whether an amount in major units is whole paise (at most 2 decimals), as every amount the API takes must be: the
 * schemas' one rule (docs/decisions/0218). Apart from money.ts, so the storefront's first load, which formats prices,
 * does not carry what only the forms' schemas use.
 */
export function isWholePaise(major: number): boolean {
  const paise = Math.round(major * 100);
  // Within floating point's error of whole paise; an amount that is not 0 must not round to 0 paise (1e-9 rupees
  // would pass as "more than 0" and be stored as nothing).
  return Math.abs(major * 100 - paise) < 1e-6 && (paise !== 0 || major === 0);
}

/** A number typed as text: a sign and an exponent are read too, so "-5" and "1e15" are named for what is wrong with them. */
const NUMBER_TEXT = /^-?\d+(\.\d+)?([eE][+-]?\d+)?$/;

/**
 * A number typed in a form field, as decimal digits (NaN otherwise, for the schema to name): JavaScript's `Number()` read
 * "0x10" as 16 and saved a delivery fee of Rs 16 (a probe). The schemas' prices read text by the same rule.
 */
export const numberFromText = (text: string): number => (NUMBER_TEXT.test(text.trim()) ? Number(text.trim()) : Number.NaN);
