import type { FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';
import fp from 'fastify-plugin';
import type { ChannelFeed } from '../db/channel-feed.js';
import { AppError } from '../lib/app-error.js';
import { findSellerAccess, type SellerAccess } from '../modules/seller/seller-repository.js';
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
    /**
     * Route onRequest hook: 401 for visitors, 403 for shoppers; sets request.sellerId and request.seller
     * (its role and status). A pending or suspended shop passes: it may read (issue 26).
     */
    requireSeller: (request: FastifyRequest) => Promise<void>;
    /** requireSeller, then 403 SHOP_NOT_APPROVED unless the shop is approved: every seller write (issue 26). */
    requireSellerWrite: (request: FastifyRequest) => Promise<void>;
    /** requireSeller, then 403 OPERATOR_ONLY unless the caller is the operator. */
    requireOperator: (request: FastifyRequest) => Promise<void>;
    /** `passwordHash`: the one a login checked; the session is refused (401) when the password changed since. */
    startSession: (reply: FastifyReply, kind: 'user' | 'seller', ownerId: string, passwordHash?: string) => Promise<void>;
    endSession: (request: FastifyRequest, reply: FastifyReply, kind: 'user' | 'seller') => Promise<void>;
  }
  interface FastifyRequest {
    userId: string;
    sellerId: string;
    /** The signed-in seller's role and status (set by requireSeller). */
    seller: SellerAccess;
  }
}

/** `ended`: the sessions' change feed, which tells this instance that a session ended anywhere. */
export const authPlugin = fp(async (app: FastifyInstance, options: { ended: ChannelFeed }) => {
  const sessions = createSessionService(app.db, options.ended);
  const secure = app.config.isProduction;
  app.decorate('sessions', sessions);
  app.decorateRequest('userId', '');
  app.decorateRequest('sellerId', '');
  // Null until requireSeller sets it; only routes behind that hook read it.
  app.decorateRequest<SellerAccess | null>('seller', null);

  const cookieName = (kind: 'user' | 'seller') => (kind === 'user' ? USER_COOKIE : SELLER_COOKIE);

  const userIdOf = async (request: FastifyRequest) => (await sessions.resolve(request.cookies[USER_COOKIE]))?.userId ?? undefined;

  app.decorate('requireUser', async (request: FastifyRequest) => {
    const userId = await userIdOf(request);
    if (!userId) throw new AppError('NOT_AUTHENTICATED', 'Please log in to continue');
    request.userId = userId;
  });

  async function requireSeller(request: FastifyRequest) {
    const sellerId = (await sessions.resolve(request.cookies[SELLER_COOKIE]))?.sellerId;
    // The session is cached per instance (0088); the shop's status is read each call, so a suspension
    // or an approval holds at once everywhere.
    const seller = sellerId ? await findSellerAccess(app.db, sellerId) : undefined;
    if (seller) {
      request.sellerId = seller.id;
      request.seller = seller;
      return;
    }
    if (await userIdOf(request)) throw new AppError('FORBIDDEN', 'Only sellers can do this');
    throw new AppError('NOT_AUTHENTICATED', 'Please log in as a seller to continue');
  }
  app.decorate('requireSeller', requireSeller);

  app.decorate('requireSellerWrite', async (request: FastifyRequest) => {
    await requireSeller(request);
    const { status, declined } = request.seller;
    if (status === 'pending') throw new AppError('SHOP_NOT_APPROVED', 'Your shop is waiting for approval: it cannot change anything yet');
    // A declined application is not a suspended shop (decision 0252): it never opened.
    if (declined) throw new AppError('SHOP_NOT_APPROVED', 'Your application was declined: the shop cannot change anything. Reply to the e-mail that told you, if you think GreenCart got it wrong');
    if (status === 'suspended') throw new AppError('SHOP_NOT_APPROVED', 'Your shop is suspended: it cannot change anything');
  });

  app.decorate('requireOperator', async (request: FastifyRequest) => {
    await requireSeller(request);
    if (request.seller.role !== 'operator') throw new AppError('OPERATOR_ONLY', 'Only the marketplace operator can do this');
  });

  app.decorate('startSession', async (reply: FastifyReply, kind: 'user' | 'seller', ownerId: string, passwordHash?: string) => {
    const { token, expiresAt } = await sessions.start(kind === 'user' ? { userId: ownerId } : { sellerId: ownerId }, passwordHash);
    reply.setCookie(cookieName(kind), token, { path: '/', httpOnly: true, sameSite: 'lax', secure, expires: expiresAt });
  });

  app.decorate('endSession', async (request: FastifyRequest, reply: FastifyReply, kind: 'user' | 'seller') => {
    const token = request.cookies[cookieName(kind)];
    // Only a live session is ended: ending one empties every instance's kept sessions, which no made-up token should do.
    if (await sessions.resolve(token)) await sessions.end(token);
    reply.clearCookie(cookieName(kind), { path: '/', httpOnly: true, sameSite: 'lax', secure });
  });
});
