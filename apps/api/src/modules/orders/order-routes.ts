import {
  BuyAgainAnswerSchema,
  BuyAgainQuerySchema,
  CodOrderAnswerSchema,
  MyOrdersAnswerSchema,
  MyOrdersQuerySchema,
  OnlineOrderAnswerSchema,
  OrderCancelAnswerSchema,
  OrderCancelInputSchema,
  OrderIdInputSchema,
  PlaceOrderInputSchema,
  ReorderAnswerSchema,
  type ErrorCode,
  type ReorderLeftOutReason,
} from '@greencart/shared';
import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { noBody, routeSchema, USER_CALL, WRITE_CALL } from '../../lib/route-schema.js';
import { COUPON_REFUSALS, couponGuessBudget } from '../coupons/coupon-routes.js';
import { cartAfterCardPage, CHECKOUT_BACK_PATH, checkoutBackPath, checkoutReturnUrls } from '../payments/payment-gateway.js';

const tags = ['Orders'];
/** A checkout's refusals: the cart's, each shop's delivery terms and windows (issue 28) and the coupon's (issue 29). */
const PLACE_ORDER: ErrorCode[] = [
  ...USER_CALL,
  ...WRITE_CALL,
  'ADDRESS_NOT_FOUND',
  'UNKNOWN_PRODUCT',
  'DUPLICATE_ITEM',
  'OUT_OF_STOCK',
  'NOT_ENOUGH_STOCK',
  'PRICES_CHANGED',
  'SHOP_DOES_NOT_DELIVER',
  'BELOW_MINIMUM_ORDER',
  'DELIVERY_SLOT_REQUIRED',
  'DELIVERY_SLOT_INVALID',
  'DELIVERY_SLOT_NOT_OFFERED',
  'DELIVERY_SLOT_FULL',
  ...COUPON_REFUSALS,
  'TOO_MANY_COUPON_CHECKS',
  // The shopper's card checkout still being made: another waits for its page (decision 0224).
  'CHECKOUT_IN_PROGRESS',
];

/** A past order's lines left out of the cart because they cannot be had (as against a cart's limits). */
const UNAVAILABLE = new Set<ReorderLeftOutReason>(['no-longer-sold', 'out-of-stock', 'fewer-left']);

