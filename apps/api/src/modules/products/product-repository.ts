import { and, asc, desc, eq, inArray, ne, sql, type SQL } from 'drizzle-orm';
import type { DbOrTx } from '../../db/client.js';
import { queryRows } from '../../db/raw-sql.js';
import { productWords, products } from '../../db/schema/index.js';

export type ProductRow = typeof products.$inferSelect;
export type NewProductRow = typeof products.$inferInsert;

export function listAllProducts(db: DbOrTx): Promise<ProductRow[]> {
  return db.select().from(products).orderBy(asc(products.createdAt), asc(products.id));
}

export async function countProducts(db: DbOrTx): Promise<number> {
  const rows = await db.select({ id: products.id }).from(products).limit(1);
  return rows.length;
}

export async function insertProducts(db: DbOrTx, rows: NewProductRow[]): Promise<ProductRow[]> {
  return db.insert(products).values(rows).returning();
}

export async function updateProductStock(db: DbOrTx, id: string, inStock: boolean): Promise<boolean> {
  const updated = await db.update(products).set({ inStock }).where(eq(products.id, id)).returning({ id: products.id });
  return updated.length > 0;
}

/** A product as checkout found it, after taking the units of its line when it is counted. */
export interface ProductForOrder {
  id: string;
  name: string;
  category: string;
  offerPriceMinor: number;
  images: string[];
  inStock: boolean;
  retired: boolean;
  /** Units left before this order (null: not counted). */
  stock: number | null;
  /** The order's units were taken (counted products only). */
  taken: boolean;
}

/**
 * Reads what checkout copies of each product and takes the units of the counted ones, in one statement
 * (docs/decisions/0064). Counted products (stock not null) are locked `FOR UPDATE` in id order (so two
 * checkouts of the same products cannot deadlock) and their stock goes down only where at least the
 * quantity is left, in stock and not retired; taking the last units sets them out of stock. Products
 * not counted are share-locked: a seller's change waits for the order, and checkouts of the same
 * product do not wait for each other (docs/decisions/0063). Every value answered is the locked row's,
 * so the price copied is the one the lock holds until commit. A product that does not exist is absent.
 */
export async function takeProductsForOrder(tx: DbOrTx, lines: { productId: string; quantity: number }[]): Promise<ProductForOrder[]> {
  const ids = sql.param(lines.map((l) => l.productId));
  const quantities = sql.param(lines.map((l) => l.quantity));
  const columns = sql.raw('id, name, category, offer_price_minor, images, in_stock, retired_at, stock');
  const rows = await queryRows(
    tx,
    sql`
    with wanted as (select * from unnest(${ids}::uuid[], ${quantities}::int[]) as w(id, quantity)),
    counted as (select ${columns} from products where id in (select id from wanted) and stock is not null order by id for update),
    not_counted as (select ${columns} from products where id in (select id from wanted) and stock is null for share),
    taken as (
      update products p set stock = c.stock - w.quantity, in_stock = c.stock > w.quantity
      from counted c join wanted w on w.id = c.id
      where p.id = c.id and c.stock >= w.quantity and c.in_stock and c.retired_at is null
      returning p.id
    )
    select c.*, c.id in (select id from taken) as taken from counted c
    union all
    select n.*, false from not_counted n`,
  );
  return rows.map((row) => ({
    id: row.id as string,
    name: row.name as string,
    category: row.category as string,
    offerPriceMinor: row.offer_price_minor as number,
    images: row.images as string[],
    inStock: row.in_stock as boolean,
    retired: row.retired_at !== null,
    stock: row.stock as number | null,
    taken: row.taken as boolean,
  }));
}

export function findProductsByIds(db: DbOrTx, ids: string[]): Promise<ProductRow[]> {
  if (ids.length === 0) return Promise.resolve([]);
  return db.select().from(products).where(inArray(products.id, ids));
}

/** `text` for ILIKE, its wildcards taken literally. */
const containsPattern = (text: string) => `%${text.replace(/[\\%_]/g, (c) => `\\${c}`)}%`;

