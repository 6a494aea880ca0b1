import { TAX_PERCENT } from './constants.js';

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

/**
 * What a shop charges for delivery (issue 28): its fee, waived once the shop's subtotal reaches `freeAboveMinor`
 * (null: never waived), and the least subtotal it delivers (`minOrderMinor`, 0: any). A shop without terms
 * delivers free, whatever the order (the first shop's default keeps the spec's screens as they are).
 */
export interface DeliveryTerms {
  feeMinor: number;
  freeAboveMinor: number | null;
  minOrderMinor: number;
}

/** One shop's order of a checkout, priced; `totalMinor` = amount − discount + tax + delivery fee. */
export interface ShopOrderTotals extends OrderTotals {
  sellerId: string;
  /** The delivery fee charged on this order: the shop's fee unless its subtotal reaches the threshold. */
  deliveryFeeMinor: number;
  /** How much more the subtotal needs to reach the shop's minimum order (0: reached); checkout refuses above 0. */
  shortOfMinimumMinor: number;
  /** How much more would make delivery free (null: already free, or no threshold): the cart's nudge. */
  toFreeDeliveryMinor: number | null;
  /** The coupon's share of this shop order (issue 29): goods and delivery. */
  discountMinor: number;
}

/** Checkout totals: `totalMinor` is goods − discount + tax + every shop's delivery fee, what the shopper pays. */
export interface CheckoutTotals extends OrderTotals {
  deliveryFeeMinor: number;
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

/** The fee on a shop's subtotal under its terms: tax is on goods only, never on the fee (docs/decisions/0139). */
function deliveryOf(amountMinor: number, terms: DeliveryTerms | undefined) {
  const feeMinor = terms?.feeMinor ?? 0;
  const free = feeMinor === 0 || (terms!.freeAboveMinor !== null && amountMinor >= terms!.freeAboveMinor);
  return {
    deliveryFeeMinor: free ? 0 : feeMinor,
    shortOfMinimumMinor: Math.max(0, (terms?.minOrderMinor ?? 0) - amountMinor),
    toFreeDeliveryMinor: free || terms!.freeAboveMinor === null ? null : terms!.freeAboveMinor - amountMinor,
  };
}

/**
 * Checkout's one pricing rule (issue 26, docs/decisions/0123): a cart is one order per shop, each priced on
 * its own lines, in shop id order (the order the database writes them in); the checkout's total is their
 * sum. Each shop order adds its delivery fee under the shop's terms (issue 28; a shop not in `delivery`
 * delivers free) and says how far it is from the shop's minimum and from free delivery, both judged on the
 * goods before any discount. A coupon (issue 29) takes each shop order's share of its discount (`discounts`,
 * by shop id): tax is on the goods after their discount, rounded down per order (decision 0156), and a shop
 * order's delivery part of the discount never exceeds its fee (`couponShopDiscounts`). The cart's summary
 * shows this and the server charges it: place_order writes these amounts and only checks what they were
 * computed from.
 */
export function priceCheckout(
  lines: readonly ShopPricedLine[],
  delivery: ReadonlyMap<string, DeliveryTerms> = new Map(),
  discounts: ReadonlyMap<string, ShopDiscount> = new Map(),
): { orders: ShopOrderTotals[]; totals: CheckoutTotals } {
  const byShop = new Map<string, ShopPricedLine[]>();
  for (const line of lines) byShop.set(line.sellerId, [...(byShop.get(line.sellerId) ?? []), line]);
  const orders = [...byShop.keys()].sort().map((sellerId) => {
    const { amountMinor } = computeTotals(byShop.get(sellerId)!);
    const fee = deliveryOf(amountMinor, delivery.get(sellerId));
    const discount = discounts.get(sellerId) ?? { goodsMinor: 0, deliveryMinor: 0 };
    const taxMinor = Math.floor(((amountMinor - discount.goodsMinor) * TAX_PERCENT) / 100);
    // Never more off the fee than the fee priced here: the cart counts none for a shop that does not deliver to the
    // chosen address, while a free-delivery coupon was checked against every shop's fee ("Total Rs 4.97" for Rs 73.50
    // of goods: a probe). Checkout prices the coupon on these very fees, so there it takes nothing away.
    const discountMinor = discount.goodsMinor + Math.min(discount.deliveryMinor, fee.deliveryFeeMinor);
    return { sellerId, amountMinor, discountMinor, taxMinor, totalMinor: amountMinor - discountMinor + taxMinor + fee.deliveryFeeMinor, ...fee };
  });
  const sum = (key: keyof CheckoutTotals) => orders.reduce((total, order) => total + order[key], 0);
  return {
    orders,
    totals: {
      amountMinor: sum('amountMinor'),
      discountMinor: sum('discountMinor'),
      taxMinor: sum('taxMinor'),
      deliveryFeeMinor: sum('deliveryFeeMinor'),
      totalMinor: sum('totalMinor'),
    },
  };
}

/**
 * A shop order priced again after its picks (issue 28, docs/decisions/0151): the units it now holds (picked,
 * substituted), each with the coupon's share it keeps (issue 29), through checkout's one rule, `priceCheckout`,
 * so its tax is computed as at checkout on the new, discounted goods. Its delivery fee is the one it was charged
 * (picks never raise it: a short pick is the shop's doing) with the free-delivery discount on it, or none when
 * nothing is delivered; the caller says which.
 */
export function priceShopOrder(
  sellerId: string,
  lines: readonly (PricedLine & { discountMinor: number })[],
  delivery: { feeMinor: number; discountMinor: number },
): ShopOrderTotals {
  const goodsDiscountMinor = lines.reduce((sum, line) => sum + line.discountMinor, 0);
  const priced = priceCheckout(
    lines.map((line) => ({ sellerId, unitPriceMinor: line.unitPriceMinor, quantity: line.quantity })),
    new Map([[sellerId, { feeMinor: delivery.feeMinor, freeAboveMinor: null, minOrderMinor: 0 }]]),
    new Map([[sellerId, { goodsMinor: goodsDiscountMinor, deliveryMinor: delivery.discountMinor }]]),
  );
  return priced.orders[0] ?? { sellerId, amountMinor: 0, taxMinor: 0, totalMinor: 0, deliveryFeeMinor: 0, shortOfMinimumMinor: 0, toFreeDeliveryMinor: null, discountMinor: 0 };
}
