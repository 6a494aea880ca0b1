import type { CartItems } from '@greencart/shared';
import { addItem, mergeCarts, removeItem, setItemQuantity } from './cart-logic';

export const VISITOR_CART_KEY = 'greencart:cart';
/** A burst of cart clicks becomes one save (issue 4: debounced, last write wins). */
export const CART_SAVE_DELAY_MS = 400;

export interface CartStoreDeps {
  /** Where a visitor's cart survives a reload (localStorage in the browser). */
  storage: Pick<Storage, 'getItem' | 'setItem' | 'removeItem'>;
  /** POST /api/cart/update with the whole cart. */
  save: (cart: CartItems, keepalive: boolean) => Promise<unknown>;
  /** Which of these product ids still exist: lines of deleted products stay local (the server refuses them). */
  existingIds: (ids: string[]) => Promise<Set<string>>;
  delayMs?: number;
}

function readVisitorCart(storage: CartStoreDeps['storage']): CartItems {
  try {
    const parsed: unknown = JSON.parse(storage.getItem(VISITOR_CART_KEY) ?? '{}');
    if (!parsed || typeof parsed !== 'object') return {};
    return Object.fromEntries(Object.entries(parsed).filter(([, q]) => Number.isInteger(q) && q >= 1 && q <= 9)) as CartItems;
  } catch {
    return {};
  }
}

/**
 * The cart (spec section 4, issue 15): product id -> quantity, outside React so a change re-renders
 * only the components that read what changed (useSyncExternalStore with a selector). A visitor's
 * cart lives in storage; a shopper's is saved on the server a moment after the last change, saves
 * running one after another so the server always ends with the newest cart.
 */
export function createCartStore({ storage, save, existingIds, delayMs = CART_SAVE_DELAY_MS }: CartStoreDeps) {
  let items = readVisitorCart(storage);
  let signedIn = false;
  /** The cart as the server last stored it (JSON), so an unchanged cart is not sent again. */
  let savedBody: string | undefined;
  let timer: ReturnType<typeof setTimeout> | undefined;
  let queue: Promise<void> = Promise.resolve();
  const listeners = new Set<() => void>();

  const emit = () => {
    for (const listener of listeners) listener();
  };

  /** Sends the cart as it is now, after any save already under way. */
  const flush = (keepalive = false): Promise<void> => {
    clearTimeout(timer);
    timer = undefined;
    if (!signedIn) return queue;
    const snapshot = items;
    queue = queue.then(async () => {
      if (!signedIn) return;
      const known = await existingIds(Object.keys(snapshot)).catch(() => undefined);
      if (!known) return;
      const toSave = Object.fromEntries(Object.entries(snapshot).filter(([id]) => known.has(id)));
      const body = JSON.stringify(toSave);
      if (body === savedBody) return;
      try {
        await save(toSave, keepalive);
        savedBody = body;
      } catch {
        // The API client has told the shopper; the next change sends the whole cart again.
        savedBody = undefined;
      }
    });
    return queue;
  };

  const change = (next: CartItems) => {
    items = next;
    emit();
    if (!signedIn) storage.setItem(VISITOR_CART_KEY, JSON.stringify(items));
    else {
      clearTimeout(timer);
      timer = setTimeout(() => void flush(), delayMs);
    }
  };

  return {
    getItems: () => items,
    subscribe(listener: () => void) {
      listeners.add(listener);
      return () => void listeners.delete(listener);
    },
    /** False when the line already holds the most it may. */
    add: (productId: string, max?: number): boolean => {
      const next = addItem(items, productId, max);
      if (next === items) return false;
      change(next);
      return true;
    },
    setQuantity: (productId: string, quantity: number) => change(setItemQuantity(items, productId, quantity)),
    remove: (productId: string) => change(removeItem(items, productId)),
    /** A save is waiting for its delay (the page sends it at once with keepalive when it goes). */
    hasPendingSave: () => timer !== undefined,
    flush,

    /**
     * A shopper is signed in. After a login the visitor's cart merges into the account's (summed,
     * capped at 9) and is saved; a restored session (reload) simply takes the account's cart.
     */
    signIn(accountCart: CartItems, fromLogin: boolean) {
      signedIn = true;
      savedBody = JSON.stringify(accountCart);
      if (!fromLogin) {
        clearTimeout(timer);
        items = accountCart;
        emit();
        return;
      }
      storage.removeItem(VISITOR_CART_KEY);
      change(mergeCarts(accountCart, items));
      if (JSON.stringify(items) === savedBody) {
        clearTimeout(timer);
        timer = undefined;
      }
    },

    /** Logged out (or the session ended): the account's cart is forgotten here, and a pending save dropped. */
    signOut() {
      clearTimeout(timer);
      timer = undefined;
      signedIn = false;
      savedBody = undefined;
      change({});
    },

    /** An order was placed: the server emptied the saved cart in the same transaction. */
    clearAfterOrder() {
      clearTimeout(timer);
      timer = undefined;
      savedBody = JSON.stringify({});
      items = {};
      emit();
    },
  };
}

export type CartStore = ReturnType<typeof createCartStore>;
