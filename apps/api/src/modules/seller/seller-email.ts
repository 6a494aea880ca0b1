import { balanceEffect, bpsToPercent, formatPrice, ledgerEntryLabel, ORDER_NUMBER_PREFIX, shopsOwn } from '@greencart/shared';
import type { OperatorOrderAction } from '../mail/mail-outbox-repository.js';
import type { MailMessage } from '../mail/mailer.js';
import type { PayoutRow } from '../settlement/settlement-repository.js';
import type { ActedOrder, SellerRow } from './seller-repository.js';

type ShopMailOptions = { publicUrl: string };

/** How long a confirmation link works from the moment it is mailed (docs/decisions/0235). */
export const CONFIRMATION_LINK_HOURS = 72;
/**
 * For how many days after applying a shop may ask for a new link (0235, amended 2026-12-01): an application is held at
 * most this long plus its last link's life, not renewed for ever by asking again.
 */
export const CONFIRMATION_RESEND_DAYS = 7;

/** The mail a new shop gets: the link that confirms its e-mail address (issue 26). */
export function sellerConfirmEmail(seller: SellerRow, link: string): MailMessage {
  const lines = [
    `Hello ${seller.name},`,
    '',
    // A name ending in its own full stop ("Fruits Co.") takes no second one.
    `Thank you for applying to sell on GreenCart as ${seller.shopName}${seller.shopName.endsWith('.') ? '' : '.'}`,
    'Please confirm your e-mail address by opening this link:',
    '',
    `  ${link}`,
    '',
    `The link works for ${CONFIRMATION_LINK_HOURS / 24} days; opened later, it lets you ask for a new one.`,
    'Once it is confirmed, GreenCart reviews your application and e-mails you when your shop is approved.',
    'If you did not apply, ignore this e-mail: nothing happens without the link.',
  ];
  return { to: seller.email, subject: `GreenCart: confirm your e-mail for ${seller.shopName}`, text: lines.join('\n') };
}

/** The mail a shop gets when the operator approves, suspends or declines it, with the reason given (issue 26). */
export function sellerStatusEmail(seller: SellerRow, status: 'approved' | 'reinstated' | 'suspended' | 'declined', options: ShopMailOptions): MailMessage {
  const reason = seller.statusReason ? ['', `Reason: ${seller.statusReason}`] : [];
  const news = {
    approved: `${seller.shopName} is approved: its products are shown to shoppers, and you can add and change products and take orders on GreenCart.`,
    // Approved again after a suspension: its products are back before shoppers.
    reinstated: `${seller.shopName} is open again: GreenCart has lifted its suspension. Its products are shown to shoppers again, and you can add and change products and take orders.`,
    suspended: `${seller.shopName} is suspended on GreenCart. Its products are no longer shown to shoppers, and you cannot change products or orders until the shop is approved again. Orders already placed stay as they are.`,
    // An application never approved has no products or orders to speak of (decision 0252).
    // What the applicant can do (0252, amended): its details cannot be changed, nor the e-mail apply again; GreenCart can
    // look at the application again and approve it.
    declined: `GreenCart has declined the application for ${seller.shopName}: the shop will not open. The application cannot be changed, and this e-mail address cannot apply again. If you think GreenCart got it wrong, or the reason can be put right, reply to this e-mail: GreenCart can look at the application again and approve it.`,
  }[status];
  const lines = [
    `Hello ${seller.name},`,
    '',
    news,
    ...reason,
    '',
    ...(status === 'approved' || status === 'reinstated'
      ? [`Your seller area: ${options.publicUrl}/seller`, `Your shop's page: ${options.publicUrl}/shop/${seller.slug}`]
      : [`You can still sign in to see your ${status === 'declined' ? 'application' : 'shop'}: ${options.publicUrl}/seller`]),
    // A new shop delivers everywhere for free until it says otherwise (0137): said at its opening, where it starts (a review).
    ...(status === 'approved'
      ? [
          '',
          `Until you set your delivery, ${seller.shopName} delivers to every pincode free of charge, any day. Set the pincodes you serve, your fee, a minimum order and delivery windows: ${options.publicUrl}/seller/delivery`,
        ]
      : []),
  ];
  const subject =
    status === 'declined' ? `GreenCart: the application for ${seller.shopName} is declined` : status === 'reinstated' ? `GreenCart: ${seller.shopName} is open again` : `GreenCart: ${seller.shopName} is ${status}`;
  return { to: seller.email, subject, text: lines.join('\n') };
}

