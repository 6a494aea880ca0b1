import type { CartItems } from '@greencart/shared';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { CART_SAVE_DELAY_MS, VISITOR_CART_KEY, createCartStore, type CartStoreDeps } from './cart-store';

function memoryStorage(initial: Record<string, string> = {}) {
  const data = new Map(Object.entries(initial));
  return {
    getItem: (k: string) => data.get(k) ?? null,
    setItem: (k: string, v: string) => void data.set(k, v),
    removeItem: (k: string) => void data.delete(k),
    data,
  };
}

/** A server that stores carts in arrival order; each save can be held to finish later. */
function fakeServer({ hold = false } = {}) {
  const saves: CartItems[] = [];
  let stored: CartItems | undefined;
  const pending: (() => void)[] = [];
  const save: CartStoreDeps['save'] = (cart) =>
    new Promise((resolve) => {
      const finish = () => {
        stored = cart;
        resolve(undefined);
      };
      saves.push(cart);
      if (hold) pending.push(finish);
      else finish();
    });
  return { save, saves, stored: () => stored, releaseNext: () => pending.shift()?.() };
}

const allExist: CartStoreDeps['existingIds'] = async (ids) => new Set(ids);

describe('the cart store (issue 15)', () => {
  beforeEach(() => vi.useFakeTimers());
  afterEach(() => vi.useRealTimers());

  it("keeps a visitor's cart in storage, so a reload finds it", () => {
    const storage = memoryStorage();
    const store = createCartStore({ storage, save: fakeServer().save, existingIds: allExist });
    store.add('a');
    store.add('a');
    expect(JSON.parse(storage.data.get(VISITOR_CART_KEY)!)).toEqual({ a: 2 });
    expect(createCartStore({ storage, save: fakeServer().save, existingIds: allExist }).getItems()).toEqual({ a: 2 });
  });

  it('adds no more than what is left (issue 16) and says so, leaving the cart and its storage as they were', () => {
    const storage = memoryStorage();
    const store = createCartStore({ storage, save: fakeServer().save, existingIds: allExist });
    expect(store.add('a', 2)).toBe(true);
    expect(store.add('a', 2)).toBe(true);
    const stored = storage.data.get(VISITOR_CART_KEY);
    expect(store.add('a', 2)).toBe(false);
    expect(store.getItems()).toEqual({ a: 2 });
    expect(storage.data.get(VISITOR_CART_KEY)).toBe(stored);
  });

  it('turns a burst of changes into one save of the final cart, after the delay', async () => {
    const server = fakeServer();
    const store = createCartStore({ storage: memoryStorage(), save: server.save, existingIds: allExist });
    store.signIn({}, false);
    store.add('a');
    store.add('a');
    store.setQuantity('a', 5);
    store.add('b');
    await vi.advanceTimersByTimeAsync(CART_SAVE_DELAY_MS - 1);
    expect(server.saves).toEqual([]);
    await vi.advanceTimersByTimeAsync(1);
    expect(server.saves).toEqual([{ a: 5, b: 1 }]);
  });

  it("merges the visitor's cart into the account's at login (summed, capped at 9) and saves it", async () => {
    const storage = memoryStorage({ [VISITOR_CART_KEY]: JSON.stringify({ a: 7, c: 1 }) });
    const server = fakeServer();
    const store = createCartStore({ storage, save: server.save, existingIds: allExist });
    store.signIn({ a: 5, b: 2 }, true);
    expect(store.getItems()).toEqual({ a: 9, b: 2, c: 1 });
    expect(storage.data.has(VISITOR_CART_KEY)).toBe(false);
    await vi.advanceTimersByTimeAsync(CART_SAVE_DELAY_MS);
    expect(server.stored()).toEqual({ a: 9, b: 2, c: 1 });
  });

  it("takes the account's cart as it is when a session is restored (reload), sending nothing", async () => {
    const storage = memoryStorage({ [VISITOR_CART_KEY]: JSON.stringify({ a: 1 }) });
    const server = fakeServer();
    const store = createCartStore({ storage, save: server.save, existingIds: allExist });
    store.signIn({ b: 3 }, false);
    expect(store.getItems()).toEqual({ b: 3 });
    await vi.advanceTimersByTimeAsync(CART_SAVE_DELAY_MS * 2);
    expect(server.saves).toEqual([]);
  });

  it('clears after an order without sending the empty cart (the server emptied it), and drops a pending save', async () => {
    const server = fakeServer();
    const store = createCartStore({ storage: memoryStorage(), save: server.save, existingIds: allExist });
    store.signIn({ a: 1 }, false);
    store.add('a');
    store.clearAfterOrder();
    expect(store.getItems()).toEqual({});
    await vi.advanceTimersByTimeAsync(CART_SAVE_DELAY_MS * 2);
    expect(server.saves).toEqual([]);
  });

  it('ends with the newest cart on the server when a save is still under way (last write wins)', async () => {
    const server = fakeServer({ hold: true });
    const store = createCartStore({ storage: memoryStorage(), save: server.save, existingIds: allExist });
    store.signIn({}, false);
    store.add('a');
    await vi.advanceTimersByTimeAsync(CART_SAVE_DELAY_MS);
    expect(server.saves).toEqual([{ a: 1 }]);
    store.add('a');
    store.add('b');
    await vi.advanceTimersByTimeAsync(CART_SAVE_DELAY_MS);
    // The second save waits for the first instead of racing it.
    expect(server.saves).toHaveLength(1);
    server.releaseNext();
    await vi.advanceTimersByTimeAsync(0);
    server.releaseNext();
    await vi.advanceTimersByTimeAsync(0);
    expect(server.saves).toEqual([{ a: 1 }, { a: 2, b: 1 }]);
    expect(server.stored()).toEqual({ a: 2, b: 1 });
  });

  it('keeps lines of products that no longer exist out of the save (the server would refuse the cart)', async () => {
    const server = fakeServer();
    const store = createCartStore({ storage: memoryStorage(), save: server.save, existingIds: async (ids) => new Set(ids.filter((id) => id !== 'gone')) });
    store.signIn({ gone: 1 }, false);
    store.add('a');
    await vi.advanceTimersByTimeAsync(CART_SAVE_DELAY_MS);
    expect(server.saves).toEqual([{ a: 1 }]);
    expect(store.getItems()).toEqual({ gone: 1, a: 1 });
  });

  it('forgets the account cart at logout and sends no pending save', async () => {
    const storage = memoryStorage();
    const server = fakeServer();
    const store = createCartStore({ storage, save: server.save, existingIds: allExist });
    store.signIn({ a: 2 }, false);
    store.add('b');
    store.signOut();
    await vi.advanceTimersByTimeAsync(CART_SAVE_DELAY_MS * 2);
    expect(server.saves).toEqual([]);
    expect(store.getItems()).toEqual({});
    expect(storage.data.get(VISITOR_CART_KEY)).toBe('{}');
  });

  it('notifies subscribers of each change', () => {
    const store = createCartStore({ storage: memoryStorage(), save: fakeServer().save, existingIds: allExist });
    const listener = vi.fn();
    const unsubscribe = store.subscribe(listener);
    store.add('a');
    unsubscribe();
    store.add('a');
    expect(listener).toHaveBeenCalledTimes(1);
  });
});
