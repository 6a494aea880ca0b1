import { ApiError } from '@google/genai';
import { SHOP_CONTEXT_ACKNOWLEDGEMENT, shopContextDescription, type ChatAction, type ChatInput, type ChatTurn } from '@greencart/shared';
import type { FastifyBaseLogger } from 'fastify';
import type { Config } from '../../config/env.js';
import type { OrderService } from '../orders/order-service.js';
import type { DeliveryService } from '../delivery/delivery-service.js';
import type { ProductService } from '../products/product-service.js';
import type { SellerService } from '../seller/seller-service.js';
import { builtInReply, builtInSellerReply } from './built-in-assistant.js';
import { chatUpstreamFailed, chatUpstreamTimeout } from './chat-errors.js';
import { createShopTools } from './chat-tools.js';
import { createGeminiAssistant } from './gemini-assistant.js';
import { SELLER_AREA_ACKNOWLEDGEMENT, SELLER_AREA_CONTEXT } from './seller-area.js';

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
  config: Pick<Config, 'currency' | 'geminiApiKey' | 'geminiBaseUrl' | 'geminiTimeoutMs' | 'storeTimeZone'>;
  /** Whether the store takes card payments now (the cart offers the same): the assistant says so. */
  onlinePayment: boolean;
  products: Pick<ProductService, 'findByAnyWord' | 'findById'>;
  /** The shopper's orders through the order service, so its rules (the payment catch-up) apply. */
  orders: Pick<OrderService, 'listForUser' | 'findForUserByNumber'>;
  /** Which shops deliver where: the delivery check's read (issue 28). */
  delivery: Pick<DeliveryService, 'check'>;
  /** A shop by its name (the assistant's "what does X sell"). */
  shops: Pick<SellerService, 'shopNamed'>;
  log: FastifyBaseLogger;
}) {
  const { config } = deps;
  const gemini = config.geminiApiKey
    ? createGeminiAssistant({ apiKey: config.geminiApiKey, baseUrl: config.geminiBaseUrl, timeoutMs: config.geminiTimeoutMs })
    : undefined;
  const seed: ChatTurn[] = [
    { role: 'user', text: shopContextDescription({ currency: config.currency, onlinePayment: deps.onlinePayment }) },
    { role: 'model', text: SHOP_CONTEXT_ACKNOWLEDGEMENT },
  ];
  // From the seller area (docs/decisions/0234): the shop's facts, then who is asking and the screens to point to.
  const sellerSeed: ChatTurn[] = [...seed, { role: 'user', text: SELLER_AREA_CONTEXT }, { role: 'model', text: SELLER_AREA_ACKNOWLEDGEMENT }];

  return {
    usesGemini: gemini !== undefined,
    async reply(input: ChatInput, userId: string | undefined): Promise<{ reply: string; actions: ChatAction[] }> {
      const actions: ChatAction[] = [];
      // The same orders as My Orders: an online order counts once it is paid (docs/decisions/0031).
      const tools = createShopTools({
        findProducts: deps.products.findByAnyWord,
        findProduct: deps.products.findById,
        listOrders: async (shopper, limit) => (await deps.orders.listForUser(shopper, { limit })).orders,
        findOrder: deps.orders.findForUserByNumber,
        findShopsDeliveringTo: (pincode) => deps.delivery.check(pincode, undefined, undefined),
        findShopNamed: deps.shops.shopNamed,
        currency: config.currency,
        timeZone: config.storeTimeZone,
        userId,
        actions,
      });
      const seller = input.area === 'seller';
      if (!gemini) {
        const reply = seller ? builtInSellerReply(input.message) : await builtInReply(input.message, tools, { onlinePayment: deps.onlinePayment });
        return { reply, actions };
      }
      try {
        const reply = await gemini.reply({ seed: seller ? sellerSeed : seed, history: normalizeHistory(input.history), message: input.message, tools });
        // The seller area has no cart: a proposal the model made anyway is not handed on.
        return { reply, actions: seller ? [] : actions };
      } catch (err) {
        deps.log.error({ err, status: err instanceof ApiError ? err.status : undefined }, 'gemini call failed');
        throw isTimeout(err) ? chatUpstreamTimeout() : chatUpstreamFailed();
      }
    },
  };
}

export type ChatService = ReturnType<typeof createChatService>;
