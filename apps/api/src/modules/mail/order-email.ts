import { formatPrice, toMinor, type Order } from '@greencart/shared';
import type { MailMessage } from './mailer.js';

const PAYMENT_METHODS: Record<Order['paymentType'], string> = { COD: 'Cash On Delivery', Online: 'Online Payment (paid)' };

/** The confirmation a shopper gets after checkout: order id, items, total, delivery address, payment method. */
export function orderConfirmationEmail(order: Order, options: { to: string; currency: string; publicUrl: string }): MailMessage {
  const price = (major: number) => formatPrice(toMinor(major), options.currency);
  const a = order.address;
  const lines = [
    `Hello ${a.firstName},`,
    '',
    'Thank you for shopping at GreenCart. Your order is placed.',
    '',
    `Order ID: ${order._id}`,
    `Payment method: ${PAYMENT_METHODS[order.paymentType]}`,
    '',
    'Items:',
    ...order.items.map((i) => `  ${i.quantity} x ${i.product.name} (${price(i.product.offerPrice)} each) = ${price((toMinor(i.product.offerPrice) * i.quantity) / 100)}`),
    '',
    `Total (incl. 2% tax, free shipping): ${price(order.amount)}`,
    '',
    'Delivery address:',
    `  ${a.firstName} ${a.lastName}`,
    `  ${a.street}`,
    `  ${a.city}, ${a.state} ${a.zipcode}`,
    `  ${a.country}`,
    `  Phone: ${a.phone}`,
    '',
    `Follow your order: ${options.publicUrl}/my-orders`,
  ];
  return { to: options.to, subject: `GreenCart order ${order._id} confirmed`, text: lines.join('\n') };
}

/**
 * A payment that arrived after its order was cancelled (by the seller, or its payment page expired)
 * and was given back in full (docs/decisions/0045). Never the confirmation: the order is not placed.
 */
export function paymentRefundedEmail(order: Order, options: { to: string; currency: string; publicUrl: string }): MailMessage {
  const lines = [
    `Hello ${order.address.firstName},`,
    '',
    `Your GreenCart order ${order._id} was cancelled before your online payment reached us, so nothing will be delivered.`,
    `We have refunded your payment of ${formatPrice(toMinor(order.amount), options.currency)} in full. Your bank may take a few days to show it.`,
    '',
    `The items are still in your cart if you would like to order again: ${options.publicUrl}/cart`,
  ];
  return { to: options.to, subject: `GreenCart order ${order._id} was cancelled: your payment is refunded`, text: lines.join('\n') };
}
