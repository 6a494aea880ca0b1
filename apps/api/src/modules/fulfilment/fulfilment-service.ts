import type { FastifyBaseLogger } from 'fastify';
import {
  allowedNextStatuses,
  couponEligibleMinor,
  DEFAULT_CURRENCY,
  deliveryDiscountMinor,
  formatPrice,
  PICKABLE_STATUSES,
  keptLineDiscountMinor,
  priceShopOrder,
  REVENUE_CHART_DAYS,
  shopperCanCancel,
  substituteDiscountMinor,
  substituteUnitPriceMinor,
  toMajor,
  type CancelledBy,
  type Order,
  type OrderPickInput,
  type OrderStatus,
  type SellerOrderFilter,
  type SellerOrderQuery,
  type SellerSummary,
} from '@greencart/shared';
import { keptUntilChange, type ChannelFeed } from '../../db/channel-feed.js';
import type { Db, DbOrTx } from '../../db/client.js';
import { couponTypeOf } from '../coupons/coupon-repository.js';
import { queueShopMail, type OperatorOrderAction } from '../mail/mail-outbox-repository.js';
import type { PaymentGateway } from '../payments/payment-gateway.js';
import { findApiOrder, jsonList, listApiOrders, lockOrdersAndHoldings, markOrderPaid, parseOrders, releaseCouponUse, returnOrderStock, type OrderListFilter } from '../orders/order-repository.js';
import type { OrderService } from '../orders/order-service.js';
import { shopSaleMinor, type Caller, type SettlementService } from '../settlement/settlement-service.js';
import { orderNotRefundable } from '../settlement/settlement-errors.js';
import {
  cashDeliveryByShop,
  checkoutCloseFailed,
  couponMinimumOnCancel,
  invalidPick,
  invalidStatusChange,
  orderNotCancellable,
  orderNotFound,
  pickNotAllowed,
  picksAlreadyRecorded,
  pickRefundFailed,
  refundFailed,
  substituteNotAllowed,
  substituteUnavailable,
} from './fulfilment-errors.js';
import { ordersCsvHeader, ordersCsvRows } from './fulfilment-export.js';
import { checkoutOrderIds, countUnpaidOnlineOrders, couponLinesWithout, dailySales, findShopId, findShopStatus, lockOrder, sessionHasOtherLiveOrders, updateOrderStatus } from './fulfilment-repository.js';
import { findOrderLines, insertSubstituteLines, lockAndReadProducts, markPicked, moveStock, setPickedQuantities } from './pick-repository.js';
import { calendarDay } from '../../lib/calendar-day.js';

type LockedOrder = NonNullable<Awaited<ReturnType<typeof lockOrder>>>;

/** The shop whose orders a call covers: its own for a seller, undefined (every shop's) for the operator (issue 26). */
const shopOf = (caller: Caller) => (caller.role === 'operator' ? undefined : caller.id);

/**
 * Who a shop-side cancel or refund is by: the operator acting on another shop's order is the marketplace, not the
 * shop (0145, 0247).
 */
const callerActsAs = (caller: Caller, order: { sellerId: string }): Extract<CancelledBy, 'seller' | 'operator'> =>
  caller.role === 'operator' && order.sellerId !== caller.id ? 'operator' : 'seller';

/** The seller area's answers: the operator's name the standing of other shops' orders (`ApiOrderParts`). */
const answerParts = (caller: Caller) => (caller.role === 'operator' ? { operator: caller.id } : {});

/**
 * The shop is told what the operator did to its order (decision 0277): its money or its work changes by another's hand.
 * Queued in the action's transaction (sent iff it commits); never for the operator's own shop, whose orders are its own.
 */
async function tellShop(tx: DbOrTx, caller: Caller, order: { id: string; sellerId: string }, action: OperatorOrderAction): Promise<void> {
  if (callerActsAs(caller, order) === 'operator') await queueShopMail(tx, order.sellerId, { kind: 'order-by-operator', orderId: order.id, action });
}

/** No shop's id (the nil UUID): what an address no shop has stands for, so it covers no order. */
const NO_SHOP = '00000000-0000-0000-0000-000000000000';

/**
 * The shop's business day: the currency is the rupee and the shop delivers locally, so "today" and
 * each chart day are calendar days in India, whatever the server's own zone (docs/decisions/0042).
 */
export const SHOP_TIME_ZONE = 'Asia/Kolkata';

