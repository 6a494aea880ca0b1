import type { CartItems } from '@greencart/shared';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { ACCOUNT_CART_KEY, CART_SAVE_DELAY_MS, VISITOR_CART_KEY, createCartStore, type CartSaveAnswer, type CartStoreDeps } from './cart-store';

function memoryStorage(initial: Record<string, string> = {}) {
  const data = new Map(Object.entries(initial));
  return {
    getItem: (k: string) => data.get(k) ?? null,
    setItem: (k: string, v: string) => void data.set(k, v),
    removeItem: (k: string) => void data.delete(k),
    data,
  };
}

interface SentSave {
  cart: CartItems;
  keepalive: boolean;
  changedMsAgo: number;
  owner?: string;
}

/** A server that stores carts in arrival order; each save can be held to finish (or fail) later. */
function fakeServer({ hold = false } = {}) {
  const saves: SentSave[] = [];
  let stored: CartItems | undefined;
  const held: { answer: (a?: CartSaveAnswer) => void; fail: () => void }[] = [];
  const save: CartStoreDeps['save'] = (cart, options) => {
    // Recorded when the request is issued, as fetch would send it.
    saves.push({ cart, ...options });
    return new Promise((resolve, reject) => {
      const answer = (a: CartSaveAnswer = {}) => {
        if (!a.outdated) stored = cart;
        resolve(a);
      };
      if (hold) held.push({ answer, fail: () => reject(new Error('network')) });
      else answer();
    });
  };
  return {
    save,
    carts: () => saves.map((s) => s.cart),
    saves,
    stored: () => stored,
    answerNext: (a?: CartSaveAnswer) => held.shift()?.answer(a),
    failNext: () => held.shift()?.fail(),
  };
}

const SHOPPER = 'shopper-1';

