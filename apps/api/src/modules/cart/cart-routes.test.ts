import { randomUUID } from 'node:crypto';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { placeTestOrder } from '../../test/order-builders.js';
import { body, buildTestApp, createProduct, createShopper, sellerCookie, type TestApp } from '../../test/test-app.js';

let t: TestApp;
beforeAll(async () => {
  t = await buildTestApp();
});
afterAll(() => t.close());

const update = (payload: unknown, cookie?: string) =>
  t.app.inject({ method: 'POST', url: '/api/cart/update', payload: payload as object, headers: cookie ? { cookie } : {} });
const cartOf = async (cookie: string) => body<{ user: { cartItems: Record<string, number> } }>(await t.app.inject({ method: 'GET', url: '/api/user/is-auth', headers: { cookie } })).user.cartItems;

describe('POST /api/cart/update', () => {
  it('saves the whole cart, answers {success, message}, and the last write wins', async () => {
    const { cookie } = await createShopper(t.app);
    const [a, b] = [await createProduct(t.app), await createProduct(t.app)];
    const first = await update({ cartItems: { [a.id]: 2, [b.id]: 9 } }, cookie);
    expect(first.statusCode).toBe(200);
    expect(body(first)).toEqual({ success: true, message: 'Cart Updated' });
    expect(await cartOf(cookie)).toEqual({ [a.id]: 2, [b.id]: 9 });
    await update({ cartItems: { [b.id]: 1 } }, cookie);
    expect(await cartOf(cookie)).toEqual({ [b.id]: 1 });
    await update({ cartItems: {} }, cookie);
    expect(await cartOf(cookie)).toEqual({});
  });

  it('takes many saves of one cart at once (two tabs, a retry) without an error, ending on one of them', async () => {
    const { cookie } = await createShopper(t.app);
    const [a, b] = [await createProduct(t.app), await createProduct(t.app)];
    const carts = Array.from({ length: 12 }, (_, i) => ({ [a.id]: (i % 9) + 1, [b.id]: 9 - (i % 9) }));
    const answers = await Promise.all(carts.map((cartItems) => update({ cartItems }, cookie)));
    expect(answers.map((r) => r.statusCode)).toEqual(carts.map(() => 200));
    expect(carts).toContainEqual(await cartOf(cookie));
  });

  it('keeps an out-of-stock line (the cart shows it as unavailable)', async () => {
    const { cookie } = await createShopper(t.app);
    const soldOut = await createProduct(t.app, { inStock: false });
    expect((await update({ cartItems: { [soldOut.id]: 1 } }, cookie)).statusCode).toBe(200);
    expect(await cartOf(cookie)).toEqual({ [soldOut.id]: 1 });
  });

  it('answers 401 JSON without a session, and with a forged one', async () => {
    for (const cookie of [undefined, 'gc_session=forged']) {
      const res = await update({ cartItems: {} }, cookie);
      expect(res.statusCode).toBe(401);
      expect(body(res)).toMatchObject({ success: false, code: 'NOT_AUTHENTICATED' });
    }
  });

  it("only ever writes the caller's own cart, whatever ids the body carries", async () => {
    const alice = await createShopper(t.app);
    const bob = await createShopper(t.app);
    const product = await createProduct(t.app);
    await update({ cartItems: { [product.id]: 4 } }, bob.cookie);
    const res = await update({ userId: bob.user.id, cartItems: {} }, alice.cookie);
    expect(res.statusCode).toBe(400);
    await update({ cartItems: { [product.id]: 1 } }, alice.cookie);
    expect(await cartOf(bob.cookie)).toEqual({ [product.id]: 4 });
    expect(await cartOf(alice.cookie)).toEqual({ [product.id]: 1 });
  });

  it('refuses (409) a cart the browser saves for another account than the one signed in now, changing nothing', async () => {
    const first = await createShopper(t.app);
    const next = await createShopper(t.app);
    const product = await createProduct(t.app);
    await update({ cartItems: { [product.id]: 2 }, owner: next.user.id }, next.cookie);
    // A tab still showing the first shopper's cart, after another tab signed the browser in as the next one.
    const stale = await update({ cartItems: { [product.id]: 9 }, owner: first.user.id }, next.cookie);
    expect(stale.statusCode).toBe(409);
    expect(body(stale)).toMatchObject({ success: false, code: 'CART_OWNER_CHANGED', message: 'This browser is now signed in to another account: this cart was not saved. Please reload the page.' });
    expect(await cartOf(next.cookie)).toEqual({ [product.id]: 2 });
    expect((await update({ cartItems: {}, owner: 'not-an-id' }, next.cookie)).statusCode).toBe(400);
  });

  it('leaves out a line of a product retired since it was added, and saves the rest (decision 0092)', async () => {
    const { cookie } = await createShopper(t.app);
    const [kept, retired] = [await createProduct(t.app), await createProduct(t.app)];
    await update({ cartItems: { [kept.id]: 1, [retired.id]: 2 } }, cookie);
    const seller = await sellerCookie(t.app);
    expect((await t.app.inject({ method: 'POST', url: '/api/product/delete', payload: { id: retired.id }, headers: { cookie: seller } })).statusCode).toBe(200);
    // The shopper changes another line; their cart still holds the retired one.
    const res = await update({ cartItems: { [kept.id]: 4, [retired.id]: 2 } }, cookie);
    expect(res.statusCode).toBe(200);
    expect(body(res)).toEqual({ success: true, message: 'Cart Updated' });
    expect(await cartOf(cookie)).toEqual({ [kept.id]: 4 });
  });

  it('leaves out an id that never was a product, and saves the rest', async () => {
    const { cookie } = await createShopper(t.app);
    const product = await createProduct(t.app);
    const res = await update({ cartItems: { [product.id]: 5, [randomUUID()]: 1 } }, cookie);
    expect(res.statusCode).toBe(200);
    expect(await cartOf(cookie)).toEqual({ [product.id]: 5 });
  });

  describe('a save that lands after a checkout (decision 0093)', () => {
    it.each([
      ['cash on delivery', { paymentType: 'COD' as const }],
      ['a paid card order', { paymentType: 'Online' as const, paid: true }],
    ])('does not bring back the cart that %s emptied when the change was made before it', async (_name, payment) => {
      const shopper = await createShopper(t.app);
      const product = await createProduct(t.app);
      await update({ cartItems: { [product.id]: 2 } }, shopper.cookie);
      await placeTestOrder(t.app, { shopper, items: [{ product, quantity: 2 }], ...payment });
      expect(await cartOf(shopper.cookie)).toEqual({});
      // The browser made this change a minute ago; its save was delayed until after the checkout.
      const late = await update({ cartItems: { [product.id]: 3 }, changedMsAgo: 60_000 }, shopper.cookie);
      expect(late.statusCode).toBe(200);
      expect(body(late)).toEqual({ success: true, outdated: true, message: 'Cart not changed: an order was placed after this change', cartItems: {} });
      expect(await cartOf(shopper.cookie)).toEqual({});
      // A change from before any date PostgreSQL holds (it answered 500) is taken as a year ago: still outdated.
      const ancient = await update({ cartItems: { [product.id]: 3 }, changedMsAgo: Number.MAX_SAFE_INTEGER }, shopper.cookie);
      expect(body(ancient)).toMatchObject({ success: true, outdated: true });
    });

    it('applies a change made after the checkout, and a save that names no time (the original client)', async () => {
      const shopper = await createShopper(t.app);
      const [a, b] = [await createProduct(t.app), await createProduct(t.app)];
      await placeTestOrder(t.app, { shopper, items: [{ product: a, quantity: 1 }] });
      const fresh = await update({ cartItems: { [a.id]: 1 }, changedMsAgo: 0 }, shopper.cookie);
      expect(body(fresh)).toEqual({ success: true, message: 'Cart Updated' });
      expect(await cartOf(shopper.cookie)).toEqual({ [a.id]: 1 });
      await update({ cartItems: { [b.id]: 2 } }, shopper.cookie);
      expect(await cartOf(shopper.cookie)).toEqual({ [b.id]: 2 });
    });

    it("is not confused by an unpaid card order, or another shopper's checkout", async () => {
      const shopper = await createShopper(t.app);
      const product = await createProduct(t.app);
      await placeTestOrder(t.app, { shopper, items: [{ product, quantity: 1 }], paymentType: 'Online' });
      await placeTestOrder(t.app, { items: [{ product, quantity: 1 }] });
      expect(body(await update({ cartItems: { [product.id]: 3 }, changedMsAgo: 60_000 }, shopper.cookie))).toEqual({ success: true, message: 'Cart Updated' });
      expect(await cartOf(shopper.cookie)).toEqual({ [product.id]: 3 });
    });
  });

  const tenThousandLines = Object.fromEntries(Array.from({ length: 10_000 }, () => [randomUUID(), 1]));
  it.each([
    ['a quantity of 0', (id: string) => ({ cartItems: { [id]: 0 } }), 'Quantity must be between 1 and 9'],
    ['a quantity of 10', (id: string) => ({ cartItems: { [id]: 10 } }), 'Quantity must be between 1 and 9'],
    ['a fractional quantity', (id: string) => ({ cartItems: { [id]: 1.5 } }), 'Quantity must be a whole number'],
    ['a quantity as text', (id: string) => ({ cartItems: { [id]: '2' } }), 'Quantity must be a number'],
    ['a key that is not a product id', () => ({ cartItems: { 'not-an-id': 1 } }), 'cartItems.not-an-id: Cart keys must be product ids'],
    ['a huge key', () => ({ cartItems: { ['x'.repeat(100_000)]: 1 } }), 'Cart keys must be product ids'],
    ['an array instead of a map', (id: string) => ({ cartItems: [id] }), 'cartItems must be a map of product id to quantity'],
    ['no cartItems', () => ({}), ''],
    ['an unknown key', (id: string) => ({ cartItems: { [id]: 1 }, extra: true }), 'Unrecognized key'],
    ['a negative change time', (id: string) => ({ cartItems: { [id]: 1 }, changedMsAgo: -1 }), 'changedMsAgo cannot be negative'],
    ['a fractional change time', (id: string) => ({ cartItems: { [id]: 1 }, changedMsAgo: 1.5 }), 'changedMsAgo must be a whole number'],
    ['10,000 cart lines', () => ({ cartItems: tenThousandLines }), 'A cart holds at most 50 different products'],
  ])('refuses %s with a 400 and a clear message, changing nothing', async (_name, payload, message) => {
    const { cookie } = await createShopper(t.app);
    const product = await createProduct(t.app);
    await update({ cartItems: { [product.id]: 3 } }, cookie);
    const res = await update(payload(product.id), cookie);
    expect(res.statusCode).toBe(400);
    const json = body<{ success: boolean; code: string; message: string }>(res);
    expect(json).toMatchObject({ success: false, code: 'VALIDATION_FAILED' });
    expect(json.message).toContain(message);
    expect(json.message.length).toBeLessThan(300);
    expect(await cartOf(cookie)).toEqual({ [product.id]: 3 });
  });

  it('refuses a body that is not JSON', async () => {
    const { cookie } = await createShopper(t.app);
    const res = await t.app.inject({ method: 'POST', url: '/api/cart/update', payload: 'cartItems=1', headers: { cookie, 'content-type': 'text/plain' } });
    expect(res.statusCode).toBeGreaterThanOrEqual(400);
    expect(res.statusCode).toBeLessThan(500);
    expect(body(res)).toMatchObject({ success: false });
  });

  it('refuses a cart update posted from another site', async () => {
    const { cookie } = await createShopper(t.app);
    const res = await t.app.inject({ method: 'POST', url: '/api/cart/update', payload: { cartItems: {} }, headers: { cookie, origin: 'https://evil.example' } });
    expect(res.statusCode).toBe(403);
  });
});
