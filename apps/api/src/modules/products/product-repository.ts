import { CATEGORY_PATHS, writtenOneWay, type NetQuantity, type ShopRef } from '@greencart/shared';
import { and, asc, desc, eq, getTableColumns, inArray, isNotNull, isNull, lte, ne, sql, type SQL, type SQLWrapper } from 'drizzle-orm';
import type { DbOrTx } from '../../db/client.js';
import { containsPattern } from '../../db/contains-pattern.js';
import { namesCategory } from './category-words.js';
import { productWords, products, sellers } from '../../db/schema/index.js';
import { shopNamed } from '../seller/seller-repository.js';

export type ProductRow = typeof products.$inferSelect;
export type NewProductRow = typeof products.$inferInsert;
/** A product with the shop that sells it: every product answer carries `seller` (issue 26). */
export type ShopProductRow = ProductRow & { shop: ShopRef };

/** Retired products are kept for the orders that copied them, and left out of every list (docs/decisions/0070). */
const sold = isNull(products.retiredAt);

/**
 * Whose products a seller call reads or changes (issue 26, docs/decisions/0117): one shop's, or every
 * shop's (the operator's lists and its moderation). Another shop's product is then simply not found.
 */
export type ShopScope = { sellerId: string } | 'all-shops';
const inScope = (scope: ShopScope): SQL | undefined => (scope === 'all-shops' ? undefined : eq(products.sellerId, scope.sellerId));
/** The operator's filter of a seller list: the products of the shop `shop` names (its slug or id, whatever its status); none when it names none. */
const ofShopNamed = (shop: string): SQL => sql`${products.sellerId} = (select ${sellers.id} from ${sellers} where ${shopNamed(shop)} limit 1)`;

/**
 * The shop of each product, read per product in a lateral subquery (a primary-key read), never joined:
 * `OFFSET 0` keeps the planner from turning it into a join it may start from `sellers`. Without planner
 * statistics on `sellers` (PGlite has no autovacuum) that join was estimated at one approved shop and
 * read every later product of every shop, then sorted them: 490 ms a page of the whole list at 100,000
 * products, 166 s to build it (docs/perf.md, "Marketplace shops"). This way every list still walks its
 * products index in the catalogue's order and stops at the page's end.
 */
const shopOf = (approvedOnly: boolean) =>
  sql`(select s.id, s.shop_name, s.slug from sellers s where s.id = ${products.sellerId}${approvedOnly ? sql` and s.status = 'approved'` : sql``} offset 0) shop`;
const withShop = {
  ...getTableColumns(products),
  shop: { id: sql<string>`shop.id`.as('shop_id'), shopName: sql<string>`shop.shop_name`.as('shop_name'), slug: sql<string>`shop.slug`.as('shop_slug') },
};

/**
 * What shoppers see: products of approved shops only, so a suspended shop's products leave every list,
 * search, product page and cart at once (docs/decisions/0118).
 */
const storefront = (db: DbOrTx) => db.select(withShop).from(products).crossJoinLateral(shopOf(true));

/** What sellers see of their own (or the operator of every) shop, whatever the shop's status. */
const sellerView = (db: DbOrTx) => db.select(withShop).from(products).crossJoinLateral(shopOf(false));

/** The approved shop of this slug, as a condition on products (evaluated once, then the shop's index serves). */
const ofShop = (slug: string): SQL => sql`${products.sellerId} = (select s.id from sellers s where s.slug = ${slug} and s.status = 'approved')`;


export async function countProducts(db: DbOrTx): Promise<number> {
  const rows = await db.select({ id: products.id }).from(products).limit(1);
  return rows.length;
}

export async function insertProducts(db: DbOrTx, rows: NewProductRow[]): Promise<ProductRow[]> {
  return db.insert(products).values(rows).returning();
}

export type ProductChange = Partial<
  Pick<NewProductRow, 'name' | 'description' | 'category' | 'priceMinor' | 'offerPriceMinor' | 'weight' | 'netAmount' | 'netUnit' | 'images' | 'stock' | 'inStock'>
