import type { FastifyBaseLogger } from 'fastify';
import { allowedNextStatuses, REVENUE_CHART_DAYS, toMajor, type Order, type OrderStatus, type SellerSummary } from '@greencart/shared';
import type { Db } from '../../db/client.js';
import type { ImageService } from '../images/image-service.js';
import type { PaymentGateway } from '../payments/payment-gateway.js';
import { toApiOrder } from '../orders/order-mapper.js';
import { findOrderWithItems, listOrdersWithItems, returnOrderStock } from '../orders/order-repository.js';
import type { OrderService } from '../orders/order-service.js';
import { checkoutCloseFailed, invalidStatusChange, orderNotFound, refundFailed } from './fulfilment-errors.js';
import { countUnpaidOnlineOrders, dailyRevenue, lockOrder, updateOrderStatus } from './fulfilment-repository.js';

/**
 * The shop's business day: the currency is the rupee and the shop delivers locally, so "today" and
 * each chart day are calendar days in India, whatever the server's own zone (docs/decisions/0042).
 */
export const SHOP_TIME_ZONE = 'Asia/Kolkata';

const DAY_MS = 24 * 60 * 60 * 1000;

/** `YYYY-MM-DD` of an instant in a time zone (en-CA formats dates that way). */
const calendarDay = (instant: Date, timeZone: string) => new Intl.DateTimeFormat('en-CA', { timeZone, year: 'numeric', month: '2-digit', day: '2-digit' }).format(instant);

/** The `count` calendar days ending with `lastDay` (`YYYY-MM-DD`), oldest first. */
function daysEndingWith(lastDay: string, count: number): string[] {
  const last = Date.parse(`${lastDay}T00:00:00Z`);
  return Array.from({ length: count }, (_, i) => new Date(last - (count - 1 - i) * DAY_MS).toISOString().slice(0, 10));
}

/** The seller's view of orders (spec sections 4, 7 and issue 6): the list, the summary, status changes. */
export function createFulfilmentService(deps: {
  db: Db;
  images: Pick<ImageService, 'urlFor'>;
  payments: Pick<PaymentGateway, 'refund' | 'closeCheckout'>;
  /** The one path that records a payment (here: one taken just before the seller's cancel). */
  orders: Pick<OrderService, 'handlePaymentEvent'>;
  log: FastifyBaseLogger;
  timeZone?: string;
  now?: () => Date;
}) {
  const { db, log } = deps;
  const timeZone = deps.timeZone ?? SHOP_TIME_ZONE;
  const now = deps.now ?? (() => new Date());

  return {
    /**
     * Orders newest first, a page at a time (issue 15), unpaid online ones included: the seller sees
     * them as Payment 'Pending' and counts them in the summary (docs/decisions/0040).
     */
    async listPage(page: { cursor?: string; limit: number }): Promise<{ orders: Order[]; nextCursor: string | null }> {
      const rows = await listOrdersWithItems(db, { before: page.cursor, limit: page.limit + 1 });
      const shown = rows.slice(0, page.limit);
      return { orders: shown.map((order) => toApiOrder(order, deps.images)), nextCursor: rows.length > page.limit ? shown.at(-1)!.id : null };
    },

    async summary(): Promise<SellerSummary> {
      const today = calendarDay(now(), timeZone);
      const days = daysEndingWith(today, REVENUE_CHART_DAYS);
      const [perDay, unpaidOnlineOrders] = await Promise.all([dailyRevenue(db, days, timeZone), countUnpaidOnlineOrders(db)]);
      const byDay = new Map(perDay.map((d) => [d.day, d]));
      return {
        timeZone,
        today: { date: today, orders: byDay.get(today)?.orders ?? 0, revenue: toMajor(byDay.get(today)?.revenueMinor ?? 0) },
        unpaidOnlineOrders,
        revenueByDay: days.map((date) => ({ date, revenue: toMajor(byDay.get(date)?.revenueMinor ?? 0) })),
      };
    },

    /**
     * POST /api/order/status: forward only, Cancelled before Dispatched (shared `allowedNextStatuses`);
     * an unpaid online order can only be cancelled. The row is locked, so concurrent changes serialise.
     * Cancelling a paid online order refunds it first; if the provider refuses, nothing changes.
     * Cancelling an unpaid one closes its payment page first, so no payment can follow (0045).
     */
    async changeStatus(orderId: string, status: OrderStatus): Promise<Order> {
      const paidBeforeCancel = await db.transaction(async (tx) => {
        const order = await lockOrder(tx, orderId);
        if (!order) throw orderNotFound();
        const from = order.status as OrderStatus;
        if (from === status) throw invalidStatusChange(from, status, `it is already ${status}`);
        if (!allowedNextStatuses(from).includes(status)) {
          const why =
            from === 'Delivered' || from === 'Cancelled'
              ? `a ${from.toLowerCase()} order is final`
              : status === 'Cancelled'
                ? 'an order can only be cancelled before it is dispatched'
                : 'orders only move forward';
          throw invalidStatusChange(from, status, why);
        }
        if (order.paymentType === 'Online' && !order.isPaid && status !== 'Cancelled') {
          throw invalidStatusChange(from, status, 'the online payment has not been received yet');
        }
        const refund = status === 'Cancelled' && order.paymentType === 'Online' && order.isPaid;
        if (refund) {
          await deps.payments.refund(order.paymentSessionId!, order.id).catch((err: unknown) => {
            log.error({ err, orderId }, 'refunding a cancelled order failed');
            throw refundFailed();
          });
        }
        const close = status === 'Cancelled' && order.paymentType === 'Online' && !order.isPaid && order.paymentSessionId !== null;
        const closed = close
          ? await deps.payments.closeCheckout(order.paymentSessionId!).catch((err: unknown) => {
              log.error({ err, orderId }, 'closing the checkout session of a cancelled order failed');
              throw checkoutCloseFailed();
            })
          : undefined;
        await updateOrderStatus(tx, orderId, status, refund ? now() : undefined);
        // Any cancelled order, cash on delivery too, puts its units back (docs/decisions/0064).
        if (status === 'Cancelled') await returnOrderStock(tx, orderId);
        return closed === 'paid' ? order.paymentSessionId! : undefined;
      });
      if (paidBeforeCancel) {
        // The shopper paid just before the cancel and its webhook has not arrived: the payment is
        // recorded on the now cancelled order and refunded, through the one payment path.
        await deps.orders.handlePaymentEvent({ id: `paid_before_cancel_${paidBeforeCancel}`, type: 'checkout.session.completed', sessionId: paidBeforeCancel });
      }
      return toApiOrder((await findOrderWithItems(db, orderId))!, deps.images);
    },
  };
}

export type FulfilmentService = ReturnType<typeof createFulfilmentService>;
