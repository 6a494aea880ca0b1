import {
  deliversTo,
  formatPrice,
  isIndia,
  ORDER_NUMBER_PREFIX,
  priceCheckout,
  toMajor,
  toMinor,
  type BuyAgainQuery,
  type DeliveryTerms,
  type ErrorCode,
  type MyOrdersQuery,
  type Order,
  type PaymentType,
  type PlacedShopOrder,
  type PlaceOrderInput,
  type Product,
  type ShopOrderTotals,
} from '@greencart/shared';
import type { FastifyBaseLogger } from 'fastify';
import type { Config } from '../../config/env.js';
import { CATALOGUE_CHANNEL, MAIL_QUEUED_CHANNEL, ORDERS_CHANNEL } from '../../db/channels.js';
import type { Db, DbOrTx } from '../../db/client.js';
import { isDatabaseUnreachable } from '../../db/retry.js';
import { AppError } from '../../lib/app-error.js';
import { removeOrderedFromCart } from '../cart/cart-repository.js';
import type { CartService } from '../cart/cart-service.js';
import { orderNotFound } from '../fulfilment/fulfilment-errors.js';
import { queueOrderMail, type OrderMail, type QueuedMail } from '../mail/mail-outbox-repository.js';
import type { MailMessage } from '../mail/mailer.js';
import { composeOrderMail } from '../mail/order-email.js';
import { CHECKOUT_SESSION_LIFETIME_MS, checkoutPayableUntil, checkoutReturnUrls, checkoutSessionUrls, type PaymentEvent, type PaymentGateway } from '../payments/payment-gateway.js';
import type { ProductService } from '../products/product-service.js';
import { belowMinimumOrder, deliverySlotFull, deliverySlotInvalid, deliverySlotNotOffered, deliverySlotNotTaken, deliverySlotRequired, shopDoesNotDeliver } from '../delivery/delivery-errors.js';
import type { DeliveryService, ShopDeliveryTerms } from '../delivery/delivery-service.js';
import { lockUser } from '../users/user-repository.js';
import { couponRefused } from '../coupons/coupon-errors.js';
import type { CouponService } from '../coupons/coupon-service.js';
import {
  addressNotFound,
  checkoutInProgress,
  assertEachProductOnce,
  CARD_MAXIMUM_MINOR,
  COD_MAXIMUM_MINOR,
  codTotalTooLarge,
  CARD_MINIMUM_MINOR,
  cardTotalTooLarge,
  cardTotalTooSmall,
  notEnoughStock,
  onlinePaymentUnavailable,
  outOfStock,
  paymentProviderFailed,
  pricesChanged,
  totalChanged,
  sessionUserGone,
  unknownProducts,
} from './order-errors.js';
import {
  findBoughtProductIds,
  findCheckoutOrders,
  findOrdersByPaymentSession,
  hasNewerCheckout,
  findShopperOrderLines,
  findOrdersToMail,
  findOrderWithItems,
  findOwedRefunds,
  findSessionlessCheckouts,
  findWaitingPaymentSessions,
  listApiOrders,
  lockCheckoutOrders,
  lockOrdersAndHoldings,
  markOrderPaid,
  markOrderRefunded,
  parseOrders,
  placeOrder,
  recordPaymentEvent,
  returnOrderStock,
  setOrderStatus,
  setPaymentSession,
  waitingHoldsCover,
  type OrderRow,
  type OrderDelivery,
  type OrderWithItems,
  type PlacedCheckout,
} from './order-repository.js';

export type { OrderWithItems };

/**
 * An identical order (same shopper, products, quantities, address and payment type) placed within
 * this window is the same checkout sent again (a double click, a retry, a second tab): it answers
 * like the first and creates nothing (docs/decisions/0030).
 */
export const DUPLICATE_ORDER_WINDOW_MS = 10 * 60 * 1000;

export const ORDER_PLACED_MESSAGE = 'Order Placed Successfully';

/**
 * The same checkout sent again within the window, nothing new placed (a probe was told "Order Placed Successfully" for
 * the order of minutes before): said so, with that checkout's orders. Its cart was emptied (place_order).
 */
const alreadyPlacedMessage = (orders: { orderNumber: number }[], paid: boolean) =>
  `You ${paid ? 'paid for' : 'placed'} this same order in the last ${DUPLICATE_ORDER_WINDOW_MS / 60_000} minutes (${orders.map((o) => `${ORDER_NUMBER_PREFIX}${o.orderNumber}`).join(', ')}): nothing new was ${paid ? 'placed or charged' : 'placed'}. It is in My Orders.`;

/**
 * How long a checkout's orders may wait for their payment page before they are taken for a crash's leftovers
 * (docs/decisions/0238): twice the provider's longest call (stripe-gateway.ts: three tries of 20 s at most, with the
 * SDK's short waits between). Until then the same checkout sent again answers CHECKOUT_IN_PROGRESS; after, it cancels
 * them and starts afresh, and the sweep cancels those nobody sent again.
 */
export const SESSIONLESS_CHECKOUT_GRACE_MS = 2 * 60 * 1000;
const SESSIONLESS_CHECKOUTS_PER_RUN = 100;

/**
 * How often a checkout is priced again when prices change under it before it gives up (docs/decisions/0123); one
 * more for the shops' delivery terms and the address's pincode this instance did not know yet (0139).
 */
export const MAX_PRICING_ATTEMPTS = 4;

