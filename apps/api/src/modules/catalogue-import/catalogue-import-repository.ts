import { and, asc, eq, getTableColumns, inArray, isNotNull, isNull, sql, type SQL } from 'drizzle-orm';
import type { DbOrTx } from '../../db/client.js';
import { lockNamed, queryRows } from '../../db/raw-sql.js';
import { products } from '../../db/schema/index.js';
import type { ProductChange, ProductRow } from '../products/product-repository.js';

/**
 * One page of a shop's products still sold, in the shop's order (created_at, id), after the given
 * product: the export reads the shop's whole catalogue a page at a time (products_seller_order_idx
 * serves it), never all of it at once. Only the shop's own: an export is what its import takes back.
 */
export function findExportPage(db: DbOrTx, sellerId: string, afterId: string | undefined, limit: number): Promise<ProductRow[]> {
  const conditions: SQL[] = [isNull(products.retiredAt), eq(products.sellerId, sellerId)];
  // The cursor's own timestamp is read in SQL: a JS Date would drop its microseconds.
  if (afterId) conditions.push(sql`(${products.createdAt}, ${products.id}) > (select c.created_at, c.id from products c where c.id = ${afterId})`);
  return db
    .select()
    .from(products)
    .where(and(...conditions))
    .orderBy(asc(products.createdAt), asc(products.id))
    .limit(limit);
}

/** An imported row's product as the file leaves it: every column the import writes. */
export type ImportedProduct = Required<ProductChange>;

/** Each column an import writes, with its type as `jsonb_to_recordset` reads it: the one list of them. */
const IMPORTED_TYPES = {
  name: 'text',
  description: 'jsonb',
  category: 'text',
  priceMinor: 'integer',
  offerPriceMinor: 'integer',
  weight: 'text',
  stock: 'integer',
  images: 'jsonb',
  inStock: 'boolean',
  netAmount: 'double precision',
  netUnit: 'text',
} as const satisfies Record<keyof ImportedProduct, string>;
const IMPORTED = Object.entries(IMPORTED_TYPES).map(([key, type]) => ({ key, column: getTableColumns(products)[key as keyof ImportedProduct].name, type }));

/** A product as an import row without an id would make it again: its name (any letter case), category, size and prices. */
export const twinKey = (p: { name: string; category: string; weight: string | null; priceMinor: number; offerPriceMinor: number }) =>
  JSON.stringify([p.name.toLowerCase(), p.category, p.weight ?? '', p.priceMinor, p.offerPriceMinor]);

/**
 * The products the shop already sells as these rows, by `twinKey` (each key's ids), read under a lock on the shop's
 * imports (held until the transaction ends): two imports of one file at once take turns, the second then finding the
 * first's. A file imported twice (sent again after its answer was lost) created every product twice (a probe).
 */
export async function findShopTwins(tx: DbOrTx, sellerId: string, rows: { name: string }[]): Promise<Map<string, string[]>> {
  await lockNamed(tx, `catalogue import ${sellerId}`);
  const twins = new Map<string, string[]>();
  if (rows.length === 0) return twins;
  const found = await tx
    .select({ id: products.id, name: products.name, category: products.category, weight: products.weight, priceMinor: products.priceMinor, offerPriceMinor: products.offerPriceMinor })
    .from(products)
    .where(and(eq(products.sellerId, sellerId), isNull(products.retiredAt), sql`lower(${products.name}) = any(${sql.param([...new Set(rows.map((row) => row.name.toLowerCase()))])}::text[])`));
  for (const product of found) {
    const key = twinKey(product);
    twins.set(key, [...(twins.get(key) ?? []), product.id]);
  }
  return twins;
}

/**
 * The shop's products still sold among `ids`, locked in id order as checkout locks products (the import and a checkout
 * never wait on each other in a cycle, issue 25) and read as they are now: an import changes them from these rows, not
 * from what it read when it checked the file (orders and the seller's stock changes went on meanwhile: a probe's import
 * wrote a count from before 3 units were sold back over it).
 */
