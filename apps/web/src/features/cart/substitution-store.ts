import { SUBSTITUTE_PREFERENCES, type CartItems, type SubstitutePreference, type Substitutions } from '@greencart/shared';

export const SUBSTITUTIONS_KEY = 'greencart:substitutions';

/** The shopper's substitution preferences (issue 28, docs/decisions/0149): their default, and the lines that differ. */
export interface SubstitutionState {
  lines: Substitutions;
  fallback: SubstitutePreference;
}

export interface SubstitutionStoreDeps {
  /** Where a visitor's preferences survive a reload (localStorage in the browser). */
  storage: Pick<Storage, 'getItem' | 'setItem'>;
  /** Saves a signed-in shopper's preferences with the cart as it is now (POST /api/cart/update). */
  save: (state: SubstitutionState) => Promise<unknown>;
}

const isPreference = (value: unknown): value is SubstitutePreference => (SUBSTITUTE_PREFERENCES as readonly unknown[]).includes(value);

function readState(storage: SubstitutionStoreDeps['storage']): SubstitutionState {
  try {
    const raw = JSON.parse(storage.getItem(SUBSTITUTIONS_KEY) ?? 'null') as Partial<SubstitutionState> | null;
    const lines = Object.fromEntries(Object.entries(raw?.lines ?? {}).filter(([, value]) => isPreference(value))) as Substitutions;
    return { lines, fallback: isPreference(raw?.fallback) ? raw.fallback : 'similar' };
  } catch {
    return { lines: {}, fallback: 'similar' };
  }
}

/**
 * Substitutions in the cart: what the shop does with a line it cannot pick in full. A line without a choice
 * of its own follows the shopper's default. Kept in storage (a visitor's too) and, for a signed-in shopper,
 * on the server with the cart (the lines' choices) and their account (the default).
 */
export function createSubstitutionStore({ storage, save }: SubstitutionStoreDeps) {
  let state = readState(storage);
  let signedIn = false;
  const listeners = new Set<() => void>();

  const change = (next: SubstitutionState) => {
    state = next;
    storage.setItem(SUBSTITUTIONS_KEY, JSON.stringify(state));
    for (const listener of listeners) listener();
    if (signedIn) void save(state).catch(() => undefined);
  };

  return {
    getState: () => state,
    subscribe(listener: () => void) {
      listeners.add(listener);
      return () => void listeners.delete(listener);
    },
    preferenceOf: (productId: string): SubstitutePreference => state.lines[productId] ?? state.fallback,
    /** A line's own choice; the same as the default drops it (the line follows the default again). */
    setLine(productId: string, preference: SubstitutePreference) {
      const { [productId]: _dropped, ...others } = state.lines;
      change({ ...state, lines: preference === state.fallback ? others : { ...others, [productId]: preference } });
    },
    /** The default for every line without a choice of its own. */
    setDefault(preference: SubstitutePreference) {
      change({ lines: Object.fromEntries(Object.entries(state.lines).filter(([, value]) => value !== preference)), fallback: preference });
    },
    /** Signed in: the account's choices stand; a visitor's choices for other lines are kept. */
    signIn(lines: Substitutions | undefined, fallback: SubstitutePreference | undefined) {
      signedIn = true;
      state = { lines: { ...state.lines, ...(lines ?? {}) }, fallback: fallback ?? state.fallback };
      storage.setItem(SUBSTITUTIONS_KEY, JSON.stringify(state));
      for (const listener of listeners) listener();
    },
    signOut() {
      signedIn = false;
      change({ lines: {}, fallback: 'similar' });
    },
    /** The lines' own choices among the cart's lines, as a cart save sends them. */
    linesFor: (cart: CartItems): Substitutions => Object.fromEntries(Object.entries(state.lines).filter(([productId]) => productId in cart)),
  };
}

export type SubstitutionStore = ReturnType<typeof createSubstitutionStore>;