describe('the cart store (issues 15 and 25)', () => {
  beforeEach(() => vi.useFakeTimers());
  afterEach(() => vi.useRealTimers());

  it("keeps a visitor's cart in storage, so a reload finds it", () => {
    const storage = memoryStorage();
    const store = createCartStore({ storage, save: fakeServer().save });
    store.add('a');
    store.add('a');
    expect(JSON.parse(storage.data.get(VISITOR_CART_KEY)!)).toEqual({ a: 2 });
    expect(createCartStore({ storage, save: fakeServer().save }).getItems()).toEqual({ a: 2 });
  });

  it('adds no more than what is left (issue 16) and says so, leaving the cart and its storage as they were', () => {
    const storage = memoryStorage();
    const store = createCartStore({ storage, save: fakeServer().save });
    expect(store.add('a', 2)).toBe(true);
    expect(store.add('a', 2)).toBe(true);
    const stored = storage.data.get(VISITOR_CART_KEY);
    expect(store.add('a', 2)).toBe(false);
    expect(store.getItems()).toEqual({ a: 2 });
    expect(storage.data.get(VISITOR_CART_KEY)).toBe(stored);
  });

  it('turns a burst of changes into one save of the final cart, after the delay, saying how old the change is', async () => {
    const server = fakeServer();
    const store = createCartStore({ storage: memoryStorage(), save: server.save });
    store.signIn({}, false, SHOPPER);
    store.add('a');
    store.add('a');
    store.setQuantity('a', 5);
    store.add('b');
    await vi.advanceTimersByTimeAsync(CART_SAVE_DELAY_MS - 1);
    expect(server.saves).toEqual([]);
    await vi.advanceTimersByTimeAsync(1);
    expect(server.saves).toEqual([{ cart: { a: 5, b: 1 }, keepalive: false, changedMsAgo: CART_SAVE_DELAY_MS, owner: SHOPPER }]);
  });

  it("merges the visitor's cart into the account's at login (summed, capped at 9) and saves it", async () => {
    const storage = memoryStorage({ [VISITOR_CART_KEY]: JSON.stringify({ a: 7, c: 1 }) });
    const server = fakeServer();
    const store = createCartStore({ storage, save: server.save });
    store.signIn({ a: 5, b: 2 }, true, SHOPPER);
    expect(store.getItems()).toEqual({ a: 9, b: 2, c: 1 });
    expect(storage.data.has(VISITOR_CART_KEY)).toBe(false);
    await vi.advanceTimersByTimeAsync(CART_SAVE_DELAY_MS);
    expect(server.stored()).toEqual({ a: 9, b: 2, c: 1 });
  });

  it("takes the account's cart as it is when a session is restored (reload), sending nothing", async () => {
    const storage = memoryStorage({ [VISITOR_CART_KEY]: JSON.stringify({ a: 1 }) });
    const server = fakeServer();
    const store = createCartStore({ storage, save: server.save });
    store.signIn({ b: 3 }, false, SHOPPER);
    expect(store.getItems()).toEqual({ b: 3 });
    await vi.advanceTimersByTimeAsync(CART_SAVE_DELAY_MS * 2);
    expect(server.saves).toEqual([]);
  });

  it('clears after an order without sending the empty cart (the server emptied it), and drops a pending save', async () => {
    const server = fakeServer();
    const store = createCartStore({ storage: memoryStorage(), save: server.save });
    store.signIn({ a: 1 }, false, SHOPPER);
    store.add('a');
    store.replacedByServer();
    expect(store.getItems()).toEqual({});
    await vi.advanceTimersByTimeAsync(CART_SAVE_DELAY_MS * 2);
    expect(server.saves).toEqual([]);
  });

  it('takes the cart "Order again" made on the server as the cart, without sending it back (issue 28)', async () => {
    const server = fakeServer();
    const store = createCartStore({ storage: memoryStorage(), save: server.save });
    store.signIn({ a: 1 }, false, SHOPPER);
    store.replacedByServer({ a: 1, b: 2 });
    expect(store.getItems()).toEqual({ a: 1, b: 2 });
    await vi.advanceTimersByTimeAsync(CART_SAVE_DELAY_MS * 2);
    expect(server.saves).toEqual([]);
    // A later change is saved on top of it.
    store.add('c');
    await vi.advanceTimersByTimeAsync(CART_SAVE_DELAY_MS * 2);
    expect(server.saves.at(-1)).toMatchObject({ cart: { a: 1, b: 2, c: 1 } });
  });

  it('ends with the newest cart on the server when a save is still under way (last write wins)', async () => {
    const server = fakeServer({ hold: true });
    const store = createCartStore({ storage: memoryStorage(), save: server.save });
    store.signIn({}, false, SHOPPER);
    store.add('a');
    await vi.advanceTimersByTimeAsync(CART_SAVE_DELAY_MS);
    expect(server.carts()).toEqual([{ a: 1 }]);
    store.add('a');
    store.add('b');
    await vi.advanceTimersByTimeAsync(CART_SAVE_DELAY_MS);
    // The second save waits for the first instead of racing it.
    expect(server.saves).toHaveLength(1);
    server.answerNext();
    await vi.advanceTimersByTimeAsync(0);
    server.answerNext();
    await vi.advanceTimersByTimeAsync(0);
    expect(server.carts()).toEqual([{ a: 1 }, { a: 2, b: 1 }]);
    expect(server.stored()).toEqual({ a: 2, b: 1 });
  });

  it('sends every line, a retired product too: the server leaves out what is no longer sold (decision 0092)', async () => {
    const server = fakeServer();
    const store = createCartStore({ storage: memoryStorage(), save: server.save });
    store.signIn({ retired: 1 }, false, SHOPPER);
    store.add('a');
    await vi.advanceTimersByTimeAsync(CART_SAVE_DELAY_MS);
    expect(server.carts()).toEqual([{ retired: 1, a: 1 }]);
  });

  it('forgets the account cart at logout and sends no pending save', async () => {
    const storage = memoryStorage();
    const server = fakeServer();
    const store = createCartStore({ storage, save: server.save });
    store.signIn({ a: 2 }, false, SHOPPER);
    store.add('b');
    store.signOut();
    await vi.advanceTimersByTimeAsync(CART_SAVE_DELAY_MS * 2);
    expect(server.saves).toEqual([]);
    expect(store.getItems()).toEqual({});
    expect(storage.data.get(VISITOR_CART_KEY)).toBe('{}');
    expect(storage.data.has(ACCOUNT_CART_KEY)).toBe(false);
  });

  it('notifies subscribers of each change', () => {
    const store = createCartStore({ storage: memoryStorage(), save: fakeServer().save });
    const listener = vi.fn();
    const unsubscribe = store.subscribe(listener);
    store.add('a');
    unsubscribe();
    store.add('a');
    expect(listener).toHaveBeenCalledTimes(1);
  });

  describe('a change the shopper saw is not lost (issue 25)', () => {
    it('sends the pending save with keepalive within the page-hide call itself, not after anything is awaited', () => {
      const server = fakeServer({ hold: true });
      const store = createCartStore({ storage: memoryStorage(), save: server.save });
      store.signIn({}, false, SHOPPER);
      store.add('a');
      void store.flush(true);
      // No timer advanced, no promise settled: the request was issued synchronously.
      expect(server.saves).toEqual([{ cart: { a: 1 }, keepalive: true, changedMsAgo: 0, owner: SHOPPER }]);
    });

    it('sends on page hide even while an older save is still under way, and not twice', async () => {
      const server = fakeServer({ hold: true });
      const store = createCartStore({ storage: memoryStorage(), save: server.save });
      store.signIn({}, false, SHOPPER);
      store.add('a');
      await vi.advanceTimersByTimeAsync(CART_SAVE_DELAY_MS);
      store.add('b');
      void store.flush(true);
      void store.flush(true);
      expect(server.saves.map((s) => [s.cart, s.keepalive])).toEqual([
        [{ a: 1 }, false],
        [{ a: 1, b: 1 }, true],
      ]);
    });

    it('sends nothing on page hide when the server already has the cart', async () => {
      const server = fakeServer();
      const store = createCartStore({ storage: memoryStorage(), save: server.save });
      store.signIn({ a: 1 }, false, SHOPPER);
      void store.flush(true);
      store.add('b');
      await vi.advanceTimersByTimeAsync(CART_SAVE_DELAY_MS);
      void store.flush(true);
      expect(server.carts()).toEqual([{ a: 1, b: 1 }]);
    });

    it('keeps an unacknowledged change in storage and sends it again at the next load, with its age', async () => {
      const storage = memoryStorage();
      const leaving = fakeServer({ hold: true });
      const first = createCartStore({ storage, save: leaving.save });
      first.signIn({ a: 1 }, false, SHOPPER);
      first.add('b');
      void first.flush(true); // the page went; its answer is never read
      await vi.advanceTimersByTimeAsync(5_000);

      const server = fakeServer();
      const reloaded = createCartStore({ storage, save: server.save });
      // The keepalive save had not reached the server when the reloaded page asked for the cart.
      reloaded.signIn({ a: 1 }, false, SHOPPER);
      expect(reloaded.getItems()).toEqual({ a: 1, b: 1 });
      await vi.advanceTimersByTimeAsync(0);
      expect(server.saves).toEqual([{ cart: { a: 1, b: 1 }, keepalive: false, changedMsAgo: 5_000, owner: SHOPPER }]);
      // Acknowledged: a further reload sends nothing.
      const again = fakeServer();
      createCartStore({ storage, save: again.save }).signIn({ a: 1, b: 1 }, false, SHOPPER);
      await vi.advanceTimersByTimeAsync(CART_SAVE_DELAY_MS * 2);
      expect(again.saves).toEqual([]);
    });

    it('keeps the change after a failed save, and sends it with the next one', async () => {
      const storage = memoryStorage();
      const server = fakeServer({ hold: true });
      const store = createCartStore({ storage, save: server.save });
      store.signIn({}, false, SHOPPER);
      store.add('a');
      await vi.advanceTimersByTimeAsync(CART_SAVE_DELAY_MS);
      server.failNext();
      await vi.advanceTimersByTimeAsync(0);
      expect(JSON.parse(storage.data.get(ACCOUNT_CART_KEY)!)).toMatchObject({ cart: { a: 1 }, saved: {} });
      store.add('b');
      await vi.advanceTimersByTimeAsync(CART_SAVE_DELAY_MS);
      expect(server.carts()).toEqual([{ a: 1 }, { a: 1, b: 1 }]);
    });

    it("lets the server's cart stand when it changed elsewhere since (another device, a checkout)", async () => {
      const storage = memoryStorage();
      const first = createCartStore({ storage, save: fakeServer({ hold: true }).save });
      first.signIn({ a: 1 }, false, SHOPPER);
      first.add('b');
      const server = fakeServer();
      const reloaded = createCartStore({ storage, save: server.save });
      reloaded.signIn({ c: 2 }, false, SHOPPER);
      expect(reloaded.getItems()).toEqual({ c: 2 });
      await vi.advanceTimersByTimeAsync(CART_SAVE_DELAY_MS * 2);
      expect(server.saves).toEqual([]);
    });

    it('takes the unacknowledged change up at a login too, with the visitor cart merged in', async () => {
      const storage = memoryStorage();
      const first = createCartStore({ storage, save: fakeServer({ hold: true }).save });
      first.signIn({ a: 1 }, false, SHOPPER);
      first.add('b');
      first.add('b');
      storage.setItem(VISITOR_CART_KEY, JSON.stringify({ c: 1 }));
      const server = fakeServer();
      const next = createCartStore({ storage, save: server.save });
      next.signIn({ a: 1 }, true, SHOPPER);
      expect(next.getItems()).toEqual({ a: 1, b: 2, c: 1 });
      await vi.advanceTimersByTimeAsync(CART_SAVE_DELAY_MS);
      expect(server.stored()).toEqual({ a: 1, b: 2, c: 1 });
    });

    it("ignores another shopper's unacknowledged cart", () => {
      const storage = memoryStorage();
      const first = createCartStore({ storage, save: fakeServer({ hold: true }).save });
      first.signIn({}, false, 'someone-else');
      first.add('x');
      const next = createCartStore({ storage, save: fakeServer().save });
      next.signIn({ a: 1 }, false, SHOPPER);
      expect(next.getItems()).toEqual({ a: 1 });
    });

    it("takes the server's cart when a save arrives after a checkout emptied it (decision 0093)", async () => {
      const server = fakeServer({ hold: true });
      const store = createCartStore({ storage: memoryStorage(), save: server.save });
      store.signIn({ a: 1 }, false, SHOPPER);
      store.add('b');
      await vi.advanceTimersByTimeAsync(CART_SAVE_DELAY_MS);
      server.answerNext({ outdated: true, cartItems: {} });
      await vi.advanceTimersByTimeAsync(0);
      expect(store.getItems()).toEqual({});
      await vi.advanceTimersByTimeAsync(CART_SAVE_DELAY_MS * 2);
      expect(server.saves).toHaveLength(1);
    });

    it('keeps a change made after the outdated one was sent, and saves it', async () => {
      const server = fakeServer({ hold: true });
      const store = createCartStore({ storage: memoryStorage(), save: server.save });
      store.signIn({ a: 1 }, false, SHOPPER);
      store.add('b');
      await vi.advanceTimersByTimeAsync(CART_SAVE_DELAY_MS);
      store.add('c');
      server.answerNext({ outdated: true, cartItems: {} });
      await vi.advanceTimersByTimeAsync(CART_SAVE_DELAY_MS);
      expect(store.getItems()).toEqual({ a: 1, b: 1, c: 1 });
      expect(server.carts()).toEqual([{ a: 1, b: 1 }, { a: 1, b: 1, c: 1 }]);
    });

    it('shows a change made in another tab, and leaves its saving to that tab', async () => {
      const storage = memoryStorage();
      const server = fakeServer();
      const [tabA, tabB] = [createCartStore({ storage, save: server.save }), createCartStore({ storage, save: server.save })];
      tabA.signIn({ a: 1 }, false, SHOPPER);
      tabB.signIn({ a: 1 }, false, SHOPPER);
      const seenByB = vi.fn();
      tabB.subscribe(seenByB);
      tabA.add('b');
      tabB.storageChanged(ACCOUNT_CART_KEY);
      expect(tabB.getItems()).toEqual({ a: 1, b: 1 });
      expect(seenByB).toHaveBeenCalled();
      // B changes on top of A's change: nothing of A's is lost.
      tabB.add('c');
      tabA.storageChanged(ACCOUNT_CART_KEY);
      await vi.advanceTimersByTimeAsync(CART_SAVE_DELAY_MS * 2);
      expect(server.carts()).toEqual([{ a: 1, b: 1, c: 1 }]);
      expect(tabA.getItems()).toEqual({ a: 1, b: 1, c: 1 });
    });

    it("shows in every tab a cart the server emptied, as a page opened after a card payment learns it (a stale tab ordered a paid cart again)", () => {
      const storage = memoryStorage();
      const server = fakeServer();
      const [cartTab, payingTab] = [createCartStore({ storage, save: server.save, tabId: 'a' }), createCartStore({ storage, save: server.save, tabId: 'b' })];
      cartTab.signIn({ a: 1, b: 2 }, false, SHOPPER);
      payingTab.signIn({ a: 1, b: 2 }, false, SHOPPER);
      // The paying tab comes back from the payment page to a new page: the server's cart is empty now.
      const returned = createCartStore({ storage, save: server.save, tabId: 'c' });
      returned.signIn({}, false, SHOPPER);
      cartTab.storageChanged(ACCOUNT_CART_KEY);
      expect(cartTab.getItems()).toEqual({});
      expect(returned.getItems()).toEqual({});
    });

    // Decision 0134: a storage event arrives after its write, when storage may hold a newer one, and an
    // acknowledgement writes the acknowledging tab's whole view. Both once left the newest cart unsaved.
    const twoTabs = () => {
      const storage = memoryStorage();
      const server = fakeServer({ hold: true });
      const tabs = [createCartStore({ storage, save: server.save, tabId: 'a' }), createCartStore({ storage, save: server.save, tabId: 'b' })] as const;
      for (const tab of tabs) tab.signIn({}, false, SHOPPER);
      return { storage, server, tabs };
    };

    it("saves its own change when it hears another tab's earlier write only after making it", async () => {
      const { server, tabs: [tabA, tabB] } = twoTabs();
      tabA.add('t');
      tabB.storageChanged(ACCOUNT_CART_KEY);
      await vi.advanceTimersByTimeAsync(CART_SAVE_DELAY_MS);
      server.answerNext();
      await vi.advanceTimersByTimeAsync(0);
      // A wrote its acknowledgement; B changes the cart before the event of that write reaches it.
      tabB.add('b');
      tabB.storageChanged(ACCOUNT_CART_KEY);
      tabA.storageChanged(ACCOUNT_CART_KEY);
      await vi.advanceTimersByTimeAsync(CART_SAVE_DELAY_MS);
      server.answerNext();
      await vi.advanceTimersByTimeAsync(0);
      expect(server.stored()).toEqual({ t: 1, b: 1 });
      expect([tabA.getItems(), tabB.getItems()]).toEqual([{ t: 1, b: 1 }, { t: 1, b: 1 }]);
    });

    it("keeps its change when another tab's acknowledgement of an older cart is written over it, and shows it there again", async () => {
      const { storage, server, tabs: [tabA, tabB] } = twoTabs();
      tabA.add('t');
      tabB.storageChanged(ACCOUNT_CART_KEY);
      await vi.advanceTimersByTimeAsync(CART_SAVE_DELAY_MS);
      // A's save of {t} is under way when B adds; A's answer comes before A hears of B's change.
      tabB.add('b');
      server.answerNext();
      await vi.advanceTimersByTimeAsync(0);
      expect(JSON.parse(storage.data.get(ACCOUNT_CART_KEY)!).cart).toEqual({ t: 1 });
      tabB.storageChanged(ACCOUNT_CART_KEY);
      tabA.storageChanged(ACCOUNT_CART_KEY);
      expect(tabA.getItems()).toEqual({ t: 1, b: 1 });
      await vi.advanceTimersByTimeAsync(CART_SAVE_DELAY_MS);
      server.answerNext();
      await vi.advanceTimersByTimeAsync(0);
      expect(server.carts()).toEqual([{ t: 1 }, { t: 1, b: 1 }]);
      expect(server.stored()).toEqual({ t: 1, b: 1 });
    });

    it("shows another tab's checkout (the emptied cart)", () => {
      const storage = memoryStorage();
      const [tabA, tabB] = [createCartStore({ storage, save: fakeServer().save }), createCartStore({ storage, save: fakeServer().save })];
      tabA.signIn({ a: 1 }, false, SHOPPER);
      tabB.signIn({ a: 1 }, false, SHOPPER);
      tabA.replacedByServer();
      tabB.storageChanged(ACCOUNT_CART_KEY);
      expect(tabB.getItems()).toEqual({});
    });

    it("stops saving and showing a shopper's cart when another tab signs the browser out or into another account, and asks who is signed in", async () => {
      const storage = memoryStorage();
      const server = fakeServer();
      const [tabA, tabB] = [createCartStore({ storage, save: server.save, tabId: 'a' }), createCartStore({ storage, save: server.save, tabId: 'b' })];
      tabA.signIn({ a: 1 }, false, SHOPPER);
      tabB.signIn({ a: 1 }, false, SHOPPER);
      tabB.add('pending');
      // Tab A: logout, then another shopper's login (the session cookie is the browser's, shared by its tabs).
      tabA.signOut();
      tabA.signIn({ theirs: 2 }, true, 'shopper-2');
      expect(tabB.storageChanged(ACCOUNT_CART_KEY)).toBe(true);
      expect(tabB.getItems()).toEqual({});
      // Nothing of the first shopper's is sent under the second one's cookie: the pending save was dropped, and a change
      // now is a visitor's, kept in the browser only (a probe's tab wrote the first cart into the second account).
      tabB.add('x');
      await vi.advanceTimersByTimeAsync(CART_SAVE_DELAY_MS * 2);
      expect(server.saves.filter((save) => save.owner === SHOPPER)).toEqual([]);
      // Once told who is signed in, it is that account's tab; every save names the account it is for.
      tabB.signIn({ theirs: 2 }, false, 'shopper-2');
      expect(tabB.storageChanged(ACCOUNT_CART_KEY)).toBeUndefined();
      tabB.add('y');
      await vi.advanceTimersByTimeAsync(CART_SAVE_DELAY_MS);
      expect(server.saves.at(-1)).toMatchObject({ cart: { theirs: 2, y: 1 }, owner: 'shopper-2' });
      // A visitor's tab hears a sign-in elsewhere and asks too; one that hears a sign-out of nobody's does not.
      const visitorTab = createCartStore({ storage: memoryStorage(), save: server.save });
      expect(visitorTab.storageChanged(ACCOUNT_CART_KEY)).toBeUndefined();
      expect(tabB.storageChanged(VISITOR_CART_KEY)).toBeUndefined();
      const lateTab = createCartStore({ storage, save: server.save });
      expect(lateTab.storageChanged(ACCOUNT_CART_KEY)).toBe(true);
    });

    it("shows a visitor's change made in another tab", () => {
      const storage = memoryStorage();
      const [tabA, tabB] = [createCartStore({ storage, save: fakeServer().save }), createCartStore({ storage, save: fakeServer().save })];
      tabA.add('a');
      tabB.storageChanged(VISITOR_CART_KEY);
      expect(tabB.getItems()).toEqual({ a: 1 });
    });
  });
});
