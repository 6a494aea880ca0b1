import { eq, inArray } from 'drizzle-orm';
import { parseNetQuantity, toMinor } from '@greencart/shared';
import type { Db } from '../client.js';
import { sellers } from '../schema/index.js';
import { ConfigError } from '../../config/env.js';
import { hashPassword, verifyPassword } from '../../lib/password.js';
import { findOperator, findSellerByEmail, type SellerRow } from '../../modules/seller/seller-repository.js';
import type { ImageService } from '../../modules/images/image-service.js';
import { countProducts, insertProducts, netQuantityColumns } from '../../modules/products/product-repository.js';
import { DEMO_SHOPS, SEED_PRODUCTS, type SeedProduct } from './catalogue.js';
import { seedArtRenditions } from './art-cache.js';
import { VARIANTS } from './render-art.js';

/** Each seeded product gets 1 to 4 images, cycling, so every gallery size is exercised. */
const imageCountFor = (index: number) => (index % 4) + 1;
const SEED_CONCURRENCY = 4;

async function seedRow(product: SeedProduct, index: number, images: ImageService, sellerId: string) {
  const stored = await Promise.all(VARIANTS.slice(0, imageCountFor(index)).map(async (variant) => images.storeRenditions(await seedArtRenditions(product.art, variant))));
  return {
    sellerId,
    name: product.name,
    category: product.category,
    description: product.description,
    priceMinor: toMinor(product.price),
    offerPriceMinor: toMinor(product.offerPrice),
    weight: product.weight,
    // Issue 28: where the weight is plainly an amount (`500 g`, `1 kg`, `12 pcs`), it is the net quantity too.
    ...netQuantityColumns(parseNetQuantity(product.weight)),
    images: stored,
    // Spread creation times so "newest first" and "first 5" are stable and meaningful.
    createdAt: new Date(Date.UTC(2026, 0, 1) + index * 60_000),
  };
}

/**
 * Fills an empty catalogue: the spec's demo products in the first shop (the operator's), then the demo
 * shops' few products after them, so the spec's first products stay first (issue 26). Images go through
 * the same pipeline as a seller's upload, rendered once per checkout (art-cache.ts). Runs only when there is
 * no product at all, so a restart never seeds twice.
 */
export async function seedCatalogueIfEmpty(db: Db, images: ImageService, log: (msg: string) => void): Promise<boolean> {
  if ((await countProducts(db)) > 0) return false;
  const started = Date.now();
  const operator = await findOperator(db);
  if (!operator) throw new Error('The operator account is missing: migration 0019 makes it');
  const shops = await ensureDemoShops(db);
  const wanted = [
    ...SEED_PRODUCTS.map((product) => ({ product, sellerId: operator.id })),
    ...DEMO_SHOPS.flatMap((shop, i) => shop.products.map((product) => ({ product, sellerId: shops[i]!.id }))),
  ];
  // A few products at a time: sharp renders on libuv's thread pool, so this uses every core.
  const rows = [];
  for (let start = 0; start < wanted.length; start += SEED_CONCURRENCY) {
    const batch = wanted.slice(start, start + SEED_CONCURRENCY);
    rows.push(...(await Promise.all(batch.map(({ product, sellerId }, offset) => seedRow(product, start + offset, images, sellerId)))));
  }
  await insertProducts(db, rows);
  log(`seeded ${rows.length} demo products in ${1 + shops.length} shops in ${Date.now() - started} ms`);
  return true;
}

/** The demo shops, approved, made once (their slugs are their keys). */
async function ensureDemoShops(db: Db): Promise<SellerRow[]> {
  const now = new Date();
  await db
    .insert(sellers)
    .values(
      DEMO_SHOPS.map((shop) => ({
        email: shop.email,
        // Not an argon2 hash: no password verifies against it (docs/decisions/0119).
        passwordHash: '!',
        shopName: shop.shopName,
        slug: shop.slug,
        name: shop.name,
        phone: shop.phone,
        pickupAddress: shop.pickupAddress,
        status: 'approved' as const,
        emailConfirmedAt: now,
        statusChangedAt: now,
      })),
    )
    .onConflictDoNothing();
  const rows = await db.select().from(sellers).where(inArray(sellers.slug, DEMO_SHOPS.map((shop) => shop.slug)));
  return DEMO_SHOPS.map((shop) => rows.find((row) => row.slug === shop.slug)!);
}

/**
 * The operator's account comes from SELLER_EMAIL / SELLER_PASSWORD (docs/decisions/0115): the one row with
 * role 'operator' (made by migration 0019) takes the environment's e-mail and password at every start,
 * so a changed SELLER_EMAIL renames the operator, who keeps the first shop, its products and its orders.
 * An e-mail that is already another shop's login is refused: the start stops with the reason.
 */
export async function ensureOperator(db: Db, email: string, password: string): Promise<SellerRow> {
  const operator = await findOperator(db);
  if (!operator) throw new Error('The operator account is missing: migration 0019 makes it');
  const change: Partial<SellerRow> = {};
  if (operator.email.toLowerCase() !== email.toLowerCase()) {
    const holder = await findSellerByEmail(db, email);
    if (holder) throw new ConfigError(`SELLER_EMAIL ${email} is already the login of the shop "${holder.shopName}"; choose another e-mail for the operator`);
    Object.assign(change, { email, emailConfirmedAt: new Date() });
  }
  if (!(await verifyPassword(operator.passwordHash, password))) change.passwordHash = await hashPassword(password);
  if (Object.keys(change).length === 0) return operator;
  const [updated] = await db.update(sellers).set(change).where(eq(sellers.id, operator.id)).returning();
  return updated!;
}