/** The mail a shop gets when the operator removes one of its products, with the operator's reason (decision 0229). */
export function productRemovedEmail(seller: SellerRow, product: { name: string; reason: string }, options: ShopMailOptions): MailMessage {
  const lines = [
    `Hello ${seller.name},`,
    '',
    `GreenCart removed "${product.name}" from ${seller.shopName}: shoppers no longer see it, and carts show it as no longer sold. Orders already placed keep it.`,
    '',
    `Reason: ${product.reason}`,
    '',
    `Your products: ${options.publicUrl}/seller/product-list`,
  ];
  return { to: seller.email, subject: `GreenCart: "${product.name}" was removed from ${seller.shopName}`, text: lines.join('\n') };
}

/** The mail the operator gets when an application's e-mail is confirmed: who applied, and where to review it (decision 0247). */
export function sellerAppliedEmail(applicant: SellerRow, operator: SellerRow, options: ShopMailOptions): MailMessage {
  const lines = [
    `Hello ${operator.name},`,
    '',
    `${applicant.shopName} applied to sell on GreenCart and confirmed its e-mail. The application waits for your review.`,
    '',
    `Name: ${applicant.name}`,
    `E-mail: ${applicant.email}`,
    `Phone: ${applicant.phone}`,
    `Pickup address: ${applicant.pickupAddress}`,
    '',
    `Applications waiting: ${options.publicUrl}/seller/sellers?status=pending`,
  ];
  return { to: operator.email, subject: `GreenCart: ${applicant.shopName} applied to sell`, text: lines.join('\n') };
}

/**
 * The mail a shop gets when its commission rate changes (decision 0249): its own rate set or dropped, or the default
 * it pays changed. It applies to the orders delivered from now on; those delivered keep what they were charged.
 */
export function commissionEmail(seller: SellerRow, change: { bps: number; rate: 'own' | 'default' }, options: ShopMailOptions): MailMessage {
  // Written as the Balance screen writes it.
  const percent = `${bpsToPercent(change.bps)}%`;
  const lines = [
    `Hello ${seller.name},`,
    '',
    `GreenCart's commission for ${seller.shopName} is now ${percent}${change.rate === 'default' ? ", the marketplace's default rate" : ', a rate of your shop\'s own'}.`,
    "It is taken on each order delivered from now on: that share of the order's amount with its tax, not of its delivery fee.",
    'Orders already delivered keep the commission they were charged.',
    '',
    `Your balance and statement: ${options.publicUrl}/seller/balance`,
  ];
  // "Fresh Farms' commission", not "Fresh Farms's" (a probe).
  const whose = seller.shopName.endsWith('s') ? `${seller.shopName}'` : `${seller.shopName}'s`;
  return { to: seller.email, subject: `GreenCart: ${whose} commission is now ${percent}`, text: lines.join('\n') };
}

/** How many new orders a mail lists by number; the rest are counted, and all are on the Orders screen. */
export const NEW_ORDERS_LISTED = 20;

/**
 * The mail a shop gets about its new orders of the last minute or so (decision 0250): each by number, amount and how
 * it is paid, oldest first, and where to take them.
 */
