import {
  MessageAnswerSchema,
  OwnShopProfileAnswerSchema,
  SellerConfirmQuerySchema,
  SellerConfirmResendInputSchema,
  SellerIsAuthAnswerSchema,
  SellerListAnswerSchema,
  SellerListQuerySchema,
  SellerLoginInputSchema,
  SellerRegisterAnswerSchema,
  SellerRegisterInputSchema,
  SellerStatusAnswerSchema,
  SellerStatusInputSchema,
  type SellerStatus,
  ShopProfileAnswerSchema,
  ShopProfileInputSchema,
  ShopSlugSchema,
} from '@greencart/shared';
import type { FastifyInstance } from 'fastify';
import { z } from 'zod';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { noBody, OPERATOR_CALL, routeSchema, SELLER_CALL, SELLER_WRITE, WRITE_CALL } from '../../lib/route-schema.js';
import { AppError } from '../../lib/app-error.js';
import { SELLER_COOKIE } from '../../plugins/auth.js';
import { refuseCrossSite } from '../../plugins/origin-check.js';
import { perAddress } from '../../plugins/rate-limit-store.js';
import { DEVICE_COOKIE, perDeviceOrAddress, rememberDevice } from '../users/device-token.js';
import { ACCOUNT_ATTEMPT_LIMIT } from '../users/user-routes.js';
import { tooManyConfirmationMails, tooManySellerApplications, tooManySellerLoginAttempts } from './seller-errors.js';

/** Spec section 7: the seller's session calls. The seller session is its own cookie (plugins/auth.ts). */
const tags = ['Seller session'];
/** Issue 26: shops apply, the operator approves or suspends them, shoppers see a shop's page. */
const shopTags = ['Shops'];

/** Where the e-mailed confirmation link lands in the browser (the web's /seller/confirmed page). */
const CONFIRMED_PAGE = '/seller/confirmed';

