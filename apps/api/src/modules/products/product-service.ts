import { promisify } from 'node:util';
import { gzip } from 'node:zlib';
import { toMajor, type Product } from '@greencart/shared';
import type { Db } from '../../db/client.js';
import type { ImageService } from '../images/image-service.js';
import { listAllProducts, type ProductRow } from './product-repository.js';

/**
 * The catalogue is the hottest read of the shop, so the list is served from memory as a ready
 * JSON body, also gzipped once rather than per request, and rebuilt after any product write
 * (`invalidate`). A short TTL bounds staleness when several server processes share one PostgreSQL. Prices and stock for orders are always read
 * from the database inside the order's transaction, never from this cache.
 */
const CACHE_TTL_MS = 10_000;
const gzipAsync = promisify(gzip);

export function createProductService(db: Db, images: Pick<ImageService, 'urlFor'>) {
  let cache: { body: string; gzipped: Buffer; products: Product[]; at: number } | undefined;
  let loading: Promise<NonNullable<typeof cache>> | undefined;
  /** Bumped by every write, so a load that started before the write is never cached. */
  let version = 0;

  const toApiProduct = (row: ProductRow): Product => ({
    _id: row.id,
    name: row.name,
    description: row.description,
    category: row.category,
    price: toMajor(row.priceMinor),
    offerPrice: toMajor(row.offerPriceMinor),
    image: row.images.map((name) => images.urlFor(name)),
    inStock: row.inStock,
    ...(row.weight ? { weight: row.weight } : {}),
  });

  async function load() {
    const products = (await listAllProducts(db)).map(toApiProduct);
    const body = JSON.stringify({ success: true, products, message: 'Products loaded' });
    return { products, body, gzipped: await gzipAsync(body), at: Date.now() };
  }

  async function current() {
    if (cache && Date.now() - cache.at < CACHE_TTL_MS) return cache;
    const startedAt = version;
    const pending = (loading ??= load());
    try {
      const fresh = await pending;
      if (startedAt === version) cache = fresh;
      return fresh;
    } finally {
      if (loading === pending) loading = undefined;
    }
  }

  return {
    toApiProduct,
    /** `{"success":true,"products":[…],"message":…}` ready to send, as text and gzipped. */
    async listBody(): Promise<{ body: string; gzipped: Buffer }> {
      return current();
    },
    async list(): Promise<Product[]> {
      return (await current()).products;
    },
    invalidate() {
      version += 1;
      cache = undefined;
      loading = undefined;
    },
  };
}

export type ProductService = ReturnType<typeof createProductService>;
