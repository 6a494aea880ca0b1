import type { CartItems } from '@greencart/shared';
import { addItem, mergeCarts, removeItem, sameCart, setItemQuantity } from './cart-logic';

export const VISITOR_CART_KEY = 'greencart:cart';
/**
 * A signed-in shopper's cart as this browser last knew it, with the cart the server last acknowledged:
 * the difference is what the server does not have yet, kept until it does (issue 25, decision 0092).
 */
export const ACCOUNT_CART_KEY = 'greencart:account-cart';
/** A burst of cart clicks becomes one save (issue 4: debounced, last write wins). */
export const CART_SAVE_DELAY_MS = 400;

/** POST /api/cart/update's answer: `outdated` when a checkout emptied the cart after this change (0093). */
export interface CartSaveAnswer {
  outdated?: boolean;
  /** With `outdated`: the cart the server kept. */
  cartItems?: CartItems;
}

export interface CartStoreDeps {
  /** Where the cart survives a reload and reaches other tabs (localStorage in the browser). */
  storage: Pick<Storage, 'getItem' | 'setItem' | 'removeItem'>;
  /**
   * POST /api/cart/update with the whole cart. Must issue its request before returning (no await
   * first): the page-hide save is only sent if the request starts while the page still exists.
   */
  save: (cart: CartItems, options: { keepalive: boolean; changedMsAgo: number; owner?: string }) => Promise<CartSaveAnswer>;
  /** The browser's clock, for how old a change is when it is sent. */
  now?: () => number;
  delayMs?: number;
  /** This tab's name in the record, so a tab knows its own change there (random unless a test names it). */
  tabId?: string;
}

interface AccountCartRecord {
  userId: string;
  cart: CartItems;
  saved: CartItems;
  changedAt: number;
  /**
   * Which change `cart` shows: one more than the highest this browser's tabs had seen when it was
   * made, and the tab that made it (decision 0134).
   */
  change: ChangeMark;
}

/** A change's place in order: of two, the higher number wins, a tie goes to the higher tab name (decision 0134). */
interface ChangeMark {
  seq: number;
  tab: string;
}
const NO_CHANGE: ChangeMark = { seq: 0, tab: '' };
const isOlder = (a: ChangeMark, b: ChangeMark) => a.seq < b.seq || (a.seq === b.seq && a.tab < b.tab);
const sameChange = (a: ChangeMark, b: ChangeMark) => a.seq === b.seq && a.tab === b.tab;

/** A cart read from storage: anything that is not a line of 1-9 is dropped (storage can hold anything). */
function validCart(value: unknown): CartItems {
  if (!value || typeof value !== 'object') return {};
  return Object.fromEntries(Object.entries(value).filter(([, q]) => Number.isInteger(q) && q >= 1 && q <= 9)) as CartItems;
}

function readJson(storage: CartStoreDeps['storage'], key: string): unknown {
  try {
    return JSON.parse(storage.getItem(key) ?? 'null');
  } catch {
    return null;
  }
}

function readAccountRecord(storage: CartStoreDeps['storage'], userId: string): AccountCartRecord | undefined {
  const record = readJson(storage, ACCOUNT_CART_KEY) as Partial<AccountCartRecord> | null;
  if (record?.userId !== userId || typeof record.changedAt !== 'number') return undefined;
  // A record written before decision 0134 carries no change mark: it counts as the oldest.
  const mark = record.change;
  const change = mark && Number.isInteger(mark.seq) && typeof mark.tab === 'string' ? { seq: mark.seq, tab: mark.tab } : NO_CHANGE;
  return { userId, cart: validCart(record.cart), saved: validCart(record.saved), changedAt: record.changedAt, change };
}

/**
 * The cart (spec section 4, issue 15): product id -> quantity, outside React so a change re-renders
 * only the components that read what changed (useSyncExternalStore with a selector). A visitor's
 * cart lives in storage. A shopper's is saved on the server a moment after the last change, saves
 * running one after another so the server always ends with the newest cart; until the server has
 * acknowledged a change it stays in storage too, so a reload or a closed tab cannot lose it, and other
 * tabs follow it (issue 25).
 */
