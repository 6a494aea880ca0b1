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
  /** The coupon's share of this shop order (issue 29): goods and delivery; `totalMinor` is after it. */
  discountMinor: number;
}

/** A checkout's totals: `totalMinor` = amount − discount + tax. */
export interface CheckoutTotals extends OrderTotals {
  discountMinor: number;
}

/**
 * A coupon's share of one shop order (issue 29, docs/decisions/0156): on its goods (taxed after it) and on
 * its delivery fee (a free-delivery coupon), as `couponShopDiscounts` (coupons.ts) divides it.
 */
export interface ShopDiscount {
  goodsMinor: number;
  deliveryMinor: number;
}

/**
 * Checkout's one pricing rule (issue 26, docs/decisions/0123): a cart is one order per shop, each priced on
 * its own lines by `computeTotals` (so its tax is rounded down per order), in shop id order (the order the
 * database writes them in); the checkout's total is their sum. The cart's summary shows this and the server
 * charges it: place_order writes these amounts and only checks the prices they were computed from.
 *
 * A coupon (issue 29) takes each shop order's share of its discount (`discounts`, by shop id): tax is on
 * the goods after their discount (decision 0156), and the total is amount − discount + tax. A shop
 * order's delivery part of the discount never exceeds that order's delivery fee (`couponShopDiscounts`).
 */
export function priceCheckout(
  lines: readonly ShopPricedLine[],
  discounts: ReadonlyMap<string, ShopDiscount> = new Map(),
): { orders: ShopOrderTotals[]; totals: CheckoutTotals } {
  const byShop = new Map<string, ShopPricedLine[]>();
  for (const line of lines) byShop.set(line.sellerId, [...(byShop.get(line.sellerId) ?? []), line]);
  const orders = [...byShop.keys()].sort().map((sellerId) => {
    const { amountMinor } = computeTotals(byShop.get(sellerId)!);
    const discount = discounts.get(sellerId) ?? { goodsMinor: 0, deliveryMinor: 0 };
    const taxMinor = Math.floor(((amountMinor - discount.goodsMinor) * TAX_PERCENT) / 100);
    const discountMinor = discount.goodsMinor + discount.deliveryMinor;
    return { sellerId, amountMinor, discountMinor, taxMinor, totalMinor: amountMinor - discountMinor + taxMinor };
  });
  const sum = (key: keyof CheckoutTotals) => orders.reduce((total, order) => total + order[key], 0);
  return {
    orders,
    totals: { amountMinor: sum('amountMinor'), discountMinor: sum('discountMinor'), taxMinor: sum('taxMinor'), totalMinor: sum('totalMinor') },
  };
}

/** `Rs 35`, `Rs 12.50`: whole amounts without decimals, others with two. */
export function formatPrice(minor: number, currency: string): string {
  const major = minor % 100 === 0 ? String(minor / 100) : (minor / 100).toFixed(2);
  return `${currency} ${major}`;
}
