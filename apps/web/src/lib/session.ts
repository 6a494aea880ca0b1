import type { SellerAccount, User } from '@greencart/shared';
import { useSyncExternalStore } from 'react';
import { toast } from './toast';
import { api, onUnauthorized } from './api-client';

/**
 * What is truly global in the shop (issue 15): the signed-in shopper, the seller flag and the login
 * dialog. Everything else is server data read through the router (lib/route-data.ts) or the cart's own
 * store. A shopper's reads name the shopper in their address and are not made without one; a seller's
 * screens are not shown once the seller's session ends.
 */
export interface SessionState {
  user: User | null;
  /** False until the start-up auth check has answered (screens that need a user wait for it). */
  authChecked: boolean;
  isSeller: boolean;
  sellerChecked: boolean;
  /** The signed-in seller's shop, role and standing (issue 26), or null when none (or not told yet). */
  seller: SellerAccount | null;
  showUserLogin: boolean;
}

/** A sign-in from the login dialog merges the visitor's cart; a restored session does not. */
export type SessionEvent = { type: 'signed-in'; user: User; fromLogin: boolean } | { type: 'signed-out' };

let state: SessionState = { user: null, authChecked: false, isSeller: false, sellerChecked: false, seller: null, showUserLogin: false };
const initialState = state;
const listeners = new Set<() => void>();
const eventListeners = new Set<(event: SessionEvent) => void>();
/** Told to a listener that subscribes later: the cart comes with the storefront's layout (decision 0182). */
let lastEvent: SessionEvent | undefined;

const set = (patch: Partial<SessionState>) => {
  state = { ...state, ...patch };
  for (const listener of listeners) listener();
};
const emit = (event: SessionEvent) => {
  lastEvent = event;
  for (const listener of eventListeners) listener(event);
};

export const SESSION_ENDED_TEXT = 'Your session has ended. Please log in again.';

export const session = {
  get: () => state,
  subscribe(listener: () => void) {
    listeners.add(listener);
    return () => void listeners.delete(listener);
  },
  /**
   * Sign-in and sign-out events, for the cart's store. A listener that subscribes after one has happened
   * hears the latest at once, as it would have had it been there: the cart loads with the storefront's
   * layout, possibly after the start-up auth check has answered or after a sign-in elsewhere.
   */
  onEvent(listener: (event: SessionEvent) => void) {
    eventListeners.add(listener);
    if (lastEvent) listener(lastEvent);
    return () => void eventListeners.delete(listener);
  },
  signIn(user: User, fromLogin: boolean) {
    set({ user, authChecked: true });
    emit({ type: 'signed-in', user, fromLogin });
  },
  signOut() {
    set({ user: null, authChecked: true });
    emit({ type: 'signed-out' });
  },
  setSeller(isSeller: boolean, seller: SellerAccount | null = null) {
    set({ isSeller, sellerChecked: true, seller: isSeller ? seller : null });
  },
  /** Asks the server who the seller is (after a login, or when the operator may have changed the shop's standing). */
  checkSeller: () =>
    api
      .get<{ seller?: SellerAccount }>('/api/seller/is-auth', { silent: true, session: 'seller' })
      .then(({ seller }) => session.setSeller(true, seller ?? null))
      .catch(() => set({ isSeller: false, sellerChecked: true, seller: null })),
  /**
   * Asks the server who the shopper is (at start, and when another tab signed in or out). A session that ended is
   * signed out by the 401's handler below; a failure leaves things as they are.
   */
  checkUser: () =>
    api
      .get<{ user: User }>('/api/user/is-auth', { silent: true })
      .then(({ user }) => session.signIn(user, false))
      .catch(() => set({ authChecked: true })),
  setShowUserLogin: (showUserLogin: boolean) => set({ showUserLogin }),
  /** Ends the shopper's session on the server and forgets the user and their cart here. */
  async logout() {
    await api.get('/api/user/logout');
    session.signOut();
    toast.success('Logged out');
  },
};

/** Reads one part of the session; the component re-renders only when that part changes. */
export function useSession<T>(select: (s: SessionState) => T): T {
  // The server snapshot is the state before the auth check, as the server renders pages (0082, 0128): the
  // browser's hydration of that page reads it, then React re-renders with the current state.
  return useSyncExternalStore(session.subscribe, () => select(state), () => select(initialState));
}

onUnauthorized((kind) => {
  if (kind === 'seller') {
    if (!state.isSeller) return false;
    session.setSeller(false);
    toast.error(SESSION_ENDED_TEXT);
    return true;
  }
  if (!state.user) return false;
  session.signOut();
  set({ showUserLogin: true });
  toast.error(SESSION_ENDED_TEXT);
  return true;
});

/** Spec section 4: both auth checks run once at start; a failure means "logged out". */
export function startSession() {
  void session.checkUser();
  void session.checkSeller();
}

/**
 * Whether the signed-in seller may change anything (issue 26): a pending or suspended shop reads but
 * every write answers 403, so the seller area disables its write controls and says why.
 */
export const useSellerCanWrite = () => useSession((s) => s.seller === null || s.seller.status === 'approved');
