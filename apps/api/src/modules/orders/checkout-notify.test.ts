import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { CATALOGUE_CHANNEL, MAIL_QUEUED_CHANNEL, ORDERS_CHANNEL } from '../../db/channels.js';
import { stockTakenFrom, type ChannelFeed } from '../../db/channel-feed.js';
import { orders, products } from '../../db/schema/index.js';
import { placeTestOrder, pricedLines } from '../../test/order-builders.js';
import { buildTestApp, createAddress, createProduct, createShopper, type TestApp } from '../../test/test-app.js';
import { placeOrder } from './order-repository.js';

/**
 * Decision 0086: a NOTIFY inside checkout's transaction held PostgreSQL's one notify lock through its
 * commit, so every checkout committed after the one before. place_order's writes send none; the
 * application announces the same channels after the commit. Every other writer still notifies.
 */
let t: TestApp;
const heard = new Map<string, number>();
/** The catalogue's notifications' payloads, as heard. */
const catalogueChanges: (string | undefined)[] = [];
const feeds: ChannelFeed[] = [];
beforeAll(async () => {
  t = await buildTestApp({}, { mailSender: false });
  for (const channel of [ORDERS_CHANNEL, MAIL_QUEUED_CHANNEL, CATALOGUE_CHANNEL]) {
    const feed = await t.database.listen(channel);
    feed.subscribe((change) => {
      heard.set(channel, (heard.get(channel) ?? 0) + 1);
      if (channel === CATALOGUE_CHANNEL) catalogueChanges.push(change);
    });
    feeds.push(feed);
  }
});
afterAll(async () => {
  await Promise.all(feeds.map((feed) => feed.close()));
  await t.close();
});

/** Lets notifications already sent arrive (PostgreSQL delivers them on another connection). */
const settle = () => new Promise((resolve) => setTimeout(resolve, 300));

describe('checkout and the change feeds', () => {
  it('place_order itself notifies no channel, while any other write to orders or products still does', async () => {
    const shopper = await createShopper(t.app);
    const address = await createAddress(t.app, shopper.user.id);
    const product = await createProduct(t.app);
    await t.app.db.update(products).set({ stock: 10 }).where(eq(products.id, product.id));
    await settle();
    heard.clear();

    const placed = await placeOrder(t.app.db, {
      userId: shopper.user.id,
      addressId: address.id,
      paymentType: 'COD',
      ...pricedLines([{ product, quantity: 2 }]),
      since: new Date(Date.now() - 60_000),
    });
    expect(placed).toMatchObject({ stockTaken: [product.id] });
    await settle();
    expect(Object.fromEntries(heard)).toEqual({});

    // The triggers are still there for everyone else.
    await t.app.db.update(orders).set({ status: 'Processed' }).where(eq(orders.id, (placed as { checkout: { orders: { id: string }[] } }).checkout.orders[0]!.id));
    await t.app.db.update(products).set({ stock: 9 }).where(eq(products.id, product.id));
    await expect.poll(() => [heard.get(ORDERS_CHANNEL) ?? 0, heard.get(CATALOGUE_CHANNEL) ?? 0]).toEqual([1, 1]);
  });

  it('a checkout through the shop announces the order, its queued e-mail and the units it took (of its counted products only), after the commit', async () => {
    const product = await createProduct(t.app);
    const uncounted = await createProduct(t.app);
    await t.app.db.update(products).set({ stock: 5 }).where(eq(products.id, product.id));
    await settle();
    heard.clear();
    catalogueChanges.length = 0;
    await placeTestOrder(t.app, { items: [{ product, quantity: 1 }, { product: uncounted, quantity: 1 }] });
    await expect.poll(() => [ORDERS_CHANNEL, MAIL_QUEUED_CHANNEL, CATALOGUE_CHANNEL].map((channel) => (heard.get(channel) ?? 0) > 0)).toEqual([true, true, true]);
    // Decision 0273: the catalogue's followers are told which products' stock changed, and that nothing else did.
    expect(catalogueChanges.map(stockTakenFrom)).toEqual([[product.id]]);
  });

  it('announces no units taken when the products are not counted', async () => {
    const product = await createProduct(t.app);
    await settle();
    heard.clear();
    await placeTestOrder(t.app, { items: [{ product, quantity: 1 }] });
    await expect.poll(() => heard.get(ORDERS_CHANNEL) ?? 0).toBeGreaterThan(0);
    await settle();
    expect(heard.get(CATALOGUE_CHANNEL)).toBeUndefined();
  });
});
