import { CartUpdateAnswerSchema, CartUpdateInputSchema } from '@greencart/shared';
import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { AppError } from '../../lib/app-error.js';
import { routeSchema, USER_CALL, WRITE_CALL } from '../../lib/route-schema.js';

export async function cartRoutes(app: FastifyInstance) {
  app.withTypeProvider<ZodTypeProvider>().post(
    '/cart/update',
    {
      onRequest: app.requireUser,
      schema: routeSchema(
        { tags: ['Cart'], summary: "Replace the shopper's cart", errors: [...USER_CALL, ...WRITE_CALL, 'CART_OWNER_CHANGED'] },
        { body: CartUpdateInputSchema, response: { 200: CartUpdateAnswerSchema } },
      ),
    },
    async (request) => {
      const { cartItems, changedMsAgo, substitutions, substituteDefault, owner } = request.body;
      if (owner !== undefined && owner !== request.userId) {
        throw new AppError('CART_OWNER_CHANGED', 'This browser is now signed in to another account: this cart was not saved. Please reload the page.');
      }
      const outcome = await app.cart.replace(request.userId, cartItems, changedMsAgo, { substitutions, substituteDefault });
      // Not a failure: the request was valid and the newer state (the checkout's) kept. The browser
      // takes `cartItems` as the cart (decision 0093).
      if (outcome.outdated) return { success: true as const, outdated: true as const, message: 'Cart not changed: an order was placed after this change', cartItems: outcome.cart };
      return { success: true as const, message: 'Cart Updated' };
    },
  );
}