>;

/**
 * The weight typed for a product (the catalogue CSV's column; the seller's form has none) kept while the net quantity
 * stays as it is, and cleared when the change gives it another: it described the old pack, and the cart showed "Pack of 3
 * × 270 g" beside a 540 g card (a probe). Without it, the net quantity is the weight shown (decision 0148).
 */
export const weightKeptFor = (net: NetQuantity | null) =>
  sql`case when ${products.netAmount} is not distinct from ${net?.amount ?? null}::double precision and ${products.netUnit} is not distinct from ${net?.unit ?? null}::text then ${products.weight} end`;

/** A net quantity (issue 28) as its two columns; null (or none given) clears both. */
export const netQuantityColumns = (net: NetQuantity | null | undefined): Pick<ProductRow, 'netAmount' | 'netUnit'> => ({
  netAmount: net?.amount ?? null,
  netUnit: net?.unit ?? null,
});

/** The two columns as the API's net quantity, or undefined when the product has none. */
export const netQuantityOf = (row: Pick<ProductRow, 'netAmount' | 'netUnit'>): NetQuantity | undefined =>
  row.netAmount !== null && row.netUnit !== null ? { amount: row.netAmount, unit: row.netUnit } : undefined;

/**
 * Changes a product still sold; undefined when there is none. A count of 0 takes it out of stock and
 * units after 0 put it back: a trigger does that for every writer (migration 0011, docs/decisions/0071).
 */
export async function updateProduct(db: DbOrTx, id: string, change: Omit<ProductChange, 'weight'> & { weight?: string | null | SQL }, scope: ShopScope): Promise<ProductRow | undefined> {
  const [row] = await db
    .update(products)
    .set(change)
    .where(and(eq(products.id, id), sold, inScope(scope)))
    .returning();
  return row;
}

/**
 * Takes a product of the scope out of the shop; its row stays for the orders that copied it (and a restore). Its
 * shop, or undefined when there is none. `operator`: the operator retires it, and another shop's product is marked
 * removed by the operator, with its reason (moderation: only the operator restores it, docs/decisions/0231).
 */
export async function retireProduct(db: DbOrTx, id: string, scope: ShopScope, operator?: { id: string; reason: string | undefined }): Promise<{ sellerId: string } | undefined> {
  const another = operator && sql`${products.sellerId} <> ${operator.id}`;
  const [retired] = await db
    .update(products)
    // Out of stock too, so a checkout that still finds it refuses it.
    .set({
      retiredAt: sql`now()`,
      inStock: false,
      removedByOperator: another ?? false,
      removalReason: another && operator.reason ? sql`case when ${another} then ${operator.reason} end` : null,
    })
    .where(and(eq(products.id, id), sold, inScope(scope)))
    .returning({ sellerId: products.sellerId });
  return retired;
}

/**
 * A name as a shopper reads it, for telling one product from another: written one way (compatibility letters plain, a
 * run of spaces as one), without its accents or other marks ("ORGANİC" with a Turkish dotted İ), in lower case.
 */
export const nameKey = (name: string) => writtenOneWay(name.trim()).normalize('NFKD').replace(/\p{M}/gu, '').toLowerCase();

/**
 * The names (as `nameKey`) of the products the operator removed from this shop: the shop does not put one of them on
 * sale again, by the form, an edit or an import (a probe re-imported a removed product's row without its id and had it
 * back on sale, then wrote its name with two spaces; decision 0231). Its deleted products, a few, read by their index.
 */
export async function findRemovedNameKeys(db: DbOrTx, sellerId: string): Promise<Set<string>> {
  const found = await db
    .select({ name: products.name })
    .from(products)
    .where(and(eq(products.sellerId, sellerId), isNotNull(products.retiredAt), eq(products.removedByOperator, true)));
  return new Set(found.map((row) => nameKey(row.name)));
}

