import { formatPrice, OrderPickInputSchema, OrderRefundInputSchema, OrderStatusAnswerSchema, OrderStatusInputSchema, SellerOrderFilterSchema, SellerOrderPageAnswerSchema, SellerOrderQuerySchema, toMinor } from '@greencart/shared';
import type { FastifyInstance, FastifyRequest } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { routeSchema, SELLER_CALL, WRITE_CALL, written } from '../../lib/route-schema.js';
import { calendarDay } from '../../lib/calendar-day.js';
import { csvBody } from '../../lib/csv-body.js';
import { orderExportFileName } from './order-export-name.js';

const tags = ['Seller orders'];

/** Whose orders: a shop sees and changes only its own, the operator every shop's (issue 26). */
const callerOf = (request: FastifyRequest) => ({ id: request.seller.id, role: request.seller.role });

/**
 * The seller's order calls; all refuse visitors (401) and shoppers (403). A shop's calls cover its own orders
 * (another shop's is 404), the operator's every shop's; a pending or suspended shop reads but changes nothing.
 */
export async function fulfilmentRoutes(app: FastifyInstance) {
  const routes = app.withTypeProvider<ZodTypeProvider>();

  // The spec's `order` and the original client's `orders` (docs/decisions/0098). A page of the newest
  // orders (`cursor` for the next), optionally filtered (issue 16); the summary is over all orders, kept
  // between order changes (0080).
  // The answer is ready-made JSON text (0084): described under its content type, sent as written.
  const pageSchema = routeSchema(
    { tags, summary: 'A page of orders with the summary (the spec\'s `order` and the original client\'s `orders`)', errors: SELLER_CALL },
    { querystring: SellerOrderQuerySchema, response: { 200: written('application/json', SellerOrderPageAnswerSchema, 'A page of orders') } },
  );
  routes.get('/order/seller', { onRequest: app.requireSeller, schema: pageSchema }, async (request, reply) => {
    return reply.type('application/json; charset=utf-8').send(await app.fulfilment.pageAnswer(request.query, callerOf(request)));
  });

  // The filtered orders as CSV (issue 16), streamed as it is read, a page at a time.
  const exportSchema = routeSchema(
    { tags, summary: 'The filtered orders as a CSV file', errors: SELLER_CALL },
    { querystring: SellerOrderFilterSchema, response: { 200: written('text/csv', z.string(), 'One line per order (its items in one cell), newest first') } },
  );
  routes.get('/order/seller/export', { onRequest: app.requireSeller, schema: exportSchema }, async (request, reply) => {
    // Named by its filters, and without days by the store's day, as the Orders screen counts "today" (decisions 0042, 0140).
    const day = calendarDay(new Date(), app.config.storeTimeZone);
    return reply
      .type('text/csv; charset=utf-8')
      .header('content-disposition', `attachment; filename="${orderExportFileName(request.query, day)}"`)
      .send(csvBody(app.fulfilment.exportCsv(request.query, callerOf(request))));
  });

  const statusSchema = routeSchema(
    {
      tags,
      summary: "Move an order along its status chain, or cancel it (refunding a paid one) with a reason for the shopper",
      errors: [...SELLER_CALL, ...WRITE_CALL, 'SHOP_NOT_APPROVED', 'ORDER_NOT_FOUND', 'INVALID_STATUS_CHANGE', 'CASH_DELIVERY_BY_SHOP', 'REFUND_FAILED', 'CHECKOUT_CLOSE_FAILED'],
    },
    { body: OrderStatusInputSchema, response: { 200: OrderStatusAnswerSchema } },
  );
  routes.post('/order/status', { onRequest: app.requireSellerWrite, schema: statusSchema }, async (request) => {
    const order = await app.fulfilment.changeStatus(request.body.orderId, request.body.status, callerOf(request), request.body.reason);
    const message = order.isRefunded
      ? 'Order cancelled and its payment refunded'
      : order.status === 'Cancelled' && order.isPaid
        ? 'Order cancelled; its payment could not be refunded yet and will be retried'
        : `Order status updated to ${order.status}`;
    return { success: true as const, message, order };
  });

  // Substitutions (issue 28, docs/decisions/0151): what was picked per line, before the order is packed.
  const pickSchema = routeSchema(
    {
      tags,
      summary: 'Record what was picked per line (fewer, none, or a substitute); the order is priced again and a card refunded the difference',
      errors: [
        ...SELLER_CALL,
        ...WRITE_CALL,
        'SHOP_NOT_APPROVED',
        'ORDER_NOT_FOUND',
        'INVALID_PICK',
        'PICK_NOT_ALLOWED',
        'PICKS_ALREADY_RECORDED',
        'SUBSTITUTE_NOT_ALLOWED',
        'SUBSTITUTE_UNAVAILABLE',
        'REFUND_FAILED',
      ],
    },
    { body: OrderPickInputSchema, response: { 200: OrderStatusAnswerSchema } },
  );
  routes.post('/order/pick', { onRequest: app.requireSellerWrite, schema: pickSchema }, async (request) => {
    const { order, replayed } = await app.fulfilment.recordPicks(request.body, callerOf(request));
    // Nothing picked cancels the order (0151): said so, not "the total is reduced by" its whole amount (a probe).
    const message = replayed
      ? 'These picks were already recorded'
      : order.status === 'Cancelled'
        ? 'Nothing could be picked: the order is cancelled and the shopper is told'
        : order.pickReduction > 0
        ? `Picks recorded; the total is ${order.paymentType === 'Online' ? 'refunded' : 'reduced'} by ${formatPrice(toMinor(order.pickReduction), app.config.currency)}`
        : 'Picks recorded';
    return { success: true as const, message, order };
  });

  const refundSchema = routeSchema(
    {
      tags,
      summary: "Refund a delivered order (its share of a card payment goes back; the shop's ledger records it)",
      errors: [...SELLER_CALL, ...WRITE_CALL, 'SHOP_NOT_APPROVED', 'ORDER_NOT_FOUND', 'ORDER_NOT_REFUNDABLE', 'REFUND_FAILED'],
    },
    { body: OrderRefundInputSchema, response: { 200: OrderStatusAnswerSchema } },
  );
  routes.post('/order/refund', { onRequest: app.requireSellerWrite, schema: refundSchema }, async (request) => {
    const { order, commissionKept } = await app.fulfilment.refundDelivered(request.body.orderId, callerOf(request));
    // A cash order the shop gives back itself keeps its commission (decision 0276): said where the shop reads the answer.
    // A cash order a coupon paid whole took no cash at the door: none to hand back (an attacker probe).
    const cash = order.amount > 0 ? 'hand the cash back to the shopper' : 'no cash was paid, none to hand back';
    const message = commissionKept ? `Order refunded: ${cash}. The commission on it stays; GreenCart can give it back for a return it checks.` : 'Order refunded';
    return { success: true as const, message, order };
  });
}
