import { eq, sql } from 'drizzle-orm';
import { toMinor } from '@greencart/shared';
import type { Db } from '../client.js';
import { sellers } from '../schema/index.js';
import { hashPassword, verifyPassword } from '../../lib/password.js';
import type { ImageService } from '../../modules/images/image-service.js';
import { countProducts, insertProducts } from '../../modules/products/product-repository.js';
import { SEED_PRODUCTS, type SeedProduct } from './catalogue.js';
import { renderArt, VARIANTS } from './render-art.js';

/** Each seeded product gets 1 to 4 images, cycling, so every gallery size is exercised. */
const imageCountFor = (index: number) => (index % 4) + 1;
const SEED_CONCURRENCY = 4;

async function seedRow(product: SeedProduct, index: number, images: ImageService) {
  const stored = await Promise.all(VARIANTS.slice(0, imageCountFor(index)).map(async (variant) => images.store(await renderArt(product.art, variant))));
  return {
    name: product.name,
    category: product.category,
    description: product.description,
    priceMinor: toMinor(product.price),
    offerPriceMinor: toMinor(product.offerPrice),
    weight: product.weight,
    images: stored,
    // Spread creation times so "newest first" and "first 5" are stable and meaningful.
    createdAt: new Date(Date.UTC(2026, 0, 1) + index * 60_000),
  };
}

/**
 * Fills an empty catalogue with the demo products. Images go through the same pipeline as a
 * seller's upload. Runs only when there is no product at all, so a restart never seeds twice.
 */
export async function seedCatalogueIfEmpty(db: Db, images: ImageService, log: (msg: string) => void): Promise<boolean> {
  if ((await countProducts(db)) > 0) return false;
  const started = Date.now();
  // A few products at a time: sharp renders on libuv's thread pool, so this uses every core.
  const rows = [];
  for (let start = 0; start < SEED_PRODUCTS.length; start += SEED_CONCURRENCY) {
    const batch = SEED_PRODUCTS.slice(start, start + SEED_CONCURRENCY);
    rows.push(...(await Promise.all(batch.map((product, offset) => seedRow(product, start + offset, images)))));
  }
  await insertProducts(db, rows);
  log(`seeded ${rows.length} demo products in ${Date.now() - started} ms`);
  return true;
}

/** The seller account comes from SELLER_EMAIL / SELLER_PASSWORD; a changed password is applied at start. */
export async function ensureSeller(db: Db, email: string, password: string): Promise<void> {
  const [existing] = await db.select().from(sellers).where(eq(sql`lower(${sellers.email})`, email.toLowerCase())).limit(1);
  if (!existing) {
    await db.insert(sellers).values({ email, passwordHash: await hashPassword(password) }).onConflictDoNothing();
  } else if (!(await verifyPassword(existing.passwordHash, password))) {
    await db.update(sellers).set({ passwordHash: await hashPassword(password) }).where(eq(sellers.id, existing.id));
  }
}