/**
 * Puts a retired product of the scope back in the shop, out of stock until its seller says otherwise (0231). A shop
 * does not restore what the operator removed (`removed`); a product of the scope on sale is answered as it is;
 * `undefined` when no product of the scope has the id.
 */
export async function restoreProduct(db: DbOrTx, id: string, scope: ShopScope): Promise<ShopProductRow | 'removed' | undefined> {
  const ofScope = and(eq(products.id, id), isNotNull(products.retiredAt), inScope(scope));
  const [restored] = await db
    .update(products)
    .set({ retiredAt: null, removedByOperator: false, removalReason: null, inStock: false })
    .where(scope === 'all-shops' ? ofScope : and(ofScope, eq(products.removedByOperator, false)))
    .returning({ id: products.id });
  if (restored) return (await sellerView(db).where(eq(products.id, id)))[0];
  const [removed] = await db.select({ id: products.id }).from(products).where(ofScope).limit(1);
  if (removed) return 'removed';
  // On sale already (a restore sent again after its answer was lost, or from a second tab): as it is, not "not found"
  // (a probe was told the product it could see did not exist).
  return (await sellerView(db).where(and(eq(products.id, id), sold, inScope(scope))))[0];
}

/**
 * A seller's search of its own products (its list, its deleted ones): every word in the name, in any order and any
 * letter case. "water coconut" found nothing of "Coconut Water 1L" as a phrase, while the storefront's search offers it
 * (a probe). Each word is one ILIKE the trigram index serves.
 */
const nameHasEveryWord = (text: string): SQL[] => text.split(/\s+/).filter(Boolean).map((word) => sql`${products.name} ilike ${containsPattern(word)}`);

/**
 * The scope's retired products (the operator may narrow them to a shop), last retired first, one keyset page
 * (products_seller_retired_idx for one shop, products_retired_idx for all): what a shop may restore. The query itself is returned (awaitable) so a test can read its plan.
 */
export function findRetiredPage(db: DbOrTx, filter: { contains: string; before?: string; limit: number; scope: ShopScope; shop?: string }) {
  const conditions: SQL[] = [isNotNull(products.retiredAt)];
  const own = inScope(filter.scope);
  if (own) conditions.push(own);
  if (filter.shop !== undefined) conditions.push(ofShopNamed(filter.shop));
  conditions.push(...nameHasEveryWord(filter.contains));
  if (filter.before) conditions.push(sql`(${products.retiredAt}, ${products.id}) < ${cursorRow(sql`c.retired_at, c.id`, filter.before, filter.scope)}`);
  return sellerView(db)
    .where(and(...conditions))
    .orderBy(desc(products.retiredAt), desc(products.id))
    .limit(filter.limit);
}

/**
 * Counted products with `threshold` units or fewer, fewest first, at most `limit` (products_low_stock_idx).
 * The query itself is returned (awaitable) so a test can read its plan.
 */
export function findLowStock(db: DbOrTx, threshold: number, limit: number, scope: ShopScope, after?: string) {
  return sellerView(db)
    .where(
      and(
        lte(products.stock, threshold),
        sold,
        inScope(scope),
        // After the product `after` in the list's order (products_seller_low_stock_idx serves it at any depth).
        after ? sql`(${products.stock}, ${products.id}) > ${cursorRow(sql`c.stock, c.id`, after, scope)}` : undefined,
      ),
    )
    .orderBy(asc(products.stock), asc(products.id))
    .limit(limit);
}

/** Products still sold among `ids`; retired and unknown ids, and a suspended shop's, are left out. */
export function findProductsByIds(db: DbOrTx, ids: string[]): Promise<ShopProductRow[]> {
  if (ids.length === 0) return Promise.resolve([]);
  return storefront(db).where(and(inArray(products.id, ids), sold));
}