export function lockShopProducts(tx: DbOrTx, sellerId: string, ids: string[]): Promise<ProductRow[]> {
  if (ids.length === 0) return Promise.resolve([]);
  return tx
    .select()
    .from(products)
    .where(and(inArray(products.id, ids), eq(products.sellerId, sellerId), isNull(products.retiredAt)))
    .orderBy(asc(products.id))
    .for('no key update');
}

/**
 * Changes a batch of the shop's products still sold, locked by `lockShopProducts` in the same transaction, in one
 * statement whatever its size: a statement a row held the embedded database's one connection for half a minute at
 * 16,000 rows, and every other call waited, `/healthz` too (a probe). The rows are changed from one JSON parameter; the
 * page-changed trigger runs for each row.
 */
export async function updateShopProducts(tx: DbOrTx, sellerId: string, rows: { id: string; changes: ImportedProduct }[]): Promise<void> {
  if (rows.length === 0) return;
  // The JSON's keys are the changes' own names, read back under those (quoted) names.
  const values = JSON.stringify(rows.map(({ id, changes }) => ({ id, ...changes })));
  const set = sql.join(IMPORTED.map(({ key, column }) => sql`${sql.identifier(column)} = v.${sql.identifier(key)}`), sql`, `);
  const shape = sql.join(IMPORTED.map(({ key, type }) => sql`${sql.identifier(key)} ${sql.raw(type)}`), sql`, `);
  await queryRows(
    tx,
    sql`update products p set ${set} from jsonb_to_recordset(${values}::jsonb) as v(id uuid, ${shape})
      where p.id = v.id and p.seller_id = ${sellerId} and p.retired_at is null`,
  );
}

/**
 * Which of these stored image names the shop's products show: what a row of its import may name without the zip
 * (an export names them so). Another shop's images are not this shop's to reuse.
 */
export async function findShopImageNames(db: DbOrTx, sellerId: string, names: string[]): Promise<Set<string>> {
  if (names.length === 0) return new Set();
  const rows = await queryRows<{ name: string }>(
    db,
    sql`select distinct image.name from ${products} cross join lateral jsonb_array_elements_text(${products.images}) as image(name)
        where ${products.sellerId} = ${sellerId} and ${products.retiredAt} is null and image.name = any(${sql.param(names)}::text[])`,
  );
  return new Set(rows.map((row) => row.name));
}

/**
 * The first image of the shop's first product in stock of each category (the sample CSV shows images the shop has):
 * one read of the shop's own index of a category each (products_seller_category_order_idx), never a sort. The queries are
 * returned (awaitable) so a test can read a plan.
 */
export function findCategoryImages(db: DbOrTx, sellerId: string, categories: readonly string[]) {
  return categories.map((category) =>
    db
      .select({ category: products.category, image: sql<string | null>`${products.images} ->> 0` })
      .from(products)
      .where(
        and(
          eq(products.sellerId, sellerId),
          eq(products.category, category),
          eq(products.inStock, true),
          isNull(products.retiredAt),
          sql`jsonb_array_length(${products.images}) > 0`,
        ),
      )
      .orderBy(asc(products.createdAt), asc(products.id))
      .limit(1),
  );
}

/**
 * Which of these ids are the shop's retired products, and whether the operator removed each (moderation, only the
 * operator restores it): an import row naming one is told why it cannot update it.
 */
export function findShopRetired(db: DbOrTx, sellerId: string, ids: string[]): Promise<{ id: string; removedByOperator: boolean }[]> {
  if (ids.length === 0) return Promise.resolve([]);
  return db
    .select({ id: products.id, removedByOperator: products.removedByOperator })
    .from(products)
    .where(and(inArray(products.id, ids), eq(products.sellerId, sellerId), isNotNull(products.retiredAt)));
}
