import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it, vi } from 'vitest';
import { SHOPS_CHANGED } from '../../db/channel-feed.js';
import { CATALOGUE_CHANNEL } from '../../db/channels.js';
import { sellers } from '../../db/schema/index.js';
import { createShop } from '../../test/market-builders.js';
import { buildTestApp, createProduct, type TestApp } from '../../test/test-app.js';
import type * as repository from './product-repository.js';
import { listProductsPage } from './product-repository.js';
import { createProductService } from './product-service.js';

// The list's page reads, counted: a build reads its first page with no `after`.
vi.mock('./product-repository.js', async (original) => {
  const actual = await original<typeof repository>();
  return { ...actual, listProductsPage: vi.fn(actual.listProductsPage) };
});
const buildsStarted = () => vi.mocked(listProductsPage).mock.calls.filter(([, after]) => after === undefined).length;

let t: TestApp;
beforeAll(async () => {
  t = await buildTestApp();
});
afterAll(() => t.close());

/** A change feed the test drives by hand. */
function handFeed(live: boolean) {
  const subscribers: (() => void)[] = [];
  return { live: () => live, subscribe: (fn: () => void) => void subscribers.push(fn), notify: () => subscribers.forEach((fn) => fn()) };
}

const listedNames = async (service: ReturnType<typeof createProductService>) =>
  (JSON.parse((await service.listBody()).bodies.identity.toString()) as { products: { name: string }[] }).products.map((p) => p.name);

