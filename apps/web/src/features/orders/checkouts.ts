import { refundedMinorOf, refundOwed, toMinor, type Order } from '@greencart/shared';

/** One checkout of the shopper (issue 26): the orders it placed, one per shop, and what it cost in all. */
export interface Checkout {
  checkoutId: string;
  orders: Order[];
  /** Σ of the amounts of its orders still standing (a cancelled or refunded shop's order is not paid for), in minor units. */
  totalMinor: number;
  /** Σ of what went back to the card of its orders (refunds and picks' differences), in minor units: said beside the total, which no longer holds them. */
  refundedMinor: number;
  /** Σ of its cancelled orders' card payments not refunded yet (`refundOwed`), in minor units. */
  owedMinor: number;
}

/**
 * The shopper's orders (newest first, as My Orders pages them) as checkouts, newest first; a checkout's
 * orders in the cart's order of its shops (by the shop's id, as `priceCheckout` orders them: a checkout's orders
 * share their placing time, and the list's next key, the order's id, shuffled them). A checkout whose orders fall
 * on two pages is whole once both are loaded.
 */
export function groupByCheckout(orders: Order[]): Checkout[] {
  const checkouts = new Map<string, Checkout>();
  for (const order of orders) {
    let checkout = checkouts.get(order.checkoutId);
    if (!checkout) checkouts.set(order.checkoutId, (checkout = { checkoutId: order.checkoutId, orders: [], totalMinor: 0, refundedMinor: 0, owedMinor: 0 }));
    checkout.orders.push(order);
    if (order.status !== 'Cancelled' && !order.isRefunded) checkout.totalMinor += toMinor(order.amount);
    checkout.refundedMinor += refundedMinorOf(order);
    if (refundOwed(order)) checkout.owedMinor += toMinor(order.amount);
  }
  for (const checkout of checkouts.values()) checkout.orders.sort((a, b) => (a.seller.id < b.seller.id ? -1 : 1));
  return [...checkouts.values()];
}
