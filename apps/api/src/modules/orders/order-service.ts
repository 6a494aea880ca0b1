import { TAX_PERCENT, type MyOrdersQuery, type Order, type PaymentType, type PlaceOrderInput } from '@greencart/shared';
import type { FastifyBaseLogger } from 'fastify';
import type { Config } from '../../config/env.js';
import { CATALOGUE_CHANNEL, MAIL_QUEUED_CHANNEL, ORDERS_CHANNEL } from '../../db/channels.js';
import type { Db, DbOrTx } from '../../db/client.js';
import { replaceCartLines } from '../cart/cart-repository.js';
import { queueOrderMail, type OrderMail, type QueuedMail } from '../mail/mail-outbox-repository.js';
import type { MailMessage } from '../mail/mailer.js';
import { composeOrderMail } from '../mail/order-email.js';
import { CHECKOUT_SESSION_LIFETIME_MS, checkoutReturnUrls, type PaymentEvent, type PaymentGateway } from '../payments/payment-gateway.js';
import { lockUser } from '../users/user-repository.js';
import {
  addressNotFound,
  checkoutInProgress,
  duplicateLines,
  notEnoughStock,
  onlinePaymentUnavailable,
  outOfStock,
  paymentProviderFailed,
  sessionUserGone,
  unknownProducts,
} from './order-errors.js';
import {
  findOrderByPaymentSession,
  findOrdersToMail,
  findOrderWithItems,
  findOwedRefunds,
  findWaitingPaymentSessions,
  listApiOrders,
  markOrderPaid,
  markOrderRefunded,
  parseOrders,
  placeOrder,
  recordPaymentEvent,
  returnOrderStock,
  setOrderStatus,
  setPaymentSession,
  type OrderWithItems,
  type PlacedOrder,
} from './order-repository.js';

export type { OrderWithItems };

/**
 * An identical order (same shopper, products, quantities, address and payment type) placed within
 * this window is the same checkout sent again (a double click, a retry, a second tab): it answers
 * like the first and creates nothing (docs/decisions/0030).
 */
export const DUPLICATE_ORDER_WINDOW_MS = 10 * 60 * 1000;

export const ORDER_PLACED_MESSAGE = 'Order Placed Successfully';

/** The most checkouts of one shopper asked about per visit to My Orders (the newest ones). */
const MAX_CHECKOUTS_TO_CATCH_UP = 3;

/** A new order, or the one the same checkout placed moments ago (decision 0030): only its id is read here. */
type Placed = { duplicate: false; order: PlacedOrder; customerEmail: string } | { duplicate: true; orderId: string };

