import { computeTotals, parseNetQuantity, type NetQuantity, type OrderStatus, type PaymentType } from '@greencart/shared';
import { seededRandom } from '@greencart/shared/seeded-random';
import { randomUUID } from 'node:crypto';
import { inArray, sql } from 'drizzle-orm';
import { hashPassword } from '../../lib/password.js';
import { netQuantityColumns } from '../../modules/products/product-repository.js';
import { findOperator } from '../../modules/seller/seller-repository.js';
import { appendEntries, lockAccount, readDefaultCommissionBps } from '../../modules/settlement/settlement-repository.js';
import { DEFAULT_COMMISSION_BPS, deliveryEntries, type DeliveredOrder } from '../../modules/settlement/settlement-service.js';
import type { Db } from '../client.js';
import { addresses, orderItems, orders, products, sellers, stockAlerts, users } from '../schema/index.js';
import { SEED_PRODUCTS } from './catalogue.js';

/**
 * Synthetic data at scale for benchmarks and tests (`npm run seed -- --sellers N --products N --orders N`):
 * approved shops, products made from the demo catalogue's names, prices and artwork (no image is
 * rendered per product) spread over the shops, and orders of seeded shoppers over the last 60 days,
 * each of one shop. A seeded random generator makes every run with the same numbers produce the same data.
 */

/** Rows per INSERT: well under PostgreSQL's 65,535 bound parameters for the widest table. */
const BATCH = 1000;
const OUT_OF_STOCK_SHARE = 0.1;
const ORDER_DAYS = 60;
const DAY_MS = 24 * 60 * 60 * 1000;

const BRANDS = [
  'Green Valley', 'Farm Fresh', 'Nature’s Best', 'Daily Harvest', 'Sunrise', 'Village Roots', 'Golden Fields', 'Pure Earth',
  'Tattva', 'Kisan', 'Amrit', 'Himalayan', 'Coastal', 'Urban Basket', 'Mother’s Choice', 'Bharat Farms',
  'Monsoon', 'Evergreen', 'Shakti', 'Happy Cow', 'Orchard Lane', 'Spice Route', 'Deccan', 'River Bank',
];
const QUALITIES = ['', 'Organic', 'Premium', 'Fresh', 'Select', 'Classic', 'Everyday', 'Farm Pick'];
/** How a product is packed: its price's factor, and how many of the base product it holds (a family pack does not say). */
const PACKS = [
  { label: '', factor: 1, count: 1 },
  { label: 'Pack of 2', factor: 1.9, count: 2 },
  { label: 'Pack of 3', factor: 2.8, count: 3 },
  { label: 'Family Pack', factor: 4.5, count: undefined },
];

/**
 * A synthetic product's net quantity (issue 28): its base product's plain amount (`500 g`) times the units of a
 * counted pack, so the seeded catalogue shows unit prices as a seller's would; none where either is not known.
 */
function packNetQuantity(baseWeight: string, count: number | undefined): NetQuantity | undefined {
  const unit = parseNetQuantity(baseWeight);
  return unit && count ? { amount: unit.amount * count, unit: unit.unit } : undefined;
}
const STATUSES: OrderStatus[] = ['Order Placed', 'Processed', 'Packed', 'Dispatched', 'Delivered', 'Delivered', 'Delivered', 'Cancelled'];

async function inBatches<T>(rows: T[], write: (batch: T[]) => Promise<unknown>) {
  for (let start = 0; start < rows.length; start += BATCH) await write(rows.slice(start, start + BATCH));
}

/** The images of the catalogue's products by name, so synthetic products reuse the demo artwork. */
async function artworkByName(db: Db): Promise<Map<string, string[]>> {
  const names = SEED_PRODUCTS.map((p) => p.name);
  const rows = await db
    .select({ name: products.name, images: products.images })
    .from(products)
    .where(sql`${products.name} in ${names}`);
  return new Map(rows.map((r) => [r.name, r.images]));
}

