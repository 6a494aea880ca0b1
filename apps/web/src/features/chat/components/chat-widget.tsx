import { lazy, Suspense, useEffect, useRef, useState, type RefObject } from 'react';
import { env } from '../../../config/env';
import { KEEP_CLEAR_SELECTOR } from '../../../lib/keep-clear';
import { useChatSession } from '../hooks/use-chat-session';
import { ChatBubbleIcon, CloseIcon } from './chat-icons';

const loadPopup = () => import('./chat-popup');
const ChatPopup = lazy(loadPopup);

/**
 * Where the toggle sits on a phone: 'right', the usual corner, or 'left', for pages that keep a free
 * column there (the seller menu's) so that it covers nothing at all. From 640 px on it is always right.
 */
export type ChatCorner = 'left' | 'right';

const CORNER: Record<ChatCorner, string> = {
  right: 'right-3 sm:right-6',
  // Centred in the seller menu's 76 px column.
  left: 'left-3.5 sm:left-auto sm:right-6',
};

/**
 * The chat assistant on every screen (spec section 2). Only this toggle is in the first load; the
 * popup with react-markdown loads on first open (or when the pointer nears the button). The session
 * lives here, so closing the popup or changing page keeps the conversation. The toggle is smaller on a
 * phone and steps aside while a price, the delivery fee or a switch is under it (docs/decisions/0104).
 */
export function ChatWidget({ onAddToCart, corner }: { onAddToCart: (productId: string, quantity: number) => void; corner: ChatCorner }) {
  const { messages, send } = useChatSession(env);
  const [open, setOpen] = useState(false);
  const slotRef = useRef<HTMLDivElement>(null);
  const covering = useCoversKeptClear(slotRef);
  const aside = covering && !open;

  return (
    <>
      {open && (
        <Suspense fallback={null}>
          <ChatPopup messages={messages} onSend={send} onClose={() => setOpen(false)} onAddToCart={(action) => onAddToCart(action.productId, action.quantity)} />
        </Suspense>
      )}
      {/* The slot never moves, so it measures where the toggle is drawn while the toggle itself is aside. */}
      <div ref={slotRef} className={`pointer-events-none fixed bottom-3 z-50 size-12 sm:bottom-6 sm:size-14 ${CORNER[corner]}`}>
        <button
          type="button"
          onClick={() => setOpen((o) => !o)}
          onPointerEnter={() => void loadPopup()}
          aria-label={open ? 'Close chat' : 'Open chat'}
          aria-expanded={open}
          aria-controls="chat-popup"
          className={`flex size-full items-center justify-center rounded-full bg-primary-ink text-white shadow-lg transition duration-200 hover:bg-primary-deep ${
            // Aside it slides below the screen's edge; a keyboard user tabbing to it brings it back.
            aside ? 'translate-y-[calc(100%+1.5rem)] opacity-0 focus-visible:pointer-events-auto focus-visible:translate-y-0 focus-visible:opacity-100' : 'pointer-events-auto'
          }`}
        >
          {open ? <CloseIcon className="size-6" /> : <ChatBubbleIcon className="size-6 sm:size-7" />}
        </button>
      </div>
    </>
  );
}

/**
 * True while an element marked keep-clear, or a button of the page's content, lies under the slot. Checked once a frame at most, after a
 * scroll, a resize or a change of the page (content loading, a route change), never on a timer.
 */
function useCoversKeptClear(slotRef: RefObject<HTMLElement | null>) {
  const [covering, setCovering] = useState(false);
  useEffect(() => {
    let frame = 0;
    const check = () => {
      frame = 0;
      const slot = slotRef.current?.getBoundingClientRect();
      if (!slot) return;
      // A little margin: a price just touching the toggle's edge reads as covered.
      const m = 4;
      // What is marked, and every button of the page's content (Add, Buy now, Subscribe…): a tap must reach it.
      const hit = [...document.querySelectorAll(`${KEEP_CLEAR_SELECTOR},main button`)].some((element) => {
        const r = element.getBoundingClientRect();
        return r.width > 0 && r.left < slot.right + m && r.right > slot.left - m && r.top < slot.bottom + m && r.bottom > slot.top - m;
      });
      setCovering(hit);
    };
    const schedule = () => {
      if (!frame) frame = requestAnimationFrame(check);
    };
    schedule();
    addEventListener('scroll', schedule, { passive: true });
    addEventListener('resize', schedule);
    const mutations = new MutationObserver(schedule);
    mutations.observe(document.body, { childList: true, subtree: true });
    // Images and fonts arriving move content without a scroll or a change of the DOM.
    const sizes = new ResizeObserver(schedule);
    sizes.observe(document.body);
    return () => {
      cancelAnimationFrame(frame);
      removeEventListener('scroll', schedule);
      removeEventListener('resize', schedule);
      mutations.disconnect();
      sizes.disconnect();
    };
  }, [slotRef]);
  return covering;
}
