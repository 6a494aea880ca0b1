import {
  CHAT_HISTORY_MAX,
  CHAT_MESSAGE_MAX,
  CHAT_TURN_TEXT_MAX,
  shopContextDescription,
  type ChatAction,
  type ChatArea,
  type ShopFacts,
  type ChatRole,
  type ChatTurn,
  isSellerArea,
} from '@greencart/shared';
import { useCallback, useState } from 'react';
import { useLocation } from 'react-router';
import { sendChatMessage } from '../api/send-chat-message';

/** A message of the widget (spec section 3), plus what only the browser needs. */
export interface ChatMessage {
  role: ChatRole;
  text: string;
  /** Timestamp of a placeholder, so the reply can replace it. */
  id?: number;
  hideinchat?: boolean;
  /** Never sent back to the server: placeholders and failure notices. */
  local?: boolean;
  /** Cart changes proposed with this reply; applied on the shopper's click. */
  actions?: ChatAction[];
}

export const THINKING_TEXT = 'Thinking...';
export const CHAT_FAILURE_TEXT = 'Something went wrong. Please try again.';

/** The earlier turns the server gets back (docs/decisions/0050): visible, real, recent, bounded. */
function historyOf(messages: readonly ChatMessage[]): ChatTurn[] {
  return messages
    .filter((m) => !m.hideinchat && !m.local)
    .slice(-CHAT_HISTORY_MAX)
    .map((m) => ({ role: m.role, text: m.text.slice(0, CHAT_TURN_TEXT_MAX) }));
}

/**
 * The chat session of spec section 4, created once when the widget mounts: its first message is the
 * hidden context description. The server seeds the model with its own copy of that context. Each message says where
 * it was typed (`area`: the shop, or the seller area, whose assistant helps with its screens); the widget sits by it.
 */
export function useChatSession(shop: ShopFacts) {
  const [messages, setMessages] = useState<ChatMessage[]>(() => [{ role: 'model', text: shopContextDescription(shop), hideinchat: true }]);
  // The seller area is the one that hides the navbar (spec section 2); its assistant helps with its screens (0234).
  const area: ChatArea = isSellerArea(useLocation().pathname) ? 'seller' : 'shop';

  const send = useCallback(
    (input: string) => {
      const message = input.trim().slice(0, CHAT_MESSAGE_MAX);
      if (!message) return;
      const id = Date.now();
      const history = historyOf(messages);
      setMessages((current) => [...current, { role: 'user', text: message }, { role: 'model', text: THINKING_TEXT, id, local: true }]);
      sendChatMessage({ message, history, area })
        .then(({ reply, actions }) =>
          setMessages((current) => current.map((m) => (m.id === id ? { role: 'model', text: reply, id, actions } : m))),
        )
        .catch((error: unknown) => {
          console.error(error);
          setMessages((current) => [...current, { role: 'model', text: CHAT_FAILURE_TEXT, local: true }]);
        });
    },
    [messages, area],
  );

  return { messages, send, area };
}