/** The names of the products among `ids`, retired or not (a mail telling a shop about its product). */
export async function findProductNames(db: DbOrTx, ids: string[]): Promise<Map<string, string>> {
  if (ids.length === 0) return new Map();
  const rows = await db.select({ id: products.id, name: products.name }).from(products).where(inArray(products.id, ids));
  return new Map(rows.map((row) => [row.id, row.name]));
}

/** One shop's products still sold among `ids` (a catalogue import's rows that name an existing product). */
export function findShopProductsByIds(db: DbOrTx, sellerId: string, ids: string[]): Promise<ProductRow[]> {
  if (ids.length === 0) return Promise.resolve([]);
  return db.select().from(products).where(and(inArray(products.id, ids), sold, eq(products.sellerId, sellerId)));
}

/**
 * The product `cursor`'s `columns` (of `products c`), when the scope may list it: another shop's id is as unknown
 * (its page is empty), so a shop cannot learn whether an id it holds is a product or when it was added (a probe).
 */
const cursorRow = (columns: SQL, cursor: string, scope: ShopScope): SQL =>
  sql`(select ${columns} from products c where c.id = ${cursor}${scope === 'all-shops' ? sql`` : sql` and c.seller_id = ${scope.sellerId}`})`;

/** After (or before) the product `cursor` in the (created_at, id) order; a row comparison the indexes serve. */
const pastCursor = (cursor: string, direction: 'after' | 'before', scope: ShopScope = 'all-shops'): SQL =>
  direction === 'after'
    ? sql`(${products.createdAt}, ${products.id}) > ${cursorRow(sql`c.created_at, c.id`, cursor, scope)}`
    : sql`(${products.createdAt}, ${products.id}) < ${cursorRow(sql`c.created_at, c.id`, cursor, scope)}`;

/**
 * Products still sold, in stock or not, in the spec's order after the product `after` (from the first
 * when undefined): one keyset page of GET /api/product/list, which is built a page at a time
 * (products_created_idx serves each page at any depth).
 */
export function listProductsPage(db: DbOrTx, after: string | undefined, limit: number): Promise<ShopProductRow[]> {
  return storefront(db)
    .where(after === undefined ? sold : and(sold, pastCursor(after, 'after')))
    .orderBy(asc(products.createdAt), asc(products.id))
    .limit(limit);
}

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
  /** One shop's products only: its slug (`?seller=`, a shop's page; issue 26). */
  shop?: string;
  limit: number;
}

/**
 * In-stock products in the spec's order (oldest first, as the catalogue has always listed them),
 * one keyset page: the partial indexes on (created_at, id) and (category, created_at, id) serve it,
 * the trigram index the name filter when that is the narrower way in. A category's search walks a stretch of the
 * category first (`walkThenSort`): a word the category's names do not hold ("milk" among Fruits) walked the whole
 * catalogue's order, 90-110 ms at 100,000 products (the planner counting on matches spread evenly).
 */
export function inStockPageReads(db: DbOrTx, filter: StorefrontFilter): PageReads {
  const listed: SQL[] = [eq(products.inStock, true), sold];
  if (filter.category !== undefined) listed.push(eq(products.category, filter.category));
  if (filter.after) listed.push(pastCursor(filter.after, 'after'));
  if (filter.excludeId) listed.push(ne(products.id, filter.excludeId));
  if (filter.shop !== undefined) listed.push(ofShop(filter.shop));
  const words: SQL[] = [];
  if (filter.contains) words.push(sql`${products.name} ilike ${containsPattern(filter.contains)}`);
  for (const word of filter.allWords ?? []) words.push(sql`${products.name} ilike ${containsPattern(word)}`);
  if (filter.notContaining) words.push(sql`${products.name} not ilike ${containsPattern(filter.notContaining)}`);
  const conditions = [...listed, ...words];
  // Close matches (every word, in any order) are the first CLOSE_MATCH_POOL products the scan meets that hold them (the
  // trigram index's or the table's), then a page of those in the spec's order. Not by walking the catalogue's order until
  // enough match: two common words no name holds together ("milk bread") read 90,000 rows that way, 0.2-0.9 s a search;
  // nor every match read and sorted: a word 87,000 names hold ("packk" for pack) took 0.2-0.5 s, 23 ms now (scale probes).
  if (filter.allWords?.length) {
    const pool = db.select({ id: products.id }).from(products).where(and(...conditions)).limit(CLOSE_MATCH_POOL);
    return { inOrder: storefront(db).where(inArray(products.id, pool)).orderBy(asc(products.createdAt), asc(products.id)).limit(filter.limit) };
  }
  if (filter.contains && filter.category !== undefined) return walkThenSort(db, { shops: 'approved', listed, words, order: 'asc', limit: filter.limit });
  return { inOrder: storefront(db).where(and(...conditions)).orderBy(asc(products.createdAt), asc(products.id)).limit(filter.limit) };
}

