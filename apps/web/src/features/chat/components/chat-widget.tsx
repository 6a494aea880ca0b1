import { lazy, Suspense, useEffect, useRef, useState, type RefObject } from 'react';
import { maxQuantityFor } from '@greencart/shared';
import { env } from '../../../config/env';
import { KEEP_CLEAR_SELECTOR } from '../../../lib/keep-clear';
import { useChatSession } from '../hooks/use-chat-session';
import { ChatBubbleIcon, CloseIcon } from './chat-icons';

const loadPopup = () => import('./chat-popup');
const ChatPopup = lazy(loadPopup);

/**
 * Where the toggle sits on a phone: the right corner, or in the seller area the left one, centred in the seller
 * menu's free 76 px column, so that it covers nothing at all. From 640 px on it is always right.
 */
const CORNER = { shop: 'right-3 sm:right-6', seller: 'left-3.5 sm:left-auto sm:right-6' };

/**
 * The chat assistant on every screen (spec section 2). Only this toggle is in the first load; the
 * popup with react-markdown loads on first open (or when the pointer nears the button). The session
 * lives here, so closing the popup or changing page keeps the conversation. The toggle is smaller on a
 * phone and steps aside while a price, the delivery fee or a switch is under it (docs/decisions/0104).
 */
export default function ChatWidget({ onAddToCart }: { onAddToCart: (productId: string, quantity: number, max: number) => void }) {
  const { messages, send, area } = useChatSession(env);
  const [open, setOpen] = useState(false);
  const slotRef = useRef<HTMLDivElement>(null);
  const covering = useCoversKeptClear(slotRef);
  const aside = covering && !open;

  return (
    // Hidden under a modal dialog, the window and the toggle alike: the page behind is inert, and Chromium drew the toggle
    // bright over the dialog's dimmed backdrop (the toaster's popover beside it in the top layer; a probe).
    <div className="contents [body:has(dialog:modal)_&]:invisible">
      {open && (
        <Suspense fallback={null}>
          <ChatPopup messages={messages} onSend={send} onClose={() => setOpen(false)} onAddToCart={(action) => onAddToCart(action.productId, action.quantity, maxQuantityFor(action.stock))} />
        </Suspense>
      )}
      {/* The slot never moves, so it measures where the toggle is drawn while the toggle itself is aside. */}
      <div ref={slotRef} className={`pointer-events-none fixed bottom-3 z-50 size-12 sm:bottom-6 sm:size-14 ${CORNER[area]}`}>
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
    </div>
  );
}

/**
 * What the toggle must not cover: what is marked, every button of the page's content (Add, Buy now…), every text link of
 * it ("See all", "Sold by": a probe's tap on a shop's name at 390 px opened the chat; a card or banner with a picture is
 * larger than the toggle and stays in reach beside it) and every link of a menu (on a 360 × 640 phone the seller menu's
 * last links run under it): a tap must reach it.
 */
const COVERED = `${KEEP_CLEAR_SELECTOR},main button,main a:not(:has(img)),nav a`;

/**
 * True while an element marked keep-clear, or a button of the page's content, lies under the slot (or within 4 px of
 * it: a price just touching its edge reads as covered). The browser tells: an IntersectionObserver whose root is the
 * screen cut down to the slot watches each such element, and the ones added later; scrolling, images arriving and
 * content moving need nothing more. (Reading every such element's box after each change of the page cost a seller's
 * list of 1,500 products more than a second per page loaded: a probe.)
 */
function useCoversKeptClear(slotRef: RefObject<HTMLElement | null>) {
  const [covering, setCovering] = useState(false);
  useEffect(() => {
    const under = new Set<Element>();
    let watching: IntersectionObserver | undefined;
    const each = (node: Node, act: (element: Element) => void) => {
      if (!(node instanceof Element)) return;
      if (node.matches(COVERED)) act(node);
      node.querySelectorAll(COVERED).forEach(act);
    };
    const start = () => {
      watching?.disconnect();
      under.clear();
      const slot = slotRef.current?.getBoundingClientRect();
      if (!slot) return;
      const m = 4;
      const inset = [slot.top - m, innerWidth - slot.right - m, innerHeight - slot.bottom - m, slot.left - m];
      watching = new IntersectionObserver(
        (entries) => {
          for (const entry of entries) {
            if (entry.isIntersecting) under.add(entry.target);
            else under.delete(entry.target);
          }
          setCovering(under.size > 0);
        },
        { rootMargin: inset.map((px) => `${-Math.max(0, Math.round(px))}px`).join(' ') },
      );
      each(document.body, (element) => watching!.observe(element));
    };
    start();
    const changes = new MutationObserver((records) => {
      for (const record of records) {
        record.removedNodes.forEach((node) =>
          each(node, (element) => {
            watching?.unobserve(element);
            under.delete(element);
          }),
        );
        record.addedNodes.forEach((node) => each(node, (element) => watching?.observe(element)));
      }
      setCovering(under.size > 0);
    });
    changes.observe(document.body, { childList: true, subtree: true });
    // The slot's place on the screen moves with the screen's size (and the toggle's, from 640 px on).
    addEventListener('resize', start);
    return () => {
      watching?.disconnect();
      changes.disconnect();
      removeEventListener('resize', start);
    };
  }, [slotRef]);
  return covering;
}