/**
 * Checkout's refusals priced from this instance's copy of the shops' delivery terms (a window, a pincode, a minimum, a
 * fee: the totals, and a free-delivery coupon with no fee to take off): confirmed against the terms as they are now.
 */
const PRICED_FROM_TERMS = new Set<ErrorCode>([
  'DELIVERY_SLOT_REQUIRED',
  'DELIVERY_SLOT_INVALID',
  'DELIVERY_SLOT_NOT_OFFERED',
  'SHOP_DOES_NOT_DELIVER',
  'BELOW_MINIMUM_ORDER',
  'COUPON_NOT_APPLICABLE',
  'CARD_TOTAL_TOO_SMALL',
  'CARD_TOTAL_TOO_LARGE',
  'COD_TOTAL_TOO_LARGE',
  'PRICES_CHANGED',
]);

/** Where an address is, as a shop's delivery zone reads it: its pincode, and whether it is abroad (not India). */
interface AddressPlace {
  zipcode: string;
  abroad: boolean;
}

/** Addresses whose pincode an instance keeps (addresses are never edited; place_order checks the pincode anyway). */
const KEPT_ZIPCODES_MAX = 10_000;

/** The most checkouts of one shopper asked about per visit to My Orders (the newest ones). */
const MAX_CHECKOUTS_TO_CATCH_UP = 3;
/** Refusals a shopper's own unpaid checkout can be the cause of (see writeOrder). */
const HELD_BY_A_WAITING_CHECKOUT = new Set<ErrorCode>(['OUT_OF_STOCK', 'NOT_ENOUGH_STOCK', 'DELIVERY_SLOT_FULL', 'COUPON_USED_UP', 'COUPON_ALREADY_USED', 'COUPON_FIRST_ORDER_ONLY']);

/**
 * A new checkout, or the one the same cart placed moments ago (decision 0030): only its id is read here.
 * `waitingSessions`: the shopper's earlier checkouts still waiting for a payment, which the new one replaces.
 */
type Placed = { duplicate: false; checkout: PlacedCheckout; customerEmail: string; waitingSessions: string[] } | { duplicate: true; checkoutId: string };

/** What a place-order call answers besides its message (issue 26): the checkout and its shop orders; `orderId` the first. */
export interface CheckoutAnswer {
  orderId: string;
  checkoutId: string;
  orders: PlacedShopOrder[];
  /** Coupons (issue 29): the code used, or null, and the discount over every shop order (rupees). */
  coupon: string | null;
  discount: number;
  /** The checkout placed (a card one: paid) within the duplicate window, answered again: nothing new was placed. */
  alreadyPlaced?: true;
}

const checkoutAnswer = (
  checkoutId: string,
  orders: {
    id: string;
    orderNumber: number;
    seller: PlacedShopOrder['seller'];
    amountMinor: number;
    deliveryFeeMinor: number;
    discountMinor: number;
    deliverySlotStart: Date | string | null;
    deliverySlotEnd: Date | string | null;
  }[],
  coupon: string | null,
): CheckoutAnswer => ({
  orderId: orders[0]!.id,
  checkoutId,
  // Each shop order as My Orders and the mails name it (issue 28: its number, fee and window), not only its id.
  orders: orders.map((o) => ({
    _id: o.id,
    orderNumber: `${ORDER_NUMBER_PREFIX}${o.orderNumber}`,
    seller: o.seller,
    amount: toMajor(o.amountMinor),
    deliveryFee: toMajor(o.deliveryFeeMinor),
    deliverySlot: o.deliverySlotStart && o.deliverySlotEnd ? { start: new Date(o.deliverySlotStart).toISOString(), end: new Date(o.deliverySlotEnd).toISOString() } : null,
    discount: toMajor(o.discountMinor),
  })),
  coupon,
  discount: toMajor(orders.reduce((sum, o) => sum + o.discountMinor, 0)),
});

