import { randomUUID } from 'node:crypto';
import fs from 'node:fs/promises';
import path from 'node:path';
import { setTimeout as sleep } from 'node:timers/promises';
import { MY_ORDERS_PAGE_SIZE, type Order } from '@greencart/shared';
import type { PGlite, Transaction } from '@electric-sql/pglite';
import { afterAll, beforeAll, describe, expect, it, vi } from 'vitest';
import { eq } from 'drizzle-orm';
import pg from 'pg';
import { NOTIFY_SPACING_MS } from '../../db/channel-feed.js';
import { cartItems, orderItems, orders, products as productsTable } from '../../db/schema/index.js';
import { placeTestOrder } from '../../test/order-builders.js';
import { insertTestOrder } from '../../test/seller-builders.js';
import { body, buildTestApp, createAddress, createProduct, createShopper, type TestApp } from '../../test/test-app.js';

let t: TestApp;
beforeAll(async () => {
  t = await buildTestApp();
});
afterAll(() => t.close());

type Shopper = Awaited<ReturnType<typeof createShopper>>;

const post = (url: string, payload: unknown, cookie?: string) =>
  t.app.inject({ method: 'POST', url, payload: payload as object, headers: cookie ? { cookie } : {} });
const myOrders = async (cookie: string, query = '') =>
  body<{ success: boolean; orders: Order[]; order: Order[]; nextCursor: string | null }>(await t.app.inject({ method: 'GET', url: `/api/order/user${query}`, headers: { cookie } }));
const cartOf = async (cookie: string) =>
  body<{ user: { cartItems: Record<string, number> } }>(await t.app.inject({ method: 'GET', url: '/api/user/is-auth', headers: { cookie } })).user.cartItems;
const countRows = async () => ({ orders: (await t.app.db.select().from(orders)).length, items: (await t.app.db.select().from(orderItems)).length });

/**
 * The statements `action` sends to the database (transaction control left out: PGlite runs it
 * internally) and the rows they bring back to the app, on either driver.
 */
