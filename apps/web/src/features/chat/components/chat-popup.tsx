import { CHAT_MESSAGE_MAX, type ChatAction } from '@greencart/shared';
import { useEffect, useRef, useState, type FormEvent } from 'react';
import type { ChatMessage } from '../hooks/use-chat-session';
import { BotAvatar, CloseIcon, SendIcon } from './chat-icons';
import { ChatMarkdown } from './chat-markdown';

export const CHAT_GREETING = 'Hey there,  How can i help you?';

interface ChatPopupProps {
  messages: ChatMessage[];
  onSend: (text: string) => void;
  onClose: () => void;
  onAddToCart: (action: ChatAction) => void;
}

/** The popup of spec section 2; loaded on first open so react-markdown stays out of the first load. */
export default function ChatPopup({ messages, onSend, onClose, onAddToCart }: ChatPopupProps) {
  const [draft, setDraft] = useState('');
  const bodyRef = useRef<HTMLDivElement>(null);
  const inputRef = useRef<HTMLInputElement>(null);

  useEffect(() => inputRef.current?.focus(), []);
  // Spec section 2: the view scrolls to the newest message after each update.
  useEffect(() => {
    bodyRef.current?.scrollTo({ top: bodyRef.current.scrollHeight, behavior: 'smooth' });
  }, [messages]);

  // Hidden by Escape or its ×, as a dialog is: the keyboard goes back to the chat's toggle (it fell to the page's body).
  const toggle = () => document.querySelector<HTMLElement>('[aria-controls="chat-popup"]');
  // On a phone it covers most of the page: the focus going to the page closes it, whether it left the chat or its
  // toggle, by Tab or through the browser's own controls, or the focus would be on a control it hides (a probe tabbed
  // from the toggle to an unseen Add). Here, not in the toggle's chunk: it runs only while the chat is open.
  useEffect(() => {
    const onFocus = (event: FocusEvent) => {
      const to = event.target as Node;
      if (!document.getElementById('chat-popup')?.contains(to) && to !== toggle() && matchMedia('(max-width: 639px)').matches) onClose();
    };
    document.addEventListener('focusin', onFocus);
    return () => document.removeEventListener('focusin', onFocus);
  }, [onClose]);
  const hide = () => {
    onClose();
    toggle()?.focus();
  };

  const submit = (event: FormEvent) => {
    event.preventDefault();
    if (!draft.trim()) return;
    onSend(draft);
    setDraft('');
  };

  return (
    <section
      id="chat-popup"
      aria-label="ChatBot"
      onKeyDown={(e) => e.key === 'Escape' && hide()}
      className="fixed right-4 bottom-24 z-50 flex h-[min(560px,calc(100dvh-8rem))] w-[min(380px,calc(100vw-2rem))] flex-col overflow-hidden rounded-2xl bg-white shadow-2xl ring-1 ring-gray-200 sm:right-6"
    >
      <header className="flex items-center gap-3 bg-primary-ink px-4 py-3 text-white">
        <BotAvatar />
        <h2 className="flex-1 text-lg font-semibold">ChatBot</h2>
        <button type="button" onClick={hide} aria-label="Hide chat" className="rounded-full p-2.5 hover:bg-white/20">
          <CloseIcon className="size-5" />
        </button>
      </header>

      <div ref={bodyRef} className="flex flex-1 flex-col gap-4 overflow-y-auto px-4 py-5 text-sm" aria-live="polite">
        <div className="flex items-end gap-2">
          <BotAvatar />
          <p className="max-w-[80%] rounded-2xl rounded-bl-sm bg-gray-100 px-4 py-3 whitespace-pre-wrap">{CHAT_GREETING}</p>
        </div>
        {messages.map((message, index) =>
          message.hideinchat ? null : message.role === 'model' ? (
            <div key={message.id ?? index} className="flex items-end gap-2">
              <BotAvatar />
              <div className="max-w-[80%] rounded-2xl rounded-bl-sm bg-gray-100 px-4 py-3">
                <ChatMarkdown text={message.text} />
                {message.actions?.map((action) => (
                  <button
                    key={action.productId}
                    type="button"
                    onClick={() => onAddToCart(action)}
                    className="mt-3 block rounded-full bg-primary-ink px-4 py-1.5 text-white hover:bg-primary-deep"
                  >
                    Add {action.quantity > 1 && `${action.quantity} × `}{action.name} to cart
                  </button>
                ))}
              </div>
            </div>
          ) : (
            <p key={index} className="max-w-[80%] self-end rounded-2xl rounded-br-sm bg-primary-ink px-4 py-3 break-words whitespace-pre-wrap text-white">
              {message.text}
            </p>
          ),
        )}
      </div>

      <form onSubmit={submit} className="flex items-center gap-2 border-t border-gray-200 px-3 py-3">
        <input
          ref={inputRef}
          value={draft}
          onChange={(e) => setDraft(e.target.value)}
          placeholder="Message.."
          aria-label="Message"
          maxLength={CHAT_MESSAGE_MAX}
          required
          className="h-11 flex-1 rounded-full border border-field px-4 outline-none focus:border-primary"
        />
        <button type="submit" aria-label="Send message" className="flex size-11 items-center justify-center rounded-full bg-primary-ink text-white hover:bg-primary-deep">
          <SendIcon className="size-5" />
        </button>
      </form>
    </section>
  );
}
