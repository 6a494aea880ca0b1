import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { buildTestApp, createProduct, type TestApp } from '../../test/test-app.js';
import { createProductService } from './product-service.js';

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
  (JSON.parse((await service.listBody()).body) as { products: { name: string }[] }).products.map((p) => p.name);

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
    // busy past it, so the timer is due before the rebuild's query and gzip can answer (a slow rebuild).
    for (const until = Date.now() + 5; Date.now() < until; );
    expect(await answer).not.toContain(added.name);
    await expect.poll(() => listedNames(service)).toContain(added.name);
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
