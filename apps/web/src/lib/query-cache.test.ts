import { describe, expect, it, vi } from 'vitest';
import { createQueryCache } from './query-cache';

/** A request whose answer the test releases. */
function deferred<T>() {
  let resolve!: (value: T) => void;
  let reject!: (err: unknown) => void;
  const promise = new Promise<T>((res, rej) => {
    resolve = res;
    reject = rej;
  });
  return { promise, resolve, reject };
}

describe('the query cache (docs/decisions/0014)', () => {
  it('shares one request between the screens that ask for the same key at once', async () => {
    const cache = createQueryCache();
    const fetcher = vi.fn(async () => ['tomato']);
    cache.ensure(['products', 'best-sellers'], fetcher);
    cache.ensure(['products', 'best-sellers'], fetcher);
    await vi.waitFor(() => expect(cache.getState(['products', 'best-sellers']).data).toEqual(['tomato']));
    cache.ensure(['products', 'best-sellers'], fetcher);
    expect(fetcher).toHaveBeenCalledTimes(1);
  });

  it('never lets an older answer overwrite a newer one for the same key', async () => {
    const cache = createQueryCache();
    const slow = deferred<string>();
    const fast = deferred<string>();
    const first = cache.fetch(['k'], () => slow.promise);
    const second = cache.fetch(['k'], () => fast.promise, { force: true });
    fast.resolve('new');
    await second;
    slow.resolve('old');
    await first;
    expect(cache.getState(['k']).data).toBe('new');
  });

  it('refetches watched keys under an invalidated prefix and forgets unwatched ones', async () => {
    const cache = createQueryCache();
    let stock = 'in';
    const watched = vi.fn(async () => stock);
    const unwatched = vi.fn(async () => stock);
    await cache.fetch(['products', 'detail', '1'], watched);
    await cache.fetch(['products', 'search', ''], unwatched);
    await cache.fetch(['user', 'orders'], async () => 'mine');
    cache.subscribe(['products', 'detail', '1'], () => undefined);
    stock = 'out';
    cache.invalidate(['products']);
    await vi.waitFor(() => expect(cache.getState(['products', 'detail', '1']).data).toBe('out'));
    expect(cache.getState(['products', 'search', '']).data).toBeUndefined();
    expect(cache.getState(['user', 'orders']).data).toBe('mine');
  });

  it('keeps the data when a refetch fails, and reports a first load that fails as an error', async () => {
    const cache = createQueryCache();
    await cache.fetch(['a'], async () => 1);
    await cache.fetch(['a'], () => Promise.reject(new Error('down')), { force: true }).catch(() => undefined);
    expect(cache.getState(['a'])).toMatchObject({ data: 1, status: 'success' });
    await cache.fetch(['b'], () => Promise.reject(new Error('down'))).catch(() => undefined);
    expect(cache.getState(['b'])).toMatchObject({ data: undefined, status: 'error' });
  });

  it('forgets a signed-out shopper’s keys, and an answer still under way for them is dropped', async () => {
    const cache = createQueryCache();
    const late = deferred<string>();
    const request = cache.fetch(['user', 'addresses'], () => late.promise);
    cache.remove(['user']);
    late.resolve('old account');
    await request;
    expect(cache.getState(['user', 'addresses']).data).toBeUndefined();
  });

  it('evicts the oldest unwatched keys beyond its bound (a long search session stays small)', async () => {
    const cache = createQueryCache({ maxIdleEntries: 3 });
    for (const q of ['a', 'b', 'c', 'd', 'e']) await cache.fetch(['products', 'search', q], async () => q);
    await cache.fetch(['products', 'search', 'f'], async () => 'f');
    expect(cache.getState(['products', 'search', 'a']).data).toBeUndefined();
    expect(cache.getState(['products', 'search', 'f']).data).toBe('f');
  });
});
