import { MessageAnswerSchema, PasswordChangeInputSchema, PasswordForgotInputSchema, PasswordResetInputSchema, UserAnswerSchema, type PasswordChangeInput } from '@greencart/shared';
import type { FastifyInstance, FastifyRequest } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { routeSchema, SELLER_CALL, USER_CALL, WRITE_CALL } from '../../lib/route-schema.js';
import { perAddress } from '../../plugins/rate-limit-store.js';
import { tooManySellerLoginAttempts } from '../seller/seller-errors.js';
import { USER_COOKIE, SELLER_COOKIE } from '../../plugins/auth.js';
import { hashToken } from '../sessions/session-service.js';
import { rememberDevice } from './device-token.js';
import { RESET_REQUEST_LIMIT, RESET_REQUESTED_MESSAGE, tooManyResetAttempts, tooManyResetRequests, type Account } from './password-reset.js';
import { tooManyAttempts } from './user-errors.js';
import { ACCOUNT_ATTEMPT_LIMIT } from './user-routes.js';

const FIFTEEN_MINUTES = 15 * 60 * 1000;

/**
 * A forgotten password (decision 0254), for shoppers (`/api/user/password/...`) and shops (`/api/seller/password/...`):
 * a link by e-mail, then the new password with it, which ends every other session and signs this browser in; and a
 * signed-in account's change of password.
 */
export async function passwordResetRoutes(app: FastifyInstance) {
  const routes = app.withTypeProvider<ZodTypeProvider>();
  const tags = { user: ['Shopper account'], seller: ['Seller session'] };

  // One per-address budget for both accounts' requests (the mails one client can cause); the answer is the same for any e-mail.
  const requests = app.rateLimit({
    max: RESET_REQUEST_LIMIT,
    timeWindow: FIFTEEN_MINUTES,
    keyGenerator: perAddress('password-forgot'),
    errorResponseBuilder: (_request, context) => tooManyResetRequests(context.after),
  });
  for (const account of ['user', 'seller'] as const) {
    const schema = routeSchema(
      { tags: tags[account], summary: `E-mail a link to set a new password (the same answer for any e-mail${account === 'seller' ? "; never the operator's" : ''})`, errors: [...WRITE_CALL, 'TOO_MANY_ATTEMPTS'] },
      { body: PasswordForgotInputSchema, response: { 200: MessageAnswerSchema } },
    );
    // After the body is read: a mistyped e-mail (400) spends none of the budget (a probe was locked out by three).
    routes.post(`/${account}/password/forgot`, { preHandler: requests, schema }, async (request) => {
      await app.passwordReset.request(account, request.body.email);
      return { success: true as const, message: RESET_REQUESTED_MESSAGE };
    });
  }

  // A budget of ACCOUNT_ATTEMPT_LIMIT tries by `key` (an address, an account), each said as its own.
  const attempts = (key: (request: FastifyRequest) => string, refusal: (after: string) => Error) =>
    app.rateLimit({ max: ACCOUNT_ATTEMPT_LIMIT, timeWindow: FIFTEEN_MINUTES, keyGenerator: key, errorResponseBuilder: (_request, context) => refusal(context.after) });
  const resetSchema = <T>(account: Account, answer: T) =>
    routeSchema(
      { tags: tags[account], summary: "Set a new password with the e-mailed link's token: every other session ends, this browser is signed in", errors: [...WRITE_CALL, 'RESET_LINK_INVALID', 'TOO_MANY_ATTEMPTS'] },
      { body: PasswordResetInputSchema, response: { 200: answer } },
    );
  /** The password set, every other session ended (forgotten here at once), a session and a device token for this browser. */
  const reset = async (account: Account, body: { token: string; password: string }, reply: Parameters<typeof rememberDevice>[0]) => {
    const id = await app.passwordReset.reset(account, body);
    app.sessions.forgetKept();
    rememberDevice(reply, account, app.deviceTokens.issue(account, id), app.config.isProduction);
    await app.startSession(reply, account, id);
    return id;
  };

  // Resets have a budget of their own, said as such (counted with the logins', a probe's page read "Too many seller login attempts").
  const resets = attempts(perAddress('password-reset-attempts'), tooManyResetAttempts);
  routes.post('/user/password/reset', { onRequest: resets, schema: resetSchema('user', UserAnswerSchema) }, async (request, reply) => {
    const userId = await reset('user', request.body, reply);
    return { success: true as const, user: await app.users.current(userId), message: 'Password changed: you are logged in' };
  });
  // A signed-in account changes its password, giving the current one; a wrong one is a failed login of the account.
  const changeSchema = (account: Account) =>
    routeSchema(
      {
        tags: tags[account],
        summary: 'Change the password, giving the current one: every other session ends, this browser stays signed in',
        errors: [...WRITE_CALL, ...(account === 'user' ? USER_CALL : SELLER_CALL), 'INVALID_CREDENTIALS', 'TOO_MANY_ATTEMPTS', 'TOO_MANY_FAILED_LOGINS'],
      },
      { body: PasswordChangeInputSchema, response: { 200: MessageAnswerSchema } },
    );
  /** `session`: the token of the session sending it (its cookie, there since the route's hook found the session). */
  const changed = async (account: Account, id: string, body: PasswordChangeInput, session: string, reply: Parameters<typeof rememberDevice>[0]) => {
    await app.passwordReset.change(account, id, body, hashToken(session));
    app.sessions.forgetKept();
    await app.startSession(reply, account, id);
    return { success: true as const, message: 'Password changed: every other device is signed out' };
  };
  // A signed-in account's changes have a budget of the account's own: counted per address, other clients behind the same
  // address (an office, a carrier) spent it and the shopper's change was refused "Too many login attempts" (a probe).
  const userChanges = attempts((request) => `password-changes user ${request.userId}`, tooManyAttempts);
  const sellerChanges = attempts((request) => `password-changes seller ${request.seller.id}`, tooManySellerLoginAttempts);
  routes.post('/user/password/change', { onRequest: app.requireUser, preHandler: userChanges, schema: changeSchema('user') }, (request, reply) =>
    changed('user', request.userId, request.body, request.cookies[USER_COOKIE]!, reply),
  );
  routes.post('/seller/password/change', { onRequest: app.requireSeller, preHandler: sellerChanges, schema: changeSchema('seller') }, (request, reply) =>
    changed('seller', request.seller.id, request.body, request.cookies[SELLER_COOKIE]!, reply),
  );

  routes.post('/seller/password/reset', { onRequest: resets, schema: resetSchema('seller', MessageAnswerSchema) }, async (request, reply) => {
    await reset('seller', request.body, reply);
    return { success: true as const, message: 'Password changed: you are signed in' };
  });
}
