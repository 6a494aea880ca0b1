import { CodOrderAnswerSchema, MyOrdersAnswerSchema, MyOrdersQuerySchema, OnlineOrderAnswerSchema, PlaceOrderInputSchema, type ErrorCode } from '@greencart/shared';
import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { routeSchema, USER_CALL, WRITE_CALL } from '../../lib/route-schema.js';

const tags = ['Orders'];
/** What placing an order can refuse (order-errors.ts). */
const PLACE_ORDER: ErrorCode[] = [...USER_CALL, ...WRITE_CALL, 'ADDRESS_NOT_FOUND', 'UNKNOWN_PRODUCT', 'DUPLICATE_ITEM', 'OUT_OF_STOCK', 'NOT_ENOUGH_STOCK', 'PRICES_CHANGED'];

/** Spec section 7: the order calls of a shopper. The user always comes from the session. */
export async function orderRoutes(app: FastifyInstance) {
  const routes = app.withTypeProvider<ZodTypeProvider>();

  const codSchema = routeSchema({ tags, summary: 'Place a cash-on-delivery order', errors: PLACE_ORDER }, { body: PlaceOrderInputSchema, response: { 200: CodOrderAnswerSchema } });
  routes.post('/order/cod', { onRequest: app.requireUser, schema: codSchema }, async (request) => {
    // The spec's `message` (and our `orderId`), plus the checkout's shop orders (issue 26).
    return { success: true as const, ...(await app.orders.placeCodOrder(request.userId, request.body)) };
  });

  // The last segment names the card payment provider (spec section 7).
  const onlineSchema = routeSchema(
    { tags, summary: 'Place an order paid online: answers the payment page to open', errors: [...PLACE_ORDER, 'ONLINE_PAYMENT_UNAVAILABLE', 'CHECKOUT_IN_PROGRESS', 'PAYMENT_PROVIDER_FAILED'] },
    { body: PlaceOrderInputSchema, response: { 200: OnlineOrderAnswerSchema } },
  );
  routes.post('/order/stripe', { onRequest: app.requireUser, schema: onlineSchema }, async (request) => {
    return { success: true as const, message: 'Redirecting to the payment page', ...(await app.orders.placeOnlineOrder(request.userId, request.body)) };
  });

  // The spec's key is `order`; `orders` carries the same list under the name the issue asks for. The
  // newest orders, a page at a time (`nextCursor` for the next; docs/decisions/0085).
  const mineSchema = routeSchema({ tags, summary: "The shopper's orders, newest first, a page at a time", errors: USER_CALL }, { querystring: MyOrdersQuerySchema, response: { 200: MyOrdersAnswerSchema } });
  routes.get('/order/user', { onRequest: app.requireUser, schema: mineSchema }, async (request) => {
    const { orders, nextCursor } = await app.orders.listForUser(request.userId, request.query);
    return { success: true as const, orders, order: orders, nextCursor };
  });
}
