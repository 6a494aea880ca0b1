import { LoginInputSchema, MessageAnswerSchema, RegisterInputSchema, UserAnswerSchema, UserIsAuthAnswerSchema } from '@greencart/shared';
import type { FastifyInstance, FastifyRequest } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { routeSchema, WRITE_CALL } from '../../lib/route-schema.js';
import { USER_COOKIE } from '../../plugins/auth.js';
import { refuseCrossSite } from '../../plugins/origin-check.js';
import { perAddress } from '../../plugins/rate-limit-store.js';
import { DEVICE_COOKIE, perDeviceOrAddress, rememberDevice } from './device-token.js';
import { tooManyAttempts } from './user-errors.js';

/** 100 login + sign-up attempts per client address per 15 minutes, one counter for both (issue 4). */
export const ACCOUNT_ATTEMPT_LIMIT = 100;

const tags = ['Shopper account'];

export async function userRoutes(app: FastifyInstance) {
  const routes = app.withTypeProvider<ZodTypeProvider>();
  // Both routes count against the same per-address budget: their keys are the same counter. The address
  // is request.ip: X-Forwarded-For is honoured only as far as TRUST_PROXY says (app.ts). A login with a
  // valid device token spends that token's budget instead (docs/decisions/0097). Counted in the database,
  // shared by every instance (docs/decisions/0062).
  const accountAttempts = (keyGenerator: (request: FastifyRequest) => string) =>
    app.rateLimit({
      max: ACCOUNT_ATTEMPT_LIMIT,
      timeWindow: 15 * 60 * 1000,
      keyGenerator,
      errorResponseBuilder: (_request, context) => tooManyAttempts(context.after),
    });

  const registerSchema = routeSchema(
    { tags, summary: 'Create an account and log in', errors: [...WRITE_CALL, 'EMAIL_TAKEN', 'TOO_MANY_ATTEMPTS'] },
    { body: RegisterInputSchema, response: { 200: UserAnswerSchema } },
  );
  routes.post('/user/register', { onRequest: accountAttempts(perAddress('account-attempts')), schema: registerSchema }, async (request, reply) => {
    const user = await app.users.register(request.body);
    // This browser is the owner's from the start: an address's failed logins cannot lock it out (0097, a probe).
    rememberDevice(reply, 'user', app.deviceTokens.issue('user', user._id), app.config.isProduction);
    await app.startSession(reply, 'user', user._id);
    return { success: true as const, user, message: 'Account created' };
  });

  const loginAttempts = accountAttempts(perDeviceOrAddress('account-attempts', 'user', app.deviceTokens));
  const loginSchema = routeSchema(
    { tags, summary: 'Log in', errors: [...WRITE_CALL, 'INVALID_CREDENTIALS', 'TOO_MANY_ATTEMPTS', 'TOO_MANY_FAILED_LOGINS'] },
    { body: LoginInputSchema, response: { 200: UserAnswerSchema } },
  );
  routes.post('/user/login', { onRequest: loginAttempts, schema: loginSchema }, async (request, reply) => {
    const { user, device, passwordHash } = await app.users.login(request.body, { address: request.ip, deviceToken: request.cookies[DEVICE_COOKIE.user] });
    await app.startSession(reply, 'user', user._id, passwordHash);
    if (device) rememberDevice(reply, 'user', device, app.config.isProduction);
    return { success: true as const, user, message: 'Logged in' };
  });

  // Asked by every page load (spec section 4): a visitor is an expected answer, not an error, so it
  // is a 200 with success false (as the spec's original), keeping 401s out of visitors' consoles.
  const isAuthSchema = routeSchema({ tags, summary: 'The logged-in shopper, or success false for a visitor' }, { response: { 200: UserIsAuthAnswerSchema } });
  routes.get('/user/is-auth', { schema: isAuthSchema }, async (request) => {
    const userId = (await app.sessions.resolve(request.cookies[USER_COOKIE]))?.userId;
    if (!userId) return { success: false as const, code: 'NOT_AUTHENTICATED' as const, message: 'Not logged in' };
    return { success: true as const, user: await app.users.current(userId) };
  });

  const logoutSchema = routeSchema({ tags, summary: 'Log out (a GET, as the spec and the original client have it)', errors: ['CROSS_SITE_REQUEST'] }, { response: { 200: MessageAnswerSchema } });
  // No HEAD twin: a link checker's or a prefetcher's HEAD would end the session. A session that already ended
  // (elsewhere, or expired) is logged out all the same (spec: "Logout clears the user and goes to /"; it was a 401).
  routes.get('/user/logout', { onRequest: [refuseCrossSite], schema: logoutSchema, exposeHeadRoute: false }, async (request, reply) => {
    await app.endSession(request, reply, 'user');
    return { success: true as const, message: 'Logged out' };
  });
}
