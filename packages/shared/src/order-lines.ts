import type { Order } from './schemas.js';

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
