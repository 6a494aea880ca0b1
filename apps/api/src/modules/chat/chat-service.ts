import { ApiError } from '@google/genai';
import { SHOP_CONTEXT_ACKNOWLEDGEMENT, shopContextDescription, type ChatAction, type ChatInput, type ChatTurn } from '@greencart/shared';
import type { FastifyBaseLogger } from 'fastify';
import type { Config } from '../../config/env.js';
import type { Db } from '../../db/client.js';
import type { ImageService } from '../images/image-service.js';
import { toApiOrder } from '../orders/order-mapper.js';
import { listOrdersWithItems } from '../orders/order-repository.js';
import type { ProductService } from '../products/product-service.js';
import { builtInReply } from './built-in-assistant.js';
import { chatUpstreamFailed, chatUpstreamTimeout } from './chat-errors.js';
import { createShopTools } from './chat-tools.js';
import { createGeminiAssistant } from './gemini-assistant.js';

/**
 * The browser's turns, made safe to follow the seeded history: it must alternate user/model and
 * start with a user turn after the seed's acknowledgement, and end with a model turn since the new
 * message follows. A user turn left unanswered (a failed call) is dropped.
 */
export function normalizeHistory(turns: readonly ChatTurn[]): ChatTurn[] {
  const out: ChatTurn[] = [];
  for (const turn of turns) {
    const text = turn.text.trim();
    if (!text) continue;
    const expected = out.length % 2 === 0 ? 'user' : 'model';
    if (turn.role === expected) out.push({ role: turn.role, text });
    else if (turn.role === 'user') out[out.length - 1] = { role: 'user', text };
  }
  if (out.length % 2 === 1) out.pop();
  return out;
}

function isTimeout(err: unknown): boolean {
  return err instanceof Error && (err.name === 'AbortError' || err.name === 'TimeoutError');
}

export function createChatService(deps: {
  config: Pick<Config, 'currency' | 'geminiApiKey' | 'geminiBaseUrl' | 'geminiTimeoutMs'>;
  db: Db;
  products: Pick<ProductService, 'list'>;
  images: Pick<ImageService, 'urlFor'>;
  log: FastifyBaseLogger;
}) {
  const { config } = deps;
  const gemini = config.geminiApiKey
    ? createGeminiAssistant({ apiKey: config.geminiApiKey, baseUrl: config.geminiBaseUrl, timeoutMs: config.geminiTimeoutMs })
    : undefined;
  // The same orders as My Orders: an online order counts once it is paid (docs/decisions/0031).
  const listOrders = async (userId: string) => (await listOrdersWithItems(deps.db, { userId, placedOnly: true })).map((o) => toApiOrder(o, deps.images));
  const seed: ChatTurn[] = [
    { role: 'user', text: shopContextDescription(config.currency) },
    { role: 'model', text: SHOP_CONTEXT_ACKNOWLEDGEMENT },
  ];

  return {
    usesGemini: gemini !== undefined,
    async reply(input: ChatInput, userId: string | undefined): Promise<{ reply: string; actions: ChatAction[] }> {
      const actions: ChatAction[] = [];
      const tools = createShopTools({ listProducts: deps.products.list, listOrders, currency: config.currency, userId, actions });
      if (!gemini) return { reply: await builtInReply(input.message, tools), actions };
      try {
        const reply = await gemini.reply({ seed, history: normalizeHistory(input.history), message: input.message, tools });
        return { reply, actions };
      } catch (err) {
        deps.log.error({ err, status: err instanceof ApiError ? err.status : undefined }, 'gemini call failed');
        throw isTimeout(err) ? chatUpstreamTimeout() : chatUpstreamFailed();
      }
    },
  };
}

export type ChatService = ReturnType<typeof createChatService>;
