import { CartUpdateInputSchema } from '@greencart/shared';
import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';

export async function cartRoutes(app: FastifyInstance) {
  app.withTypeProvider<ZodTypeProvider>().post(
    '/cart/update',
    { onRequest: app.requireUser, schema: { body: CartUpdateInputSchema } },
    async (request) => {
      const outcome = await app.cart.replace(request.userId, request.body.cartItems, request.body.changedMsAgo);
      // Not a failure: the request was valid and the newer state (the checkout's) kept. The browser
      // takes `cartItems` as the cart (decision 0093).
      if (outcome.outdated) return { success: true, outdated: true, message: 'Cart not changed: an order was placed after this change', cartItems: outcome.cart };
      return { success: true, message: 'Cart Updated' };
    },
  );
}
