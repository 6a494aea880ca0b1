import { sellerPaymentLabel, type Order } from '@greencart/shared';

/**
 * The seller's orders as CSV (issue 16): RFC 4180 quoting, and every text a buyer or seller typed is kept
 * from being read as a formula by a spreadsheet (a cell starting with = + - @, a tab or a carriage return
 * gets a leading apostrophe, OWASP's advice for CSV injection). Amounts are numbers the shop computed.
 */
const COLUMNS = ['Order ID', 'Placed at', 'Status', 'Payment method', 'Payment', 'Buyer', 'Phone', 'Delivery address', 'Items', 'Amount'];

function textCell(value: string): string {
  const safe = /^[=+\-@\t\r]/.test(value) ? `'${value}` : value;
  return /[",\r\n]/.test(safe) ? `"${safe.replace(/"/g, '""')}"` : safe;
}

const csvLine = (cells: (string | number)[]) => `${cells.map((c) => (typeof c === 'number' ? String(c) : textCell(c))).join(',')}\r\n`;

export const ordersCsvHeader = () => csvLine(COLUMNS);

/** One line per order; the placing time in the shop's zone (decision 0042), `YYYY-MM-DD HH:mm`. */
export function ordersCsvRows(orders: Order[], timeZone: string): string {
  const placedAt = new Intl.DateTimeFormat('sv-SE', { timeZone, year: 'numeric', month: '2-digit', day: '2-digit', hour: '2-digit', minute: '2-digit' });
  return orders
    .map((order) => {
      const a = order.address;
      return csvLine([
        order._id,
        placedAt.format(new Date(order.createdAt)),
        order.status,
        order.paymentType,
        sellerPaymentLabel(order),
        `${a.firstName} ${a.lastName}`,
        a.phone,
        `${a.street}, ${a.city}, ${a.state} ${a.zipcode}, ${a.country}`,
        order.items.map((i) => `${i.quantity} x ${i.product.name}`).join('; '),
        order.amount,
      ]);
    })
    .join('');
}
