import { CartUpdateInputSchema } from '@greencart/shared';
import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';

export async function cartRoutes(app: FastifyInstance) {
  app.withTypeProvider<ZodTypeProvider>().post(
    '/cart/update',
    { onRequest: app.requireUser, schema: { body: CartUpdateInputSchema } },
    async (request) => {
      await app.cart.replace(request.userId, request.body.cartItems);
      return { success: true, message: 'Cart Updated' };
    },
  );
}
