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

/** A cart line priced for checkout: its shop, the unit price it is sold at and how many. */
export interface ShopPricedLine extends PricedLine {
  sellerId: string;
}

/** One shop's order of a checkout, priced. */
export interface ShopOrderTotals extends OrderTotals {
  sellerId: string;
}

/**
 * Checkout's one pricing rule (issue 26, docs/decisions/0123): a cart is one order per shop, each priced on
 * its own lines by `computeTotals` (so its tax is rounded down per order), in shop id order (the order the
 * database writes them in); the checkout's total is their sum. The cart's summary shows this and the server
 * charges it: place_order writes these amounts and only checks the prices they were computed from.
 */
export function priceCheckout(lines: readonly ShopPricedLine[]): { orders: ShopOrderTotals[]; totals: OrderTotals } {
  const byShop = new Map<string, ShopPricedLine[]>();
  for (const line of lines) byShop.set(line.sellerId, [...(byShop.get(line.sellerId) ?? []), line]);
  const orders = [...byShop.keys()].sort().map((sellerId) => ({ sellerId, ...computeTotals(byShop.get(sellerId)!) }));
  const sum = (key: keyof OrderTotals) => orders.reduce((total, order) => total + order[key], 0);
  return { orders, totals: { amountMinor: sum('amountMinor'), taxMinor: sum('taxMinor'), totalMinor: sum('totalMinor') } };
}

/**
 * Substitutions (issue 28, docs/decisions/0151): a substitute's unit is charged at most the unit price of the line
 * it replaces, so a substitute never costs the shopper more than what they ordered.
 */
export function substituteUnitPriceMinor(substituteOfferMinor: number, replacedUnitPriceMinor: number): number {
  return Math.min(substituteOfferMinor, replacedUnitPriceMinor);
}

/**
 * A shop order priced again after its picks (issue 28): the units it now holds (picked, substituted) through
 * checkout's one rule, `priceCheckout`, so its tax (and whatever else that rule adds per shop order) is computed
 * as at checkout, on the new lines.
 */
export function priceShopOrder(sellerId: string, lines: readonly PricedLine[]): ShopOrderTotals {
  return priceCheckout(lines.map((line) => ({ ...line, sellerId }))).orders[0] ?? { sellerId, amountMinor: 0, taxMinor: 0, totalMinor: 0 };
}

/** `Rs 35`, `Rs 12.50`: whole amounts without decimals, others with two. */
export function formatPrice(minor: number, currency: string): string {
  const major = minor % 100 === 0 ? String(minor / 100) : (minor / 100).toFixed(2);
  return `${currency} ${major}`;
}
