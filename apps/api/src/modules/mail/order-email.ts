import { collectsOnDelivery, DEFAULT_STORE_TIME_ZONE, formatPrice, formatSlot, heldLine, toMinor, type Order, type OrderStatus } from '@greencart/shared';
import type { OrderMail } from './mail-outbox-repository.js';
import type { MailMessage } from './mailer.js';

const PAYMENT_METHODS: Record<Order['paymentType'], string> = { COD: 'Cash On Delivery', Online: 'Online Payment (paid)' };

/** What composing a shopper's mail needs; `checkout`: every shop order of the mailed order's checkout (issue 26). */
export interface OrderMailOptions {
  to: string;
  currency: string;
  publicUrl: string;
  checkout?: Order[];
  /** The store's time zone: delivery windows are written in it (issue 28). */
  timeZone?: string;
}

/** Issue 28: an order's delivery fee and window, as the shopper reads them. */
const deliveryLines = (order: Order, price: (major: number) => string, timeZone = DEFAULT_STORE_TIME_ZONE) => [
  `Delivery: ${order.deliveryFee > 0 ? price(order.deliveryFee) : 'free'}`,
  ...(order.deliverySlot ? [`Delivery slot: ${formatSlot(order.deliverySlot, timeZone)}`] : []),
];

/**
 * The units a line holds: as ordered, or as picked once the shop recorded its picks. A confirmation is written when it
 * is sent, from the order as it is then: a fast shop's picks (or a send retried later) came first, and the mail listed
 * the ordered units beside the picked total, its tax the difference, negative (a probe: "Tax (2%): Rs -18.80").
 */
const unitsOf = (item: Order['items'][number]) => item.picked ?? item.quantity;

/**
 * An order's tax: its total less its goods as held and its delivery fee, the coupon's discount given back (the lines'
 * share and a free-delivery coupon's share of the fee alike: a probe read "Tax (2%): Rs -19.13" when the line shares
 * alone were given back), in minor units.
 */
const taxMinorOf = (order: Order) =>
  toMinor(order.amount) - toMinor(order.deliveryFee) + toMinor(order.discount) - order.items.reduce((sum, i) => sum + toMinor(i.product.offerPrice) * unitsOf(i), 0);

/** A line of the confirmation, as the order holds it: a substitute named so, a line none of which was picked without a price. */
function confirmedLine(item: Order['items'][number], price: (major: number) => string): string {
  const units = unitsOf(item);
  if (units === 0) return `  ${item.product.name} (not available)`;
  const name = item.substituteFor !== null ? `${item.product.name} (substitute)` : item.product.name;
  return `  ${units} x ${name} (${price(item.product.offerPrice)} each) = ${price((toMinor(item.product.offerPrice) * units) / 100)}`;
}

/**
 * The one confirmation a shopper gets after checkout: per shop order its id, shop, items and total, then
 * the checkout's total, delivery address and payment method (issue 26: one mail per checkout).
 */
export function orderConfirmationEmail(order: Order, options: OrderMailOptions): MailMessage {
  const price = (major: number) => formatPrice(toMinor(major), options.currency);
  const orders = options.checkout && options.checkout.length > 0 ? options.checkout : [order];
  const a = order.address;
  const several = orders.length > 1;
  const lines = [
    `Hello ${a.firstName},`,
    '',
    several ? `Thank you for shopping at GreenCart. Your orders from ${orders.length} shops are placed.` : 'Thank you for shopping at GreenCart. Your order is placed.',
    '',
    `Payment method: ${PAYMENT_METHODS[order.paymentType]}`,
    ...orders.flatMap((shopOrder) => [
      '',
      `Order number: ${shopOrder.orderNumber}`,
      `Sold by: ${shopOrder.seller.shopName}`,
      'Items:',
      ...shopOrder.items.map((i) => confirmedLine(i, price)),
      ...deliveryLines(shopOrder, price, options.timeZone),
      // Coupons (issue 29): this shop order's share of the discount, as a line of its own.
      ...(shopOrder.discount > 0 ? [`Coupon ${shopOrder.coupon}: -${price(shopOrder.discount)}`] : []),
      // The tax as a line too, so the lines add up to the total (a probe): what the total holds beyond the goods and delivery.
      `Tax (2%): ${formatPrice(taxMinorOf(shopOrder), options.currency)}`,
      ...(several ? [`Order total (incl. 2% tax${shopOrder.deliveryFee > 0 ? ' and delivery' : ''}): ${price(shopOrder.amount)}`] : []),
    ]),
    '',
    `Total (incl. 2% tax, ${orders.some((o) => o.deliveryFee > 0) ? 'delivery included' : 'free shipping'}): ${formatPrice(orders.reduce((sum, o) => sum + toMinor(o.amount), 0), options.currency)}`,
    '',
    'Delivery address:',
    `  ${a.firstName} ${a.lastName}`,
    `  ${a.street}`,
    `  ${a.city}, ${a.state} ${a.zipcode}`,
    `  ${a.country}`,
    `  Phone: ${a.phone}`,
    '',
    `Follow your order${several ? 's' : ''}: ${options.publicUrl}/my-orders`,
  ];
  const subject = several ? `GreenCart: your ${orders.length} orders are confirmed` : `GreenCart order ${order.orderNumber} confirmed`;
  return { to: options.to, subject, text: lines.join('\n') };
}

