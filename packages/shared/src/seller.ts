import type { OrderStatus, SellerStatus } from './constants.js';
import type { Order } from './schemas.js';

/**
 * The seller's order lifecycle (issue 6): forward only along the chain, and Cancelled allowed until
 * the order is Dispatched. Steps may be skipped forward (docs/decisions/0041). Delivered and
 * Cancelled are final.
 */
export const FULFILMENT_CHAIN = ['Order Placed', 'Processed', 'Packed', 'Dispatched', 'Delivered'] as const satisfies readonly OrderStatus[];

/**
 * The statuses an order may move to, in chain order. An online order whose payment has not arrived can only be
 * cancelled: nothing is prepared before the money is in (the seller's list offered steps the server refused, a probe).
 * `otherShop`: the standing of the shop whose order the operator moves (undefined for a shop's own order). The
 * operator's Delivered of an approved shop's cash order would say the shop's rider has the cash, which enters the
 * shop's ledger as cash it keeps: the shop's word alone (decisions 0276, 0277); the operator may cancel a dispatched order
 * of a shop no longer approved.
 */
export function allowedNextStatuses(order: Pick<Order, 'status' | 'paymentType' | 'isPaid'>, otherShop?: SellerStatus): OrderStatus[] {
  const at = FULFILMENT_CHAIN.indexOf(order.status as (typeof FULFILMENT_CHAIN)[number]);
  if (at < 0) return [];
  // Delivered, the chain's last step, left out where it is the shop's to mark.
  const forward: OrderStatus[] =
    order.paymentType === 'Online' && !order.isPaid ? [] : FULFILMENT_CHAIN.slice(at + 1, order.paymentType === 'COD' && otherShop === 'approved' ? -1 : undefined);
  // Cancelled until dispatched; for the operator, a shop no longer approved's dispatched order too: that shop cannot say
  // whether it arrived, and a card payment is given back only by a cancel (a probe found no way to refund one).
  const last = otherShop && otherShop !== 'approved' ? 'Delivered' : 'Dispatched';
  return at < FULFILMENT_CHAIN.indexOf(last) ? [...forward, 'Cancelled'] : forward;
}

/** How many days the seller's revenue chart covers, today included. */
export const REVENUE_CHART_DAYS = 14;

/** The summary above the seller's orders (GET /api/order/seller, key `summary`); amounts in major units. */
export interface SellerSummary {
  /** The shop's time zone, in which "today" and each chart day are counted. */
  timeZone: string;
  today: { date: string; orders: number; revenue: number };
  unpaidOnlineOrders: number;
  /** Oldest first, one entry per day (`YYYY-MM-DD`), days without orders at 0. */
  revenueByDay: { date: string; revenue: number }[];
}

/**
 * An order's payment as the seller's list and its CSV name it: the spec's 'Paid' / 'Pending', 'Refunded'
 * once given back (decision 0044), 'Refund pending' while a late payment's refund is retried (0045), 'Not paid'
 * for one cancelled before any payment (a card checkout left unpaid, cash not collected: decision 0269).
 */
export function sellerPaymentLabel(order: Pick<Order, 'isPaid' | 'isRefunded' | 'status'>): string {
  if (order.isRefunded) return 'Refunded';
  if (!order.isPaid) return order.status === 'Cancelled' ? 'Not paid' : 'Pending';
  return order.status === 'Cancelled' ? 'Refund pending' : 'Paid';
}