/** Orders read per query while a CSV export streams: memory stays one page, whatever the shop's size. */
const EXPORT_PAGE_SIZE = 500;

/** Seller answers kept between order changes (pages of at most 100 orders, ~100 kB at most; 20 by default). */
const REMEMBERED_ANSWERS_MAX = 100;

const DAY_MS = 24 * 60 * 60 * 1000;

/** The `count` calendar days ending with `lastDay` (`YYYY-MM-DD`), oldest first. */
function daysEndingWith(lastDay: string, count: number): string[] {
  const last = Date.parse(`${lastDay}T00:00:00Z`);
  return Array.from({ length: count }, (_, i) => new Date(last - (count - 1 - i) * DAY_MS).toISOString().slice(0, 10));
}

/** The seller's view of orders (spec sections 4, 7 and issue 6): the list, the summary, status changes. */
export function createFulfilmentService(deps: {
  db: Db;
  payments: Pick<PaymentGateway, 'refund' | 'closeCheckout'>;
  /** The one path that records a payment (here: one taken just before the seller's cancel), and the shopper's e-mails. */
  orders: Pick<OrderService, 'handlePaymentEvent' | 'queueShopperMail'>;
  /** The shops' ledger: a delivered order's sale and commission, a refund (issue 26). */
  settlement: Pick<SettlementService, 'recordDelivery' | 'recordRefund'>;
  /** Order changes from every instance (NOTIFY), which drop the cached summary. */
  changes: Pick<ChannelFeed, 'live' | 'subscribe'>;
  log: FastifyBaseLogger;
  timeZone?: string;
  /** The amounts of a refusal's message (a coupon's minimum), as the shop writes them. */
  currency?: string;
  now?: () => Date;
}) {
  const { db, log } = deps;
  const price = (minor: number) => formatPrice(minor, deps.currency ?? DEFAULT_CURRENCY);
  const timeZone = deps.timeZone ?? SHOP_TIME_ZONE;
  const now = deps.now ?? (() => new Date());

  const toListFilter = (filter: SellerOrderFilter, caller: Caller): OrderListFilter & { sellerId?: string } => ({
    sellerId: shopOf(caller),
    status: filter.status,
    payment: filter.payment,
    fromDay: filter.from,
    toDay: filter.to,
    deliveryDay: filter.deliveryDay,
    timeZone,
    search: filter.q || undefined,
    shop: filter.seller,
  });

  async function computeSummary(today: string, sellerId: string | undefined): Promise<SellerSummary> {
    const days = daysEndingWith(today, REVENUE_CHART_DAYS);
    const [sales, unpaidOnlineOrders] = await Promise.all([dailySales(db, days, timeZone, sellerId), countUnpaidOnlineOrders(db, sellerId)]);
    // A day's revenue is its orders' sales as the shops' statements enter them: with a platform coupon's discount.
    const byDay = new Map<string, { orders: number; revenueMinor: number }>();
    for (const part of sales) {
      const day = byDay.get(part.day) ?? { orders: 0, revenueMinor: 0 };
      byDay.set(part.day, { orders: day.orders + part.orders, revenueMinor: day.revenueMinor + shopSaleMinor(part) });
    }
    return {
      timeZone,
      today: { date: today, orders: byDay.get(today)?.orders ?? 0, revenue: toMajor(byDay.get(today)?.revenueMinor ?? 0) },
      unpaidOnlineOrders,
      revenueByDay: days.map((date) => ({ date, revenue: toMajor(byDay.get(date)?.revenueMinor ?? 0) })),
    };
  }

  /**
   * The summary, and each page's answer, are the same for every request until an order changes (or the
   * day does): kept per instance and all dropped on every change any instance makes, heard on the orders
   * feed (docs/decisions/0080), as the catalogue's reads are (`keptUntilChange`).
   */
  // Apart, so that many pages passing through never push the summary out.
  const summaries = keptUntilChange(deps.changes, REMEMBERED_ANSWERS_MAX);
  const pages = keptUntilChange(deps.changes, REMEMBERED_ANSWERS_MAX);
  const ordersChanged = () => {
    summaries.clear();
    pages.clear();
  };

  /** A page of orders as one JSON array's text, straight from the database (docs/decisions/0084). */
  async function listPage(page: SellerOrderQuery, caller: Caller): Promise<{ ordersJson: string; nextCursor: string | null }> {
    const rows = await listApiOrders(db, { ...toListFilter(page, caller), before: page.cursor, limit: page.limit + 1, ...answerParts(caller) });
    const shown = rows.slice(0, page.limit);
    return { ordersJson: jsonList(shown), nextCursor: rows.length > page.limit ? shown.at(-1)!.id : null };
  }

  /**
   * The summary of the caller's orders, kept apart per shop: a shop's own; the operator's over every shop, or over
   * the one shop it names by address or id (`seller`, as its list), whose summary an address no shop has leaves empty.
   */
  async function summary(caller: Caller, shop?: string): Promise<SellerSummary> {
    const today = calendarDay(now(), timeZone);
    const named = caller.role === 'operator' && shop;
    const sellerId = named ? ((await findShopId(db, shop)) ?? NO_SHOP) : shopOf(caller);
    return summaries.get(`${sellerId ?? 'all'} ${today}`, () => computeSummary(today, sellerId));
  }

  /** The order's row, locked, if the caller may change it: another shop's order is not found (issue 26). */
  async function lockCallersOrder(tx: DbOrTx, orderId: string, caller: Caller) {
    const order = await lockOrder(tx, orderId);
    const shop = shopOf(caller);
    if (!order || (shop !== undefined && order.sellerId !== shop)) throw orderNotFound();
    return order;
  }

  /**
   * Cancels a locked order, by its shop or its shopper (issue 28), in the caller's transaction: the one
   * cancel. A paid card order's share is refunded first (if the provider refuses, nothing changes); an
   * unpaid one's payment page closes with the checkout's last live order, as an expiry would (0045); its
   * units (and whatever else `returnOrderStock` gives back) return once; the shopper is e-mailed, unless `mail` is
   * false (picks that held nothing cancel with their own e-mail); the `reason` given, if any, is kept on the order (0288).
   */
  async function cancelLocked(tx: DbOrTx, order: LockedOrder, by: CancelledBy, mail = true, reason?: string): Promise<{ paidBeforeCancel: string | undefined }> {
    const orderId = order.id;
    const refund = order.paymentType === 'Online' && order.isPaid;
    // Nothing left to give back when picks already refunded the whole payment.
    if (refund && order.amountMinor > 0) {
      // This order's share of the checkout's one payment (issue 26): the other shops' orders stay paid.
      await deps.payments.refund(order.paymentSessionId!, { orderId: order.id, amountMinor: order.amountMinor }).catch((err: unknown) => {
        log.error({ err, orderId }, 'refunding a cancelled order failed');
        throw refundFailed();
      });
    }
    // The checkout's payment page closes with its last live order; until then the other shops' orders
    // can still be paid (this one's share is refunded if it is).
    const close =
      order.paymentType === 'Online' && !order.isPaid && order.paymentSessionId !== null && !(await sessionHasOtherLiveOrders(tx, order.paymentSessionId, order.id));
    const closed = close
      ? await deps.payments.closeCheckout(order.paymentSessionId!).catch((err: unknown) => {
          log.error({ err, orderId }, 'closing the checkout session of a cancelled order failed');
          throw checkoutCloseFailed();
        })
      : undefined;
    await updateOrderStatus(tx, orderId, 'Cancelled', refund ? now() : undefined, by, reason);
    // Any cancelled order, cash on delivery too, puts its units back (docs/decisions/0064).
    await returnOrderStock(tx, orderId);
    // The shopper's e-mail, queued with the change: sent iff it commits (0083). An unpaid online order
    // was never an order the shopper saw (My Orders leaves it out), so its cancel is not mailed (0081).
    if (mail && (order.paymentType === 'COD' || order.isPaid)) await deps.orders.queueShopperMail(tx, orderId, { kind: 'status', status: 'Cancelled' });
    return { paidBeforeCancel: closed === 'paid' ? order.paymentSessionId! : undefined };
  }

  /** After a status change commits: this instance's kept answers go, and a payment taken just before it is recorded and refunded. */
  async function afterChange(paidBeforeCancel: string | undefined): Promise<void> {
    // This instance's summary is stale now; the others hear it on the feed.
    ordersChanged();
    if (paidBeforeCancel) {
      // The shopper paid just before the cancel and its webhook has not arrived: the payment is
      // recorded on the now cancelled order and refunded, through the one payment path.
      await deps.orders.handlePaymentEvent({ id: `paid_before_cancel_${paidBeforeCancel}`, type: 'checkout.session.completed', sessionId: paidBeforeCancel });
    }
  }

  /**
   * Substitutions (issue 28, docs/decisions/0151): the seller's picks of an order, recorded once, in one
   * transaction holding the order's row: per ordered line the units picked and, where the shopper accepts a
   * replacement, a substitute product of the same shop for the missing units, charged at most the replaced
   * line's unit price. Units not picked go back to the shelf, a substitute's are taken (counted stock, products
   * locked by id after the order); the order is priced again by checkout's rule (`priceShopOrder`) and a card
   * payment is refunded the difference before the commit (if the provider refuses, nothing changes). The
   * shopper's e-mail is queued and the timeline gets 'Picked'. The same picks sent again answer the order as it is.
   */
  async function recordPicks(input: OrderPickInput, caller: Caller): Promise<{ order: Order; replayed: boolean }> {
    const replayed = await db.transaction(async (tx) => {
      const order = await lockCallersOrder(tx, input.orderId, caller);
      const lines = await findOrderLines(tx, order.id);
      const ordered = lines.filter((l) => l.substituteFor === null);
      const byProduct = new Map(ordered.map((l) => [l.productId, l]));
      // The request as one pick per ordered line: a line not named was picked in full.
      const asked = new Map<string, { picked: number; substituteProduct?: string }>();
      for (const pick of input.lines) {
        const line = byProduct.get(pick.product);
        if (!line) throw invalidPick(`product ${pick.product} is not a line of this order`);
        if (asked.has(line.id)) throw invalidPick(`${line.name} is named twice`);
        if (pick.picked > line.quantity) throw invalidPick(`${line.name}: ${pick.picked} picked but ${line.quantity} ordered`);
        if (pick.substituteProduct !== undefined && pick.picked === line.quantity) throw invalidPick(`${line.name} was picked in full: nothing to substitute`);
        asked.set(line.id, { picked: pick.picked, substituteProduct: pick.substituteProduct });
      }
      const picks = ordered.map((line) => ({ line, picked: asked.get(line.id)?.picked ?? line.quantity, substituteProduct: asked.get(line.id)?.substituteProduct }));
      if (order.pickedAt) {
        // Recorded once: the same picks again (a retry, a double click) answer the order; other picks are refused.
        const same = picks.every(
          ({ line, picked, substituteProduct }) =>
            line.pickedQuantity === picked && (lines.find((l) => l.substituteFor === line.id)?.productId ?? undefined) === substituteProduct,
        );
        if (!same) throw picksAlreadyRecorded();
        return true;
      }
      if (!(PICKABLE_STATUSES as readonly string[]).includes(order.status)) {
        throw pickNotAllowed(order.status === 'Cancelled' ? 'the order is cancelled' : `the order is already ${order.status}: picks are recorded before it is packed`);
      }
      if (order.paymentType === 'Online' && !order.isPaid) throw pickNotAllowed('the online payment has not been received yet');
      for (const { line, substituteProduct } of picks) {
        if (substituteProduct === undefined) continue;
        if (line.substitute === 'none') throw substituteNotAllowed(line.name);
        if (substituteProduct === line.productId) throw invalidPick(`${line.name} cannot substitute itself`);
      }
      // Products whose units move: the ordered ones picked short and the substitutes, locked in id order.
      const substituteIds = picks.flatMap((p) => (p.substituteProduct ? [p.substituteProduct] : []));
      const shortIds = picks.flatMap((p) => (p.picked < p.line.quantity && p.line.productId ? [p.line.productId] : []));
      const found = new Map((await lockAndReadProducts(tx, [...shortIds, ...substituteIds])).map((p) => [p.id, p]));
      const delta = new Map<string, number>();
      const add = (productId: string, units: number) => delta.set(productId, (delta.get(productId) ?? 0) + units);
      const substitutes: Parameters<typeof insertSubstituteLines>[2] = [];
      for (const { line, picked, substituteProduct } of picks) {
        const missing = line.quantity - picked;
        if (missing > 0 && line.productId) add(line.productId, missing);
        if (!substituteProduct) continue;
        const product = found.get(substituteProduct);
        // Another shop's product does not exist for this one (decision 0117).
        if (!product || product.sellerId !== order.sellerId) throw substituteUnavailable(`no product ${substituteProduct} in this shop`);
        if (!product.sold) throw substituteUnavailable(`${product.name} is not sold at the moment`);
        add(product.id, -missing);
        const unitPriceMinor = substituteUnitPriceMinor(product.offerPriceMinor, line.unitPriceMinor);
        substitutes.push({ substituteFor: line.id, product, unitPriceMinor, quantity: missing, discountMinor: substituteDiscountMinor(line, picked, unitPriceMinor * missing) });
      }
      for (const [productId, units] of delta) {
        const product = found.get(productId);
        if (units < 0 && product?.stock !== null && product?.stock !== undefined && product.stock + units < 0) {
          throw substituteUnavailable(`only ${product.stock} of ${product.name} left`);
        }
      }
      await moveStock(tx, [...delta].map(([productId, units]) => ({ productId, delta: units })).sort((a, b) => a.productId.localeCompare(b.productId)));
      await setPickedQuantities(tx, picks.map((p) => ({ lineId: p.line.id, picked: p.picked })));
      await insertSubstituteLines(tx, order.id, substitutes);
      // Priced again by checkout's one rule on what the order now holds (decision 0151).
      // Each ordered line keeps the coupon's share of the units it still holds (issue 29, linePaidMinor); a substitute
      // carries the share of the units it replaces; the delivery fee (and a free-delivery discount on it) stays while
      // anything is delivered.
      const held = [
        ...picks.map((p) => ({ unitPriceMinor: p.line.unitPriceMinor, quantity: p.picked, discountMinor: keptLineDiscountMinor(p.line, p.picked) })),
        ...substitutes,
      ];
      const delivered = held.some((line) => line.quantity > 0);
      const onFee = deliveryDiscountMinor(order, await couponTypeOf(tx, order.couponId));
      const totals = priceShopOrder(order.sellerId, held, delivered ? { feeMinor: order.deliveryFeeMinor, discountMinor: onFee } : { feeMinor: 0, discountMinor: 0 });
      const reductionMinor = Math.max(0, order.amountMinor - totals.totalMinor);
      const picked = { subtotalMinor: totals.amountMinor, taxMinor: totals.taxMinor, amountMinor: totals.totalMinor, deliveryFeeMinor: totals.deliveryFeeMinor, discountMinor: totals.discountMinor, reductionMinor };
      if (!(await markPicked(tx, order.id, picked))) {
        throw picksAlreadyRecorded();
      }
      if (order.paymentType === 'Online' && order.isPaid && reductionMinor > 0) {
        // The difference given back through the partial-refund path, under its own key: once per order, and
        // never mistaken for the order's full refund (a cancel, a return) that may follow.
        await deps.payments.refund(order.paymentSessionId!, { orderId: order.id, amountMinor: reductionMinor, key: `pick-refund-${order.id}` }).catch((err: unknown) => {
          log.error({ err, orderId: order.id }, 'refunding the difference of an order\'s picks failed');
          throw pickRefundFailed();
        });
      }
      await deps.orders.queueShopperMail(tx, order.id, { kind: 'picked' });
      // One mail to the shop for the picks, a cancel they caused included (its words say so).
      await tellShop(tx, caller, order, 'picked');
      // Nothing picked, nothing to deliver (decision 0162): the order is cancelled with the picks, its e-mail says so;
      // its window's place and, if no other order of the checkout has a share of it, the coupon's use go back.
      if (!delivered) await cancelLocked(tx, { ...order, amountMinor: totals.totalMinor }, callerActsAs(caller, order), false);
      // Picks that left the checkout's live orders no discount (the discounted line not picked) give its use back too;
      // after the cancel's window place: the global lock order is products, windows, then the coupon (decision 0141).
      if (order.couponId && totals.discountMinor < order.discountMinor) await releaseCouponUse(tx, order.checkoutId, order.discountMinor - totals.discountMinor);
      return false;
    });
    if (!replayed) ordersChanged();
    return { order: (await findApiOrder(db, input.orderId, answerParts(caller)))!, replayed };
  }

  return {
    summary,

    recordPicks,

    /**
     * GET /api/order/seller's answer as JSON: orders newest first, a page at a time (issue 15), optionally
     * filtered (issue 16), unpaid online ones included (the seller sees them as Payment 'Pending' and the
     * summary counts them, 0040), under the spec's `order` and under `orders`, which the original client
     * reads (0098), with the summary; remembered until an order changes. The orders' JSON is the
     * database's text, written as it came (0084).
     */
    pageAnswer(page: SellerOrderQuery, caller: Caller): Promise<string> {
      return pages.get(`${shopOf(caller) ?? 'all'} ${calendarDay(now(), timeZone)} ${JSON.stringify(page)}`, async () => {
        const [{ ordersJson, nextCursor }, totals] = await Promise.all([listPage(page, caller), summary(caller, page.seller)]);
        return `{"success":true,"orders":${ordersJson},"order":${ordersJson},"nextCursor":${JSON.stringify(nextCursor)},"summary":${JSON.stringify(totals)},"message":"Orders loaded"}`;
      });
    },

    /**
     * The filtered orders as CSV, newest first, read a page at a time by the same keyset query as the
     * list, so an export of 100,000 orders holds one page in memory (docs/decisions/0078).
     */
    async *exportCsv(filter: SellerOrderFilter, caller: Caller): AsyncGenerator<string> {
      yield ordersCsvHeader(timeZone);
      let before: string | undefined;
      for (;;) {
        const rows = await listApiOrders(db, { ...toListFilter(filter, caller), before, limit: EXPORT_PAGE_SIZE });
        if (rows.length > 0) yield ordersCsvRows(parseOrders(rows), timeZone);
        if (rows.length < EXPORT_PAGE_SIZE) return;
        before = rows.at(-1)!.id;
      }
    },

    /**
     * POST /api/order/status: forward only, Cancelled before Dispatched (shared `allowedNextStatuses`);
     * an unpaid online order can only be cancelled. The row is locked, so concurrent changes serialise.
     * Cancelling a paid online order refunds it first; if the provider refuses, nothing changes.
     * Cancelling an unpaid one closes its payment page first, so no payment can follow (0045).
     */
    async changeStatus(orderId: string, status: OrderStatus, caller: Caller, reason?: string): Promise<Order> {
      const { paidBeforeCancel } = await db.transaction(async (tx) => {
        const order = await lockCallersOrder(tx, orderId, caller);
        const from = order.status as OrderStatus;
        if (from === status) throw invalidStatusChange(from, status, `it is already ${status}`);
        // Another shop's order moved by the operator: what it may do depends on that shop's standing (0277).
        const otherShop = callerActsAs(caller, order) === 'operator' ? await findShopStatus(tx, order.sellerId) : undefined;
        if (!allowedNextStatuses({ ...order, status: from }, otherShop).includes(status)) {
          if (allowedNextStatuses({ ...order, status: from }).includes(status)) throw cashDeliveryByShop();
          const why =
            from === 'Delivered' || from === 'Cancelled'
              ? `a ${from.toLowerCase()} order is final`
              : status === 'Cancelled'
                ? 'an order can only be cancelled before it is dispatched'
                : order.paymentType === 'Online' && !order.isPaid
                  ? 'the online payment has not been received yet'
                  : 'orders only move forward';
          throw invalidStatusChange(from, status, why);
        }
        if (status === 'Cancelled') {
          const cancelled = await cancelLocked(tx, order, callerActsAs(caller, order), true, reason);
          await tellShop(tx, caller, order, 'cancelled');
          return cancelled;
        }
        if (status === 'Delivered') {
          // The sale and the operator's commission enter the shop's ledger with the change (0122), first: under the shop's
          // account lock, so the delivery is dated (by the clock) after any wait for it, as its entries and the rate they
          // were charged are (a money probe: deliveries dated before a commission change were charged its rate).
          await deps.settlement.recordDelivery(tx, order);
          // Cash on delivery is collected at the door: paid once delivered (the seller's 'Paid', the Paid filter).
          if (order.paymentType === 'COD') await markOrderPaid(tx, orderId, now());
        }
        await updateOrderStatus(tx, orderId, status);
        // The shopper's e-mail, queued with the change: sent iff it commits (0083).
        if (status !== 'Order Placed') {
          await deps.orders.queueShopperMail(tx, orderId, { kind: 'status', status });
          await tellShop(tx, caller, order, status);
        }
        return { paidBeforeCancel: undefined };
      });
      await afterChange(paidBeforeCancel);
      return (await findApiOrder(db, orderId, answerParts(caller)))!;
    },

    /**
     * POST /api/order/cancel (issue 28): the shopper cancels their own order while the shop has not packed
     * it (Order Placed, Processed), through the same cancel as the shop's (refund, payment page, stock,
     * e-mail). Another shopper's order is not found. The order's row lock makes two clicks or two tabs
     * take turns: the second finds it cancelled by its shopper and answers it again, refunding nothing.
     * `wholeCheckout`: with every other order of its checkout the shopper may still cancel, in this one transaction.
     * A coupon's minimum is kept (docs/decisions/0263): when the orders that stay would hold less of the coupon's scope
     * than its minimum (and something), nothing is cancelled (409): the whole checkout may go where one order may not.
     * `reason`: the shopper's, kept on each order cancelled for its shop to read (decision 0288).
     */
    async cancelForShopper(orderId: string, userId: string, wholeCheckout = false, reason?: string): Promise<{ order: Order; already: boolean }> {
      const { paidBeforeCancel, already } = await db.transaction(async (tx) => {
        // The whole checkout: its orders, their products and window places locked first, in the global order (0107, 0141).
        const checkout = wholeCheckout ? await checkoutOrderIds(tx, orderId) : [];
        if (checkout.length > 0) await lockOrdersAndHoldings(tx, checkout);
        const order = await lockOrder(tx, orderId);
        // An unpaid online order is no order the shopper sees (0081) until its payment: theirs to let go all the same.
        if (!order || order.userId !== userId) throw orderNotFound();
        if (order.status === 'Cancelled' && order.cancelledBy === 'shopper') return { paidBeforeCancel: undefined, already: true };
        if (!shopperCanCancel({ status: order.status as OrderStatus })) throw orderNotCancellable(order.status as OrderStatus, order.cancelledBy);
        const going = [order];
        for (const id of checkout) {
          const each = id === orderId ? undefined : await lockOrder(tx, id);
          if (each && shopperCanCancel({ status: each.status })) going.push(each);
        }
        const staying = await couponLinesWithout(tx, order, going.map((each) => each.id));
        const remainingMinor = staying ? couponEligibleMinor(staying.coupon, staying.lines) : 0;
        if (staying && remainingMinor > 0 && remainingMinor < staying.coupon.minSubtotalMinor) {
          throw couponMinimumOnCancel(staying.coupon.code, price(remainingMinor), price(staying.coupon.minSubtotalMinor), wholeCheckout);
        }
        let paid: string | undefined;
        for (const each of going) {
          paid = (await cancelLocked(tx, each, 'shopper', true, reason)).paidBeforeCancel ?? paid;
          // Its shop is told not to pack it, and why (decision 0288): an order it saw, paid or cash on delivery.
          if (each.paymentType === 'COD' || each.isPaid) await queueShopMail(tx, each.sellerId, { kind: 'order-by-shopper', orderId: each.id });
        }
        return { paidBeforeCancel: paid, already: false };
      });
      await afterChange(paidBeforeCancel);
      return { order: (await findApiOrder(db, orderId))!, already };
    },

    /**
     * POST /api/order/refund: a delivered order given back (a return, a complaint). A card payment's share
     * for this order is refunded through the gateway first (if the provider refuses, nothing changes); the
     * refund and the commission given back enter the shop's ledger in the same transaction (0122), with the
     * shopper's e-mail saying so.
     */
    async refundDelivered(orderId: string, caller: Caller): Promise<{ order: Order; commissionKept: boolean }> {
      const { commissionKept } = await db.transaction(async (tx) => {
        const order = await lockCallersOrder(tx, orderId, caller);
        if (order.status !== 'Delivered') throw orderNotRefundable('only a delivered order is refunded (cancel one not yet dispatched)');
        if (order.refundedAt) throw orderNotRefundable('it is already refunded');
        if (order.paymentType === 'Online' && order.isPaid) {
          await deps.payments.refund(order.paymentSessionId!, { orderId: order.id, amountMinor: order.amountMinor }).catch((err: unknown) => {
            log.error({ err, orderId }, 'refunding a delivered order failed');
            throw refundFailed();
          });
        }
        await updateOrderStatus(tx, orderId, order.status, now());
        const by = callerActsAs(caller, order);
        const settled = await deps.settlement.recordRefund(tx, order, by);
        await deps.orders.queueShopperMail(tx, orderId, { kind: 'refunded', by });
        await tellShop(tx, caller, order, 'refunded');
        return settled;
      });
      ordersChanged();
      return { order: (await findApiOrder(db, orderId, answerParts(caller)))!, commissionKept };
    },
  };
}

export type FulfilmentService = ReturnType<typeof createFulfilmentService>;
