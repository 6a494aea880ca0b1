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
