import { computeTotals, type Order, type PaymentType, type PlaceOrderInput } from '@greencart/shared';
import type { FastifyBaseLogger } from 'fastify';
import type { Config } from '../../config/env.js';
import type { Db } from '../../db/client.js';
import { replaceCartLines } from '../cart/cart-repository.js';
import type { ImageService } from '../images/image-service.js';
import type { Mailer } from '../mail/mailer.js';
import { orderConfirmationEmail, paymentRefundedEmail } from '../mail/order-email.js';
import { CHECKOUT_SESSION_LIFETIME_MS, checkoutReturnUrls, type PaymentEvent, type PaymentGateway } from '../payments/payment-gateway.js';
import { lockProductsForOrder } from '../products/product-repository.js';
import { findUserById, lockUser, lockUserWithAddress } from '../users/user-repository.js';
import {
  addressNotFound,
  checkoutInProgress,
  duplicateLines,
  onlinePaymentUnavailable,
  outOfStock,
  paymentProviderFailed,
  sessionUserGone,
  unknownProducts,
} from './order-errors.js';
import { toApiOrder } from './order-mapper.js';
import {
  findOrderByPaymentSession,
  findOrderWithItems,
  findIdenticalRecentOrder,
  findOwedRefunds,
  findWaitingPaymentSessions,
  insertOrderWithItems,
  listOrdersWithItems,
  markOrderPaid,
  markOrderRefunded,
  recordPaymentEvent,
  setOrderStatus,
  setPaymentSession,
  type OrderWithItems,
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

type Placed = { order: OrderWithItems; duplicate: boolean; customerEmail: string };

export function createOrderService(deps: {
  db: Db;
  config: Pick<Config, 'publicUrl' | 'currency'>;
  payments: PaymentGateway;
  mailer: Mailer;
  images: Pick<ImageService, 'urlFor'>;
  log: FastifyBaseLogger;
}) {
  const { db, config, payments, log } = deps;
  const toApi = (order: OrderWithItems) => toApiOrder(order, deps.images);

  /** E-mails still being sent, so that shutting down waits for them instead of cutting them off. */
  const pendingEmails = new Set<Promise<void>>();

  /**
   * Never fails the order: a mail server being down is logged, not shown to the shopper. Checkout
   * passes the order it has just written and the shopper's e-mail (`placed`), so nothing is read back.
   */
  function sendOrderEmail(orderId: string, compose: typeof orderConfirmationEmail, placed?: { order: OrderWithItems; to: string }): void {
    const sending = (async () => {
      const order = placed?.order ?? (await findOrderWithItems(db, orderId));
      const to = placed?.to ?? (order && (await findUserById(db, order.userId))?.email);
      if (!order || !to) return;
      await deps.mailer.send(compose(toApi(order), { to, currency: config.currency, publicUrl: config.publicUrl }));
    })()
      .catch((err: unknown) => log.error({ err, orderId, email: compose.name }, 'order e-mail failed'))
      .finally(() => pendingEmails.delete(sending));
    pendingEmails.add(sending);
  }

  /**
   * One transaction: the shopper's row is locked (so their checkouts run one at a time), the address
   * must be theirs, every product must exist and be in stock at its current price (rows share-locked
   * until the order is in), and the amount is computed here with the same function as the cart
   * summary. Five statements, however many orders the shopper placed before (docs/decisions/0063).
   */
  async function writeOrder(userId: string, input: PlaceOrderInput, paymentType: PaymentType): Promise<Placed> {
    const ids = input.items.map((i) => i.product);
    if (new Set(ids).size !== ids.length) throw duplicateLines();
    return db.transaction(async (tx) => {
      const customer = await lockUserWithAddress(tx, userId, input.address);
      if (!customer) throw sessionUserGone();
      const { address } = customer;
      if (!address) throw addressNotFound();

      const same = await findIdenticalRecentOrder(tx, {
        userId,
        addressId: address.id,
        paymentType,
        since: new Date(Date.now() - DUPLICATE_ORDER_WINDOW_MS),
        lines: input.items.map((i) => ({ productId: i.product, quantity: i.quantity })),
      });
      if (same) return { order: (await findOrderWithItems(tx, same))!, duplicate: true, customerEmail: customer.email };

      const products = new Map((await lockProductsForOrder(tx, ids)).map((p) => [p.id, p]));
      const unknown = ids.filter((id) => !products.has(id));
      if (unknown.length > 0) throw unknownProducts(unknown);
      const soldOut = ids.map((id) => products.get(id)!).filter((p) => !p.inStock);
      if (soldOut.length > 0) throw outOfStock(soldOut.map((p) => p.name));

      const lines = input.items.map((item) => {
        const product = products.get(item.product)!;
        return {
          productId: product.id,
          name: product.name,
          image: product.images[0] ?? null,
          category: product.category,
          unitPriceMinor: product.offerPriceMinor,
          quantity: item.quantity,
        };
      });
      const totals = computeTotals(lines);
      const { id: addressId, userId: _owner, createdAt: _created, ...addressSnapshot } = address;
      const order = await insertOrderWithItems(
        tx,
        { userId, addressId, address: addressSnapshot, subtotalMinor: totals.amountMinor, taxMinor: totals.taxMinor, amountMinor: totals.totalMinor, paymentType },
        lines,
      );
      // Cash on delivery is placed now; an online order empties the cart once it is paid.
      if (paymentType === 'COD') await replaceCartLines(tx, userId, []);
      return { order, duplicate: false, customerEmail: customer.email };
    });
  }

  /**
   * Gives back the payment of an order paid after it was cancelled, then tells the shopper. A refund
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
    if (await markOrderRefunded(db, order.id, new Date())) sendOrderEmail(order.id, paymentRefundedEmail);
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
        return { result: 'paid' as const, order };
      }
      if (order.status !== 'Order Placed') return { result: 'ignored' as const };
      await setOrderStatus(tx, order.id, 'Cancelled');
      return { result: 'cancelled' as const };
    });
    if (outcome.result === 'paid') sendOrderEmail(outcome.order.id, orderConfirmationEmail);
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
    const { order, duplicate, customerEmail } = await writeOrder(userId, input, 'Online');
    const urls = checkoutReturnUrls(config.publicUrl);
    if (duplicate) {
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
      await setOrderStatus(db, order.id, 'Cancelled');
      return placeOnlineOrder(userId, input);
    }
    try {
      const session = await payments.createCheckout({
        orderId: order.id,
        lines: order.items.map((i) => ({ name: i.name, unitPriceMinor: i.unitPriceMinor, quantity: i.quantity })),
        taxMinor: order.taxMinor,
        customerEmail,
        ...urls,
      });
      await setPaymentSession(db, order.id, session.id);
      return { url: session.url, orderId: order.id };
    } catch (err) {
      log.error({ err, orderId: order.id }, 'creating the checkout session failed');
      await setOrderStatus(db, order.id, 'Cancelled');
      throw paymentProviderFailed();
    }
  }

  return {
    /** POST /api/order/cod: the order is placed now and paid on delivery. */
    async placeCodOrder(userId: string, input: PlaceOrderInput): Promise<{ message: string; orderId: string }> {
      const { order, duplicate, customerEmail } = await writeOrder(userId, input, 'COD');
      if (!duplicate) sendOrderEmail(order.id, orderConfirmationEmail, { order, to: customerEmail });
      return { message: ORDER_PLACED_MESSAGE, orderId: order.id };
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

    /** After a change is committed, mails the shopper through the same mailer and outbox; never fails the caller. */
    notifyShopper: (orderId: string, compose: typeof orderConfirmationEmail) => sendOrderEmail(orderId, compose),

    /** Resolves once every order e-mail under way has been sent (or has failed and been logged). */
    async drain(): Promise<void> {
      while (pendingEmails.size > 0) await Promise.all(pendingEmails);
    },

    /** The shopper's orders, newest first, each with its timeline; an online order shows once it is paid. */
    async listForUser(userId: string): Promise<Order[]> {
      await catchUpWithProvider(userId);
      return (await listOrdersWithItems(db, { userId, placedOnly: true, timeline: true })).map(toApi);
    },

    /** The unpaid order behind a checkout session, for the test payment page. */
    async findByPaymentSession(sessionId: string): Promise<OrderWithItems | undefined> {
      const order = await findOrderByPaymentSession(db, sessionId);
      return order && findOrderWithItems(db, order.id);
    },
  };
}

export type OrderService = ReturnType<typeof createOrderService>;
