import { AddAddressInputSchema } from '@greencart/shared';
import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';

export async function addressRoutes(app: FastifyInstance) {
  const routes = app.withTypeProvider<ZodTypeProvider>();

  // `address` is an extra key beyond the spec's {success, message}: the form selects the new address.
  routes.post('/address/add', { onRequest: app.requireUser, schema: { body: AddAddressInputSchema } }, async (request) => {
    const address = await app.addressBook.add(request.userId, request.body.address);
    return { success: true, message: 'Address added', address };
  });

  routes.get('/address/get', { onRequest: app.requireUser }, async (request) => ({
    success: true,
    addresses: await app.addressBook.list(request.userId),
    message: 'Addresses loaded',
  }));
}
