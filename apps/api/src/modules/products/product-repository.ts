import { and, asc, desc, eq, inArray, ne, sql, type SQL } from 'drizzle-orm';
import type { DbOrTx } from '../../db/client.js';
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
