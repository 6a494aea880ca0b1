import { CART_MAX_LINES, QUANTITY_MAX, type CartItems } from '@greencart/shared';
import { useSyncExternalStore } from 'react';
import { toast } from '../../lib/toast';
import { session } from '../../lib/session';
import { saveCart } from './api/save-cart';
import { countItems } from './cart-logic';
import { createCartStore } from './cart-store';
import { createSubstitutionStore } from './substitution-store';

/** The shop's one cart, wired to the browser's storage, the API and the session. */
// The server renders pages in Node (app/server-render.tsx): no storage there, a first visit's empty cart.
const noStorage = { getItem: () => null, setItem() {}, removeItem() {} };
const storage = globalThis.localStorage ?? noStorage;
/** Every save of the cart carries the substitution preferences (issue 28), so the server keeps the browser's. */
const preferencesFor = (items: CartItems) => ({ substitutions: substitutionStore.linesFor(items), substituteDefault: substitutionStore.getState().fallback });
export const cartStore = createCartStore({ storage, save: (items, options) => saveCart(items, options, preferencesFor(items)) });
/** Substitutions (issue 28): a change of preference is saved with the cart as it is now. */
export const substitutionStore = createSubstitutionStore({
  storage,
  save: () => saveCart(cartStore.getItems(), { keepalive: false, changedMsAgo: 0 }, preferencesFor(cartStore.getItems())),
});

session.onEvent((event) => {
  if (event.type === 'signed-in') {
    substitutionStore.signIn(event.user.substitutions, event.user.substituteDefault);
    cartStore.signIn(event.user.cartItems, event.fromLogin, event.user._id);
  } else {
    substitutionStore.signOut();
    cartStore.signOut();
  }
});

// Leaving the page (reload, another address, a closed tab) or hiding it (a phone may discard a hidden
// page without a pagehide): send what the server does not have now, with keepalive so the browser
// finishes it. The request starts inside this handler; anything awaited first would never be sent.
const sendBeforeLeaving = () => void cartStore.flush(true);
globalThis.addEventListener?.('pagehide', sendBeforeLeaving);
globalThis.document?.addEventListener('visibilitychange', () => {
  if (document.visibilityState === 'hidden') sendBeforeLeaving();
});
// Back online: a change whose save failed meanwhile is sent now, not only with the next change (a probe lost two lines at
// a logout after a signal drop).
globalThis.addEventListener?.('online', () => void cartStore.flush());
// Another tab changed the cart: this one shows it too. Another tab signed in or out: this one asks who is signed in now.
globalThis.addEventListener?.('storage', (event) => cartStore.storageChanged(event.key) && void session.checkUser());

/** The cart's actions with the spec's toasts (section 4). */
export const cart = {
  /** `max`: what is left of a counted product (maxQuantityFor); the selector's 9 otherwise. `count`: units added (the chat's "add 3"). */
  add(productId: string, max = QUANTITY_MAX, count = 1) {
    // A line already at its most (the selector's 9, or what is left) is said plainly, never "added". One toast however
    // fast the taps come: each replaces the last (six taps past the stock stacked five "Only 2 left" over the grid: a probe).
    if (cartStore.add(productId, max, count)) toast.success('Product added to cart', { id: 'add' });
    // Refused at the server's limit, with its words.
    else toast.error(cartStore.getItems()[productId] ? `Only ${max} ${max < QUANTITY_MAX ? 'left' : 'per product'}` : `A cart holds at most ${CART_MAX_LINES} different products`, { id: 'add' });
  },
  setQuantity(productId: string, quantity: number) {
    cartStore.setQuantity(productId, quantity);
    // One toast however many steps the select takes (arrow keys change it once a press): each replaces the last.
    toast.success('Cart Updated', { id: 'quantity' });
  },
  remove(productId: string) {
    cartStore.remove(productId);
    toast.success('removed from cart');
  },
  clearAfterOrder: () => cartStore.replacedByServer(),
};

const NO_ITEMS: CartItems = {};
/**
 * Reads the cart. The server snapshot is the empty cart the server renders pages with (0082, 0128): the
 * browser's hydration of that page reads it, then React re-renders with the visitor's own cart.
 */
const useCart = <T,>(read: (items: CartItems) => T) => useSyncExternalStore(cartStore.subscribe, () => read(cartStore.getItems()), () => read(NO_ITEMS));
/** One product's quantity: a card re-renders only when its own line changes. */
export const useCartQuantity = (productId: string) => useCart((items) => items[productId] ?? 0);
/** The badge's item count. */
export const useCartCount = () => useCart(countItems);
export const useCartItems = () => useCart((items) => items);

const DEFAULT_SUBSTITUTIONS = { lines: {}, fallback: 'similar' as const };
/** The substitution preferences (issue 28): the default and the lines' own; re-renders when they change. */
export const useSubstitutions = () => useSyncExternalStore(substitutionStore.subscribe, substitutionStore.getState, () => DEFAULT_SUBSTITUTIONS);