export const findInStockPage = (db: DbOrTx, filter: StorefrontFilter) => firstPage(inStockPageReads(db, filter), filter.limit);

/** A page's reads: in the list's order, and, when that may stop short, every match sorted (`walkThenSort`). */
export interface PageReads {
  inOrder: PromiseLike<ShopProductRow[]> & SQLWrapper;
  everyMatch?: PromiseLike<ShopProductRow[]> & SQLWrapper;
}

/** How many products of a list a search walks in the list's order before it reads every match instead. */
export const SEARCH_WALK = 1000;

/**
 * A page of a list (`listed`, in its order) holding a search's words, read two ways. `inOrder` walks the next
 * SEARCH_WALK products of the list in its order (a subquery ordered and limited, streamed, so the page stops at its
 * last match): words most names hold are found among the first few. When that finds less than a page, `everyMatch`
 * reads the names holding the words (through the trigram index when it serves) and sorts them (an order the list's
 * index cannot give, `± interval '0 seconds'`): words few names hold are found without reading the whole list. Pages
 * stay exact: the walk covers a prefix of the list, so its matches are the first ones.
 */
function walkThenSort(db: DbOrTx, page: { shops: 'approved' | 'any'; listed: SQL[]; words: SQL[]; order: 'asc' | 'desc'; limit: number }): PageReads {
  const by = page.order === 'asc' ? asc : desc;
  const approvedOnly = page.shops === 'approved';
  // The list's next products, named `products` so the page's conditions and order read it.
  const next = db.select().from(products).where(and(...page.listed)).orderBy(by(products.createdAt), by(products.id)).limit(SEARCH_WALK).as('products');
  return {
    inOrder: db.select(withShop).from(next).crossJoinLateral(shopOf(approvedOnly)).where(and(...page.words)).orderBy(by(products.createdAt), by(products.id)).limit(page.limit),
    everyMatch: db
      .select(withShop)
      .from(products)
      .crossJoinLateral(shopOf(approvedOnly))
      .where(and(...page.listed, ...page.words))
      .orderBy(by(sql`${products.createdAt} + interval '0 seconds'`), by(products.id))
      .limit(page.limit),
  };
}

/** The page `reads` find: in order, or, when that stops short of `limit`, every match sorted. */
async function firstPage(reads: PageReads, limit: number): Promise<ShopProductRow[]> {
  const page = await reads.inOrder;
  return page.length < limit && reads.everyMatch ? reads.everyMatch : page;
}

/** How many products holding a misspelt search's corrected words are read for its close matches (at most a page shown). */
const CLOSE_MATCH_POOL = 500;

/** The longest word whose one-slip spellings are looked up (each is a key of product_words: 26 per letter, at most 241). */
const SLIP_WORD_MAX = 8;

/**
 * The words one slip away from a short word of Latin letters: two neighbours swapped ("mlik" -> milk) or one letter left
 * out ("mlk" -> milk). Trigrams miss both in a short word: "mlik" shares one of its three-letter pieces with "milk".
 */
