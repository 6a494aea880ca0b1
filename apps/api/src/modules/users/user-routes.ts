import { LoginInputSchema, RegisterInputSchema } from '@greencart/shared';
import type { FastifyInstance, FastifyRequest } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { AppError } from '../../lib/app-error.js';
import { USER_COOKIE } from '../../plugins/auth.js';
import { tooManyAttempts } from './user-errors.js';

/** 100 login + sign-up attempts per client address per 15 minutes, one counter for both (issue 4). */
export const ACCOUNT_ATTEMPT_LIMIT = 100;

/**
 * Logout is a GET in the spec (section 7), which the Origin check does not cover; a SameSite=Lax
 * cookie still rides a cross-site link, so refuse what the browser marks as cross-site.
 */
async function refuseCrossSite(request: FastifyRequest) {
  if (request.headers['sec-fetch-site'] === 'cross-site') throw new AppError('CROSS_SITE_REQUEST', 403, 'Cross-site requests are not allowed');
}

export async function userRoutes(app: FastifyInstance) {
  const routes = app.withTypeProvider<ZodTypeProvider>();
  // One limiter instance shared by both routes, so they count against the same per-address budget.
  // The address is request.ip: X-Forwarded-For is honoured only with TRUST_PROXY (app.ts).
  const accountAttempts = app.rateLimit({
    max: ACCOUNT_ATTEMPT_LIMIT,
    timeWindow: 15 * 60 * 1000,
    errorResponseBuilder: (_request, context) => tooManyAttempts(context.after),
  });

  routes.post('/user/register', { onRequest: accountAttempts, schema: { body: RegisterInputSchema } }, async (request, reply) => {
    const user = await app.users.register(request.body);
    await app.startSession(reply, 'user', user._id);
    return { success: true, user, message: 'Account created' };
  });

  routes.post('/user/login', { onRequest: accountAttempts, schema: { body: LoginInputSchema } }, async (request, reply) => {
    const user = await app.users.login(request.body);
    await app.startSession(reply, 'user', user._id);
    return { success: true, user, message: 'Logged in' };
  });

  // Asked by every page load (spec section 4): a visitor is an expected answer, not an error, so it
  // is a 200 with success false (as the spec's original), keeping 401s out of visitors' consoles.
  routes.get('/user/is-auth', async (request) => {
    const userId = (await app.sessions.resolve(request.cookies[USER_COOKIE]))?.userId;
    if (!userId) return { success: false, code: 'NOT_AUTHENTICATED', message: 'Not logged in' };
    return { success: true, user: await app.users.current(userId) };
  });

  routes.get('/user/logout', { onRequest: [refuseCrossSite, app.requireUser] }, async (request, reply) => {
    await app.endSession(request, reply, 'user');
    return { success: true, message: 'Logged out' };
  });
}
