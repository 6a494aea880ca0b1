/**
 * Whether an amount in major units is whole paise (at most 2 decimals), as every amount the API takes must be: the
 * schemas' one rule (docs/decisions/0218). Apart from money.ts, so the storefront's first load, which formats prices,
 * does not carry what only the forms' schemas use.
 */
export const isWholePaise = (major: number) => Math.abs(major * 100 - Math.round(major * 100)) < 1e-6;
