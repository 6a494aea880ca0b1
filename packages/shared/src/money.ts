import { TAX_PERCENT } from './constants.js';

/**
 * Money is integer minor units (paise/cents) everywhere inside; the API speaks major units
 * (spec section 7: `35.5`). These two functions are the only conversions.
 */
export function toMinor(major: number): number {
  return Math.round(major * 100);
}

export function toMajor(minor: number): number {
  return minor / 100;
}

export interface PricedLine {
  unitPriceMinor: number;
  quantity: number;
}

export interface OrderTotals {
  /** Σ offerPrice × quantity (spec: "rounded down to 2 decimals", exact in minor units). */
  amountMinor: number;
  /** 2 % of the amount, rounded down to the minor unit (docs/decisions/0003). */
  taxMinor: number;
  /** amount + tax: what the shopper pays. */
  totalMinor: number;
}

/** One computation of the cart summary, used by the summary on /cart and by the server's order. */
export function computeTotals(lines: readonly PricedLine[]): OrderTotals {
  const amountMinor = lines.reduce((sum, l) => sum + l.unitPriceMinor * l.quantity, 0);
  const taxMinor = Math.floor((amountMinor * TAX_PERCENT) / 100);
  return { amountMinor, taxMinor, totalMinor: amountMinor + taxMinor };
}

/** `Rs 35`, `Rs 12.50`: whole amounts without decimals, others with two. */
export function formatPrice(minor: number, currency: string): string {
  const major = minor % 100 === 0 ? String(minor / 100) : (minor / 100).toFixed(2);
  return `${currency} ${major}`;
}