export function createOrderService(deps: {
  db: Db;
  config: Pick<Config, 'publicUrl' | 'currency'>;
  payments: PaymentGateway;
  /** Announces a change to every instance after the commit (`Database.notify`, docs/decisions/0086). */
  notify: (channel: string) => void;
  log: FastifyBaseLogger;
}) {
  const { db, config, payments, log } = deps;

  /**
   * The messages of queued mails (docs/decisions/0083), composed from their orders as they are now and
   * sent to the shopper's address as it is now: one read for the whole batch. Undefined for a mail
   * whose order or shopper is gone.
   */
  async function composeQueuedMails(mails: QueuedMail[]): Promise<(MailMessage | undefined)[]> {
    const found = await findOrdersToMail(db, [...new Set(mails.map((m) => m.orderId))]);
    const byId = new Map(found.map((found) => [found.order._id, found]));
    return mails.map((mail) => {
      const target = byId.get(mail.orderId);
      return target && composeOrderMail(mail, target.order, { to: target.email, currency: config.currency, publicUrl: config.publicUrl });
    });
  }

  /**
   * One statement (docs/decisions/0065): the shopper's row is locked (so their checkouts run one at a
   * time), the address must be theirs, an identical recent checkout answers the order it placed
   * (0030), every product must exist, be sold and in stock at its current price (rows locked until the
   * order is in), the units of counted products are taken (none when any line is refused: 0064), and
   * the amount uses the cart summary's tax rate. One round trip, however many orders the shopper
   * placed before.
   */
  async function writeOrder(userId: string, input: PlaceOrderInput, paymentType: PaymentType): Promise<Placed> {
    const ids = input.items.map((i) => i.product);
    if (new Set(ids).size !== ids.length) throw duplicateLines();
    const placed = await placeOrder(db, {
      userId,
      addressId: input.address,
      paymentType,
      lines: input.items.map((i) => ({ productId: i.product, quantity: i.quantity })),
      since: new Date(Date.now() - DUPLICATE_ORDER_WINDOW_MS),
      taxPercent: TAX_PERCENT,
    });
    if ('order' in placed) {
      // place_order's writes sent no NOTIFY: holding the notify lock through each commit made every
      // checkout wait for the one before (docs/decisions/0086). Announced now, after the commit.
      deps.notify(ORDERS_CHANNEL);
      if (paymentType === 'COD') deps.notify(MAIL_QUEUED_CHANNEL);
      if (placed.stockTaken) deps.notify(CATALOGUE_CHANNEL);
      return { duplicate: false, order: placed.order, customerEmail: placed.email };
    }
    if ('duplicate' in placed) return { duplicate: true, orderId: placed.duplicate };
    if (placed.refused === 'user') throw sessionUserGone();
    if (placed.refused === 'address') throw addressNotFound();
    if (placed.unknown.length > 0) throw unknownProducts(placed.unknown);
    // A retired product is no longer sold: refused like one out of stock.
    if (placed.soldOut.length > 0) throw outOfStock(placed.soldOut);
    throw notEnoughStock(placed.short);
  }

  /** An order that will not be paid or delivered: its units go back to the shelf (docs/decisions/0064). */
  async function cancelOrder(tx: DbOrTx, orderId: string): Promise<void> {
    await setOrderStatus(tx, orderId, 'Cancelled');
    await returnOrderStock(tx, orderId);
  }

  /**
   * Gives back the payment of an order paid after it was cancelled, then tells the shopper (the mail
   * queued with the refund's record, in one transaction). A refund
   * that fails is logged and the order stays paid, cancelled and not refunded, which `retryOwedRefunds`
   * (hourly) picks up; Stripe's idempotency key `refund-<order id>` keeps a retry from paying twice.
   */
  async function refundOwed(order: { id: string; paymentSessionId: string | null }): Promise<boolean> {
    try {
      await payments.refund(order.paymentSessionId!, order.id);
    } catch (err) {
      log.error({ err, orderId: order.id }, 'refunding a payment for a cancelled order failed: retried by the hourly housekeeping');
      return false;
    }
    await db.transaction(async (tx) => {
      if (await markOrderRefunded(tx, order.id, new Date())) await queueOrderMail(tx, order.id, { kind: 'payment-refunded' });
    });
    return true;
  }

  /**
   * Marks the order of a checkout session paid exactly once; a replayed event changes nothing. A
   * payment for an order already cancelled is recorded, then refunded at once (docs/decisions/0045).
   */
  async function handlePaymentEvent(event: PaymentEvent): Promise<'paid' | 'refunded' | 'refund-pending' | 'cancelled' | 'ignored'> {
    const outcome = await db.transaction(async (tx) => {
      if (!(await recordPaymentEvent(tx, event.id, event.type))) return { result: 'ignored' as const };
      const order = await findOrderByPaymentSession(tx, event.sessionId, { lock: true });
      if (!order || order.isPaid) return { result: 'ignored' as const };
      if (event.type === 'checkout.session.completed') {
        // Recorded before anything else: the shop holds this money until it is given back.
        await markOrderPaid(tx, order.id, new Date());
        // The cart stays: the shopper may still want what the cancelled order held.
        if (order.status === 'Cancelled') return { result: 'owed' as const, order };
        await lockUser(tx, order.userId);
        await replaceCartLines(tx, order.userId, []);
        // Now placed as far as the shopper is concerned: confirmed with the payment (0032, 0083).
        await queueOrderMail(tx, order.id, { kind: 'confirmation' });
        return { result: 'paid' as const, order };
      }
      if (order.status !== 'Order Placed') return { result: 'ignored' as const };
      // Expired or failed: the session is over, and so is the hold on the order's units.
      await cancelOrder(tx, order.id);
      return { result: 'cancelled' as const };
    });
    if (outcome.result === 'owed') return (await refundOwed(outcome.order)) ? 'refunded' : 'refund-pending';
    return outcome.result;
  }

  /**
   * A shopper back from the provider's page can be ahead of its webhook (or the webhook is not set
   * up): before listing their orders, ask the provider about their few checkouts still waiting and
   * record a payment through the one path. A provider that does not answer leaves them waiting.
   */
  async function catchUpWithProvider(userId: string): Promise<void> {
    if (payments.name === 'test') return;
    const since = new Date(Date.now() - CHECKOUT_SESSION_LIFETIME_MS);
    const waiting = await findWaitingPaymentSessions(db, { userId, placedAfter: since, limit: MAX_CHECKOUTS_TO_CATCH_UP });
    await Promise.all(
      waiting.map(async (sessionId) => {
        const paid = await payments.isPaid(sessionId).catch((err: unknown) => {
          log.warn({ err, sessionId }, 'could not ask the payment provider about a checkout');
          return false;
        });
        if (paid) await handlePaymentEvent({ id: `returned_${sessionId}`, type: 'checkout.session.completed', sessionId });
      }),
    );
  }

  /** POST /api/order/stripe: an unpaid 'Online' order and the provider's hosted page to pay it. */
  async function placeOnlineOrder(userId: string, input: PlaceOrderInput): Promise<{ url: string; orderId: string }> {
    // Refused before anything is written (docs/decisions/0046); the cart already shows it unavailable.
    if (!payments.takesPayments) throw onlinePaymentUnavailable();
    const placed = await writeOrder(userId, input, 'Online');
    const urls = checkoutReturnUrls(config.publicUrl);
    if (placed.duplicate) {
      const order = (await findOrderWithItems(db, placed.orderId))!;
      if (order.isPaid) return { url: urls.successUrl, orderId: order.id };
      // The first request is still talking to the provider.
      if (!order.paymentSessionId) throw checkoutInProgress();
      const url = await payments.openCheckoutUrl(order.paymentSessionId).catch(() => undefined);
      if (url) return { url, orderId: order.id };
      // That session is over (or unreachable): closed for good before its order is cancelled, and a
      // payment it already took (its webhook not yet arrived) makes this the shopper's paid order.
      const sessionId = order.paymentSessionId;
      const closed = await payments.closeCheckout(sessionId).catch((err: unknown) => {
        log.error({ err, orderId: order.id }, 'closing an earlier checkout session failed');
        throw paymentProviderFailed();
      });
      if (closed === 'paid') {
        await handlePaymentEvent({ id: `returned_${sessionId}`, type: 'checkout.session.completed', sessionId });
        return { url: urls.successUrl, orderId: order.id };
      }
      // Start afresh with a new order.
      await db.transaction((tx) => cancelOrder(tx, order.id));
      return placeOnlineOrder(userId, input);
    }
    const { order, customerEmail } = placed;
    try {
      const session = await payments.createCheckout({
        orderId: order.id,
        lines: order.lines,
        taxMinor: order.taxMinor,
        customerEmail,
        ...urls,
      });
      await setPaymentSession(db, order.id, session.id);
      return { url: session.url, orderId: order.id };
    } catch (err) {
      log.error({ err, orderId: order.id }, 'creating the checkout session failed');
      await db.transaction((tx) => cancelOrder(tx, order.id));
      throw paymentProviderFailed();
    }
  }

  return {
    /** POST /api/order/cod: the order is placed now and paid on delivery. */
    async placeCodOrder(userId: string, input: PlaceOrderInput): Promise<{ message: string; orderId: string }> {
      // Its confirmation is queued by place_order in the same statement (migration 0014): none for a duplicate.
      const placed = await writeOrder(userId, input, 'COD');
      return { message: ORDER_PLACED_MESSAGE, orderId: placed.duplicate ? placed.orderId : placed.order.id };
    },

    placeOnlineOrder,

    handlePaymentEvent,

    /**
     * The built-in test gateway's sessions expire after 24 hours, as Stripe's do: each abandoned one
     * goes through the same path as Stripe's `checkout.session.expired` (its order is cancelled).
     * Stripe expires its own sessions and tells the webhook, so this does nothing with Stripe.
     */
    async expireAbandonedTestCheckouts(now = new Date()): Promise<number> {
      if (payments.name !== 'test') return 0;
      const sessionIds = await findWaitingPaymentSessions(db, { placedBefore: new Date(now.getTime() - CHECKOUT_SESSION_LIFETIME_MS) });
      for (const sessionId of sessionIds) {
        await handlePaymentEvent({ id: `expired_${sessionId}`, type: 'checkout.session.expired', sessionId });
      }
      return sessionIds.length;
    },

    /** Hourly: refunds that failed when their late payment arrived are tried again. */
    async retryOwedRefunds(): Promise<number> {
      let refunded = 0;
      for (const order of await findOwedRefunds(db)) if (await refundOwed(order)) refunded++;
      return refunded;
    },

    /**
     * Queues a mail to the shopper in the caller's transaction (a status change): sent iff it commits,
     * by whichever instance's sender claims it (docs/decisions/0083); never fails the caller later.
     */
    queueShopperMail: (tx: DbOrTx, orderId: string, mail: OrderMail) => queueOrderMail(tx, orderId, mail),

    composeQueuedMails,

    /**
     * A page of the shopper's orders, newest first, each with its timeline; an online order shows once
     * it is paid. The provider is asked about waiting checkouts on the first page only.
     */
    async listForUser(userId: string, page: MyOrdersQuery): Promise<{ orders: Order[]; nextCursor: string | null }> {
      if (!page.cursor) await catchUpWithProvider(userId);
      const rows = await listApiOrders(db, { userId, placedOnly: true, timeline: true, before: page.cursor, limit: page.limit + 1 });
      const shown = rows.slice(0, page.limit);
      return { orders: parseOrders(shown), nextCursor: rows.length > page.limit ? shown.at(-1)!.id : null };
    },

    /** The unpaid order behind a checkout session, for the test payment page. */
    async findByPaymentSession(sessionId: string): Promise<OrderWithItems | undefined> {
      const order = await findOrderByPaymentSession(db, sessionId);
      return order && findOrderWithItems(db, order.id);
    },
  };
}

export type OrderService = ReturnType<typeof createOrderService>;