async function recordStatements(action: () => Promise<unknown>, settled: (statements: string[]) => boolean = () => true): Promise<{ statements: string[]; rows: number }> {
  const seen = { statements: [] as string[], rows: 0 };
  const record = async <R extends { rows?: unknown[] }>(text: unknown, run: () => Promise<R>) => {
    const result = await run();
    const statement = typeof text === 'string' ? text : (text as { text: string }).text;
    if (!/^(begin|commit|rollback)\b/i.test(statement)) {
      seen.statements.push(statement);
      // Rows read back by the action's own statements, not by its notifications.
      if (!/pg_notify\(/.test(statement)) seen.rows += result.rows?.length ?? 0;
    }
    return result;
  };
  // The mail sender (its own statements, woken by the order's commit) rests while the action is counted.
  await t.app.mailSender.stop();
  // A notification owed by earlier checkouts goes out up to NOTIFY_SPACING_MS after the one before it
  // (docs/decisions/0091): sent before counting starts, it is not taken for this action's.
  await sleep(2 * NOTIFY_SPACING_MS);
  const restore: (() => void)[] = [];
  if (t.database.driver === 'postgres') {
    const query = pg.Client.prototype.query as (...args: unknown[]) => Promise<{ rows?: unknown[] }>;
    const spy = vi.spyOn(pg.Client.prototype, 'query').mockImplementation(function (this: pg.Client, ...args: unknown[]) {
      return record(args[0], () => query.apply(this, args)) as never;
    });
    restore.push(() => spy.mockRestore());
  } else {
    const client = (t.app.db as unknown as { $client: PGlite }).$client;
    const watch = (target: Pick<Transaction, 'query'>) => {
      const query = target.query.bind(target);
      target.query = ((text: string, ...rest: never[]) => record(text, () => query(text, ...rest))) as typeof target.query;
    };
    const { query, transaction } = client;
    watch(client);
    client.transaction = ((run: (tx: Transaction) => Promise<unknown>) => transaction.call(client, (tx) => (watch(tx), run(tx)))) as typeof transaction;
    restore.push(() => Object.assign(client, { query, transaction }));
  }
  try {
    await action();
    // Statements sent after the answer (the notifications after the commit) are waited for.
    await expect.poll(() => settled(seen.statements)).toBe(true);
  } finally {
    for (const undo of restore) undo();
    t.app.mailSender.start();
  }
  return seen;
}

async function shopperWithCart(cart: { offerPrice?: number; inStock?: boolean; quantity: number }[] = [{ quantity: 2 }]) {
  const shopper = await createShopper(t.app);
  const address = await createAddress(t.app, shopper.user.id);
  const products = await Promise.all(cart.map((c) => createProduct(t.app, { offerPrice: c.offerPrice ?? 40, inStock: c.inStock ?? true })));
  const items = products.map((p, i) => ({ product: p.id, quantity: cart[i]!.quantity }));
  await post('/api/cart/update', { cartItems: Object.fromEntries(items.map((i) => [i.product, i.quantity])) }, shopper.cookie);
  return { shopper, address, products, items };
}

describe('POST /api/order/cod', () => {
  it('gives the lines time-ordered ids (UUID version 7) and the order a random one, distinct from its first digits (decision 0090)', async () => {
    const { shopper, address, items } = await shopperWithCart([{ offerPrice: 10, quantity: 1 }, { offerPrice: 20, quantity: 2 }]);
    const before = Date.now();
    const { orderId } = body<{ orderId: string }>(await post('/api/order/cod', { items, address: address.id }, shopper.cookie));
    const lines = await t.app.db.select({ id: orderItems.id }).from(orderItems).where(eq(orderItems.orderId, orderId));
    const millis = (id: string) => parseInt(id.replace(/-/g, '').slice(0, 12), 16);
    expect(lines).toHaveLength(2);
    for (const { id } of lines) {
      expect(id).toMatch(/^[0-9a-f]{8}-[0-9a-f]{4}-7[0-9a-f]{3}-[89ab][0-9a-f]{3}-[0-9a-f]{12}$/);
      expect(millis(id)).toBeGreaterThanOrEqual(before);
      expect(millis(id)).toBeLessThanOrEqual(Date.now());
    }
    expect(orderId).toMatch(/^[0-9a-f]{8}-[0-9a-f]{4}-4[0-9a-f]{3}-[89ab][0-9a-f]{3}-[0-9a-f]{12}$/);
  });

  it('places the order from the server\'s prices, copies the products, empties the cart and answers {success, message, orderId} and its checkout', async () => {
    const { shopper, address, products, items } = await shopperWithCart([{ offerPrice: 35.5, quantity: 2 }, { offerPrice: 12, quantity: 1 }]);
    const other = await createShopper(t.app);
    // An amount or a price in the body is refused, naming it (a misspelt key was silently dropped, so a client's
    // `expectedtotal` or `cupon` placed the order without its check or discount), and nothing is placed.
    const extra = await post('/api/order/cod', { userId: other.user.id, items, address: address.id, amount: 1, total: 1, price: 1 }, shopper.cookie);
    expect(extra.statusCode).toBe(400);
    expect(body<{ message: string }>(extra).message).toMatch(/amount/);
    expect(await t.app.db.select().from(orders).where(eq(orders.userId, shopper.user.id))).toEqual([]);
    // The browser's userId is ignored: the server uses the session and its own prices.
    const res = await post('/api/order/cod', { userId: other.user.id, items, address: address.id }, shopper.cookie);
    expect(res.statusCode).toBe(200);
    const placed = body<{ orderId: string }>(res);
    // One shop's cart: one order in the checkout (issue 26), the operator's shop's.
    expect(placed).toEqual({
      success: true,
      message: 'Order Placed Successfully',
      orderId: expect.any(String),
      checkoutId: expect.any(String),
      orders: [
        {
          _id: placed.orderId,
          orderNumber: expect.stringMatching(/^GC-\d{6,}$/),
          seller: { id: expect.any(String), shopName: 'GreenCart', slug: 'greencart' },
          amount: 84.66,
          deliveryFee: 0,
          deliverySlot: null,
          discount: 0,
        },
      ],
      coupon: null,
      discount: 0,
    });

    const list = await myOrders(shopper.cookie);
    expect(list.orders[0]!._id).toBe(placed.orderId);
    expect(list.orders).toHaveLength(1);
    expect(list.order).toEqual(list.orders);
    const [order] = list.orders;
    // (35.50 × 2 + 12) = 83.00; tax 2 % = 1.66; total 84.66.
    // Its tax named apart, so goods, tax and delivery add up to the amount on My Orders (a probe).
    expect(order).toMatchObject({ amount: 84.66, tax: 1.66, deliveryFee: 0, paymentType: 'COD', status: 'Order Placed', isPaid: false, address: { _id: address.id, city: 'Pune' } });
    const byName = (a: { product: { name: string } }, b: { product: { name: string } }) => a.product.name.localeCompare(b.product.name);
    expect(order!.items).toEqual(
      [
        { product: { _id: products[0]!.id, name: products[0]!.name, category: 'Fruits', image: [], offerPrice: 35.5 }, quantity: 2, substitute: 'similar', picked: null, substituteFor: null, discount: 0 },
        { product: { _id: products[1]!.id, name: products[1]!.name, category: 'Fruits', image: [], offerPrice: 12 }, quantity: 1, substitute: 'similar', picked: null, substituteFor: null, discount: 0 },
      ].sort(byName),
    );
    expect(await cartOf(shopper.cookie)).toEqual({});
    expect((await myOrders(other.cookie)).orders).toEqual([]);
  });

  it.each([
    ['3 × 33.33', 33.33, 3, 101.98],
    ['7 × 0.99', 0.99, 7, 7.06],
  ])('computes %s with the summary\'s rounding and 2 %% tax, to the minor unit', async (_name, offerPrice, quantity, total) => {
    const { shopper, address, items } = await shopperWithCart([{ offerPrice, quantity }]);
    expect((await post('/api/order/cod', { items, address: address.id }, shopper.cookie)).statusCode).toBe(200);
    expect((await myOrders(shopper.cookie)).orders[0]!.amount).toBe(total);
  });

  /** A checkout refused with a 409 in the shop's error shape, and none of the shopper's orders written. */
  async function expectRefusedPlacingNothing(res: Awaited<ReturnType<typeof post>>, userId: string, refusal: { code: string; message: string }) {
    expect(res.statusCode).toBe(409);
    expect(body(res)).toMatchObject({ success: false, ...refusal });
    expect(await t.app.db.$count(orders, eq(orders.userId, userId))).toBe(0);
  }

  it('refuses cash on delivery over Rs 50,000 with a 409 that says so, and places nothing; a card takes it (decision 0267)', async () => {
    // 49,020 + 2 % tax = 50,000.40: one rupee's fraction over.
    const { shopper, address, items } = await shopperWithCart([{ offerPrice: 49_020, quantity: 1 }]);
    await expectRefusedPlacingNothing(await post('/api/order/cod', { items, address: address.id }, shopper.cookie), shopper.user.id, {
      code: 'COD_TOTAL_TOO_LARGE',
      message: 'This checkout costs Rs 50,000.40, more than is paid in cash on delivery (Rs 50,000 at most). Please pay online, or split the order.',
    });
    expect((await post('/api/order/stripe', { items, address: address.id }, shopper.cookie)).statusCode).toBe(200);
    // At the ceiling itself, cash is taken: 49,019.60 + 980.39 tax = 49,999.99.
    const atMost = await shopperWithCart([{ offerPrice: 49_019.6, quantity: 1 }]);
    expect((await post('/api/order/cod', { items: atMost.items, address: atMost.address.id }, atMost.shopper.cookie)).statusCode).toBe(200);
  });

  it('refuses a card payment over what one card payment can take (Rs 9,99,999.99) with a 409 that says so, and places nothing', async () => {
    const { shopper, address, items } = await shopperWithCart([{ offerPrice: 1_000_000, quantity: 1 }]);
    await expectRefusedPlacingNothing(await post('/api/order/stripe', { items, address: address.id }, shopper.cookie), shopper.user.id, {
      code: 'CARD_TOTAL_TOO_LARGE',
      message: 'This checkout costs Rs 10,20,000, more than one card payment can take (Rs 9,99,999.99). Please split it into smaller orders.',
    });
    // Nor is cash offered as the way out, or a card by cash's refusal: neither takes it (a probe went back and forth).
    await expectRefusedPlacingNothing(await post('/api/order/cod', { items, address: address.id }, shopper.cookie), shopper.user.id, {
      code: 'COD_TOTAL_TOO_LARGE',
      message: 'This checkout costs Rs 10,20,000, more than is paid in cash on delivery (Rs 50,000 at most). Please split it into smaller orders.',
    });
  });

  it('refuses a card checkout of products no longer sold with their reason, not as a total too small for a card (it priced them at Rs 0)', async () => {
    const { shopper, address } = await shopperWithCart([{ offerPrice: 10, quantity: 1 }]);
    const res = await post('/api/order/stripe', { items: [{ product: randomUUID(), quantity: 1 }], address: address.id }, shopper.cookie);
    expect(body(res)).toMatchObject({ success: false, code: 'UNKNOWN_PRODUCT' });
    expect(await t.app.db.$count(orders, eq(orders.userId, shopper.user.id))).toBe(0);
  });

  it('keeps the prices of the day it was placed when the product changes later', async () => {
    const { shopper, address, products, items } = await shopperWithCart([{ offerPrice: 10, quantity: 1 }]);
    await post('/api/order/cod', { items, address: address.id }, shopper.cookie);
    await t.app.db.update(productsTable).set({ offerPriceMinor: 9900, name: 'Renamed' }).where(eq(productsTable.id, products[0]!.id));
    const [order] = (await myOrders(shopper.cookie)).orders;
    expect(order!.items[0]!.product).toMatchObject({ _id: products[0]!.id, offerPrice: 10, name: products[0]!.name });
    expect(order!.amount).toBe(10.2);
  });

  const refusals: [string, (s: Awaited<ReturnType<typeof shopperWithCart>>, intruder: Shopper) => Promise<unknown>, number, string][] = [
    ['a product that does not exist', async (s) => ({ items: [...s.items, { product: randomUUID(), quantity: 1 }], address: s.address.id }), 400, 'no such product'],
    ['a product out of stock', async (s) => ({ items: [...s.items, { product: (await createProduct(t.app, { name: 'Sold Out Melon', inStock: false })).id, quantity: 1 }], address: s.address.id }), 409, 'Out of stock: Sold Out Melon'],
    ["another shopper's address", async (s, intruder) => ({ items: s.items, address: (await createAddress(t.app, intruder.user.id)).id }), 404, 'Delivery address not found'],
    ['an address that does not exist', async (s) => ({ items: s.items, address: randomUUID() }), 404, 'Delivery address not found'],
    ['a quantity of 0', async (s) => ({ items: [{ product: s.items[0]!.product, quantity: 0 }], address: s.address.id }), 400, 'Quantity must be between 1 and 9'],
    ['a quantity of 10', async (s) => ({ items: [{ product: s.items[0]!.product, quantity: 10 }], address: s.address.id }), 400, 'Quantity must be between 1 and 9'],
    ['a quantity of 1.5', async (s) => ({ items: [{ product: s.items[0]!.product, quantity: 1.5 }], address: s.address.id }), 400, 'Quantity must be a whole number'],
    ['a quantity of -1', async (s) => ({ items: [{ product: s.items[0]!.product, quantity: -1 }], address: s.address.id }), 400, 'Quantity must be between 1 and 9'],
    // Out of range first, not "not a whole number" (a probe), and a total no checkout comes to is too large, not "decimals".
    ['a quantity of 1e300', async (s) => ({ items: [{ product: s.items[0]!.product, quantity: 1e300 }], address: s.address.id }), 400, 'items.0.quantity: Quantity must be between 1 and 9'],
    ['an expected total of 1e308', async (s) => ({ items: s.items, address: s.address.id, expectedTotal: 1e308 }), 400, 'expectedTotal: expectedTotal is too large'],
    ['a price on an item', async (s) => ({ items: [{ ...s.items[0]!, offerPrice: 0.01 }], address: s.address.id }), 400, 'Unrecognized key'],
    ['the same product twice', async (s) => ({ items: [s.items[0]!, s.items[0]!], address: s.address.id }), 400, 'each product can appear only once'],
    // The same id in capitals is the same product (it was answered 409, "prices in your cart changed").
    ['the same product twice in another letter case', async (s) => ({ items: [s.items[0]!, { ...s.items[0]!, product: s.items[0]!.product.toUpperCase() }], address: s.address.id }), 400, 'each product can appear only once'],
    ['an empty cart', async (s) => ({ items: [], address: s.address.id }), 400, 'Your cart is empty'],
    // The total the cart showed is not what the order would cost now (a price changed since): decision 0223.
    ['a total other than the one the shopper was shown', async (s) => ({ items: s.items, address: s.address.id, expectedTotal: 1 }), 409, 'Prices in your cart changed: your order now comes to Rs '],
    ['no address', async (s) => ({ items: s.items }), 400, 'address: Select a delivery address'],
  ];
  it.each(refusals)('refuses %s with a clear message and writes nothing', async (_name, payload, status, message) => {
    const s = await shopperWithCart();
    const intruder = await createShopper(t.app);
    const before = await countRows();
    const res = await post('/api/order/cod', await payload(s, intruder), s.shopper.cookie);
    expect(res.statusCode).toBe(status);
    const json = body<{ success: boolean; message: string }>(res);
    expect(json.success).toBe(false);
    expect(json.message).toContain(message);
    expect(await countRows()).toEqual(before);
    expect(await cartOf(s.shopper.cookie)).toEqual(Object.fromEntries(s.items.map((i) => [i.product, i.quantity])));
  });

  it('places the order when the total the shopper was shown is what it costs (decision 0223)', async () => {
    // 2 × 35.50 + 12 = 83, and 2 % tax: 84.66, delivered free by the first shop.
    const s = await shopperWithCart([{ offerPrice: 35.5, quantity: 2 }, { offerPrice: 12, quantity: 1 }]);
    const res = await post('/api/order/cod', { items: s.items, address: s.address.id, expectedTotal: 84.66 }, s.shopper.cookie);
    expect(res.statusCode).toBe(200);
    expect((await myOrders(s.shopper.cookie)).orders[0]).toMatchObject({ amount: 84.66 });
  });

  it('answers 401 to a visitor and 403 to a post from another site', async () => {
    const s = await shopperWithCart();
    expect((await post('/api/order/cod', { items: s.items, address: s.address.id })).statusCode).toBe(401);
    const crossSite = await t.app.inject({ method: 'POST', url: '/api/order/cod', payload: { items: s.items, address: s.address.id }, headers: { cookie: s.shopper.cookie, origin: 'https://evil.example' } });
    expect(crossSite.statusCode).toBe(403);
    expect((await myOrders(s.shopper.cookie)).orders).toEqual([]);
  });

  it('makes one order from a double click, a retry or a second tab sending the same checkout at once, and says the others placed nothing', async () => {
    const s = await shopperWithCart([{ quantity: 3 }]);
    const payload = { items: s.items, address: s.address.id };
    const answers = await Promise.all([1, 2, 3].map(() => post('/api/order/cod', payload, s.shopper.cookie)));
    const [order] = (await myOrders(s.shopper.cookie)).orders;
    // Every answer names the one order: the first placed it, the others say so (a probe read "Order Placed Successfully" twice).
    const already = `You placed this same order in the last 10 minutes (${order!.orderNumber}): nothing new was placed. It is in My Orders.`;
    for (const res of answers) expect(body(res)).toMatchObject({ success: true, orderId: order!._id, checkoutId: order!.checkoutId });
    expect(answers.map((res) => body<{ message: string }>(res).message).sort()).toEqual(['Order Placed Successfully', already, already].sort());
    expect(answers.filter((res) => body<{ alreadyPlaced?: true }>(res).alreadyPlaced === true)).toHaveLength(2);

    // The cart filled with the same again and sent again: that order, and the cart emptied as the first time (the spec's "cart emptied").
    await post('/api/cart/update', { cartItems: { [s.items[0]!.product]: 3 } }, s.shopper.cookie);
    const retry = await post('/api/order/cod', payload, s.shopper.cookie);
    expect(body(retry)).toMatchObject({ success: true, alreadyPlaced: true, message: already, orderId: order!._id, orders: [{ _id: order!._id }] });
    expect(await t.app.db.select().from(cartItems).where(eq(cartItems.userId, s.shopper.user.id))).toEqual([]);
    expect((await myOrders(s.shopper.cookie)).orders).toHaveLength(1);

    // A different basket is a new order.
    await post('/api/order/cod', { items: [{ ...s.items[0]!, quantity: 1 }], address: s.address.id }, s.shopper.cookie);
    expect((await myOrders(s.shopper.cookie)).orders).toHaveLength(2);
  });

  it('costs one statement and no transaction round trips, however many orders the shopper placed in the last 10 minutes (no recent order read back), and announces the order after its commit', async () => {
    const s = await shopperWithCart([{ quantity: 1 }, { quantity: 1 }, { quantity: 1 }]);
    const nthOrder = (n: number) => ({ items: s.items.map((item, line) => ({ ...item, quantity: (Math.floor(n / 9 ** line) % 9) + 1 })), address: s.address.id });
    const notifications = (statements: string[]) => statements.filter((text) => /pg_notify\(/.test(text));
    const bothAnnounced = (statements: string[]) => notifications(statements).length >= 2;
    // The cart page reads its products (GET /api/product/by-ids), which checkout prices with: kept until the
    // catalogue changes, so pricing the order costs no statement (docs/decisions/0123). The echo of this test's own
    // product writes may come back after a first read and drop it (a slow host, a CI run): read until the read is kept.
    const cartRead = () => t.app.inject({ method: 'GET', url: `/api/product/by-ids?ids=${s.items.map((i) => i.product).join(',')}` });
    await expect.poll(async () => (await recordStatements(cartRead)).statements.length, { timeout: 10_000 }).toBe(0);
    const first = await recordStatements(() => post('/api/order/cod', nthOrder(0), s.shopper.cookie), bothAnnounced);
    for (let n = 1; n <= 30; n++) await post('/api/order/cod', nthOrder(n), s.shopper.cookie);
    const later = await recordStatements(() => post('/api/order/cod', nthOrder(31), s.shopper.cookie), bothAnnounced);

    expect((await myOrders(s.shopper.cookie, '?limit=50')).orders).toHaveLength(32);
    for (const run of [first, later]) {
      // place_order alone (the session was looked up by the shopper's earlier requests and is kept,
      // docs/decisions/0088): the shopper's lock with the address, the duplicate check, the products
      // (taking counted units), the order with its lines and the emptied cart run inside the database in
      // one statement (0063, 0064, 0065), the confirmation e-mail queued in it (0083).
      const work = run.statements.filter((text) => !/pg_notify\(/.test(text));
      // On failure, the statements: one seen once under a full run's load on PostgreSQL was never identified.
      expect(work, work.join('\n---\n')).toHaveLength(1);
      expect(work[0]).toMatch(/^select place_order\(/);
      // Its NOTIFYs follow the commit as statements of their own (orders_changed, mail_queued): inside it
      // they made every checkout's commit wait for the one before (0086).
      expect(run.statements.indexOf(notifications(run.statements)[0]!)).toBeGreaterThan(run.statements.indexOf(work[0]!));
    }
    expect(later.rows).toBe(first.rows);
  });

  it('writes the confirmation e-mail to the outbox when no SMTP server is configured', async () => {
    const s = await shopperWithCart([{ offerPrice: 20, quantity: 2 }]);
    await post('/api/order/cod', { items: s.items, address: s.address.id }, s.shopper.cookie);
    const [order] = (await myOrders(s.shopper.cookie)).orders;
    const outbox = path.join(t.dataDir, 'outbox');
    await expect
      .poll(async () => {
        const files = (await fs.readdir(outbox).catch(() => [] as string[])).filter((name) => name.endsWith('.eml'));
        const texts = await Promise.all(files.map((f) => fs.readFile(path.join(outbox, f), 'utf8')));
        return texts.find((text) => text.includes(order!._id)) ?? '';
      })
      .toContain(`To: ${s.shopper.user.email}`);
  });
});

describe('GET /api/order/user', () => {
  it("lists only the caller's orders, newest first, and needs a login", async () => {
    const shopper = await createShopper(t.app);
    const first = await placeTestOrder(t.app, { shopper });
    const second = await placeTestOrder(t.app, { shopper });
    await placeTestOrder(t.app);
    const list = await myOrders(shopper.cookie);
    expect(list.success).toBe(true);
    expect(list.orders.map((o) => o._id)).toEqual([second.orderId, first.orderId]);
    expect(list.orders[0]).toHaveProperty('createdAt');
    expect((await t.app.inject({ method: 'GET', url: '/api/order/user' })).statusCode).toBe(401);
  });

  it('pages the orders newest first, 10 at a time, with the cursor of the last; bad paging is a 400 that changes nothing', async () => {
    const shopper = await createShopper(t.app);
    const placed = [];
    for (let day = 1; day <= 12; day++) placed.push(await insertTestOrder(t.app, { userId: shopper.user.id, createdAt: new Date(Date.UTC(2026, 0, day)) }));
    const newestFirst = placed.map((o) => o.id).reverse();
    const first = await myOrders(shopper.cookie);
    expect(first.orders.map((o) => o._id)).toEqual(newestFirst.slice(0, MY_ORDERS_PAGE_SIZE));
    expect(first.order).toEqual(first.orders);
    expect(first.orders[0]!.timeline).toEqual([{ status: 'Order Placed', at: '2026-01-12T00:00:00.000Z' }]);
    const second = await myOrders(shopper.cookie, `?cursor=${first.nextCursor}`);
    expect(second.orders.map((o) => o._id)).toEqual(newestFirst.slice(MY_ORDERS_PAGE_SIZE));
    expect(second.nextCursor).toBeNull();
    expect((await myOrders(shopper.cookie, '?limit=5')).orders).toHaveLength(5);
    // Another shopper's order as the cursor is as unknown: an empty page, nothing about when it was placed.
    const theirs = await insertTestOrder(t.app, { createdAt: new Date(Date.UTC(2026, 0, 20)) });
    expect((await myOrders(shopper.cookie, `?cursor=${theirs.id}`)).orders).toEqual([]);
    for (const query of ['?limit=0', '?limit=51', '?limit=two', '?cursor=not-an-id', '?page=2']) {
      const res = await t.app.inject({ method: 'GET', url: `/api/order/user${query}`, headers: { cookie: shopper.cookie } });
      expect(res.statusCode, query).toBe(400);
      expect(body(res)).toMatchObject({ success: false, message: expect.any(String) });
    }
  });

  it('shows an online order only once it is paid', async () => {
    const shopper = await createShopper(t.app);
    await placeTestOrder(t.app, { shopper, paymentType: 'Online' });
    expect((await myOrders(shopper.cookie)).orders).toEqual([]);
    const paid = await placeTestOrder(t.app, { shopper, paymentType: 'Online', paid: true });
    expect((await myOrders(shopper.cookie)).orders).toMatchObject([{ _id: paid.orderId, paymentType: 'Online', isPaid: true }]);
  });
});
