/**
 * Money is integer minor units (paise/cents) everywhere inside; the API speaks major units
 * (spec section 7: `35.5`). These two functions are the only conversions. Checkout's pricing rule is in
 * checkout-pricing.ts: apart, so a screen that only shows prices does not carry it (docs/decisions/0182).
 */
export function toMinor(major: number): number {
  return Math.round(major * 100);
}

export function toMajor(minor: number): number {
  return minor / 100;
}

/**
 * Substitutions (issue 28, docs/decisions/0151): a substitute's unit is charged at most the unit price of the line
 * it replaces, so a substitute never costs the shopper more than what they ordered.
 */
export function substituteUnitPriceMinor(substituteOfferMinor: number, replacedUnitPriceMinor: number): number {
  return Math.min(substituteOfferMinor, replacedUnitPriceMinor);
}

/** Digits grouped as in India, the shop's locale (docs/decisions/0217): 1,275 and 12,56,536.36. */
const WHOLE_RUPEES = new Intl.NumberFormat('en-IN', { maximumFractionDigits: 0 });
const WITH_PAISE = new Intl.NumberFormat('en-IN', { minimumFractionDigits: 2, maximumFractionDigits: 2 });

/** `Rs 35`, `Rs 12.50`, `Rs 1,275`, `Rs 12,56,536.36`: whole amounts without decimals, others with two. */
export function formatPrice(minor: number, currency: string): string {
  const major = minor % 100 === 0 ? WHOLE_RUPEES.format(minor / 100) : WITH_PAISE.format(minor / 100);
  return `${currency} ${major}`;
}
