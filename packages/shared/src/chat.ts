import { z } from 'zod';
import { CATEGORIES } from './categories.js';
import { CHAT_MESSAGE_MAX } from './constants.js';

/**
 * The chat assistant's contract (spec sections 3, 4, 5; docs/decisions/0050). The browser keeps
 * the visible conversation and sends its recent turns back with each message; the server seeds the
 * real context itself and never trusts the browser's copy of it.
 */

/** How many earlier turns the browser sends back, and how long each may be. */
export const CHAT_HISTORY_MAX = 20;
export const CHAT_TURN_TEXT_MAX = 4000;

export const ChatMessageSchema = z
  .string({ message: 'Message is required' })
  .trim()
  .min(1, 'Message is required')
  .max(CHAT_MESSAGE_MAX, `Message must be at most ${CHAT_MESSAGE_MAX} characters`);

export const ChatRoleSchema = z.enum(['user', 'model']);
export type ChatRole = z.infer<typeof ChatRoleSchema>;

export const ChatTurnSchema = z.strictObject({
  role: ChatRoleSchema,
  text: z.string().max(CHAT_TURN_TEXT_MAX, `A chat turn must be at most ${CHAT_TURN_TEXT_MAX} characters`),
});
export type ChatTurn = z.infer<typeof ChatTurnSchema>;

export const ChatInputSchema = z.strictObject({
  message: ChatMessageSchema,
  history: z.array(ChatTurnSchema).max(CHAT_HISTORY_MAX, `Send at most ${CHAT_HISTORY_MAX} earlier turns`).default([]),
});
export type ChatInput = z.infer<typeof ChatInputSchema>;

/** A cart change the assistant proposes; the widget applies it only when the shopper clicks. */
export const ChatActionSchema = z.object({
  type: z.literal('addToCart'),
  productId: z.string(),
  name: z.string(),
});
export type ChatAction = z.infer<typeof ChatActionSchema>;

export const ChatReplySchema = z.object({
  success: z.literal(true),
  reply: z.string(),
  actions: z.array(ChatActionSchema),
});
export type ChatReply = z.infer<typeof ChatReplySchema>;

/**
 * The shop's context description (spec section 4): the first, hidden message of the widget and the
 * first user turn of every model session.
 */
export function shopContextDescription(currency: string): string {
  const categories = CATEGORIES.map((c) => `${c.text} (/products/${c.path.toLowerCase()})`).join(', ');
  return [
    'You are the shopping assistant of GreenCart, an online grocery store that delivers fresh groceries and snacks to the door.',
    `Categories: ${categories}. All products: /products.`,
    'Why GreenCart: fastest delivery (groceries in under 30 minutes), freshness guaranteed (fresh produce straight from the source), affordable prices (quality groceries at unbeatable prices), trusted by thousands (loved by 10,000+ happy customers).',
    'Delivery: to a saved address, shipping is free; a 2% tax is added to the order amount.',
    'Payment: Cash On Delivery (COD) or Online Payment by card through a card payment provider.',
    'How to order: add products to the cart, open the cart (/cart), pick or add a delivery address (login needed), choose a payment method and place the order; orders and their status are under My Orders (/my-orders).',
    `Prices are in ${currency}. Answer briefly in markdown. Use the tools to look up products, prices, stock and the shopper's own orders; never invent them. Link products with the relative links the tools give.`,
  ].join('\n');
}

export const SHOP_CONTEXT_ACKNOWLEDGEMENT = 'Understood. I am the GreenCart shopping assistant and will help with products, orders, delivery and payment.';
