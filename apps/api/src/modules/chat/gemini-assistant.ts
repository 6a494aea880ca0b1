import { GoogleGenAI, Type, type FunctionCall, type FunctionDeclaration, type Part } from '@google/genai';
import { CHAT_TURN_TEXT_MAX, type ChatTurn } from '@greencart/shared';
import type { ShopTools } from './chat-tools.js';

/** Spec section 9: the flash-tier 2.5 model. */
export const GEMINI_MODEL = 'gemini-2.5-flash';
/** A model that keeps calling tools is stopped after this many rounds. */
const MAX_TOOL_ROUNDS = 4;
/**
 * The tools run of one round's calls; the others are answered unrun (a probe's stand-in asked 250 searches a round: one
 * visitor's message made 1,000 catalogue searches, and every shopper's list slowed tenfold).
 */
export const MAX_TOOL_CALLS_PER_ROUND = 8;

export const TOOL_DECLARATIONS: FunctionDeclaration[] = [
  {
    name: 'search_products',
    description:
      'Search the GreenCart marketplace by product name or category. Returns names, selling and list prices with the currency, weight, stock, a relative link to each product page, and the shop that sells it with a relative link to the shop\'s page (use it to answer "who sells X").',
    parameters: {
      type: Type.OBJECT,
      properties: {
        query: { type: Type.STRING, description: 'Words naming the product or category, e.g. "tomato" or "fruits".' },
        sort: {
          type: Type.STRING,
          enum: ['relevance', 'cheapest'],
          description: 'cheapest: the cheapest in-stock products first, by selling price. Use it when the shopper asks for the cheapest, lowest price or least expensive. Default: best match first.',
        },
      },
      required: ['query'],
    },
  },
  {
    name: 'shops_delivering_to',
    description: 'Which shops deliver to an Indian pincode (6 digits). Returns a few shop names and whether more shops do, or an error for a text that is no pincode.',
    parameters: {
      type: Type.OBJECT,
      properties: { pincode: { type: Type.STRING, description: 'The pincode, e.g. "411001" or "411 001".' } },
      required: ['pincode'],
    },
  },
  {
    name: 'list_my_orders',
    description: "The logged-in shopper's latest orders with status, payment and items. Returns loggedIn false for a visitor.",
  },
  {
    name: 'find_my_order',
    description: "One of the logged-in shopper's orders by its number (e.g. GC-100234): found false when it is none of theirs. Returns loggedIn false for a visitor.",
    parameters: {
      type: Type.OBJECT,
      properties: { orderNumber: { type: Type.STRING, description: 'The order number as the shopper wrote it, e.g. "GC-100234".' } },
      required: ['orderNumber'],
    },
  },
  {
    name: 'propose_add_to_cart',
    description:
      'Propose adding a product to the shopper\'s cart, in the quantity asked. The shopper sees a button and decides; say so in your answer. Use an id from search_products. The answer says the quantity the button adds (a cart line holds at most 9, and no more than the units left).',
    parameters: {
      type: Type.OBJECT,
      properties: {
        productId: { type: Type.STRING, description: 'The product id returned by search_products.' },
        quantity: { type: Type.INTEGER, description: 'How many units to add (1 unless the shopper asked for more; packs count as units).' },
      },
      required: ['productId'],
    },
  },
];

async function runTool(tools: ShopTools, call: FunctionCall): Promise<Record<string, unknown>> {
  const args = call.args ?? {};
  switch (call.name) {
    case 'search_products':
      return { products: await tools.searchProducts(String(args.query ?? ''), args.sort === 'cheapest' || args.sort === 'relevance' ? args.sort : undefined) };
    case 'shops_delivering_to':
      return { ...(await tools.shopsDeliveringTo(String(args.pincode ?? ''))) };
    case 'list_my_orders': {
      const orders = await tools.listMyOrders();
      return orders === null ? { loggedIn: false } : { loggedIn: true, orders };
    }
    case 'find_my_order': {
      // Written as the shopper did ("gc100234", "100234"): the number as the store writes it.
      const digits = /(\d{6,15})/.exec(String(args.orderNumber ?? ''))?.[1];
      if (digits === undefined) return { error: 'Not an order number: it is GC- and 6 or more digits, e.g. GC-100234' };
      const order = await tools.findMyOrder(`GC-${digits}`);
      return order === null ? { loggedIn: false } : { loggedIn: true, found: order !== undefined, ...(order ? { order } : {}) };
    }
    case 'propose_add_to_cart':
      return tools.proposeAddToCart(String(args.productId ?? ''), Number(args.quantity ?? 1));
    default:
      return { error: `Unknown function ${call.name}` };
  }
}

export interface GeminiAssistantOptions {
  apiKey: string;
  /** A stand-in of the Gemini API in tests; the real endpoint otherwise. */
  baseUrl: string | undefined;
  /**
   * Bounds one message's time with the model, all its tool rounds included: a bound on each call let a message
   * that called tools keep the widget waiting five times as long (a probe: 19 s with a 4 s bound).
   */
  timeoutMs: number;
}

/**
 * Gemini through the official client, on the shop's server (docs/decisions/0050): the key stays
 * here, the client sends it in its `x-goog-api-key` header. Every request recreates the chat with
 * the seeded history (context turn + acknowledgement) followed by the browser's recent turns.
 */
export function createGeminiAssistant(options: GeminiAssistantOptions) {
  const ai = new GoogleGenAI({ apiKey: options.apiKey, httpOptions: { baseUrl: options.baseUrl } });

  return {
    async reply(input: { seed: ChatTurn[]; history: ChatTurn[]; message: string; tools: ShopTools }): Promise<string> {
      const abortSignal = AbortSignal.timeout(options.timeoutMs);
      const chat = ai.chats.create({
        model: GEMINI_MODEL,
        history: [...input.seed, ...input.history].map((turn) => ({ role: turn.role, parts: [{ text: turn.text }] })),
        config: { tools: [{ functionDeclarations: TOOL_DECLARATIONS }], abortSignal },
      });
      let response = await chat.sendMessage({ message: input.message });
      for (let round = 0; round < MAX_TOOL_ROUNDS && response.functionCalls?.length; round++) {
        const parts: Part[] = await Promise.all(
          response.functionCalls.map(async (call, i) => ({
            functionResponse: {
              id: call.id,
              name: call.name,
              response: i < MAX_TOOL_CALLS_PER_ROUND ? await runTool(input.tools, call) : { error: `Not run: at most ${MAX_TOOL_CALLS_PER_ROUND} tool calls at once` },
            },
          })),
        );
        // The tools' time counts too: past the deadline, no further round is asked.
        abortSignal.throwIfAborted();
        response = await chat.sendMessage({ message: parts });
      }
      const reply = response.text?.trim() || "Sorry, I don't have an answer to that. Could you ask in another way?";
      // No longer than a turn the widget sends back (a stand-in's 20 MB reply reached the browser whole: a probe).
      // Never half an emoji: a cut through a surrogate pair drops its first half.
      return reply.length > CHAT_TURN_TEXT_MAX ? `${reply.slice(0, CHAT_TURN_TEXT_MAX - 1).replace(/[\uD800-\uDBFF]$/, '')}…` : reply;
    },
  };
}

export type GeminiAssistant = ReturnType<typeof createGeminiAssistant>;
