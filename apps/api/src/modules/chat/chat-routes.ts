import { ChatInputSchema, ChatReplySchema, type ChatReply } from '@greencart/shared';
import type { FastifyInstance, FastifyRequest } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { routeSchema } from '../../lib/route-schema.js';
import { USER_COOKIE } from '../../plugins/auth.js';
import { countRequest, perAddress } from '../../plugins/rate-limit-store.js';
import { chatRateLimited } from './chat-errors.js';

/** Spec section 4 / issue 7: per caller, at most this many messages a minute. */
export const CHAT_RATE_LIMIT_PER_MINUTE = 20;
/**
 * Signed-in shoppers' messages from one address, together: room for a household or an office, not for one
 * address opening accounts to multiply the model's calls (each account has its own 20).
 */
export const CHAT_ADDRESS_LIMIT_PER_MINUTE = 60;

declare module 'fastify' {
  interface FastifyRequest {
    /** The shopper asking, if logged in: chat is open to visitors too. */
    chatUserId: string | undefined;
  }
}

export async function chatRoutes(app: FastifyInstance) {
  app.decorateRequest('chatUserId', undefined);

  app.withTypeProvider<ZodTypeProvider>().post(
    '/chat',
    {
      schema: routeSchema(
        { tags: ['Chat'], summary: 'Ask the shopping assistant', errors: ['CROSS_SITE_REQUEST', 'BODY_TOO_LARGE', 'UNSUPPORTED_MEDIA_TYPE', 'CHAT_RATE_LIMITED', 'CHAT_UPSTREAM_FAILED', 'CHAT_UPSTREAM_TIMEOUT'] },
        { body: ChatInputSchema, response: { 200: ChatReplySchema } },
      ),
      preHandler: async (request: FastifyRequest) => {
        request.chatUserId = (await app.sessions.resolve(request.cookies[USER_COOKIE]))?.userId ?? undefined;
      },
      config: {
        // Runs after the preHandler above, so a logged-in shopper is limited per account and a
        // visitor per address (docs/decisions/0050).
        rateLimit: {
          hook: 'preHandler',
          max: CHAT_RATE_LIMIT_PER_MINUTE,
          timeWindow: 60_000,
          // A visitor's address as every per-address limit reads it: an IPv6 address by its /64 (a probe's 40 addresses of
          // one /64 were 40 visitors).
          keyGenerator: (request: FastifyRequest) => (request.chatUserId ? `chat user:${request.chatUserId}` : perAddress('chat')(request)),
          errorResponseBuilder: () => chatRateLimited(),
        },
      },
    },
    async (request): Promise<ChatReply> => {
      // The accounts of one address share a limit too, counting only the messages their own limit let through: one
      // shopper's refused messages shut the others of an address out (a probe).
      if (request.chatUserId && (await countRequest(app.db, perAddress('chat-accounts')(request), 60_000)).current > CHAT_ADDRESS_LIMIT_PER_MINUTE) throw chatRateLimited();
      const { reply, actions } = await app.chat.reply(request.body, request.chatUserId);
      return { success: true, reply, actions };
    },
  );
}