export function oneSlipAway(word: string): string[] {
  if (!/^[a-z]+$/.test(word) || word.length > SLIP_WORD_MAX) return [];
  const swapped = [...word.slice(1)].map((_, i) => word.slice(0, i) + word[i + 1] + word[i] + word.slice(i + 2));
  const added = [...'abcdefghijklmnopqrstuvwxyz'].flatMap((letter) => Array.from({ length: word.length + 1 }, (_, at) => word.slice(0, at) + letter + word.slice(at)));
  return [...new Set([...swapped, ...added])].filter((other) => other !== word);
}

/**
 * Each word of a search, as the closest word of any product name (pg_trgm similarity over the small
 * product_words table): a known word maps to itself, an unknown one to its closest spelling, or, with none close by
 * trigrams (similarity below pg_trgm's threshold, 0.3), to a word one slip away (`oneSlipAway`, by its key); null when
 * there is none either.
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
      if (row) return row.word;
      const slips = oneSlipAway(word);
      if (slips.length === 0) return null;
      const [slip] = await db.select({ word: productWords.word }).from(productWords).where(inArray(productWords.word, slips)).orderBy(asc(productWords.word)).limit(1);
      return slip?.word ?? null;
    }),
  );
}

/**
 * The seller's list: by two words or more it walks a stretch of the list first (`walkThenSort`): two words no name
 * holds together ("milk bread") read every product in the list's order, 0.5 s, and reading and sorting every match of
 * two common words ("pack of", half the catalogue) took the operator 0.3-0.6 s a page at 100,000 products (scale probes).
 */
export function sellerPageReads(
  db: DbOrTx,
  filter: { contains: string; before?: string; limit: number; scope: ShopScope; shop?: string; outOfStock?: boolean; category?: string },
): PageReads {
  const listed: SQL[] = [sold];
  const own = inScope(filter.scope);
  if (own) listed.push(own);
  if (filter.shop !== undefined) listed.push(ofShopNamed(filter.shop));
  if (filter.outOfStock) listed.push(eq(products.inStock, false));
  if (filter.category !== undefined) listed.push(eq(products.category, filter.category));
  if (filter.before) listed.push(pastCursor(filter.before, 'before', filter.scope));
  const words = nameHasEveryWord(filter.contains);
  if (words.length > 1) return walkThenSort(db, { shops: 'any', listed, words, order: 'desc', limit: filter.limit });
  return { inOrder: sellerView(db).where(and(...listed, ...words)).orderBy(desc(products.createdAt), desc(products.id)).limit(filter.limit) };
}

/**
 * Every product still sold of the scope, in stock or not, newest first: the seller's list, one keyset page
 * (products_seller_order_idx for one shop, products_created_idx for all); the operator may narrow it to a shop. Only
 * those out of stock (`outOfStock`): products_seller_out_idx and products_out_idx, small (decision 0286).
 */
export const findSellerPage = (db: DbOrTx, filter: Parameters<typeof sellerPageReads>[1]) => firstPage(sellerPageReads(db, filter), filter.limit);

/** A product of an approved shop by id, retired or not: its page says which (404 unknown, 410 retired). */
export async function findProductEverSold(db: DbOrTx, id: string): Promise<ShopProductRow | undefined> {
  const [row] = await storefront(db).where(eq(products.id, id)).limit(1);
  return row;
}

/**
 * A page of the sitemap's products, by id after `after`: every product, `listed` when still sold by an approved shop,
 * `changedAt` the latest of its page's last change, its shop's last status change (a shop approved again brings
 * its pages back; for one not listed, when it left: retired or its shop suspended, docs/decisions/0130) and its
 * shop's last rename (the page says who sells it). Its shop and whether it is in stock: its shop's page lists it then.
 */