/**
 * Adds `count` approved shops named after the brands ("Green Valley Market 12"), and answers their ids.
 * They share one password (SEEDED_SHOP_PASSWORD, hashed once) so a benchmark can log in as any of them.
 */
export const SEEDED_SHOP_PASSWORD = 'seeded-shop-password';

export async function seedSyntheticShops(db: Db, count: number): Promise<string[]> {
  const runId = Date.now().toString(36);
  const passwordHash = await hashPassword(SEEDED_SHOP_PASSWORD);
  const now = new Date();
  const rows = Array.from({ length: count }, (_, i) => ({
    email: `shop-${runId}-${i + 1}@seed.greencart.local`,
    passwordHash,
    shopName: `${BRANDS[i % BRANDS.length]} Market ${i + 1}`,
    slug: `seeded-${runId}-${i + 1}`,
    name: `Seeded Seller ${i + 1}`,
    phone: '9000000000',
    pickupAddress: `${i + 1} Market Road, Pune 411001`,
    status: 'approved' as const,
    emailConfirmedAt: now,
    statusChangedAt: now,
  }));
  const ids = await inBatchesReturning(rows, (batch) => db.insert(sellers).values(batch).returning({ id: sellers.id }));
  // Planner statistics for the bulk load (docs/decisions/0100): without them a shop's slug was looked up by
  // reading every approved shop through the status index instead of the slug's own.
  await db.execute(sql`analyze sellers`);
  return ids.map((row) => row.id);
}

/**
 * Adds `count` products over the 7 categories, about 10 % out of stock, spread evenly over `sellerIds`
 * (the operator's shop when none are given).
 */
export async function seedSyntheticProducts(db: Db, count: number, seed = 1, sellerIds?: string[]): Promise<number> {
  const random = seededRandom(seed);
  const artwork = await artworkByName(db);
  const shops = sellerIds?.length ? sellerIds : [(await findOperator(db))!.id];
  const [{ existing } = { existing: 0 }] = await db.select({ existing: sql<number>`count(*)::int` }).from(products);
  const firstAt = Date.UTC(2026, 1, 1);
  const rows = Array.from({ length: count }, (_, i) => {
    const base = random.pick(SEED_PRODUCTS);
    const pack = random.pick(PACKS);
    const name = [random.pick(BRANDS), random.pick(QUALITIES), base.name, pack.label].filter(Boolean).join(' ');
    const priceMinor = Math.max(100, Math.round(base.price * pack.factor * (0.8 + random.next() * 0.5)) * 100);
    const offerPriceMinor = Math.max(50, Math.round((priceMinor * (0.75 + random.next() * 0.25)) / 50) * 50);
    return {
      sellerId: shops[i % shops.length]!,
      name,
      description: base.description,
      category: base.category,
      priceMinor,
      offerPriceMinor: Math.min(offerPriceMinor, priceMinor),
      images: artwork.get(base.name) ?? [],
      inStock: random.next() >= OUT_OF_STOCK_SHARE,
      weight: pack.label ? `${pack.label} × ${base.weight}` : base.weight,
      ...netQuantityColumns(packNetQuantity(base.weight, pack.count)),
      // After the demo products, one second apart, so "first 5 in stock" stays the demo's Best Sellers.
      createdAt: new Date(firstAt + (existing + i) * 1000),
    };
  });
  await inBatches(rows, (batch) => db.insert(products).values(batch));
  // Planner statistics for the bulk load (PGlite has no autovacuum): without them `retired_at is null`
  // is guessed to hold for 0.5% of rows, and each keyset page of the catalogue list read every later
  // row and sorted it (3 s a page on PGlite at 100,000 products) instead of walking its index.
  await db.execute(sql`analyze products`);
  return rows.length;
}

