import { OrderStatusInputSchema, SellerOrderQuerySchema } from '@greencart/shared';
import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';

/** The seller's order calls; both refuse visitors (401) and shoppers (403). */
export async function fulfilmentRoutes(app: FastifyInstance) {
  const routes = app.withTypeProvider<ZodTypeProvider>();

  // The spec's key is `order`; `orders` carries the same list, as GET /api/order/user does. A page of
  // the newest orders (`cursor` for the next); the summary is computed over all of them.
  routes.get('/order/seller', { onRequest: app.requireSeller, schema: { querystring: SellerOrderQuerySchema } }, async (request) => {
    const [{ orders, nextCursor }, summary] = await Promise.all([app.fulfilment.listPage(request.query), app.fulfilment.summary()]);
    return { success: true, order: orders, orders, nextCursor, summary, message: 'Orders loaded' };
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
