import { z } from 'zod';
import { CHAT_HISTORY_MAX, CHAT_MESSAGE_MAX, CHAT_TURN_TEXT_MAX, QUANTITY_MAX } from './constants.js';
import { textField } from './schemas.js';

/**
 * The chat assistant's contract (spec sections 3, 4, 5; docs/decisions/0050). The browser keeps
 * the visible conversation and sends its recent turns back with each message; the server seeds the
 * real context itself and never trusts the browser's copy of it.
 */

export const ChatMessageSchema = textField('Message')
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

/**
 * Where the message was typed: the shop (the spec's assistant) or the seller area, whose assistant helps with the
 * seller's screens and proposes nothing for a cart (docs/decisions/0234).
 */
export const CHAT_AREAS = ['shop', 'seller'] as const;
export type ChatArea = (typeof CHAT_AREAS)[number];

export const ChatInputSchema = z.strictObject({
  message: ChatMessageSchema,
  history: z.array(ChatTurnSchema).max(CHAT_HISTORY_MAX, `Send at most ${CHAT_HISTORY_MAX} earlier turns`).default([]),
  area: z.enum(CHAT_AREAS, { message: `area must be one of ${CHAT_AREAS.join(', ')}` }).default('shop'),
});
export type ChatInput = z.infer<typeof ChatInputSchema>;

/**
 * A cart change the assistant proposes; the widget applies it only when the shopper clicks: `quantity` units more of the
 * product ("add 3 tomatoes"), within a cart line's most and the units left.
 */
export const ChatActionSchema = z.object({
  type: z.literal('addToCart'),
  productId: z.string(),
  name: z.string(),
  quantity: z.number().int().min(1).max(QUANTITY_MAX),
  /** Units left of a counted product (null: not counted): the cart caps the add at it, as it caps any add (decision 0050). */
  stock: z.number().int().min(0).nullable(),
});
export type ChatAction = z.infer<typeof ChatActionSchema>;

export const ChatReplySchema = z.object({
  success: z.literal(true),
  reply: z.string(),
  actions: z.array(ChatActionSchema),
});
export type ChatReply = z.infer<typeof ChatReplySchema>;