describe('the cached catalogue list', () => {
  it('keeps the list until a change is heard, then reads it again', async () => {
    const feed = handFeed(true);
    const service = createProductService(t.app.db, t.app.images, feed);
    const first = await createProduct(t.app, { name: 'Heard Fig' });
    expect(await listedNames(service)).toContain(first.name);
    const second = await createProduct(t.app, { name: 'Unheard Fig' });
    expect(await listedNames(service)).not.toContain(second.name);
    feed.notify();
    expect(await listedNames(service)).toContain(second.name);
  });

  it('reads the database on every call while change notifications are not being received', async () => {
    const service = createProductService(t.app.db, t.app.images, handFeed(false));
    await listedNames(service);
    const added = await createProduct(t.app, { name: 'Quiet Quince' });
    expect(await listedNames(service)).toContain(added.name);
  });

  it('answers the previous list while a slow rebuild runs, then the rebuilt one', async () => {
    const feed = handFeed(true);
    // No wait at all: any rebuild is "slow", as 100,000 products are.
    const service = createProductService(t.app.db, t.app.images, feed, { rebuildWaitMs: 0 });
    await listedNames(service);
    const added = await createProduct(t.app, { name: 'Late Loquat' });
    feed.notify();
    const answer = listedNames(service);
    // The 0 ms wait is a 1 ms timer: a rebuild of a small list on loopback can beat it. Keep this thread
    // busy past it, so the timer is due before the rebuild's query and compression can answer (a slow rebuild).
    for (const until = Date.now() + 5; Date.now() < until; );
    expect(await answer).not.toContain(added.name);
    await expect.poll(() => listedNames(service)).toContain(added.name);
  });

  it('leaves a suspended shop out of the list at once on every instance, however slow the rebuild (a probe saw its products for 10 s)', async () => {
    // The database's own feed: another instance suspends the shop, and its row's trigger is all this one hears.
    const feed = await t.database.listen(CATALOGUE_CHANNEL);
    try {
      const heard: (string | undefined)[] = [];
      feed.subscribe((change) => heard.push(change));
      const service = createProductService(t.app.db, t.app.images, feed, { rebuildWaitMs: 0 });
      const shop = await createShop(t.app);
      const product = await createProduct(t.app, { name: 'Pulled Papaya', sellerId: shop.id });
      await expect.poll(() => listedNames(service)).toContain(product.name);
      await t.app.db.update(sellers).set({ status: 'suspended' }).where(eq(sellers.id, shop.id));
      await expect.poll(() => heard).toContain(SHOPS_CHANGED);
      const answer = listedNames(service);
      // Past the 0 ms wait (a 1 ms timer): the previous list would be sent now (see "answers the previous list" above).
      for (const until = Date.now() + 5; Date.now() < until; );
      expect(await answer).not.toContain(product.name);
      // This instance's own change too, before the feed echoes it.
      await t.app.db.update(sellers).set({ status: 'approved' }).where(eq(sellers.id, shop.id));
      service.invalidate(true);
      const back = listedNames(service);
      for (const until = Date.now() + 5; Date.now() < until; );
      expect(await back).toContain(product.name);
    } finally {
      await feed.close();
    }
  });

  it("answers a seller the list after its own change even while the rebuild is slow (the spec's client reloads it after a stock toggle)", async () => {
    const feed = handFeed(true);
    const service = createProductService(t.app.db, t.app.images, feed, { rebuildWaitMs: 0 });
    await listedNames(service);
    const added = await createProduct(t.app, { name: 'Own Olive' });
    feed.notify();
    const answer = service.listBody({ fresh: true }).then((list) => (JSON.parse(list.bodies.identity.toString()) as { products: { name: string }[] }).products.map((p) => p.name));
    for (const until = Date.now() + 5; Date.now() < until; );
    expect(await answer).toContain(added.name);
  });

  it('waits in full for a rebuild when the last build was quicker than the wait (a small shop on a busy machine)', async () => {
    const feed = handFeed(true);
    const service = createProductService(t.app.db, t.app.images, feed, { rebuildWaitMs: 2_000 });
    await listedNames(service);
    const added = await createProduct(t.app, { name: 'Patient Pear' });
    const { listProductsPage: read } = await vi.importActual<typeof repository>('./product-repository.js');
    // This rebuild's first page comes late, past the wait.
    vi.mocked(listProductsPage).mockImplementationOnce(async (...args) => {
      await new Promise((resolve) => setTimeout(resolve, 2_500));
      return read(...args);
    });
    feed.notify();
    expect(await listedNames(service)).toContain(added.name);
  });

  it('builds one list at a time: changes heard during a build share the one build owed after it', async () => {
    const feed = handFeed(true);
    const service = createProductService(t.app.db, t.app.images, feed, { rebuildWaitMs: 10_000 });
    await listedNames(service);
    const before = buildsStarted();
    for (let i = 0; i < 5; i++) await createProduct(t.app, { name: `Busy Bael ${i}` });
    // Five changes heard, each followed by a request, before the first change's build can finish.
    const answers = Array.from({ length: 5 }, () => {
      feed.notify();
      return listedNames(service);
    });
    const lists = await Promise.all(answers);
    // The first change's build, then one more for the four changes heard while it ran.
    expect(buildsStarted() - before).toBe(2);
    expect(lists.at(-1)).toContain('Busy Bael 4');
  });

  it('spaces whole-list builds under a stream of changes: the builder is busy at most a third of the time, the last change still shown', async () => {
    const feed = handFeed(true);
    let builds = 0;
    const body = (n: number) => ({ bodies: { identity: Buffer.from(`${n}`), gzip: Buffer.from(''), br: Buffer.from('') }, etags: { identity: `"${n}"`, gzip: `"${n}g"`, br: `"${n}b"` } });
    // A build of 100 ms standing for the seconds of 100,000 products (spaced from 50 ms here, from 1 s in the shop);
    // what it holds is the number of the build.
    const buildList = async () => {
      const n = ++builds;
      await new Promise((resolve) => setTimeout(resolve, 100));
      return body(n);
    };
    const service = createProductService(t.app.db, t.app.images, feed, { rebuildWaitMs: 0, spacedFromMs: 50, buildList });
    await service.listBody();
    // A change and a request every 20 ms for 1.2 s: back to back, that was a build every 100 ms (12).
    for (const until = Date.now() + 1_200; Date.now() < until; await new Promise((resolve) => setTimeout(resolve, 20))) {
      feed.notify();
      void service.listBody();
    }
    expect(builds).toBeGreaterThanOrEqual(2);
    expect(builds).toBeLessThanOrEqual(6);
    // Once the changes stop, a list built after the last one is answered (a build started after it counts higher).
    // (Counted before the change: a list read lately starts its rebuild as the change is heard, decision 0099.)
    const afterLast = builds + 1;
    feed.notify();
    await expect.poll(async () => Number((await service.listBody()).bodies.identity.toString()), { timeout: 2_000 }).toBeGreaterThanOrEqual(afterLast);
  });

  it("starts a seller's fresh build as soon as it asks, not after the spacing, and still rests between builds when sellers ask for every one", async () => {
    vi.useFakeTimers({ toFake: ['setTimeout', 'clearTimeout', 'performance', 'Date'] });
    try {
      const feed = handFeed(true);
      const starts: number[] = [];
      // Builds of 16 s, as the whole list's at 100,000 products on PostgreSQL; each holds its number.
      const buildList = async () => {
        starts.push(performance.now());
        await new Promise((resolve) => setTimeout(resolve, 16_000));
        const n = `${starts.length}`;
        return { bodies: { identity: Buffer.from(n), gzip: Buffer.from(''), br: Buffer.from('') }, etags: { identity: `"${n}"`, gzip: `"${n}g"`, br: `"${n}b"` } };
      };
      const service = createProductService(t.app.db, t.app.images, feed, { buildList });
      const listed = (fresh: boolean) => service.listBody({ fresh }).then((list) => Number(list.bodies.identity.toString()));
      for (let i = 0; i < 2; i++) {
        feed.notify();
        const built = listed(false);
        await vi.advanceTimersByTimeAsync(16_000);
        await built;
      }
      // Two builds of 16 s: a shopper's request after a change gets the previous list, the rebuild 32 s away.
      feed.notify();
      const shopper = listed(false);
      await vi.advanceTimersByTimeAsync(300);
      expect(await shopper).toBe(2);
      // The seller's read after its stock toggle: its build starts now, and it is answered when that ends (it waited
      // 32 s for the spacing, then the build: 48 s).
      await vi.advanceTimersByTimeAsync(700);
      const asked = performance.now();
      const seller = listed(true);
      await vi.advanceTimersByTimeAsync(0);
      expect(starts.at(-1)).toBe(asked);
      await vi.advanceTimersByTimeAsync(16_000);
      expect(await seller).toBe(3);

      // Sellers toggling and reading every second for 10 minutes: never back to back (a build every 16 s).
      const began = performance.now();
      const before = starts.length;
      for (let i = 0; i < 600; i++) {
        feed.notify();
        void listed(true);
        await vi.advanceTimersByTimeAsync(1_000);
      }
      // At most half the time: a build of 16 s and a rest as long, one more at the start.
      expect(starts.length - before).toBeLessThanOrEqual((performance.now() - began) / 32_000 + 1);
    } finally {
      vi.useRealTimers();
    }
  });

  it('waits for the rebuild when it is quick', async () => {
    const feed = handFeed(true);
    const service = createProductService(t.app.db, t.app.images, feed, { rebuildWaitMs: 10_000 });
    await listedNames(service);
    const added = await createProduct(t.app, { name: 'Prompt Persimmon' });
    feed.notify();
    expect(await listedNames(service)).toContain(added.name);
  });
});