export function sitemapPage(db: DbOrTx, after: string | undefined, limit: number): Promise<{ id: string; category: string; sellerId: string; inStock: boolean; listed: boolean; changedAt: Date }[]> {
  return db
    .select({
      id: products.id,
      category: products.category,
      sellerId: products.sellerId,
      inStock: products.inStock,
      listed: sql<boolean>`${sold} and shop.status = 'approved'`,
      changedAt: sql<Date>`greatest(${products.updatedAt}, shop.status_changed_at, shop.renamed_at)`.mapWith(products.updatedAt),
    })
    .from(products)
    .crossJoinLateral(sql`(select s.status, s.status_changed_at, s.renamed_at from sellers s where s.id = ${products.sellerId} offset 0) shop`)
    .where(after === undefined ? undefined : sql`${products.id} > ${after}`)
    .orderBy(asc(products.id))
    .limit(limit);
}

/** A product still sold by an approved shop, by id. */
export async function findProductById(db: DbOrTx, id: string): Promise<ShopProductRow | undefined> {
  const [row] = await storefront(db).where(and(eq(products.id, id), sold)).limit(1);
  return row;
}

/** The assistant's search reads at most this many words of a message: each costs one or two index reads. */
export const ANY_WORD_MAX = 6;
/**
 * The cheapest-first search of a name (docs/decisions/0241) looks among this many of the cheapest in-stock products
 * first (products_in_stock_price_idx): the matches it meets there are the cheapest of all, exactly. A name with fewer
 * matches there (a rarer one) has its matches read in whatever order the planner finds them fastest (the trigram
 * index), at most CHEAPEST_AMONG of them, and sorted by price: exact for a name with fewer matches than that.
 */
export const CHEAPEST_WALK = 3000;
export const CHEAPEST_AMONG = 5000;

/** The categories (a fixed set, packages/shared) a word names (category-words.ts): the column is matched by equality, not `ilike`. */
const categoriesNaming = (words: readonly string[]): string[] => CATEGORY_PATHS.filter((path) => words.some((w) => namesCategory(w, path)));

export interface AnyWordSearch {
  /** Lower-case words a product's name or category may contain. */
  words: string[];
  /** Candidates read through each way in, and answered. */
  limit: number;
  /** `cheapest`: each way in answers its cheapest in-stock matches (of at most CHEAPEST_AMONG); otherwise its first in the catalogue's order. */
  order: 'relevance' | 'cheapest';
}

/**
 * The chat assistant's candidates (docs/decisions/0241): the union of a few LIMITed reads, each served by an index
 * whatever the catalogue's size, never a scan of every product that matches:
 * - per word, the in-stock products whose name contains it (products_in_stock_order_idx walked in the catalogue's
 *   order, or the trigram index on name when the word is rare), and its out-of-stock ones only when it has fewer
 *   than `limit` in stock (a rare word: the trigram index);
 * - every word in the name at once (two words or more: the best matches, however common each word is);
 * - per category a word names, its in-stock products (products_category_order_idx).
 * Cheapest first, each way reads at most CHEAPEST_AMONG in-stock matches and keeps its `limit` cheapest. Products of
 * approved shops only. The query itself is returned (awaitable) so a test can read its plan.
 */