export function newOrdersEmail(
  seller: SellerRow,
  found: { total: number; orders: { orderNumber: string; amountMinor: number; paymentType: 'COD' | 'Online' }[] },
  options: ShopMailOptions & { currency: string },
): MailMessage {
  const count = found.total === 1 ? '1 new order' : `${found.total} new orders`;
  const lines = [
    `Hello ${seller.name},`,
    '',
    `${seller.shopName} has ${count} on GreenCart:`,
    '',
    ...found.orders.map((o) => `  ${o.orderNumber}  ${formatPrice(o.amountMinor, options.currency)}  ${o.paymentType === 'COD' ? 'cash on delivery' : 'paid by card'}`),
    ...(found.total > found.orders.length ? [`  and ${found.total - found.orders.length} more`] : []),
    '',
    `Your orders: ${options.publicUrl}/seller/orders`,
    `You can turn these e-mails off in your shop's profile: ${options.publicUrl}/seller/profile`,
  ];
  return { to: seller.email, subject: `GreenCart: ${count} for ${seller.shopName}`, text: lines.join('\n') };
}

/**
 * The mail a shop gets when the operator pays it, or records a payment the shop made GreenCart (decision 0276): the
 * amount, how it was paid, the operator's reference and its id (decision 0247).
 */
export function payoutEmail(seller: SellerRow, payout: PayoutRow, options: ShopMailOptions & { currency: string }): MailMessage {
  const amount = formatPrice(payout.amountMinor, options.currency);
  const received = payout.method === 'received';
  const lines = [
    `Hello ${seller.name},`,
    '',
    received ? `GreenCart received ${amount} from ${seller.shopName}, of what the shop owed.` : `GreenCart paid ${amount} to ${seller.shopName}.`,
    ...(received ? [] : [payout.transferId ? `Sent to your Stripe account: transfer ${payout.transferId}.` : 'Paid by hand (as agreed with GreenCart, outside this site).']),
    ...(payout.reference ? [`Reference: ${payout.reference}`] : []),
    // As the statement's CSV names it.
    `${received ? 'Payment' : 'Payout'} ID: ${payout.id}`,
    '',
    `Your balance and statement: ${options.publicUrl}/seller/balance`,
  ];
  const subject = received ? `GreenCart: payment of ${amount} received from ${seller.shopName}` : `GreenCart: payout of ${amount} to ${seller.shopName}`;
  return { to: seller.email, subject, text: lines.join('\n') };
}

/**
 * The mail a shop gets when the operator acts on one of its orders (decision 0277): the order by number, what GreenCart
 * did on the shop's behalf, what the shop now does (hand a cash refund back, leave a cancelled order) and what it did to
 * the shop's balance, entry by entry in the statement's words. Composed from the order and its entries as they are.
 */
