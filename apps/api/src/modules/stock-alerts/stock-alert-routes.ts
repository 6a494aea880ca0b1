import { StockAlertAnswerSchema, StockAlertInputSchema, StockAlertListAnswerSchema } from '@greencart/shared';
import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { routeSchema, USER_CALL, WRITE_CALL } from '../../lib/route-schema.js';

const tags = ['Products'];

/** "Tell me when it's back" (decision 0290): the shopper's alert for a product out of stock, read, asked for, stopped. */
export async function stockAlertRoutes(app: FastifyInstance) {
  const routes = app.withTypeProvider<ZodTypeProvider>();

  routes.get(
    '/product/alert',
    {
      onRequest: app.requireUser,
      schema: routeSchema(
        { tags, summary: 'Whether the shopper is to get an e-mail when the product is back in stock', errors: [...USER_CALL, 'VALIDATION_FAILED'] },
        { querystring: StockAlertInputSchema, response: { 200: StockAlertAnswerSchema } },
      ),
    },
    async (request) => {
      const alert = await app.stockAlerts.has(request.userId, request.query.productId);
      return { success: true as const, alert, message: alert ? 'You will get an e-mail when it is back in stock' : 'No alert for this product' };
    },
  );

  routes.post(
    '/product/alert',
    {
      onRequest: app.requireUser,
      schema: routeSchema(
        {
          tags,
          summary: 'E-mail the shopper once when a product out of stock is back (at most 100 alerts: a new one past them drops the oldest)',
          errors: [...USER_CALL, ...WRITE_CALL, 'PRODUCT_NOT_FOUND', 'PRODUCT_IN_STOCK'],
        },
        { body: StockAlertInputSchema, response: { 200: StockAlertAnswerSchema } },
      ),
    },
    async (request) => {
      const { added, name } = await app.stockAlerts.add(request.userId, request.body.productId);
      return { success: true as const, alert: true, message: added ? `We will e-mail you when ${name} is back in stock` : `You already get an e-mail when ${name} is back in stock` };
    },
  );

  routes.get(
    '/product/alerts',
    {
      onRequest: app.requireUser,
      schema: routeSchema(
        { tags, summary: "The shopper's back-in-stock alerts, newest first (all of them: at most 100)", errors: USER_CALL },
        { response: { 200: StockAlertListAnswerSchema } },
      ),
    },
    async (request) => ({ success: true as const, alerts: await app.stockAlerts.list(request.userId), message: 'Your back-in-stock alerts' }),
  );

  routes.post(
    '/product/alert/delete',
    {
      onRequest: app.requireUser,
      schema: routeSchema(
        { tags, summary: "Stop the shopper's back-in-stock alert for a product (none there: nothing to stop, the same answer)", errors: [...USER_CALL, ...WRITE_CALL] },
        { body: StockAlertInputSchema, response: { 200: StockAlertAnswerSchema } },
      ),
    },
    async (request) => {
      const removed = await app.stockAlerts.remove(request.userId, request.body.productId);
      return { success: true as const, alert: false, message: removed ? 'Alert stopped: no e-mail when it is back' : 'No alert for this product' };
    },
  );
}