export function anyWordCandidates(db: DbOrTx, search: AnyWordSearch) {
  const words = search.words.slice(0, ANY_WORD_MAX).map((w) => w.toLowerCase());
  const { limit } = search;
  const cheapest = search.order === 'cheapest';
  const sellable = sql`${products.inStock} and ${products.retiredAt} is null`;
  const nameHas = (w: string) => sql`${products.name} ilike ${containsPattern(w)}`;
  const inCatalogueOrder = sql`order by ${products.createdAt}, ${products.id}`;
  // The shop's lateral read inside each way in too, so a suspended shop's products never take a way's places. Cheapest
  // first, a name's matches are read in any order (through the trigram index); a category's in the catalogue's, as its
  // index holds them (any order let the planner read the table until it had met enough of the category).
  const byPrice = sql`order by ${products.offerPriceMinor}, ${products.createdAt}, ${products.id}`;
  const first = (where: SQL, order: SQL) => sql`select ${products.id} from ${products} cross join lateral ${shopOf(true)} where ${sellable} and ${where} ${order} limit ${limit}`;
  // Cheapest first: a category walks its price index; a name looks among the cheapest CHEAPEST_WALK products, and when it
  // meets fewer than `limit` there, sorts its matches (a one-time filter: otherwise not read).
  const read = (where: SQL, by: 'name' | 'category' = 'name') =>
    !cheapest
      ? first(where, inCatalogueOrder)
      : by === 'category'
        ? first(where, byPrice)
        : // The cheapest CHEAPEST_WALK are named `products` too, so the condition (written on the table) reads them.
          sql`(with walk as (select ${products.id} from (select id, seller_id, name, category, offer_price_minor, created_at from ${products} where ${sellable} ${byPrice} limit ${CHEAPEST_WALK}) as products
              cross join lateral ${shopOf(true)} where ${where} ${byPrice} limit ${limit}),
            seen as (select ${products.id}, ${products.offerPriceMinor}, ${products.createdAt} from ${products} cross join lateral ${shopOf(true)} where ${sellable} and ${where} limit ${CHEAPEST_AMONG})
          select id from walk
          union
          (select c.id from (select id from seen order by offer_price_minor, created_at, id limit ${limit}) c where (select count(*) from walk) < ${limit}))`;
  const named = words.map((_, i) => sql.raw(`named_${i}`));
  const ways: SQL[] = words.flatMap((w, i) => [
    sql`select id from ${named[i]}`,
    // Out-of-stock matches only for a word with fewer than `limit` in stock (a one-time filter: otherwise not read).
    sql`select o.id from (select ${products.id} from ${products} cross join lateral ${shopOf(true)} where not ${products.inStock} and ${products.retiredAt} is null and ${nameHas(w)} ${inCatalogueOrder} limit ${limit}) o where (select count(*) from ${named[i]}) < ${limit}`,
  ]);
  if (words.length > 1) ways.push(read(sql.join(words.map(nameHas), sql` and `)));
  for (const category of categoriesNaming(words)) ways.push(read(sql`${products.category} = ${category}`, 'category'));
  const ids =
    words.length === 0
      ? sql`select null::uuid where false`
      : sql`with ${sql.join(words.map((w, i) => sql`${named[i]} as (${read(nameHas(w))})`), sql`, `)} ${sql.join(ways.map((way) => sql`(${way})`), sql` union all `)}`;
  // `= any(array(…))`: the ids are read first (once), then each product by its key; an `in (…)` was joined by hash to
  // a read of the whole table when the planner guessed many ids.
  return storefront(db)
    .where(sql`${products.id} = any(array(${ids}))`)
    .orderBy(asc(products.createdAt), asc(products.id));
}

/**
 * Products whose name or category contains any of `words` (the chat assistant's search), those matching the most
 * words first, in stock before out of stock, then in catalogue order (cheapest first: by offer price), at most `limit`:
 * the candidates above, ranked here.
 */
export async function findByAnyWord(db: DbOrTx, search: AnyWordSearch): Promise<ShopProductRow[]> {
  const words = search.words.slice(0, ANY_WORD_MAX).map((w) => w.toLowerCase());
  if (words.length === 0) return [];
  const rows = await anyWordCandidates(db, search);
  const score = (row: ShopProductRow) => words.filter((w) => row.name.toLowerCase().includes(w) || row.category.toLowerCase().includes(w)).length;
  const ranked = rows.map((row) => ({ row, score: score(row) }));
  // Stable: the rows come in the catalogue's order.
  ranked.sort(
    (a, b) => b.score - a.score || Number(b.row.inStock) - Number(a.row.inStock) || (search.order === 'cheapest' ? a.row.offerPriceMinor - b.row.offerPriceMinor : 0),
  );
  return ranked.slice(0, search.limit).map((r) => r.row);
}
