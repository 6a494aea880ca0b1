import type { ChatInput, ChatReply } from '@greencart/shared';
import { api } from '../../../lib/api-client';

/** POST /api/chat. Silent: a failure is shown in the conversation, not as a toast (spec section 8). */
export function sendChatMessage(input: ChatInput): Promise<ChatReply> {
  return api.post<ChatReply>('/api/chat', input, { silent: true });
}