/**
 * Adds `count` orders of seeded shoppers (one per 25 orders, each with an address, about half waiting for a product out of stock), 1-4 lines of
 * existing products at their current prices, totals by the shop's own `computeTotals`, over the last
 * 60 days, in every status; about a third paid online. Seeded shoppers cannot log in (no usable hash).
 * The delivered ones are on their shops' ledgers, as delivery enters them (`recordDeliveries`).
 */
export async function seedSyntheticOrders(db: Db, count: number, seed = 2, now = new Date()): Promise<number> {
  const random = seededRandom(seed);
  const catalogue = await db
    .select({ id: products.id, sellerId: products.sellerId, name: products.name, category: products.category, images: products.images, offerPriceMinor: products.offerPriceMinor, inStock: products.inStock })
    .from(products)
    .orderBy(sql`random()`)
    .limit(5000);
  if (catalogue.length === 0) throw new Error('seed orders: the catalogue is empty; seed products first');
  // An order is one shop's (issue 26): its lines come from the shop of its first product.
  const byShop = new Map<string, typeof catalogue>();
  for (const product of catalogue) byShop.set(product.sellerId, [...(byShop.get(product.sellerId) ?? []), product]);

  const shopperCount = Math.max(1, Math.ceil(count / 25));
  const runId = now.getTime().toString(36);
  const shoppers = await inBatchesReturning(
    Array.from({ length: shopperCount }, (_, i) => ({ name: `Seeded Shopper ${i + 1}`, email: `shopper-${runId}-${i + 1}@seed.greencart.local`, passwordHash: '!' })),
    (batch) => db.insert(users).values(batch).returning({ id: users.id, name: users.name, email: users.email }),
  );
  const shopperAddresses = await inBatchesReturning(
    shoppers.map((s, i) => {
      const [firstName = 'Seeded', ...rest] = s.name.split(' ');
      return { userId: s.id, firstName, lastName: rest.join(' '), email: s.email, street: `${i + 1} Market Road`, city: 'Pune', state: 'Maharashtra', zipcode: '411001', country: 'India', phone: '9000000000' };
    }),
    (batch) => db.insert(addresses).values(batch).returning(),
  );
  // They wait for products out of stock, as shoppers do (decision 0290): about half of them for one to three each, so a
  // shop's All Products shows how many wait. Drawn apart from the orders, which stay as they were seeded before.
  const soldOut = catalogue.filter((p) => !p.inStock);
  const waiting = seededRandom(seed + 1000);
  const alerts = soldOut.length === 0 ? [] : shoppers.flatMap((s) => (waiting.next() < 0.5 ? [...new Set(Array.from({ length: 1 + waiting.int(3) }, () => waiting.pick(soldOut).id))].map((productId) => ({ productId, userId: s.id })) : []));
  await inBatches(alerts, (batch) => db.insert(stockAlerts).values(batch));

  const planned = Array.from({ length: count }, () => {
    const address = random.pick(shopperAddresses);
    const first = random.pick(catalogue);
    const shopProducts = byShop.get(first.sellerId)!;
    const lines = [first, ...Array.from({ length: random.int(4) }, () => random.pick(shopProducts))];
    const unique = [...new Map(lines.map((p) => [p.id, p])).values()].map((p) => ({ product: p, quantity: 1 + random.int(5) }));
    const totals = computeTotals(unique.map((l) => ({ unitPriceMinor: l.product.offerPriceMinor, quantity: l.quantity })));
    const paymentType: PaymentType = random.next() < 0.35 ? 'Online' : 'COD';
    const status = random.pick(STATUSES);
    const createdAt = new Date(now.getTime() - random.next() * ORDER_DAYS * DAY_MS);
    const isPaid = paymentType === 'Online' || status === 'Delivered';
    const { id: addressId, userId, createdAt: _addressCreated, ...snapshot } = address;
    return {
      row: {
        userId,
        sellerId: first.sellerId,
        checkoutId: randomUUID(),
        addressId,
        address: snapshot,
        subtotalMinor: totals.amountMinor,
        taxMinor: totals.taxMinor,
        amountMinor: totals.totalMinor,
        paymentType,
        status,
        isPaid,
        paidAt: isPaid ? createdAt : null,
        // A paid online order that was cancelled has been refunded (docs/decisions/0044).
        refundedAt: paymentType === 'Online' && status === 'Cancelled' ? createdAt : null,
        createdAt,
      },
      lines: unique,
    };
  });

  // Written oldest first, as a shop writes its orders as they come: a page of the newest orders and
  // their lines then lie together on disk, as in a real shop (random order scattered each page's lines
  // over the whole table, a cost no shop has; docs/perf.md).
  planned.sort((a, b) => a.row.createdAt.getTime() - b.row.createdAt.getTime());
  const delivered: DeliveredOrder[] = [];
  for (let start = 0; start < planned.length; start += BATCH) {
    const batch = planned.slice(start, start + BATCH);
    await db.transaction(async (tx) => {
      const ids = await tx.insert(orders).values(batch.map((o) => o.row)).returning({ id: orders.id });
      batch.forEach(({ row }, i) => {
        if (row.status === 'Delivered') delivered.push({ id: ids[i]!.id, sellerId: row.sellerId, paymentType: row.paymentType, amountMinor: row.amountMinor, deliveryFeeMinor: 0, discountMinor: 0, discountPaidBy: null, deliveryDiscountMinor: 0 });
      });
      const items = batch.flatMap((o, i) =>
        o.lines.map((l) => ({
          orderId: ids[i]!.id,
          productId: l.product.id,
          name: l.product.name,
          image: l.product.images[0] ?? null,
          category: l.product.category,
          unitPriceMinor: l.product.offerPriceMinor,
          quantity: l.quantity,
        })),
      );
      await inBatches(items, (chunk) => tx.insert(orderItems).values(chunk));
    });
  }
  await recordDeliveries(db, delivered);
  // Planner statistics for the bulk load, as after any: without them (autovacuum off or not yet run) a
  // page's lines by order id were read by a sequential scan of every line (36-78 ms at 100,000 orders).
  await db.execute(sql`analyze orders, order_items, order_status_events, ledger_entries`);
  return planned.length;
}

