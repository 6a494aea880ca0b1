import { lazy, Suspense, useState } from 'react';
import { env } from '../../../config/env';
import { useChatSession } from '../hooks/use-chat-session';
import { ChatBubbleIcon, CloseIcon } from './chat-icons';

const loadPopup = () => import('./chat-popup');
const ChatPopup = lazy(loadPopup);

/**
 * The chat assistant on every screen (spec section 2). Only this toggle is in the first load; the
 * popup with react-markdown loads on first open (or when the pointer nears the button). The session
 * lives here, so closing the popup or changing page keeps the conversation.
 */
export function ChatWidget({ onAddToCart }: { onAddToCart: (productId: string) => void }) {
  const { messages, send } = useChatSession(env.currency);
  const [open, setOpen] = useState(false);

  return (
    <>
      {open && (
        <Suspense fallback={null}>
          <ChatPopup messages={messages} onSend={send} onClose={() => setOpen(false)} onAddToCart={(action) => onAddToCart(action.productId)} />
        </Suspense>
      )}
      <button
        type="button"
        onClick={() => setOpen((o) => !o)}
        onPointerEnter={() => void loadPopup()}
        aria-label={open ? 'Close chat' : 'Open chat'}
        aria-expanded={open}
        aria-controls="chat-popup"
        className="fixed right-4 bottom-6 z-50 flex size-14 items-center justify-center rounded-full bg-primary-ink text-white shadow-lg transition hover:bg-primary-deep sm:right-6"
      >
        {open ? <CloseIcon className="size-6" /> : <ChatBubbleIcon className="size-7" />}
      </button>
    </>
  );
}
