import { toMinor, type Order } from '@greencart/shared';

/** One checkout of the shopper (issue 26): the orders it placed, one per shop, and what it cost in all. */
export interface Checkout {
  checkoutId: string;
  orders: Order[];
  /** Σ of the amounts of its orders still standing (a cancelled or refunded shop's order is not paid for), in minor units. */
  totalMinor: number;
}

/**
 * The shopper's orders (newest first, as My Orders pages them) as checkouts, newest first; a checkout's
 * orders keep the list's order. A checkout whose orders fall on two pages is whole once both are loaded.
 */
export function groupByCheckout(orders: Order[]): Checkout[] {
  const checkouts = new Map<string, Checkout>();
  for (const order of orders) {
    let checkout = checkouts.get(order.checkoutId);
    if (!checkout) checkouts.set(order.checkoutId, (checkout = { checkoutId: order.checkoutId, orders: [], totalMinor: 0 }));
    checkout.orders.push(order);
    if (order.status !== 'Cancelled' && !order.isRefunded) checkout.totalMinor += toMinor(order.amount);
  }
  return [...checkouts.values()];
}