/**
 * Seeded delivered orders on their shops' ledgers (decision 0216): each order's sale, commission and cash (0276) by the
 * settlement's own rule (`deliveryEntries`, at the shop's rate), a shop's at a time under its account's lock,
 * shops in id order. Entered now, as when the seed ran, not on the orders' dates.
 */
async function recordDeliveries(db: Db, delivered: DeliveredOrder[]) {
  const bySeller = new Map<string, DeliveredOrder[]>();
  for (const order of delivered) {
    const shopOrders = bySeller.get(order.sellerId);
    if (shopOrders) shopOrders.push(order);
    else bySeller.set(order.sellerId, [order]);
  }
  if (bySeller.size === 0) return;
  await db.transaction(async (tx) => {
    const fallback = await readDefaultCommissionBps(tx, DEFAULT_COMMISSION_BPS);
    const shops = await tx
      .select({ id: sellers.id, role: sellers.role, commissionBps: sellers.commissionBps })
      .from(sellers)
      .where(inArray(sellers.id, [...bySeller.keys()]))
      .orderBy(sellers.id);
    for (const shop of shops) {
      await lockAccount(tx, shop.id);
      await inBatches(bySeller.get(shop.id)!, (batch) => appendEntries(tx, shop.id, batch.flatMap((order) => deliveryEntries(order, shop, fallback))));
    }
  });
}

async function inBatchesReturning<T, R>(rows: T[], write: (batch: T[]) => Promise<R[]>): Promise<R[]> {
  const out: R[] = [];
  await inBatches(rows, async (batch) => out.push(...(await write(batch))));
  return out;
}
