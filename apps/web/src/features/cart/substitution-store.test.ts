import { describe, expect, it, vi } from 'vitest';
import { createSubstitutionStore, SUBSTITUTIONS_KEY } from './substitution-store';

const memoryStorage = () => {
  const map = new Map<string, string>();
  return { getItem: (key: string) => map.get(key) ?? null, setItem: (key: string, value: string) => void map.set(key, value), map };
};

describe('the substitution preferences of the cart (issue 28)', () => {
  it('gives each line its own choice or the default, and a line set back to the default follows it again', () => {
    const store = createSubstitutionStore({ storage: memoryStorage(), save: vi.fn(async () => undefined) });
    expect(store.preferenceOf('a')).toBe('similar');
    store.setLine('a', 'none');
    expect([store.preferenceOf('a'), store.preferenceOf('b')]).toEqual(['none', 'similar']);
    store.setDefault('none');
    expect(store.getState()).toEqual({ lines: {}, fallback: 'none' });
    store.setLine('b', 'similar');
    store.setDefault('similar');
    expect(store.getState()).toEqual({ lines: {}, fallback: 'similar' });
  });

  it("keeps a visitor's choices in storage without saving, and saves a signed-in shopper's every change", () => {
    const storage = memoryStorage();
    const save = vi.fn(async () => undefined);
    const store = createSubstitutionStore({ storage, save });
    store.setLine('a', 'none');
    expect(save).not.toHaveBeenCalled();
    expect(JSON.parse(storage.map.get(SUBSTITUTIONS_KEY)!)).toEqual({ lines: { a: 'none' }, fallback: 'similar' });
    // Signed in: the account's choices stand, the visitor's for other lines are kept.
    store.signIn({ b: 'similar' }, 'none');
    expect(store.getState()).toEqual({ lines: { a: 'none', b: 'similar' }, fallback: 'none' });
    store.setLine('c', 'similar');
    expect(save).toHaveBeenCalledTimes(1);
    expect(store.linesFor({ a: 1, c: 2 })).toEqual({ a: 'none', c: 'similar' });
    // A new store reads what storage kept, dropping anything that is not a preference.
    storage.setItem(SUBSTITUTIONS_KEY, JSON.stringify({ lines: { a: 'none', x: 'maybe' }, fallback: 'never' }));
    expect(createSubstitutionStore({ storage, save }).getState()).toEqual({ lines: { a: 'none' }, fallback: 'similar' });
  });
});