export function createCartStore({ storage, save, now = Date.now, delayMs = CART_SAVE_DELAY_MS, tabId = Math.random().toString(36).slice(2) }: CartStoreDeps) {
  let items = validCart(readJson(storage, VISITOR_CART_KEY));
  /** The signed-in shopper; undefined for a visitor. */
  let userId: string | undefined;
  /** The cart as the server last acknowledged it. */
  let saved: CartItems = {};
  /** When the shopper last changed the cart (this browser's clock), and which change that was. */
  let changedAt = 0;
  let mark: ChangeMark = NO_CHANGE;
  /** The cart a save is carrying now, so leaving the page does not send it twice. */
  let sending: CartItems | undefined;
  let timer: ReturnType<typeof setTimeout> | undefined;
  let queue: Promise<void> = Promise.resolve();
  const listeners = new Set<() => void>();

  const emit = () => {
    for (const listener of listeners) listener();
  };
  const cancelTimer = () => {
    clearTimeout(timer);
    timer = undefined;
  };
  const writeAccountRecord = () => {
    if (userId) storage.setItem(ACCOUNT_CART_KEY, JSON.stringify({ userId, cart: items, saved, changedAt, change: mark } satisfies AccountCartRecord));
  };

  const acknowledge = (owner: string, sent: CartItems, answer: CartSaveAnswer) => {
    if (owner !== userId) return;
    if (answer.outdated) {
      // A checkout emptied the cart after this change: the server's cart stands, unless the shopper
      // has changed the cart again since (that newer change is saved next).
      saved = answer.cartItems ?? {};
      if (sameCart(items, sent)) {
        items = saved;
        emit();
      }
    } else saved = sent;
    writeAccountRecord();
  };

  /** Starts a save of the cart as it is now, if the server does not have it; the request is issued before this returns. */
  const send = (keepalive: boolean): Promise<void> | undefined => {
    if (!userId || sameCart(items, saved) || (sending && sameCart(items, sending))) return undefined;
    const owner = userId;
    const cart = items;
    sending = cart;
    return save(cart, { keepalive, changedMsAgo: Math.max(0, now() - changedAt), owner })
      .then(
        (answer) => acknowledge(owner, cart, answer),
        // The API client has told the shopper; the change stays in storage and goes with the next
        // change, or when the shop is next opened.
        () => undefined,
      )
      .finally(() => {
        if (sending === cart) sending = undefined;
      });
  };

  /**
   * Sends the cart as it is now. A normal save waits for the one under way (saves reach the server in
   * order). `keepalive` is for a page that is going away: the request is issued at once, in this call,
   * because nothing that waits would run; a save still under way is the older cart, and if it lands
   * last the newer one is still in storage and is sent again at the next load.
   */
  const flush = (keepalive = false): Promise<void> => {
    cancelTimer();
    if (keepalive) return send(true) ?? Promise.resolve();
    queue = queue.then(() => send(false));
    return queue;
  };

  const change = (next: CartItems) => {
    items = next;
    emit();
    if (!userId) {
      storage.setItem(VISITOR_CART_KEY, JSON.stringify(items));
      return;
    }
    changedAt = now();
    mark = { seq: mark.seq + 1, tab: tabId };
    writeAccountRecord();
    cancelTimer();
    timer = setTimeout(() => void flush(), delayMs);
  };

  return {
    getItems: () => items,
    subscribe(listener: () => void) {
      listeners.add(listener);
      return () => void listeners.delete(listener);
    },
    /** False when the line already holds the most it may. */
    add: (productId: string, max?: number, count?: number): boolean => {
      const next = addItem(items, productId, max, count);
      if (next === items) return false;
      change(next);
      return true;
    },
    setQuantity: (productId: string, quantity: number) => change(setItemQuantity(items, productId, quantity)),
    remove: (productId: string) => change(removeItem(items, productId)),
    flush,

    /**
     * A shopper is signed in with `accountCart` as the server has it. Changes this browser made that
     * the server never acknowledged are taken up again when the server's cart is still the one they
     * were made on (otherwise another device or a checkout changed it since, and the server's stands).
     * After a login the visitor's cart merges into that (summed, capped at 9) and is saved; a restored
     * session (reload) sends the unacknowledged changes at once.
     */
    signIn(accountCart: CartItems, fromLogin: boolean, accountId: string) {
      cancelTimer();
      userId = accountId;
      saved = accountCart;
      const record = readAccountRecord(storage, accountId);
      const unsent = record && sameCart(record.saved, accountCart) && !sameCart(record.cart, accountCart) ? record : undefined;
      const base = unsent?.cart ?? accountCart;
      changedAt = unsent?.changedAt ?? now();
      // The server's cart is not the one this browser last had saved: the server changed it (a card checkout paid in
      // another tab emptied it). A change of its own, so the other tabs take it up: under the old mark they kept the
      // old lines, and a tab left on the cart ordered a paid cart a second time (a probe).
      mark = record && !sameCart(record.saved, accountCart) ? { seq: record.change.seq + 1, tab: tabId } : (record?.change ?? NO_CHANGE);
      if (fromLogin) {
        storage.removeItem(VISITOR_CART_KEY);
        const merged = mergeCarts(base, items);
        if (!sameCart(merged, base)) {
          change(merged);
          return;
        }
      }
      items = base;
      emit();
      writeAccountRecord();
      if (unsent) void flush();
    },

    /** Logged out (or the session ended): the account's cart is forgotten here, and a pending save dropped. */
    signOut() {
      cancelTimer();
      userId = undefined;
      saved = {};
      storage.removeItem(ACCOUNT_CART_KEY);
      change({});
    },

    /**
     * The server changed the saved cart itself: an order emptied it in the same transaction (the default),
     * or "Order again" (issue 28) added a past order's lines after this browser's pending changes were
     * flushed. Its cart is the cart now, here and, by a change mark of its own, in the other tabs.
     */
    replacedByServer(next: CartItems = {}) {
      cancelTimer();
      saved = next;
      items = next;
      // A change of its own, later than the one the order was placed with: other tabs take it up.
      changedAt = now();
      mark = { seq: mark.seq + 1, tab: tabId };
      emit();
      writeAccountRecord();
    },

    /**
     * Another tab wrote the cart to storage (the `storage` event). The event arrives after the write,
     * and storage may hold a newer write by then, this tab's own included; and a tab writes its whole
     * view on every acknowledgement, which can be older than a change another tab made meanwhile
     * (decision 0134). So the record is judged by the change it carries, not by the event:
     * - another tab's later change: show it, and drop this tab's pending save (that tab saves it);
     * - this tab's own change: keep it and its pending save; take up what the server acknowledged;
     * - an older change than this tab's: keep this tab's and write it back, so every tab sees it again.
     * A record of another account, or none, means another tab signed this browser in or out (its tabs share the session):
     * nothing more is saved from here, where it landed in the other account's cart (a probe), this account's cart is
     * shown no more, and `true` asks the caller to find out who is signed in now.
     */
    storageChanged(key: string | null): true | undefined {
      if (key === ACCOUNT_CART_KEY && (readJson(storage, key) as { userId?: unknown } | null)?.userId !== userId) {
        if (userId) {
          cancelTimer();
          userId = undefined;
          saved = items = {};
          emit();
        }
        return true;
      }
      if (!userId && key === VISITOR_CART_KEY) items = validCart(readJson(storage, VISITOR_CART_KEY));
      else if (userId && key === ACCOUNT_CART_KEY) {
        const record = readAccountRecord(storage, userId);
        if (!record) return;
        if (isOlder(record.change, mark)) {
          writeAccountRecord();
          return;
        }
        if (sameChange(record.change, mark)) {
          saved = record.saved;
          return;
        }
        cancelTimer();
        ({ cart: items, saved, changedAt, change: mark } = record);
      } else return;
      emit();
    },
  };
}

export type CartStore = ReturnType<typeof createCartStore>;