export function orderByOperatorEmail(
  seller: SellerRow,
  order: ActedOrder,
  action: OperatorOrderAction,
  options: ShopMailOptions & { currency: string },
): MailMessage {
  const price = (minor: number) => formatPrice(minor, options.currency);
  const number = `${ORDER_NUMBER_PREFIX}${order.orderNumber}`;
  const cash = order.paymentType === 'COD';
  const amount = price(order.amountMinor);
  const onBehalf = `on ${shopsOwn(seller.shopName)} behalf`;
  const backInStock = 'its units are back in your stock';
  const what: string[] = {
    refunded: cash
      ? [`GreenCart refunded the cash-on-delivery order ${number} (${amount}) ${onBehalf}.`, `Hand the ${amount} your rider collected back to the shopper.`]
      : [`GreenCart refunded the order ${number} ${onBehalf}: ${amount} goes back to the shopper's card.`],
    cancelled: [
      `GreenCart cancelled the order ${number} (${amount}) ${onBehalf}: do not pack or deliver it; ${backInStock}.`,
      // The words the shopper was given (decision 0288).
      ...(order.cancelReason ? [`The shopper was told: ${order.cancelReason}`] : []),
      ...(cash ? ['No cash is to be collected for it.'] : order.isPaid ? [`The shopper's card payment of ${amount} is refunded.`] : []),
    ],
    picked:
      order.status === 'Cancelled'
        ? [`GreenCart recorded the picks of the order ${number} ${onBehalf}: nothing could be picked, so the order is cancelled and ${backInStock}.`]
        : [
            `GreenCart recorded the picks of the order ${number} ${onBehalf}: its total is now ${amount}${
              order.pickReductionMinor > 0 ? `, ${price(order.pickReductionMinor)} less${cash ? ' to collect in cash' : ', refunded to the shopper\'s card'}` : ''
            }.`,
            'Pack and deliver what was picked.',
          ],
    Delivered: [
      `GreenCart marked the order ${number} (${amount}) Delivered ${onBehalf}.`,
      ...(cash ? [`That records that your rider collected the ${amount} in cash, which the shop keeps.`] : []),
    ],
    Processed: [`GreenCart moved the order ${number} to Processed ${onBehalf}.`],
    Packed: [`GreenCart moved the order ${number} to Packed ${onBehalf}.`],
    Dispatched: [`GreenCart moved the order ${number} to Dispatched ${onBehalf}.`],
  }[action];
  // The entries this action wrote: a delivery's sale, commission and cash collected; a refund's, each turned round.
  const entries =
    action === 'Delivered'
      ? order.entries.filter((e) => e.type === 'sale' || (e.type !== 'refund' && e.amountMinor > 0))
      : action === 'refunded'
        ? order.entries.filter((e) => e.type === 'refund' || (e.type !== 'sale' && e.amountMinor < 0))
        : [];
  const net = entries.reduce((sum, e) => sum + balanceEffect(e.type, e.amountMinor), 0);
  const balance =
    entries.length > 0
      ? [
          // Orders carry an id on the statement, so a payout entry here is cash collected or given back.
          `On your statement: ${entries.map((e) => `${ledgerEntryLabel({ type: e.type, amount: e.amountMinor, orderId: order.id })} ${price(Math.abs(e.amountMinor))}`).join(', ')}.`,
          net === 0 ? 'Your balance does not change.' : `Your balance goes ${net > 0 ? 'up' : 'down'} by ${price(Math.abs(net))}.`,
        ]
      : action === 'cancelled' || (action === 'picked' && order.status === 'Cancelled')
        ? ['Your balance does not change: the order was never delivered.']
        : ['Your balance does not change now: the order enters it when it is delivered.'];
  const verb = { refunded: 'refunded', cancelled: 'cancelled', picked: 'recorded the picks of' }[action as string] ?? `marked ${action}`;
  const lines = [
    `Hello ${seller.name},`,
    '',
    ...what,
    '',
    ...balance,
    '',
    'Reply to this e-mail if you have a question about it.',
    `Your orders: ${options.publicUrl}/seller/orders`,
    `Your balance and statement: ${options.publicUrl}/seller/balance`,
  ];
  return { to: seller.email, subject: `GreenCart ${verb} order ${number} of ${seller.shopName}`, text: lines.join('\n') };
}

/**
 * The mail a shop gets when a shopper cancels one of its orders before it is packed (decision 0288): not to pack or
 * deliver it, the shopper's reason if given, and what happens to the payment.
 */
export function shopperCancelledEmail(seller: SellerRow, order: ActedOrder, options: ShopMailOptions & { currency: string }): MailMessage {
  const number = `${ORDER_NUMBER_PREFIX}${order.orderNumber}`;
  const amount = formatPrice(order.amountMinor, options.currency);
  const lines = [
    `Hello ${seller.name},`,
    '',
    `The shopper cancelled the order ${number} (${amount}): do not pack or deliver it; its units are back in your stock.`,
    ...(order.cancelReason ? [`The shopper's reason: ${order.cancelReason}`] : []),
    order.paymentType === 'COD' ? 'No cash is to be collected for it.' : `The shopper's card payment of ${amount} is refunded.`,
    'Your balance does not change: the order was never delivered.',
    '',
    `Your orders: ${options.publicUrl}/seller/orders`,
    `You can turn order e-mails off in your shop's profile: ${options.publicUrl}/seller/profile`,
  ];
  return { to: seller.email, subject: `GreenCart: order ${number} of ${seller.shopName} was cancelled by the shopper`, text: lines.join('\n') };
}