/** Spec section 7: the order calls of a shopper. The user always comes from the session. */
export async function orderRoutes(app: FastifyInstance) {
  const routes = app.withTypeProvider<ZodTypeProvider>();
  const coupons = couponGuessBudget(app);

  const codSchema = routeSchema({ tags, summary: 'Place a cash-on-delivery order', errors: [...PLACE_ORDER, 'COD_TOTAL_TOO_LARGE'] }, { body: PlaceOrderInputSchema, response: { 200: CodOrderAnswerSchema } });
  routes.post('/order/cod', { onRequest: app.requireUser, schema: codSchema }, async (request) => {
    // The spec's `message` (and our `orderId`), plus the checkout's shop orders (issue 26).
    return { success: true as const, ...(await coupons.run(request, request.body.coupon, () => app.orders.placeCodOrder(request.userId, request.body))) };
  });

  // The last segment names the card payment provider (spec section 7).
  const onlineSchema = routeSchema(
    { tags, summary: 'Place an order paid online: answers the payment page to open', errors: [...PLACE_ORDER, 'ONLINE_PAYMENT_UNAVAILABLE', 'CARD_TOTAL_TOO_SMALL', 'CARD_TOTAL_TOO_LARGE', 'PAYMENT_PROVIDER_FAILED'] },
    { body: PlaceOrderInputSchema, response: { 200: OnlineOrderAnswerSchema } },
  );
  routes.post('/order/stripe', { onRequest: app.requireUser, schema: onlineSchema }, async (request) => {
    const placed = await coupons.run(request, request.body.coupon, () => app.orders.placeOnlineOrder(request.userId, request.body));
    return { success: true as const, message: 'Redirecting to the payment page', ...placed, backUrl: checkoutBackPath(placed.checkoutId) };
  });

  // The payment page's way back to the store (Stripe's cancel_url, decision 0224): a browser's navigation, so it
  // always lands somewhere: the cart (with the checkout's address), or My Orders when the payment went through meanwhile.
  const urls = checkoutReturnUrls(app.payments.gateway, app.config.publicUrl);
  const backSchema = routeSchema(
    { tags, summary: 'Back from the payment page: ends the checkout waiting for its payment (what it held is given back), then the cart', redirectsBadInput: true },
    {
      querystring: z.object({ checkout: z.uuid().meta({ description: 'The checkout that waited for its payment, as the payment page\'s link names it' }) }),
      response: { 303: noBody('To the cart (?address= the checkout’s), or to the success page when it was paid meanwhile; to the cart for a visitor or a link that is not one') },
    },
  );
  routes.get(CHECKOUT_BACK_PATH.slice('/api'.length), { schema: backSchema, attachValidation: true }, async (request, reply) => {
    const userId = await app.requireUser(request).then(
      () => request.userId,
      () => undefined,
    );
    if (!userId || request.validationError) return reply.redirect(urls.cancelUrl, 303);
    const left = await app.orders.leaveCheckout(userId, request.query.checkout);
    if (left === 'paid') return reply.redirect(urls.successUrl, 303);
    return reply.redirect(cartAfterCardPage(urls.cancelUrl, left.addressId), 303);
  });

  // The spec's key is `order`; `orders` carries the same list under the name the issue asks for. The
  // newest orders, a page at a time (`nextCursor` for the next; docs/decisions/0085).
  const mineSchema = routeSchema({ tags, summary: "The shopper's orders, newest first, a page at a time", errors: USER_CALL }, { querystring: MyOrdersQuerySchema, response: { 200: MyOrdersAnswerSchema } });
  routes.get('/order/user', { onRequest: app.requireUser, schema: mineSchema }, async (request) => {
    const { orders, nextCursor } = await app.orders.listForUser(request.userId, request.query);
    return { success: true as const, orders, order: orders, nextCursor };
  });

  // Issue 28: the shopper cancels their order before it is packed, through the shop's one cancel (fulfilment).
  const cancelSchema = routeSchema(
    {
      tags,
      summary: 'Cancel one of your orders before it is packed (a card payment is refunded)',
      errors: [...USER_CALL, ...WRITE_CALL, 'ORDER_NOT_FOUND', 'ORDER_NOT_CANCELLABLE', 'COUPON_MINIMUM_ON_CANCEL', 'REFUND_FAILED', 'CHECKOUT_CLOSE_FAILED'],
    },
    { body: OrderCancelInputSchema, response: { 200: OrderCancelAnswerSchema } },
  );
  routes.post('/order/cancel', { onRequest: app.requireUser, schema: cancelSchema }, async (request) => {
    const { order, already } = await app.fulfilment.cancelForShopper(request.body.orderId, request.userId, request.body.wholeCheckout, request.body.reason);
    const message = already ? 'Order already cancelled' : order.isRefunded ? 'Order cancelled and your payment refunded' : 'Order cancelled';
    return { success: true as const, message, order };
  });

  const buyAgainSchema = routeSchema(
    { tags, summary: 'Products from your orders still sold, most often bought first, a page at a time', errors: USER_CALL },
    { querystring: BuyAgainQuerySchema, response: { 200: BuyAgainAnswerSchema } },
  );
  routes.get('/order/buy-again', { onRequest: app.requireUser, schema: buyAgainSchema }, async (request) => {
    return { success: true as const, ...(await app.orders.buyAgain(request.userId, request.query)) };
  });

  const reorderSchema = routeSchema(
    { tags, summary: "Add a past order's available lines to your cart; says which were left out and why", errors: [...USER_CALL, ...WRITE_CALL, 'ORDER_NOT_FOUND'] },
    { body: OrderIdInputSchema, response: { 200: ReorderAnswerSchema } },
  );
  routes.post('/order/reorder', { onRequest: app.requireUser, schema: reorderSchema }, async (request) => {
    const { cartItems, leftOut } = await app.orders.reorder(request.userId, request.body.orderId);
    // Why lines were left out, in words true of them all: a line cut at the cart's limits is still sold (a probe).
    const why = [leftOut.some((l) => UNAVAILABLE.has(l.reason)) && 'is no longer available', leftOut.some((l) => !UNAVAILABLE.has(l.reason)) && 'would not fit in it'];
    const message = leftOut.length === 0 ? 'Added to your cart' : `Added to your cart, except what ${why.filter(Boolean).join(' or ')}`;
    return { success: true as const, message, cartItems, leftOut };
  });
}
