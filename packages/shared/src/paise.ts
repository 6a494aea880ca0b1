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

/**
 * A number typed as text: a sign is read too, so "-5" is named for what is wrong with it; an exponent is not ("4e1" was
 * saved as a price of Rs 40 and "1e3" as 1,000 units: a probe), `numberTextFault` says why.
 * Commas only where they group digits, as India writes them (1,00,000.50) or as most of the world does (100,000.50):
 * "1,00" was read as 100 and "6,16.63" as 616.63 when commas were dropped (a probe), and "12,5" or "0,500" (a decimal
 * comma) are no grouping either. A first group never starts with 0.
 */
const NUMBER_TEXT = /^-?(?:\d+(?:\.\d+)?|(?:[1-9]\d{0,2}(?:,\d{3})+|[1-9]\d?(?:,\d{2})*,\d{3})(?:\.\d+)?)$/;

/**
 * A number typed in a form field, as decimal digits (NaN otherwise, for the schema to name): JavaScript's `Number()` read
 * "0x10" as 16 and saved a delivery fee of Rs 16 (a probe). The schemas' prices read text by the same rule.
 */
export const numberFromText = (text: string): number => (NUMBER_TEXT.test(text.trim()) ? Number(text.trim().replace(/,/g, '')) : Number.NaN);

/**
 * What is wrong with a number whose only fault is where its commas are ("1,00", "12,5") or its exponent ("4e1"), in the
 * words a form shows under the field; undefined for any other text (a number, or no number at all, which the form names
 * its own way).
 */
export function numberTextFault(text: string): string | undefined {
  const typed = text.trim();
  if (/^-?\d+(?:\.\d+)?[eE][+-]?\d+$/.test(typed)) return `“${typed}” is written with an exponent: write the number in digits`;
  if (!text.includes(',') || !Number.isNaN(numberFromText(text)) || Number.isNaN(numberFromText(text.replace(/,/g, '')))) return undefined;
  return `“${typed}” is not written right: commas only group digits (1,00,000.50 or 100,000.50), and decimals follow a point`;
}