/** Confirmation links one client address may ask for per 15 minutes (docs/decisions/0171). */
export const CONFIRMATION_RESEND_LIMIT = 3;

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
    const { sellerId, device, passwordHash } = await app.sellers.login(request.body, { address: request.ip, deviceToken: request.cookies[DEVICE_COOKIE.seller] });
    await app.startSession(reply, 'seller', sellerId, passwordHash);
    if (device) rememberDevice(reply, 'seller', device, app.config.isProduction);
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

  // POST in the spec; the original GreenCart client sends a GET, so both end the session. Two routes, so each is an
  // operation with a name of its own in the API's document (a probe: one route of two methods had none).
  const logoutSchema = routeSchema({ tags, summary: "End the seller's session", errors: WRITE_CALL }, { response: { 200: MessageAnswerSchema } });
  for (const method of ['GET', 'POST'] as const) {
    routes.route({
      method,
      url: '/seller/logout',
      // No HEAD twin: a link checker's or a prefetcher's HEAD would end the session.
      exposeHeadRoute: false,
      // A session that already ended is logged out all the same (it was a 401 the seller could not get past).
      onRequest: [refuseCrossSite],
      schema: logoutSchema,
      handler: async (request, reply) => {
        await app.endSession(request, reply, 'seller');
        return { success: true as const, message: 'Logged out' };
      },
    });
  }

  /** `max` calls per client address per 15 minutes, counted under `limit`; past it, `refusal` (429). */
  const budgetPerAddress = (max: number, limit: string, refusal: (after: string) => AppError) =>
    app.rateLimit({ max, timeWindow: 15 * 60 * 1000, keyGenerator: perAddress(limit), errorResponseBuilder: (_request, context) => refusal(context.after) });

  // An application counts against the same per-address budget as the seller's logins (like a shopper's
  // sign-up and logins, docs/decisions/0020): one counter, so neither can be used to get round the other.
  const applications = budgetPerAddress(ACCOUNT_ATTEMPT_LIMIT, 'seller-login-attempts', tooManySellerApplications);
  const registerSchema = routeSchema(
    { tags: shopTags, summary: 'Apply as a new shop: signed in at once, pending until the e-mail is confirmed and the operator approves', errors: [...WRITE_CALL, 'EMAIL_TAKEN', 'SHOP_NAME_TAKEN', 'TOO_MANY_ATTEMPTS'] },
    { body: SellerRegisterInputSchema, response: { 200: SellerRegisterAnswerSchema } },
  );
  routes.post('/seller/register', { onRequest: applications, schema: registerSchema }, async (request, reply) => {
    const seller = await app.sellers.register(request.body);
    rememberDevice(reply, 'seller', app.deviceTokens.issue('seller', seller.id), app.config.isProduction);
    await app.startSession(reply, 'seller', seller.id);
    return { success: true as const, message: 'Application received: please confirm your e-mail', seller };
  });

  // The link in the confirmation e-mail: a browser is sent to the web's page saying how it went; any other
  // client gets the answer as JSON.
  const CONFIRMED_MESSAGES: Record<SellerStatus, string> = {
    pending: 'E-mail confirmed: your application now waits for approval',
    approved: 'E-mail confirmed: your shop is approved',
    suspended: 'E-mail confirmed: your shop is suspended, sign in to see why',
  };
  const DECLINED_MESSAGE = 'E-mail confirmed: your application was declined, sign in to see why';
  const confirmSchema = routeSchema(
    { tags: shopTags, summary: "Confirm a shop's e-mail (the e-mailed link); a browser is redirected to /seller/confirmed", errors: ['INVALID_CONFIRMATION_LINK', 'CONFIRMATION_LINK_EXPIRED'] },
    {
      querystring: SellerConfirmQuerySchema,
      response: { 200: SellerRegisterAnswerSchema, 303: noBody('To /seller/confirmed (with ?error=invalid when the link is not valid, ?error=expired when it has expired, ?shop=approved, ?shop=suspended or ?shop=declined when the operator has decided)') },
    },
  );
  // A link that does not read as one (a token missing or given twice) takes a browser to the same page as a wrong token.
  routes.get('/seller/confirm', { schema: confirmSchema, attachValidation: true }, async (request, reply) => {
    const browser = request.headers.accept?.includes('text/html') ?? false;
    try {
      if (request.validationError) throw request.validationError;
      const seller = await app.sellers.confirm(request.query.token);
      // Where the shop stands once the operator decided (the link opened again, or first opened after a suspension), not "waits for approval".
      const decided = seller.declined ? 'declined' : seller.status;
      if (browser) return reply.redirect(decided === 'pending' ? CONFIRMED_PAGE : `${CONFIRMED_PAGE}?shop=${decided}`, 303);
      return { success: true as const, message: seller.declined ? DECLINED_MESSAGE : CONFIRMED_MESSAGES[seller.status], seller };
    } catch (err) {
      const error = err instanceof AppError && err.code === 'CONFIRMATION_LINK_EXPIRED' ? 'expired' : 'invalid';
      if (browser) return reply.redirect(`${CONFIRMED_PAGE}?error=${error}`, 303);
      throw err;
    }
  });

  // A new link for an application whose mail went astray. The same answer whether or not the e-mail has a shop;
  // a budget per address (its own counter) so the call cannot be used to flood someone's inbox.
  const resends = budgetPerAddress(CONFIRMATION_RESEND_LIMIT, 'seller-confirm-resend', tooManyConfirmationMails);
  const resendSchema = routeSchema(
    { tags: shopTags, summary: 'Send the confirmation link again to an application not confirmed yet (the same answer for any e-mail)', errors: [...WRITE_CALL, 'TOO_MANY_ATTEMPTS'] },
    { body: SellerConfirmResendInputSchema, response: { 200: MessageAnswerSchema } },
  );
  routes.post('/seller/confirm/resend', { onRequest: resends, schema: resendSchema }, async (request) => {
    await app.sellers.resendConfirmation(request.body.email);
    return { success: true as const, message: 'If an application with this e-mail waits for confirmation, a new link is on its way.' };
  });

  const readProfile = routeSchema(
    { tags: shopTags, summary: "The signed-in shop's own profile (its name, slug, e-mail, phone, pickup address)", errors: SELLER_CALL },
    { response: { 200: OwnShopProfileAnswerSchema } },
  );
  routes.get('/seller/profile', { onRequest: app.requireSeller, schema: readProfile }, async (request) => ({
    success: true as const,
    message: 'Profile loaded',
    profile: await app.sellers.profile(request.seller.id),
  }));

  const updateProfile = routeSchema(
    { tags: shopTags, summary: "Change the signed-in shop's name, phone and pickup address (its slug stays)", errors: [...SELLER_WRITE, ...WRITE_CALL, 'SHOP_NAME_TAKEN'] },
    { body: ShopProfileInputSchema, response: { 200: OwnShopProfileAnswerSchema } },
  );
  routes.post('/seller/profile', { onRequest: app.requireSellerWrite, schema: updateProfile }, async (request) => ({
    success: true as const,
    message: 'Shop profile saved',
    profile: await app.sellers.updateProfile(request.seller.id, request.body),
  }));

  const listSchema = routeSchema(
    { tags: shopTags, summary: 'The applications and shops, oldest first, a page at a time (operator)', errors: OPERATOR_CALL },
    { querystring: SellerListQuerySchema, response: { 200: SellerListAnswerSchema } },
  );
  routes.get('/seller/sellers', { onRequest: app.requireOperator, schema: listSchema }, async (request) => ({
    success: true as const,
    ...(await app.sellers.list(request.query)),
    message: 'Shops loaded',
  }));

  const statusSchema = routeSchema(
    {
      tags: shopTags,
      summary: 'Approve or suspend a shop (suspending an application declines it), with a reason the seller is e-mailed (operator)',
      errors: [...OPERATOR_CALL, ...WRITE_CALL, 'SELLER_NOT_FOUND', 'INVALID_SELLER_STATUS_CHANGE'],
    },
    { body: SellerStatusInputSchema, response: { 200: SellerStatusAnswerSchema } },
  );
  routes.post('/seller/sellers/status', { onRequest: app.requireOperator, schema: statusSchema }, async (request) => {
    const { seller, message } = await app.sellers.setStatus(request.body);
    // Its checkouts waiting for a card payment end after the answer (decision 0265): each asks the payment provider.
    if (seller.status === 'suspended') {
      void app.orders.endShopWaitingCheckouts(seller.id).catch((err: unknown) => request.log.warn({ err }, "ending a suspended shop's waiting checkouts failed"));
    }
    return { success: true as const, message, seller };
  });

  const shopSchema = routeSchema(
    { tags: shopTags, summary: "An approved shop's public profile (its products: GET /api/product/search?seller=)", errors: ['SHOP_NOT_FOUND'] },
    { params: z.strictObject({ slug: ShopSlugSchema.meta({ description: "The shop's address, as in /shop/{slug} (in any letter case)" }) }), response: { 200: ShopProfileAnswerSchema } },
  );
  routes.get('/seller/shop/:slug', { schema: shopSchema }, async (request) => ({ success: true as const, shop: await app.sellers.shop(request.params.slug), message: 'Shop loaded' }));
}
