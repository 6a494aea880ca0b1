import { createMemoryRouter } from 'react-router';
import { afterEach, describe, expect, it } from 'vitest';
import { dataHref, dataLoader, type DataAnswer } from './route-data';

/** A request whose answer the test releases. */
function deferred<T>() {
  let resolve!: (value: T) => void;
  const promise = new Promise<T>((r) => (resolve = r));
  return { promise, resolve };
}

/** What the data routes rely on the router for (decision 0166), on a router with one data route. */
describe('server data through the router', () => {
  let router: ReturnType<typeof createMemoryRouter>;
  /** Each fetcher's last data, kept as RouterProvider keeps it (the router hands it over in a state update). */
  let fetcherData: Map<string, unknown>;
  afterEach(() => router.dispose());

  const start = (read: (params: URLSearchParams) => Promise<unknown>) => {
    router = createMemoryRouter([{ id: 'root', path: '/', children: [{ path: 'data/products', loader: dataLoader(read) }] }]);
    router.initialize();
    fetcherData = new Map();
    router.subscribe((state) => state.fetchers.forEach((fetcher, key) => fetcher.data !== undefined && fetcherData.set(key, fetcher.data)));
  };
  /** As useFetcher does: the fetcher is in use by a screen (an unused one is dropped once idle). */
  const load = (key: string, href: string) => {
    router.getFetcher(key);
    return router.fetch(key, 'root', href);
  };
  const answer = (key: string) => fetcherData.get(key) as DataAnswer<string> | undefined;

  it('shows the answer of the newest load: an older one answering later is dropped', async () => {
    const slow = deferred<string>();
    start((params) => (params.get('q') === 'tom' ? slow.promise : Promise.resolve(`list for ${params.get('q')}`)));
    const older = load('list', dataHref('/data/products', { q: 'tom' }));
    await load('list', dataHref('/data/products', { q: 'tomato' }));
    slow.resolve('list for tom');
    await older;
    expect(answer('list')).toEqual({ href: '/data/products?q=tomato', data: 'list for tomato' });
  });

  it('loads a fetcher again when the page revalidates after a write', async () => {
    let stock = 5;
    start(async () => `stock ${stock}`);
    await load('stock', '/data/products');
    expect(answer('stock')?.data).toBe('stock 5');
    stock = 0;
    await router.revalidate();
    expect(answer('stock')?.data).toBe('stock 0');
  });

  it('answers a failed read as data, so the screen shows it inline and the page stays', async () => {
    const failure = new Error('offline');
    start(() => Promise.reject(failure));
    await load('list', '/data/products');
    expect(answer('list')).toEqual({ href: '/data/products', error: failure });
    expect(router.state.errors).toBeNull();
  });
});
