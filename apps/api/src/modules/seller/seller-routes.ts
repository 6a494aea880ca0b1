import { SellerLoginInputSchema } from '@greencart/shared';
import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { SELLER_COOKIE } from '../../plugins/auth.js';
import { refuseCrossSite } from '../../plugins/origin-check.js';
import { DEVICE_COOKIE, perDeviceOrAddress, rememberDevice } from '../users/device-token.js';
import { ACCOUNT_ATTEMPT_LIMIT } from '../users/user-routes.js';
import { tooManySellerLoginAttempts } from './seller-errors.js';

/** Spec section 7: the seller's session calls. The seller session is its own cookie (plugins/auth.ts). */
export async function sellerRoutes(app: FastifyInstance) {
  const routes = app.withTypeProvider<ZodTypeProvider>();
  // Same per-address budget as shopper login (docs/decisions/0020), counted apart from it; a valid
  // device token spends its own budget instead (0097).
  const loginAttempts = app.rateLimit({
    max: ACCOUNT_ATTEMPT_LIMIT,
    timeWindow: 15 * 60 * 1000,
    keyGenerator: perDeviceOrAddress('seller-login-attempts', 'seller', app.deviceTokens),
    errorResponseBuilder: (_request, context) => tooManySellerLoginAttempts(context.after),
  });

  routes.post('/seller/login', { onRequest: loginAttempts, schema: { body: SellerLoginInputSchema } }, async (request, reply) => {
    const { sellerId, device } = await app.sellers.login(request.body, { address: request.ip, deviceToken: request.cookies[DEVICE_COOKIE.seller] });
    if (device) rememberDevice(reply, 'seller', device, app.config.isProduction);
    await app.startSession(reply, 'seller', sellerId);
    return { success: true, message: 'Logged in' };
  });

  // Asked on every page load (spec section 4), like the shopper's: a non-seller is an answer, not an error.
  routes.get('/seller/is-auth', async (request) => {
    const session = await app.sessions.resolve(request.cookies[SELLER_COOKIE]);
    if (!session?.sellerId) return { success: false, code: 'NOT_AUTHENTICATED', message: 'Not logged in as a seller' };
    return { success: true };
  });

  // POST in the spec; the original GreenCart client sends a GET, so both end the session.
  routes.route({
    method: ['GET', 'POST'],
    url: '/seller/logout',
    onRequest: [refuseCrossSite, app.requireSeller],
    handler: async (request, reply) => {
      await app.endSession(request, reply, 'seller');
      return { success: true, message: 'Logged out' };
    },
  });
}
