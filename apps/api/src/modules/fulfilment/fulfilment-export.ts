import { heldLine, sellerPaymentLabel, type CancelledBy, type Order } from '@greencart/shared';
import { writeCsv } from '../../lib/csv.js';

/**
 * The seller's orders as CSV (issue 16), written by csv-stringify like the catalogue export: RFC 4180
 * quoting, and every text a buyer or seller typed is kept from being read as a formula by a spreadsheet
 * (`escape_formulas`: a cell starting with = + - @, a tab or a carriage return gets a leading apostrophe,
 * OWASP's advice for CSV injection). Amounts are numbers the shop computed.
 */
// The shop comes last (issue 26): the operator's export holds every shop's orders; earlier columns keep their place,
// and the order's number (issue 28), what people read it by, comes after them. The placing time's column names the
// shop's zone, as the statement's date column does (decision 0078, amended 2026-11-29). Then what makes up the amount
// and when to deliver (issues 28, 29): the delivery fee, the coupon and its discount, the window in the shop's zone; then
// the tax in the amount, for the shop's accounts; then a cancel's reason and who gave it (decision 0288).
const columns = (timeZone: string) => [
  'Order ID',
  `Placed at (${timeZone})`,
  'Status',
  'Payment method',
  'Payment',
  'Buyer',
  'Phone',
  'Delivery address',
  'Items',
  'Amount',
  'Shop',
  'Order number',
  'Delivery fee',
  'Coupon',
  'Discount',
  `Delivery from (${timeZone})`,
  `Delivery to (${timeZone})`,
  'Tax',
  'Cancel reason',
  'Cancelled by',
];

/** Who cancelled an order, as the shop's CSV names them. */
const CANCELLED_BY_CELL: Record<CancelledBy, string> = { shopper: 'Shopper', seller: 'Shop', operator: 'GreenCart' };

/** The shop's CSV lines (the orders', the statement's): RFC 4180, Windows line ends, no cell read as a formula. */
export const csvLines = (rows: (string | number)[][]) => writeCsv(rows, { record_delimiter: 'windows', escape_formulas: true });

export const ordersCsvHeader = (timeZone: string) => csvLines([columns(timeZone)]);

/** A time as the shop's CSV files write it: in the shop's zone (decision 0042), `YYYY-MM-DD HH:mm`. */
export const csvLocalTime = (timeZone: string) => new Intl.DateTimeFormat('sv-SE', { timeZone, year: 'numeric', month: '2-digit', day: '2-digit', hour: '2-digit', minute: '2-digit' });

/** One line per order; its times in the shop's zone. */
export function ordersCsvRows(orders: Order[], timeZone: string): string {
  const placedAt = csvLocalTime(timeZone);
  return csvLines(
    orders.map((order) => {
      const a = order.address;
      return [
        order._id,
        placedAt.format(new Date(order.createdAt)),
        order.status,
        order.paymentType,
        sellerPaymentLabel(order),
        `${a.firstName} ${a.lastName}`,
        a.phone,
        `${a.street}, ${a.city}, ${a.state} ${a.zipcode}, ${a.country}`,
        // The units the order holds: what was picked once picks are recorded (issue 28), a substitute marked as one, a
        // line none of which was picked said so, as the status mails say them (a bare "0 x Bananas" puzzled a probe).
        order.items.map((i) => heldLine(i)).join('; '),
        order.amount,
        order.seller.shopName,
        order.orderNumber,
        order.deliveryFee,
        order.coupon ?? '',
        order.discount,
        order.deliverySlot ? placedAt.format(new Date(order.deliverySlot.start)) : '',
        order.deliverySlot ? placedAt.format(new Date(order.deliverySlot.end)) : '',
        order.tax,
        order.cancelReason ?? '',
        order.cancelledBy ? CANCELLED_BY_CELL[order.cancelledBy] : '',
      ];
    }),
  );
}
