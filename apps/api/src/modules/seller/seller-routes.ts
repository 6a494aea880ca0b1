import { MessageAnswerSchema, SellerIsAuthAnswerSchema, SellerLoginInputSchema } from '@greencart/shared';
import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { routeSchema, SELLER_CALL, WRITE_CALL } from '../../lib/route-schema.js';
import { SELLER_COOKIE } from '../../plugins/auth.js';
import { refuseCrossSite } from '../../plugins/origin-check.js';
import { DEVICE_COOKIE, perDeviceOrAddress, rememberDevice } from '../users/device-token.js';
import { ACCOUNT_ATTEMPT_LIMIT } from '../users/user-routes.js';
import { tooManySellerLoginAttempts } from './seller-errors.js';

/** Spec section 7: the seller's session calls. The seller session is its own cookie (plugins/auth.ts). */
const tags = ['Seller session'];

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

  const loginSchema = routeSchema(
    { tags, summary: 'Log in as the seller', errors: [...WRITE_CALL, 'INVALID_CREDENTIALS', 'TOO_MANY_ATTEMPTS', 'TOO_MANY_FAILED_LOGINS'] },
    { body: SellerLoginInputSchema, response: { 200: MessageAnswerSchema } },
  );
  routes.post('/seller/login', { onRequest: loginAttempts, schema: loginSchema }, async (request, reply) => {
    const { sellerId, device } = await app.sellers.login(request.body, { address: request.ip, deviceToken: request.cookies[DEVICE_COOKIE.seller] });
    if (device) rememberDevice(reply, 'seller', device, app.config.isProduction);
    await app.startSession(reply, 'seller', sellerId);
    return { success: true as const, message: 'Logged in' };
  });

  // Asked on every page load (spec section 4), like the shopper's: a non-seller is an answer, not an error.
  const isAuthSchema = routeSchema({ tags, summary: 'Whether the seller is logged in (success false otherwise)' }, { response: { 200: SellerIsAuthAnswerSchema } });
  routes.get('/seller/is-auth', { schema: isAuthSchema }, async (request) => {
    const session = await app.sessions.resolve(request.cookies[SELLER_COOKIE]);
    const seller = session?.sellerId ? await app.sellers.account(session.sellerId) : undefined;
    if (!seller) return { success: false as const, code: 'NOT_AUTHENTICATED' as const, message: 'Not logged in as a seller' };
    return { success: true as const, seller };
  });

  // POST in the spec; the original GreenCart client sends a GET, so both end the session.
  routes.route({
    method: ['GET', 'POST'],
    url: '/seller/logout',
    onRequest: [refuseCrossSite, app.requireSeller],
    schema: routeSchema({ tags, summary: "End the seller's session", errors: ['CROSS_SITE_REQUEST', ...SELLER_CALL] }, { response: { 200: MessageAnswerSchema } }),
    handler: async (request, reply) => {
      await app.endSession(request, reply, 'seller');
      return { success: true as const, message: 'Logged out' };
    },
  });
}