/**
 * What a cancel gave back of a card payment: all this order was paid, or, when a short pick had already refunded a
 * part, the rest ("in full" after a pick's refund told the shopper less than they had been given back). Of this order:
 * one payment may have paid a checkout's orders from several shops, and only this one's share went back (issue 26).
 */
const refundedLine = (order: Order, currency: string) =>
  order.pickReduction
    ? `We have refunded the rest of what you paid for this order, ${formatPrice(toMinor(order.amount), currency)} (the part for the items not picked went back earlier). Your bank may take a few days to show it.`
    : `We have refunded ${formatPrice(toMinor(order.amount), currency)}, all you paid for this order. Your bank may take a few days to show it.`;

/**
 * A payment that arrived after its order was cancelled (by the seller, or its payment page expired)
 * and was given back in full (docs/decisions/0045). Never the confirmation: the order is not placed.
 */
export function paymentRefundedEmail(order: Order, options: { to: string; currency: string; publicUrl: string }): MailMessage {
  const lines = [
    `Hello ${order.address.firstName},`,
    '',
    `Your GreenCart order ${order.orderNumber} was cancelled before your online payment reached us, so nothing will be delivered.`,
    refundedLine(order, options.currency),
    '',
    `The items are still in your cart if you would like to order again: ${options.publicUrl}/cart`,
  ];
  return { to: options.to, subject: `GreenCart order ${order.orderNumber} was cancelled: your payment is refunded`, text: lines.join('\n') };
}

/** A delivered order the shop took back and refunded (a return, a complaint): the amount, to the card or in cash. */
export function orderRefundedEmail(order: Order, by: 'seller' | 'operator', options: { to: string; currency: string; publicUrl: string }): MailMessage {
  const amount = formatPrice(toMinor(order.amount), options.currency);
  const lines = [
    `Hello ${order.address.firstName},`,
    '',
    // The operator's refund of another shop's order (a suspended shop's) is told as GreenCart's, as its cancel is (0145).
    by === 'operator'
      ? `GreenCart has refunded your order ${order.orderNumber} from ${order.seller.shopName} on the shop's behalf: ${amount}.`
      : `${order.seller.shopName} has refunded your GreenCart order ${order.orderNumber}: ${amount}.`,
    order.paymentType === 'Online'
      ? 'The refund goes back to the card you paid with. Your bank may take a few days to show it.'
      : 'You paid cash on delivery: the shop returns the amount to you as it has arranged with you.',
    '',
    `Your orders: ${options.publicUrl}/my-orders`,
  ];
  return { to: options.to, subject: `GreenCart order ${order.orderNumber} is refunded: ${amount}`, text: lines.join('\n') };
}

/** What each step the seller takes means to the shopper (issue 16; the statuses as the spec shows them). */
const STATUS_NEWS: Record<Exclude<OrderStatus, 'Order Placed'>, string> = {
  Processed: 'We are preparing your order.',
  Packed: 'Your order is packed and waiting for delivery.',
  Dispatched: 'Your order is on its way.',
  Delivered: 'Your order has been delivered. Enjoy!',
  Cancelled: 'Your order was cancelled by the shop, so nothing will be delivered.',
};

/**
 * The shopper's news when the seller moves an order to `status` (Processed, Packed, Dispatched,
 * Delivered, Cancelled); a cancel that gave the payment back says so (Refunded) in the same message.
 * Bound to the status it reports, so a message composed after a later change still tells its own.
 */
