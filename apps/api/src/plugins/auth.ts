import type { FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';
import fp from 'fastify-plugin';
import type { ChannelFeed } from '../db/channel-feed.js';
import { AppError } from '../lib/app-error.js';
import { createSessionService, type SessionService } from '../modules/sessions/session-service.js';

/** Shopper and seller sessions are separate cookies, so both can live in one browser (issue 6). */
export const USER_COOKIE = 'gc_session';
export const SELLER_COOKIE = 'gc_seller_session';

declare module 'fastify' {
  interface FastifyInstance {
    sessions: SessionService;
    /**
     * Route onRequest hook: 401 unless a shopper is logged in; sets request.userId. It runs before
     * the body is read or validated, so a caller without the right session learns nothing more.
     */
    requireUser: (request: FastifyRequest) => Promise<void>;
    /** Route onRequest hook: 401 for visitors, 403 for shoppers; sets request.sellerId. */
    requireSeller: (request: FastifyRequest) => Promise<void>;
    startSession: (reply: FastifyReply, kind: 'user' | 'seller', ownerId: string) => Promise<void>;
    endSession: (request: FastifyRequest, reply: FastifyReply, kind: 'user' | 'seller') => Promise<void>;
  }
  interface FastifyRequest {
    userId: string;
    sellerId: string;
  }
}

/** `ended`: the sessions' change feed, which tells this instance that a session ended anywhere. */
export const authPlugin = fp(async (app: FastifyInstance, options: { ended: ChannelFeed }) => {
  const sessions = createSessionService(app.db, options.ended);
  const secure = app.config.isProduction;
  app.decorate('sessions', sessions);
  app.decorateRequest('userId', '');
  app.decorateRequest('sellerId', '');

  const cookieName = (kind: 'user' | 'seller') => (kind === 'user' ? USER_COOKIE : SELLER_COOKIE);

  const userIdOf = async (request: FastifyRequest) => (await sessions.resolve(request.cookies[USER_COOKIE]))?.userId ?? undefined;

  app.decorate('requireUser', async (request: FastifyRequest) => {
    const userId = await userIdOf(request);
    if (!userId) throw new AppError('NOT_AUTHENTICATED', 'Please log in to continue');
    request.userId = userId;
  });

  app.decorate('requireSeller', async (request: FastifyRequest) => {
    const sellerId = (await sessions.resolve(request.cookies[SELLER_COOKIE]))?.sellerId;
    if (sellerId) {
      request.sellerId = sellerId;
      return;
    }
    if (await userIdOf(request)) throw new AppError('FORBIDDEN', 'Only sellers can do this');
    throw new AppError('NOT_AUTHENTICATED', 'Please log in as a seller to continue');
  });

  app.decorate('startSession', async (reply: FastifyReply, kind: 'user' | 'seller', ownerId: string) => {
    const { token, expiresAt } = await sessions.start(kind === 'user' ? { userId: ownerId } : { sellerId: ownerId });
    reply.setCookie(cookieName(kind), token, { path: '/', httpOnly: true, sameSite: 'lax', secure, expires: expiresAt });
  });

  app.decorate('endSession', async (request: FastifyRequest, reply: FastifyReply, kind: 'user' | 'seller') => {
    await sessions.end(request.cookies[cookieName(kind)]);
    reply.clearCookie(cookieName(kind), { path: '/', httpOnly: true, sameSite: 'lax', secure });
  });
});
