import {
  DeliveriesAnswerSchema,
  DeliveriesQuerySchema,
  DeliveryCheckAnswerSchema,
  DeliveryCheckQuerySchema,
  DeliverySettingsAnswerSchema,
  DeliverySettingsSchema,
  DeliverySlotsAnswerSchema,
  DeliverySlotsQuerySchema,
  OwnShopOnlyQuerySchema,
  type DeliverySettings,
} from '@greencart/shared';
import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { routeSchema, SELLER_CALL, SELLER_WRITE, WRITE_CALL } from '../../lib/route-schema.js';

const tags = ['Delivery'];

/** Issue 28: a shop's delivery settings (its own), the shoppers' checks and windows, the shop's deliveries board. */
export async function deliveryRoutes(app: FastifyInstance) {
  const routes = app.withTypeProvider<ZodTypeProvider>();

  const getSchema = routeSchema(
    { tags, summary: "The calling shop's delivery: pincodes, fee, free-delivery threshold, minimum, windows", errors: SELLER_CALL },
    { querystring: OwnShopOnlyQuerySchema, response: { 200: DeliverySettingsAnswerSchema } },
  );
  const answer = (message: string, delivery: DeliverySettings) => ({ success: true as const, message, ...delivery, delivery, timeZone: app.delivery.timeZone });
  routes.get('/seller/delivery', { onRequest: app.requireSeller, schema: getSchema }, async (request) =>
    answer('Your delivery settings', await app.delivery.settings(request.seller.id)),
  );

  const putSchema = routeSchema(
    { tags, summary: "Set the calling shop's delivery (a new version: checkouts priced under the old one are priced again)", errors: [...SELLER_WRITE, ...WRITE_CALL] },
    { body: DeliverySettingsSchema, querystring: OwnShopOnlyQuerySchema, response: { 200: DeliverySettingsAnswerSchema } },
  );
  routes.put('/seller/delivery', { onRequest: app.requireSellerWrite, schema: putSchema }, async (request) =>
    answer('Delivery settings saved', await app.delivery.save(request.seller.id, request.body)),
  );

  const checkSchema = routeSchema(
    { tags, summary: 'Which shops deliver to a pincode: the shops named in `sellers` (at most 50), or a page of those that do' },
    { querystring: DeliveryCheckQuerySchema, response: { 200: DeliveryCheckAnswerSchema } },
  );
  routes.get('/delivery/check', { schema: checkSchema }, async (request) => {
    const { pincode, sellers, cursor, country } = request.query;
    return { success: true as const, pincode, ...(await app.delivery.check(pincode, sellers, cursor, country)) };
  });

  const slotsSchema = routeSchema(
    { tags, summary: "A shop's coming delivery windows with the places left, and its fee, threshold and minimum", errors: ['SHOP_NOT_FOUND'] },
    { querystring: DeliverySlotsQuerySchema, response: { 200: DeliverySlotsAnswerSchema } },
  );
  routes.get('/delivery/slots', { schema: slotsSchema }, async (request) => ({
    success: true as const,
    ...(await app.delivery.slots(request.query.seller, request.query.pincode, request.query.country)),
  }));

  const boardSchema = routeSchema(
    { tags, summary: "The shop's deliveries of a day (today by default) by window: the Deliveries today board", errors: SELLER_CALL },
    { querystring: DeliveriesQuerySchema, response: { 200: DeliveriesAnswerSchema } },
  );
  routes.get('/seller/deliveries', { onRequest: app.requireSeller, schema: boardSchema }, async (request) => ({
    success: true as const,
    ...(await app.delivery.deliveries({ id: request.seller.id, role: request.seller.role }, request.query.day)),
  }));
}