export function createOrderService(deps: {
  db: Db;
  config: Pick<Config, 'publicUrl' | 'currency' | 'storeTimeZone'>;
  payments: PaymentGateway;
  /** Announces a change to every instance after the commit (`Database.notify`, docs/decisions/0086). */
  notify: (channel: string, stockTaken?: string[]) => void;
  /** The catalogue's kept reads: the prices and shops checkout prices with (docs/decisions/0123). */
  catalogue: Pick<ProductService, 'byIds'>;
  /** Issue 28: the shops' delivery terms (kept, checked by place_order) and windows. */
  delivery: Pick<DeliveryService, 'keptTerms' | 'learnTerms' | 'refreshTerms' | 'offeredWindow' | 'timeZone'>;
  /** The shopper's server cart, which "Order again" adds a past order's lines to (issue 28). */
  cart: Pick<CartService, 'addLines'>;
  /** Coupons (issue 29): a code priced against the checkout's lines by the shared rule. */
  coupons: Pick<CouponService, 'price'>;
  log: FastifyBaseLogger;
}) {
  const { db, config, payments, log } = deps;
  const keptZipcodes = new Map<string, AddressPlace>();
  const keepZipcode = (addressId: string, place: AddressPlace) => {
    if (keptZipcodes.size >= KEPT_ZIPCODES_MAX) keptZipcodes.delete(keptZipcodes.keys().next().value!);
    keptZipcodes.set(addressId, place);
  };

  /**
   * The messages of queued mails (docs/decisions/0083), composed from their orders as they are now and
   * sent to the shopper's address as it is now: one read for the whole batch. Undefined for a mail
   * whose order or shopper is gone.
   */
  async function composeQueuedMails(mails: QueuedMail[]): Promise<(MailMessage | undefined)[]> {
    const found = await findOrdersToMail(db, [...new Set(mails.map((m) => m.orderId))]);
    const byId = new Map(found.map((found) => [found.order._id, found]));
    // A checkout's confirmation lists every shop's order of it (issue 26): one mail per checkout, composed as
    // the orders are now, so a shop order cancelled before it is sent (or before the payment) is not in it.
    const checkoutOf = (order: Order) =>
      found.filter((f) => f.order.checkoutId === order.checkoutId && (f.order._id === order._id || f.order.status !== 'Cancelled')).map((f) => f.order);
    return mails.map((mail) => {
      const target = byId.get(mail.orderId);
      return target && composeOrderMail(mail, target.order, {
          to: target.email,
          currency: config.currency,
          publicUrl: config.publicUrl,
          checkout: checkoutOf(target.order),
          timeZone: config.storeTimeZone,
        });
    });
  }

  /**
   * Issue 28: each shop of the cart must deliver to the address's pincode, and a shop with windows gets one of
   * those it offers now (checked here with the shared rules; its place is taken by place_order, 0141). A
   * window named for a shop not in the cart, or for one without windows, is refused. What place_order needs:
   * each shop's terms version and window. With a line unpriced (its product unknown, retired or its shop
   * suspended since the cart chose the shop's window), such a window is left to place_order, which refuses the line
   * by its product's name: the shopper learns what to remove, not a shop's id. Refused in the order a shopper mends
   * them: a shop that does not deliver there, then every shop under its minimum (`short`), then a window to choose.
   */
  function deliveryOf(
    shops: Map<string, string>,
    terms: Map<string, ShopDeliveryTerms>,
    place: AddressPlace | 'unknown' | undefined,
    chosen: Record<string, string> | undefined,
    unpriced: boolean,
    short: ShopOrderTotals[],
  ): Map<string, OrderDelivery> | 'zipcode unknown' {
    for (const sellerId of Object.keys(chosen ?? {})) if (!shops.has(sellerId) && !unpriced) throw deliverySlotInvalid(`no shop ${sellerId} in this order`);
    // Not known yet: place_order answers the address's pincode and country (GC413) before anything is taken.
    if (place === 'unknown') return 'zipcode unknown';
    if (place !== undefined) {
      const away = [...shops].filter(([sellerId]) => !deliversTo(terms.get(sellerId)!.settings.pincodes, place.zipcode, place.abroad));
      if (away.length > 0) throw shopDoesNotDeliver(away.map(([, shopName]) => shopName), place.abroad ? 'addresses outside India' : place.zipcode);
    }
    if (short.length > 0) {
      throw belowMinimumOrder(
        short.map((o) => ({
          seller: o.sellerId,
          shopName: shops.get(o.sellerId)!,
          missingMinor: o.shortOfMinimumMinor,
          minimumMinor: terms.get(o.sellerId)!.terms.minOrderMinor,
        })),
        config.currency,
      );
    }
    const delivery = new Map<string, OrderDelivery>();
    for (const [sellerId, shopName] of shops) {
      const { settings, version } = terms.get(sellerId)!;
      const start = chosen?.[sellerId];
      if (settings.windows.length === 0) {
        if (start !== undefined) throw deliverySlotNotTaken(shopName);
        delivery.set(sellerId, { version, slot: null });
        continue;
      }
      if (start === undefined) throw deliverySlotRequired(shopName);
      const window = deps.delivery.offeredWindow(settings, new Date(start));
      if (!window) throw deliverySlotNotOffered(shopName);
      delivery.set(sellerId, { version, slot: window });
    }
    return delivery;
  }

  /**
   * One statement (docs/decisions/0065): the shopper's row is locked (so their checkouts run one at a
   * time), the address must be theirs, an identical recent checkout answers the order it placed
   * (0030), every product must exist, be sold and in stock at its current price (rows locked until the
   * order is in), the units of counted products are taken (none when any line is refused: 0064), and
   * the amount uses the cart summary's tax rate. One round trip, however many orders the shopper
   * placed before. Issue 28: each shop's delivery fee is priced with the same rule, under its terms, and its
   * window's place taken in the same statement; a shop under its minimum is refused before anything is written.
   */
  async function writeCheckout(userId: string, input: PlaceOrderInput, paymentType: PaymentType): Promise<Placed> {
    assertEachProductOnce(input.items);
    const ids = input.items.map((i) => i.product);
    // Priced here, by the shared rule the cart's summary uses (0123), from the catalogue's kept reads (the
    // cart just read the same products); place_order checks those prices as it writes. A product missing
    // from them (unknown, retired, its shop not approved) goes unpriced: place_order refuses it or prices it.
    const products = await deps.catalogue.byIds(ids);
    let prices = new Map(products.map((p) => [p._id, { price: toMinor(p.offerPrice), seller: p.seller.id, shopName: p.seller.shopName }]));
    const shopNames = new Map([...prices.values()].map((p) => [p.seller, p.shopName]));
    const categories = new Map(products.map((p) => [p._id, p.category]));
    // The address's pincode and country, once place_order told them (addresses are never edited; place_order checks the pincode anyway).
    let place = keptZipcodes.get(input.address);
    let placed: Awaited<ReturnType<typeof placeOrder>>;
    // A refusal read from this instance's copy of the delivery terms (a window, a pincode, a minimum) is
    // confirmed against the terms as they are now before it is answered: another instance may have changed them.
    let termsConfirmed = false;
    for (let attempt = 1; ; ) {
      const lines = input.items.map((i) => ({
        productId: i.product,
        quantity: i.quantity,
        unitPriceMinor: prices.get(i.product)?.price ?? 0,
        sellerId: prices.get(i.product)?.seller ?? null,
        substitute: i.substitute,
      }));
      const shops = new Map([...new Set(lines.flatMap((l) => (l.sellerId ? [l.sellerId] : [])))].map((id) => [id, shopNames.get(id) ?? 'A shop']));
      // Each shop's terms as this instance keeps them: place_order refuses them if they are not the shop's now (0139).
      const terms = deps.delivery.keptTerms([...shops.keys()]);
      const limited = [...terms.values()].some((t) => t.settings.pincodes !== null);
      const sold = lines.filter((l) => l.sellerId !== null).map((l) => ({ ...l, sellerId: l.sellerId!, category: categories.get(l.productId) ?? '' }));
      // A line not priced (unknown, retired, its shop suspended, or not in this instance's reads yet) is place_order's to
      // refuse by its product's name, or to price: until then no refusal is made from a total or a shop it leaves out.
      const allPriced = sold.length === lines.length;
      const shopTerms = new Map<string, DeliveryTerms>([...shops.keys()].map((id) => [id, terms.get(id)!.terms]));
      const undiscounted = priceCheckout(sold, shopTerms);
      let delivery: ReturnType<typeof deliveryOf>;
      let coupon: Awaited<ReturnType<typeof deps.coupons.price>> | undefined;
      let priced: typeof undiscounted;
      try {
        // A shop that limits its pincodes is checked against the address's, unknown until place_order says it.
        const short = undiscounted.orders.filter((o) => o.shortOfMinimumMinor > 0);
        delivery = deliveryOf(shops, terms, limited ? (place ?? 'unknown') : undefined, input.deliverySlots, !allPriced, short);
        // Coupons (issue 29): priced by the shared rule on the same lines and the shop orders' delivery fees;
        // place_order checks its limits again with its row locked and takes the use with the orders (docs/decisions/0157).
        coupon = input.coupon
          ? await deps.coupons.price(userId, input.coupon, sold, new Map(undiscounted.orders.map((o) => [o.sellerId, o.deliveryFeeMinor])))
          : undefined;
        priced = coupon ? priceCheckout(sold, shopTerms, coupon.discount.shops) : undiscounted;
        // With a line unpriced, its Rs 0 is no total a card was asked for.
        if (paymentType === 'Online' && allPriced && priced.totals.totalMinor < CARD_MINIMUM_MINOR) throw cardTotalTooSmall(formatPrice(priced.totals.totalMinor, config.currency));
        if (paymentType === 'COD' && priced.totals.totalMinor > COD_MAXIMUM_MINOR) {
          const cardTakesIt = payments.takesPayments && priced.totals.totalMinor <= CARD_MAXIMUM_MINOR;
          throw codTotalTooLarge(formatPrice(priced.totals.totalMinor, config.currency), formatPrice(COD_MAXIMUM_MINOR, config.currency), cardTakesIt);
        }
        if (paymentType === 'Online' && priced.totals.totalMinor > CARD_MAXIMUM_MINOR) {
          throw cardTotalTooLarge(formatPrice(priced.totals.totalMinor, config.currency), formatPrice(CARD_MAXIMUM_MINOR, config.currency));
        }
        // Never a total the shopper was not shown (0223); place_order checks these prices as it writes. With a line
        // unpriced the total is no total at all; nor before the address's pincode is known (place_order answers it and
        // takes nothing): a shop that does not deliver there is refused by its name, not by a total that counts its fee
        // (the cart counts none for it).
        if (input.expectedTotal !== undefined && allPriced && delivery !== 'zipcode unknown' && toMinor(input.expectedTotal) !== priced.totals.totalMinor) {
          throw totalChanged(formatPrice(priced.totals.totalMinor, config.currency));
        }
      } catch (err) {
        // A copy from before a restart or another instance's change counted a shop's fee as none, and the total the shopper
        // was shown, or a free-delivery coupon, was refused on every try (a probe): confirmed once against the terms now.
        if (termsConfirmed || !(err instanceof AppError && PRICED_FROM_TERMS.has(err.code))) throw err;
        termsConfirmed = true;
        await deps.delivery.refreshTerms([...shops.keys()]);
        continue;
      }
      const lineDiscounts = new Map(coupon?.discount.lines.map((l) => [l.productId, l.discountMinor]));
      placed = await placeOrder(db, {
        userId,
        addressId: input.address,
        paymentType,
        lines,
        orders: priced.orders,
        delivery: delivery === 'zipcode unknown' ? undefined : delivery,
        zipcode: limited ? (place?.zipcode ?? '') : undefined,
        since: new Date(Date.now() - DUPLICATE_ORDER_WINDOW_MS),
        coupon: coupon && { id: coupon.id, code: coupon.code, paidBy: coupon.paidBy, lineDiscounts: lines.map((l) => lineDiscounts.get(l.productId) ?? 0) },
      });
      if ('slotsFull' in placed) throw deliverySlotFull(placed.slotsFull, deps.delivery.timeZone);
      if ('couponRefused' in placed) throw couponRefused(placed.couponRefused, input.coupon!, config);
      if (!('repriced' in placed) && !('deliveryTermsChanged' in placed)) break;
      // A price, a shop, a shop's delivery or the pincode was not as read: priced again as they are now.
      if (attempt++ === MAX_PRICING_ATTEMPTS) throw pricesChanged();
      if ('deliveryTermsChanged' in placed) {
        deps.delivery.learnTerms([...shops.keys()], placed.deliveryTermsChanged.terms);
        const { zipcode, country } = placed.deliveryTermsChanged;
        place = { zipcode, abroad: !isIndia(country) };
        keepZipcode(input.address, place);
      } else prices = new Map(placed.repriced.map((line) => [line.id, { price: line.price, seller: line.seller, shopName: shopNames.get(line.seller) ?? 'A shop' }]));
    }
    if ('checkout' in placed) {
      // place_order's writes sent no NOTIFY: holding the notify lock through each commit made every
      // checkout wait for the one before (docs/decisions/0086). Announced now, after the commit.
      deps.notify(ORDERS_CHANNEL);
      if (paymentType === 'COD') deps.notify(MAIL_QUEUED_CHANNEL);
      // Only these products' pages and reads are stale (decision 0273): a stock count and availability, nothing else.
      if (placed.stockTaken.length > 0) deps.notify(CATALOGUE_CHANNEL, placed.stockTaken);
      return { duplicate: false, checkout: placed.checkout, customerEmail: placed.email, waitingSessions: placed.waitingSessions };
    }
    if ('duplicate' in placed) return { duplicate: true, checkoutId: placed.duplicate };
    if (placed.refused === 'user') throw sessionUserGone();
    if (placed.refused === 'address') throw addressNotFound();
    if (placed.refused === 'in-progress') throw checkoutInProgress();
    if (placed.unknown.length > 0) throw unknownProducts(placed.unknown);
    // A product retired, or of a suspended shop, is no longer sold: refused like one out of stock, by its own words.
    if (placed.soldOut.length > 0 || placed.gone.length > 0) throw outOfStock(placed.soldOut, placed.gone);
    throw notEnoughStock(placed.short);
  }

  /**
   * Orders that will not be paid or delivered (a checkout's): their units and places go back (docs/decisions/0064),
   * everything they hold locked first in the global order.
   */
  async function cancelOrders(tx: DbOrTx, orderIds: string[]): Promise<void> {
    if (orderIds.length === 0) return;
    await lockOrdersAndHoldings(tx, orderIds);
    for (const orderId of orderIds) {
      await setOrderStatus(tx, orderId, 'Cancelled');
      await returnOrderStock(tx, orderId);
    }
  }

  /**
   * Gives back an order's share of a payment when it was paid after it was cancelled, then tells the shopper
   * (the mail queued with the refund's record, in one transaction). A checkout's payment covers all its shop
   * orders (issue 26), so only this order's amount goes back. A refund that fails is logged and the order stays
   * paid, cancelled and not refunded, which `retryOwedRefunds` (hourly) picks up; Stripe's idempotency key
   * `refund-<order id>` keeps a retry from paying twice.
   */
  async function refundOwed(order: { id: string; paymentSessionId: string | null; amountMinor: number }): Promise<boolean> {
    try {
      await payments.refund(order.paymentSessionId!, { orderId: order.id, amountMinor: order.amountMinor });
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
   * Marks the orders of a checkout session paid exactly once; a replayed event changes nothing. One
   * session pays every shop order of a checkout (issue 26): each is marked paid, and one cancelled before
   * the payment arrived is refunded its share at once (docs/decisions/0045). The checkout is confirmed
   * once, on its first order still placed.
   */
  async function handlePaymentEvent(event: PaymentEvent): Promise<'paid' | 'refunded' | 'refund-pending' | 'cancelled' | 'ignored'> {
    const outcome = await db.transaction(async (tx) => {
      if (!(await recordPaymentEvent(tx, event.id, event.type))) return { result: 'ignored' as const };
      const orders = await findOrdersByPaymentSession(tx, event.sessionId, { lock: true });
      if (orders.length === 0 || orders.some((o) => o.isPaid)) return { result: 'ignored' as const };
      if (event.type === 'checkout.session.completed') {
        // Recorded before anything else: the shop holds this money until it is given back.
        for (const order of orders) await markOrderPaid(tx, order.id);
        let live = orders.filter((o) => o.status !== 'Cancelled');
        if (live.length > 0) {
          // Under the shopper's lock, which a checkout holds until it commits: one placed while this page waited ended it
          // (0224), even when its ending did not reach the page (a database cut, a crash, the same moment): the payment
          // goes back, and the newer checkout is the shopper's order (a probe paid a page after cash on delivery of its cart).
          await lockUser(tx, live[0]!.userId);
          if (await hasNewerCheckout(tx, live[0]!)) {
            await cancelOrders(tx, live.map((o) => o.id));
            live = [];
          }
        }
        const owed = orders.filter((o) => !live.includes(o));
        // The cart stays when nothing is placed: the shopper may still want what the cancelled orders held.
        if (live.length > 0) {
          await removeOrderedFromCart(tx, live[0]!.userId, live.map((o) => o.id));
          // Now placed as far as the shopper is concerned: confirmed with the payment (0032, 0083), one mail.
          await queueOrderMail(tx, live[0]!.id, { kind: 'confirmation' });
        }
        return { result: owed.length > 0 ? ('owed' as const) : ('paid' as const), owed };
      }
      const waiting = orders.filter((o) => o.status === 'Order Placed');
      if (waiting.length === 0) return { result: 'ignored' as const };
      // Expired or failed: the session is over, and so is the hold on the orders' units.
      await cancelOrders(tx, waiting.map((o) => o.id));
      return { result: 'cancelled' as const };
    });
    if (outcome.result !== 'owed') return outcome.result;
    let allRefunded = true;
    for (const order of outcome.owed) if (!(await refundOwed(order))) allRefunded = false;
    return allRefunded ? 'refunded' : 'refund-pending';
  }

  async function expireTestCheckout(sessionId: string) {
    return handlePaymentEvent({ id: `expired_${sessionId}`, type: 'checkout.session.expired', sessionId });
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

  /**
   * Cancels a checkout whose payment page was never made (its process stopped between writing its orders and the
   * provider's answer, docs/decisions/0238), giving back what its orders hold. Looked at again under the orders' locks:
   * a late answer may have given it its session meanwhile, and then it stays.
   */
  async function cancelSessionlessCheckout(checkoutId: string): Promise<number> {
    return db.transaction(async (tx) => {
      const orders = await lockCheckoutOrders(tx, checkoutId);
      const left = orders.filter((o) => o.paymentType === 'Online' && !o.isPaid && o.status === 'Order Placed' && o.paymentSessionId === null).map((o) => o.id);
      await cancelOrders(tx, left);
      return left.length;
    });
  }

  /**
   * Ends a waiting checkout's payment session for good: a payment it already took makes its orders paid,
   * otherwise they are cancelled, giving back what they held (stock, window places, a coupon's use).
   */
  async function endWaitingCheckout(sessionId: string): Promise<'paid' | 'cancelled'> {
    const closed = await payments.closeCheckout(sessionId).catch((err: unknown) => {
      log.error({ err, sessionId }, 'closing an earlier checkout session failed');
      throw isDatabaseUnreachable(err) ? err : paymentProviderFailed();
    });
    if (closed === 'paid') {
      await handlePaymentEvent({ id: `returned_${sessionId}`, type: 'checkout.session.completed', sessionId });
      return 'paid';
    }
    const ended = await handlePaymentEvent({ id: `closed_${sessionId}`, type: 'checkout.session.expired', sessionId });
    // Paid between the caller's read and the close (the page paid in another tab that moment): it is the shopper's paid checkout.
    if (ended === 'ignored' && (await findOrdersByPaymentSession(db, sessionId)).some((o) => o.isPaid)) return 'paid';
    return 'cancelled';
  }

  /**
   * A checkout, written by `writeCheckout` (docs/decisions/0224). A shopper back in the cart from a payment page
   * they left has an unpaid checkout that holds its last units, its window's place, its coupon's use, and counts
   * as their first order. A new checkout refused for one of those ends the shopper's waiting checkouts that hold
   * it (the same product, coupon, or a window of the same shop; any, for a first order) and is tried once more.
   * A new checkout placed ends the shopper's other waiting ones: the page they left can no longer be paid for a
   * cart ordered again. Another shopper's waiting checkout is never touched.
   */
  async function writeOrder(userId: string, input: PlaceOrderInput, paymentType: PaymentType, staleEnded = false): Promise<Placed> {
    let placed: Placed;
    try {
      placed = await writeCheckout(userId, input, paymentType);
    } catch (err) {
      // Waiting for a card checkout's page that can no longer come (its process stopped past the provider's longest call):
      // cancelled now, as the same cart sent again cancels it, not left to the next sweep (a probe waited 7 minutes).
      if (err instanceof AppError && err.code === 'CHECKOUT_IN_PROGRESS') {
        if (staleEnded) throw err;
        const stale = await findSessionlessCheckouts(db, new Date(Date.now() - SESSIONLESS_CHECKOUT_GRACE_MS), MAX_CHECKOUTS_TO_CATCH_UP, userId);
        if (stale.length === 0) throw err;
        for (const checkoutId of stale) await cancelSessionlessCheckout(checkoutId);
        return writeOrder(userId, input, paymentType, true);
      }
      if (!(err instanceof AppError && HELD_BY_A_WAITING_CHECKOUT.has(err.code))) throw err;
      const sharing = err.code === 'COUPON_FIRST_ORDER_ONLY' ? undefined : { productIds: input.items.map((i) => i.product), coupon: input.coupon, windowShops: Object.keys(input.deliverySlots ?? {}) };
      const holding = await findWaitingPaymentSessions(db, { userId, sharing, limit: MAX_CHECKOUTS_TO_CATCH_UP });
      if (holding.length === 0) throw err;
      // Units they hold that would not be enough anyway: the refusal stands and the pages stay payable.
      if ((err.code === 'OUT_OF_STOCK' || err.code === 'NOT_ENOUGH_STOCK') && !(await waitingHoldsCover(db, holding, input.items))) throw err;
      // A provider that cannot close them leaves them holding: the shopper hears the refusal, not the provider's failure.
      for (const sessionId of holding) await endWaitingCheckout(sessionId).catch(() => Promise.reject(err));
      placed = await writeCheckout(userId, input, paymentType);
    }
    // place_order named them in the same statement (the new checkout's own session is not set yet).
    if (!placed.duplicate) {
      for (const sessionId of placed.waitingSessions) {
        await endWaitingCheckout(sessionId).catch((err: unknown) => log.warn({ err, sessionId }, 'an earlier checkout could not be ended; it expires on its own'));
      }
    }
    return placed;
  }

  /**
   * POST /api/order/stripe: an unpaid 'Online' order per shop and the provider's hosted page to pay them
   * all at once (issue 26: one payment session for the checkout, its lines every shop's, its tax their sum).
   */
  async function placeOnlineOrder(userId: string, input: PlaceOrderInput): Promise<CheckoutAnswer & { url: string; message?: string }> {
    // Refused before anything is written (docs/decisions/0046); the cart already shows it unavailable.
    if (!payments.takesPayments) throw onlinePaymentUnavailable();
    const placed = await writeOrder(userId, input, 'Online');
    const urls = checkoutReturnUrls(payments, config.publicUrl);
    if (placed.duplicate) {
      const orders = await findCheckoutOrders(db, placed.checkoutId);
      const answer = checkoutAnswer(placed.checkoutId, orders, orders[0]!.couponCode);
      // Paid, or placed for cash (the same cart from a second device): nothing new is placed or charged.
      if (orders.some((o) => o.isPaid) || orders[0]!.paymentType === 'COD') {
        return { url: urls.successUrl, ...answer, alreadyPlaced: true, message: alreadyPlacedMessage(orders, orders[0]!.isPaid) };
      }
      const sessionId = orders[0]!.paymentSessionId;
      if (!sessionId) {
        // The first request is still talking to the provider, or its process stopped before the answer (a probe waited
        // ten minutes on "a moment" after a crash): past the provider's longest call, its orders are cancelled and
        // this one starts afresh.
        if (orders[0]!.createdAt.getTime() > Date.now() - SESSIONLESS_CHECKOUT_GRACE_MS) throw checkoutInProgress();
        if ((await cancelSessionlessCheckout(placed.checkoutId)) === 0) throw checkoutInProgress();
        return placeOnlineOrder(userId, input);
      }
      const url = await payments.openCheckoutUrl(sessionId).catch(() => undefined);
      if (url) return { url, ...answer };
      // That session is over (or unreachable): closed for good before its orders are cancelled, and a
      // payment it already took (its webhook not yet arrived) makes this the shopper's paid checkout.
      if ((await endWaitingCheckout(sessionId)) === 'paid') return { url: urls.successUrl, ...answer };
      // Start afresh with a new checkout.
      return placeOnlineOrder(userId, input);
    }
    const { checkout, customerEmail } = placed;
    const answer = checkoutAnswer(checkout.checkoutId, checkout.orders, checkout.coupon);
    try {
      const session = await payments.createCheckout({
        checkoutId: checkout.checkoutId,
        // Issue 28: each shop's delivery fee is a line of the one payment (no tax on it, decision 0139), less
        // the part of the order's coupon discount that is not on its goods (a free-delivery coupon, issue 29).
        lines: checkout.orders.flatMap((o) => [
          ...o.lines,
          ...(o.deliveryFeeMinor > 0
            ? [{ name: `Delivery: ${o.seller.shopName}`, unitPriceMinor: o.deliveryFeeMinor, quantity: 1, discountMinor: o.discountMinor - o.lines.reduce((sum, l) => sum + l.discountMinor, 0) }]
            : []),
        ]),
        taxMinor: checkout.orders.reduce((sum, o) => sum + o.taxMinor, 0),
        // The windows chosen are the ones place_order took places in (every shop of the order that has windows).
        payableUntil: checkoutPayableUntil(new Date(), Object.values(input.deliverySlots ?? {}).map((start) => new Date(start))),
        customerEmail,
        ...checkoutSessionUrls(payments, config.publicUrl, checkout.checkoutId),
      });
      await setPaymentSession(db, checkout.checkoutId, session.id);
      return { url: session.url, ...answer };
    } catch (err) {
      // The database out of reach (its connection dropped while the session was saved) is said as such, 503 to try again,
      // not blamed on the provider (a resilience probe got 502s with no provider at all), and logged as the error
      // handler logs it: one line, not a stack per checkout while the database is away (a crash probe).
      const unreachable = isDatabaseUnreachable(err);
      if (unreachable) log.warn({ checkoutId: checkout.checkoutId, reason: (err as Error).message.split('\n')[0] }, 'the database cannot be reached: the checkout session is given up');
      else log.error({ err, checkoutId: checkout.checkoutId }, 'creating the checkout session failed');
      await db.transaction(async (tx) => {
        await cancelOrders(tx, checkout.orders.map((o) => o.id));
      });
      throw unreachable ? err : paymentProviderFailed();
    }
  }

  return {
    /** POST /api/order/cod: one order per shop, placed now and paid on delivery. */
    async placeCodOrder(userId: string, input: PlaceOrderInput): Promise<CheckoutAnswer & { message: string }> {
      // Its confirmation is queued by place_order in the same statement (migration 0014): none for a duplicate.
      const placed = await writeOrder(userId, input, 'COD');
      if (!placed.duplicate) return { message: ORDER_PLACED_MESSAGE, ...checkoutAnswer(placed.checkout.checkoutId, placed.checkout.orders, placed.checkout.coupon) };
      const orders = await findCheckoutOrders(db, placed.checkoutId);
      return { message: alreadyPlacedMessage(orders, orders[0]!.isPaid), ...checkoutAnswer(placed.checkoutId, orders, orders[0]!.couponCode), alreadyPlaced: true };
    },

    placeOnlineOrder,

    /**
     * GET /api/order/checkout-back, a hosted payment page's way back to the store (decision 0224, amended): the
     * shopper's checkout still waiting for its payment ends, giving back at once what it held (its last units, a
     * window's place, a coupon's use), as the test page's cancel does; the cart was kept. 'paid' when its payment
     * went through meanwhile; otherwise the address it was for (null: not the shopper's checkout, or none).
     * A provider that cannot be reached leaves it to expire within its hour.
     */
    async leaveCheckout(userId: string, checkoutId: string): Promise<'paid' | { addressId: string | null }> {
      const orders = (await findCheckoutOrders(db, checkoutId)).filter((o) => o.userId === userId && o.paymentType === 'Online');
      if (orders.some((o) => o.isPaid)) return 'paid';
      const sessionId = orders[0]?.paymentSessionId;
      if (sessionId && orders.some((o) => o.status === 'Order Placed')) {
        const ended = await endWaitingCheckout(sessionId).catch((err: unknown) => log.warn({ err, sessionId }, 'a checkout left for the cart could not be ended; it expires on its own'));
        if (ended === 'paid') return 'paid';
      }
      return { addressId: orders[0]?.addressId ?? null };
    },

    handlePaymentEvent,

    /**
     * The built-in test gateway's sessions expire after an hour, as Stripe's do, or when a delivery window of theirs
     * starts (`checkoutPayableUntil`): each abandoned one goes through the same path as Stripe's
     * `checkout.session.expired` (its orders are cancelled). Stripe expires its own sessions and tells the webhook, so
     * this does nothing with Stripe.
     */
    async expireAbandonedTestCheckouts(now = new Date()): Promise<number> {
      if (payments.name !== 'test') return 0;
      const sessionIds = await findWaitingPaymentSessions(db, { over: { placedBefore: new Date(now.getTime() - CHECKOUT_SESSION_LIFETIME_MS), windowStartedBy: now } });
      for (const sessionId of sessionIds) await expireTestCheckout(sessionId);
      return sessionIds.length;
    },

    /** One test session past `checkoutPayableUntil`, ended as the sweep ends it (the same event id: once, whoever is first). */
    expireTestCheckout,

    /**
     * Checkouts whose payment page was never made, the process having stopped between writing their orders and
     * the provider's answer (docs/decisions/0238), are cancelled once that answer cannot still come: what they
     * hold (stock, a window's place, a coupon's use) is given back. With either gateway; a few at a time.
     */
    async expireSessionlessCheckouts(now = new Date()): Promise<number> {
      const checkoutIds = await findSessionlessCheckouts(db, new Date(now.getTime() - SESSIONLESS_CHECKOUT_GRACE_MS), SESSIONLESS_CHECKOUTS_PER_RUN);
      for (const checkoutId of checkoutIds) await cancelSessionlessCheckout(checkoutId);
      return checkoutIds.length;
    },

    /**
     * A suspended shop's checkouts still waiting for their payment end (docs/decisions/0265): a payment already taken
     * makes them paid (the operator then deals with the orders, as with the shop's cash orders), the others are
     * cancelled, giving back what they held; a page left open can no longer pay a shop that may not sell. Each with the
     * other shops' orders of its checkout, priced together. One that cannot be ended now expires within the hour.
     */
    async endShopWaitingCheckouts(sellerId: string): Promise<number> {
      let ended = 0;
      for (const sessionId of await findWaitingPaymentSessions(db, { sellerId })) {
        await endWaitingCheckout(sessionId).then(
          () => ended++,
          (err: unknown) => log.warn({ err, sessionId }, "a suspended shop's waiting checkout could not be ended; it expires on its own"),
        );
      }
      return ended;
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

    /** The shopper's order of this number (`GC-100234`), as My Orders lists it (an online one once paid); the assistant's. */
    async findForUserByNumber(userId: string, orderNumber: string): Promise<Order | undefined> {
      // Numbers are at most 15 digits (decision 0143): a longer one is no order, and asks the database nothing.
      const digits = /^GC-(\d{1,15})$/i.exec(orderNumber)?.[1];
      if (digits === undefined) return undefined;
      return parseOrders(await listApiOrders(db, { userId, placedOnly: true, timeline: true, orderNumber: Number(digits), limit: 1 }))[0];
    },

    /**
     * GET /api/order/buy-again (issue 28): a page of the products the shopper bought that are still sold,
     * most often bought first; the products as the catalogue's kept reads give them.
     */
    async buyAgain(userId: string, page: BuyAgainQuery): Promise<{ products: Product[]; nextCursor: string | null }> {
      const offset = page.cursor ? Number(page.cursor) : 0;
      const ids = await findBoughtProductIds(db, userId, { offset, limit: page.limit + 1 });
      const shown = ids.slice(0, page.limit);
      const byId = new Map((await deps.catalogue.byIds(shown)).map((p) => [p._id, p]));
      // A product retired between the two reads is simply left out.
      const products = shown.flatMap((id) => byId.get(id) ?? []);
      return { products, nextCursor: ids.length > page.limit ? String(offset + page.limit) : null };
    },

    /**
     * POST /api/order/reorder (issue 28): one of the shopper's orders (another's is not found) into their
     * cart again, as far as its products are still sold and in stock; says which lines did not go in.
     */
    async reorder(userId: string, orderId: string) {
      const lines = await findShopperOrderLines(db, userId, orderId);
      if (!lines) throw orderNotFound();
      return deps.cart.addLines(userId, lines);
    },

    /** The shop orders a checkout session pays (in id order), for the test payment page. */
    async findByPaymentSession(sessionId: string): Promise<OrderWithItems[]> {
      const orders = await findOrdersByPaymentSession(db, sessionId);
      return Promise.all(orders.map(async (order: OrderRow) => (await findOrderWithItems(db, order.id))!));
    },
  };
}

export type OrderService = ReturnType<typeof createOrderService>;
