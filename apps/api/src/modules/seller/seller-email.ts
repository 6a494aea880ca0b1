import { bpsToPercent, formatPrice } from '@greencart/shared';
import type { MailMessage } from '../mail/mailer.js';
import type { PayoutRow } from '../settlement/settlement-repository.js';
import type { SellerRow } from './seller-repository.js';

type ShopMailOptions = { publicUrl: string };

/** How long a confirmation link works from the moment it is mailed (docs/decisions/0235). */
export const CONFIRMATION_LINK_HOURS = 72;

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
export function sellerStatusEmail(seller: SellerRow, status: 'approved' | 'suspended' | 'declined', options: ShopMailOptions): MailMessage {
  const reason = seller.statusReason ? ['', `Reason: ${seller.statusReason}`] : [];
  const news = {
    // First approved, or again after a suspension: either way its products (if any) are back before shoppers.
    approved: `${seller.shopName} is approved: its products are shown to shoppers, and you can add and change products and take orders on GreenCart.`,
    suspended: `${seller.shopName} is suspended on GreenCart. Its products are no longer shown to shoppers, and you cannot change products or orders until the shop is approved again. Orders already placed stay as they are.`,
    // An application never approved has no products or orders to speak of (decision 0252).
    declined: `GreenCart has declined the application for ${seller.shopName}: the shop will not open. Reply to this e-mail if you think GreenCart got it wrong; the application can still be approved.`,
  }[status];
  const lines = [
    `Hello ${seller.name},`,
    '',
    news,
    ...reason,
    '',
    ...(status === 'approved'
      ? [`Your seller area: ${options.publicUrl}/seller`, `Your shop's page: ${options.publicUrl}/shop/${seller.slug}`]
      : [`You can still sign in to see your ${status === 'declined' ? 'application' : 'shop'}: ${options.publicUrl}/seller`]),
  ];
  const subject = status === 'declined' ? `GreenCart: the application for ${seller.shopName} is declined` : `GreenCart: ${seller.shopName} is ${status}`;
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
