import { Readable } from 'node:stream';
import { OrderStatusInputSchema, SellerOrderFilterSchema, SellerOrderQuerySchema } from '@greencart/shared';
import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';

/** The seller's order calls; both refuse visitors (401) and shoppers (403). */
export async function fulfilmentRoutes(app: FastifyInstance) {
  const routes = app.withTypeProvider<ZodTypeProvider>();

  // The spec's `order` and the original client's `orders` (docs/decisions/0098). A page of the newest
  // orders (`cursor` for the next), optionally filtered (issue 16); the summary is over all orders, kept
  // between order changes (0080).
  routes.get('/order/seller', { onRequest: app.requireSeller, schema: { querystring: SellerOrderQuerySchema } }, async (request, reply) => {
    return reply.type('application/json; charset=utf-8').send(await app.fulfilment.pageAnswer(request.query));
  });

  // The filtered orders as CSV (issue 16), streamed as it is read, a page at a time.
  routes.get('/order/seller/export', { onRequest: app.requireSeller, schema: { querystring: SellerOrderFilterSchema } }, async (request, reply) => {
    const day = new Date().toISOString().slice(0, 10);
    return reply
      .type('text/csv; charset=utf-8')
      .header('content-disposition', `attachment; filename="greencart-orders-${day}.csv"`)
      .send(Readable.from(app.fulfilment.exportCsv(request.query)));
  });

  routes.post('/order/status', { onRequest: app.requireSeller, schema: { body: OrderStatusInputSchema } }, async (request) => {
    const order = await app.fulfilment.changeStatus(request.body.orderId, request.body.status);
    const message = order.isRefunded
      ? 'Order cancelled and its payment refunded'
      : order.status === 'Cancelled' && order.isPaid
        ? 'Order cancelled; its payment could not be refunded yet and will be retried'
        : `Order status updated to ${order.status}`;
    return { success: true, message, order };
  });
}