export const orderStatusEmail = (status: Exclude<OrderStatus, 'Order Placed'>) =>
  function orderStatusEmail(order: Order, options: { to: string; currency: string; publicUrl: string; timeZone?: string }): MailMessage {
    const refunded = status === 'Cancelled' && order.isRefunded;
    const open = status !== 'Cancelled' && status !== 'Delivered';
    // Who cancelled (issue 28): the shopper's own cancel is confirmed, not reported as the shop's.
    const news =
      status !== 'Cancelled' || order.cancelledBy === 'seller' || order.cancelledBy === null
        ? STATUS_NEWS[status]
        : order.cancelledBy === 'shopper'
          ? 'You cancelled this order, so nothing will be delivered.'
          : `GreenCart cancelled this order on behalf of ${order.seller.shopName}, so nothing will be delivered.`;
    const lines = [
      `Hello ${order.address.firstName},`,
      '',
      `Order number: ${order.orderNumber}`,
      // Which of a checkout's shop orders moved (issue 26): the shop and what it holds.
      `Sold by: ${order.seller.shopName}`,
      `Items: ${order.items.map((item) => heldLine(item)).join(', ')}`,
      `Status: ${status}`,
      ...(order.deliverySlot && open ? [`Delivery slot: ${formatSlot(order.deliverySlot, options.timeZone ?? DEFAULT_STORE_TIME_ZONE)}`] : []),
      // What the rider collects (after any picks): the mails before delivery never said it.
      ...(open && collectsOnDelivery(order) ? [`To pay on delivery: ${formatPrice(toMinor(order.amount), options.currency)}`] : []),
      '',
      news,
      // The shop's own words (decision 0288), after what happened.
      ...(status === 'Cancelled' && order.cancelReason ? [`Reason: ${order.cancelReason}`] : []),
      ...(refunded ? [refundedLine(order, options.currency)] : []),
      '',
      `Follow your order: ${options.publicUrl}/my-orders`,
    ];
    const subject = refunded ? `GreenCart order ${order.orderNumber} was cancelled: your payment is refunded` : `GreenCart order ${order.orderNumber}: ${status}`;
    return { to: options.to, subject, text: lines.join('\n') };
  };

/**
 * Substitutions (issue 28): what the seller picked, told per line that changed (fewer, none, a substitute and
 * its price), then the new total and the difference: refunded to the card, or not collected on delivery.
 */
export function orderPickedEmail(order: Order, options: { to: string; currency: string; publicUrl: string }): MailMessage {
  const price = (major: number) => formatPrice(toMinor(major), options.currency);
  const ordered = order.items.filter((i) => i.substituteFor === null);
  const changes = ordered.flatMap((line) => {
    const picked = line.picked ?? line.quantity;
    const substitute = order.items.find((i) => i.substituteFor === line.product._id);
    if (picked === line.quantity) return [];
    const what = picked === 0 ? `  ${line.product.name}: not available (${line.quantity} ordered)` : `  ${line.product.name}: ${picked} of ${line.quantity} picked`;
    return [
      what,
      ...(substitute ? [`    replaced by ${substitute.quantity} x ${substitute.product.name} at ${price(substitute.product.offerPrice)} each`] : []),
    ];
  });
  const nothingPicked = order.items.every((i) => (i.picked ?? i.quantity) === 0);
  const reduction = order.pickReduction;
  const difference = nothingPicked
    ? order.paymentType === 'Online'
      ? `We have refunded your payment of ${price(reduction)} in full. Your bank may take a few days to show it.`
      : 'There is nothing to pay.'
    : reduction <= 0
      ? 'Your total is unchanged.'
      : order.paymentType === 'Online'
        ? `We have refunded the difference of ${price(reduction)} to your card. Your bank may take a few days to show it.`
        : `You pay ${price(reduction)} less on delivery.`;
  const lines = [
    `Hello ${order.address.firstName},`,
    '',
    nothingPicked
      ? `None of the items of your GreenCart order ${order.orderNumber} from ${order.seller.shopName} could be picked, so the order is cancelled and nothing will be delivered.`
      : `Your GreenCart order ${order.orderNumber} from ${order.seller.shopName} has been picked.`,
    ...(changes.length > 0 ? ['', 'What changed:', ...changes] : ['', 'Everything you ordered was picked.']),
    '',
    ...(nothingPicked ? [] : [`New total (incl. 2% tax${order.deliveryFee > 0 ? ' and delivery' : ''}): ${price(order.amount)}`]),
    difference,
    '',
    `Follow your order: ${options.publicUrl}/my-orders`,
  ];
  const subject = nothingPicked ? `GreenCart order ${order.orderNumber} is cancelled: nothing could be picked` : `GreenCart order ${order.orderNumber}: your items are picked`;
  return { to: options.to, subject, text: lines.join('\n') };
}

/** The message of a queued mail (docs/decisions/0083), composed at send time from the order as it is then. */
export function composeOrderMail(mail: OrderMail, order: Order, options: OrderMailOptions): MailMessage {
  if (mail.kind === 'confirmation') return orderConfirmationEmail(order, options);
  if (mail.kind === 'payment-refunded') return paymentRefundedEmail(order, options);
  if (mail.kind === 'picked') return orderPickedEmail(order, options);
  if (mail.kind === 'refunded') return orderRefundedEmail(order, mail.by, options);
  return orderStatusEmail(mail.status)(order, options);
}