/** After (or before) the product `cursor` in the (created_at, id) order; a row comparison the indexes serve. */
const pastCursor = (cursor: string, direction: 'after' | 'before'): SQL =>
  direction === 'after'
    ? sql`(${products.createdAt}, ${products.id}) > (select c.created_at, c.id from products c where c.id = ${cursor})`
    : sql`(${products.createdAt}, ${products.id}) < (select c.created_at, c.id from products c where c.id = ${cursor})`;

export interface StorefrontFilter {
  /** A category path as stored (the service maps the URL's letter case). */
  category?: string;
  /** Name contains this text, ignoring case; empty for every product. */
  contains: string;
  /** Name contains every one of these words too, ignoring case (close matches). */
  allWords?: string[];
  /** Name does not contain this text (close matches leave out the exact ones). */
  notContaining?: string;
  /** Product id the page starts after. */
  after?: string;
  /** Left out (the product page's own product among its related ones). */
  excludeId?: string;
  limit: number;
}

/**
 * In-stock products in the spec's order (oldest first, as the catalogue has always listed them),
 * one keyset page: the partial indexes on (created_at, id) and (category, created_at, id) serve it,
 * the trigram index the name filter when that is the narrower way in.
 */
export function findInStockPage(db: DbOrTx, filter: StorefrontFilter): Promise<ProductRow[]> {
  const conditions: SQL[] = [eq(products.inStock, true)];
  if (filter.category !== undefined) conditions.push(eq(products.category, filter.category));
  if (filter.contains) conditions.push(sql`${products.name} ilike ${containsPattern(filter.contains)}`);
  for (const word of filter.allWords ?? []) conditions.push(sql`${products.name} ilike ${containsPattern(word)}`);
  if (filter.notContaining) conditions.push(sql`${products.name} not ilike ${containsPattern(filter.notContaining)}`);
  if (filter.after) conditions.push(pastCursor(filter.after, 'after'));
  if (filter.excludeId) conditions.push(ne(products.id, filter.excludeId));
  return db
    .select()
    .from(products)
    .where(and(...conditions))
    .orderBy(asc(products.createdAt), asc(products.id))
    .limit(filter.limit);
}

/**
 * Each word of a search, as the closest word of any product name (pg_trgm similarity over the small
 * product_words table): a known word maps to itself, an unknown one to its closest spelling, or to
 * null when no word is close (similarity below pg_trgm's threshold, 0.3).
 */
export function closestNameWords(db: DbOrTx, typed: string[]): Promise<(string | null)[]> {
  return Promise.all(
    typed.map(async (word) => {
      const [row] = await db
        .select({ word: productWords.word })
        .from(productWords)
        .where(sql`${productWords.word} % ${word}`)
        .orderBy(desc(sql`similarity(${productWords.word}, ${word})`), asc(productWords.word))
        .limit(1);
      return row?.word ?? null;
    }),
  );
}

/** Every product, in stock or not, newest first: the seller's list, one keyset page. */
export function findSellerPage(db: DbOrTx, filter: { contains: string; before?: string; limit: number }): Promise<ProductRow[]> {
  const conditions: SQL[] = [];
  if (filter.contains) conditions.push(sql`${products.name} ilike ${containsPattern(filter.contains)}`);
  if (filter.before) conditions.push(pastCursor(filter.before, 'before'));
  return db
    .select()
    .from(products)
    .where(and(...conditions))
    .orderBy(desc(products.createdAt), desc(products.id))
    .limit(filter.limit);
}

export async function findProductById(db: DbOrTx, id: string): Promise<ProductRow | undefined> {
  const [row] = await db.select().from(products).where(eq(products.id, id)).limit(1);
  return row;
}

/**
 * Products whose name or category contains any of `words` (the chat assistant's search), those
 * matching the most words first, in stock before out of stock, then in catalogue order.
 */
export function findByAnyWord(db: DbOrTx, words: string[], limit: number): Promise<ProductRow[]> {
  if (words.length === 0) return Promise.resolve([]);
  const matches = words.map((w) => sql`(${products.name} ilike ${containsPattern(w)} or ${products.category} ilike ${containsPattern(w)})`);
  const score = sql.join(matches.map((m) => sql`${m}::int`), sql` + `);
  return db
    .select()
    .from(products)
    .where(sql.join(matches, sql` or `))
    .orderBy(desc(score), desc(products.inStock), asc(products.createdAt), asc(products.id))
    .limit(limit);
}
