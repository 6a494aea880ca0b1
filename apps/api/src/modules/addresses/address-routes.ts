import { AddAddressInputSchema, AddressAddedAnswerSchema, AddressIdInputSchema, AddressListAnswerSchema, MessageAnswerSchema } from '@greencart/shared';
import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { routeSchema, USER_CALL, WRITE_CALL } from '../../lib/route-schema.js';

const tags = ['Addresses'];

export async function addressRoutes(app: FastifyInstance) {
  const routes = app.withTypeProvider<ZodTypeProvider>();

  // `address` is an extra key beyond the spec's {success, message}: the form selects the new address.
  routes.post(
    '/address/add',
    {
      onRequest: app.requireUser,
      schema: routeSchema(
        { tags, summary: 'Save a delivery address', errors: [...USER_CALL, ...WRITE_CALL, 'ADDRESS_LIMIT'] },
        { body: AddAddressInputSchema, response: { 200: AddressAddedAnswerSchema } },
      ),
    },
    async (request) => {
      const { address, saved } = await app.addressBook.add(request.userId, request.body.address);
      return { success: true as const, message: saved ? 'Address added' : 'This address is already saved', address };
    },
  );

  routes.post(
    '/address/delete',
    {
      onRequest: app.requireUser,
      schema: routeSchema(
        { tags, summary: 'Remove a saved delivery address (orders keep the address they were placed with)', errors: [...USER_CALL, ...WRITE_CALL, 'ADDRESS_NOT_FOUND'] },
        { body: AddressIdInputSchema, response: { 200: MessageAnswerSchema } },
      ),
    },
    async (request) => {
      await app.addressBook.remove(request.userId, request.body.addressId);
      return { success: true as const, message: 'Address removed' };
    },
  );

  routes.get(
    '/address/get',
    { onRequest: app.requireUser, schema: routeSchema({ tags, summary: "The shopper's saved addresses", errors: USER_CALL }, { response: { 200: AddressListAnswerSchema } }) },
    async (request) => ({
      success: true as const,
      addresses: await app.addressBook.list(request.userId),
      message: 'Addresses loaded',
    }),
  );
}