describe('the storefront reads', () => {
  const searched = async (service: ReturnType<typeof createProductService>, q: string) =>
    (await service.search({ q, limit: 24 })).products.map((p) => p.name);

  it('answers a repeated search from memory until a catalogue change is heard', async () => {
    const feed = handFeed(true);
    const service = createProductService(t.app.db, t.app.images, feed);
    await createProduct(t.app, { name: 'Remembered Kiwi 1' });
    expect(await searched(service, 'remembered kiwi')).toEqual(['Remembered Kiwi 1']);
    await createProduct(t.app, { name: 'Remembered Kiwi 2' });
    expect(await searched(service, 'remembered kiwi')).toEqual(['Remembered Kiwi 1']);
    feed.notify();
    expect(await searched(service, 'remembered kiwi')).toEqual(['Remembered Kiwi 1', 'Remembered Kiwi 2']);
  });

  it('reads the database every time while change notifications are not being received', async () => {
    const service = createProductService(t.app.db, t.app.images, handFeed(false));
    await createProduct(t.app, { name: 'Unremembered Lime 1' });
    expect(await searched(service, 'unremembered lime')).toHaveLength(1);
    await createProduct(t.app, { name: 'Unremembered Lime 2' });
    expect(await searched(service, 'unremembered lime')).toHaveLength(2);
  });
});
