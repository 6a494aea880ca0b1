import type { Order } from './schemas.js';
import { toMinor } from './money.js';

/**
 * An order's line as the shopper gets it, for the status mails and the assistant: once picked, the units picked (a
 * line none of which could be picked says so) and a substitute named as one; before the picks, as ordered. Both
 * listed lines as ordered after the picks. `name` may be the product's name escaped for markdown.
 */
export function heldLine(item: Order['items'][number], name: string = item.product.name): string {
  const units = item.picked ?? item.quantity;
  if (item.substituteFor !== null) return `${units} x ${name} (substitute)`;
  return units === 0 ? `${name} (not available)` : `${units} x ${name}`;
}

/** Whether the rider collects the order's amount at the door: cash on delivery, not paid yet, not cancelled. */
export const collectsOnDelivery = (order: Pick<Order, 'paymentType' | 'isPaid'> & { status: string }): boolean =>
  order.paymentType === 'COD' && !order.isPaid && order.status !== 'Cancelled';

/**
 * What went back to the card of an order, in minor units: its picks' difference (a card order picked short) and, once it
 * is refunded, its amount after them. My Orders said "Refunded : Rs 0" of an order none of which was picked (its amount
 * after picks), and a checkout's header left the picks' refunds out (a probe).
 */
export const refundedMinorOf = (order: Pick<Order, 'paymentType' | 'isPaid' | 'isRefunded' | 'amount' | 'pickReduction'>): number =>
  (order.paymentType === 'Online' && order.isPaid ? toMinor(order.pickReduction) : 0) + (order.isRefunded ? toMinor(order.amount) : 0);

/** A cancelled order paid by card whose refund has not gone through yet (the provider refused or failed; retried hourly). */
export const refundOwed = (order: Pick<Order, 'isPaid' | 'isRefunded' | 'status'>): boolean => order.isPaid && !order.isRefunded && order.status === 'Cancelled';

/** Where an order's payment stands, in the shopper's words (the assistant called a refunded order "paid"). */
export function paymentStanding(order: Pick<Order, 'paymentType' | 'isPaid' | 'isRefunded' | 'status'>): string {
  if (order.isRefunded) return 'refunded';
  // Paid and cancelled, the card's refund not through yet (the hourly retry's): "paid" hid the money owed (a probe).
  if (refundOwed(order)) return 'refund on its way';
  if (order.isPaid) return 'paid';
  if (collectsOnDelivery(order)) return 'to pay on delivery';
  return order.status === 'Cancelled' ? 'nothing to pay' : 'payment pending';
}

/** The reasons My Orders offers a shopper who cancels (decision 0288; the call takes any text). */
export const SHOPPER_CANCEL_REASONS = ['Ordered by mistake', 'Found a better price', 'Delivery is too late', 'Changed my mind'] as const;
