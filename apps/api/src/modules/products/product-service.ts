import {
  BEST_SELLER_COUNT,
  LOW_STOCK_LIST_MAX,
  LOW_STOCK_THRESHOLD,
  findCategory,
  RELATED_PRODUCT_COUNT,
  SHOP_SEARCH_MIN,
  type CatalogueQuery,
  type CataloguePage,
  IdSchema,
  type Product,
  type ProductPageData,
  type RetiredProduct,
  type RetiredProductQuery,
  type SellerProductQuery,
} from '@greencart/shared';
import { keptUntilChange, SHOPS_CHANGED, type ChannelFeed } from '../../db/channel-feed.js';
import type { Db } from '../../db/client.js';
import type { ImageService } from '../images/image-service.js';
import { findApprovedShopsNaming, type SellerAccess } from '../seller/seller-repository.js';
import { buildCatalogueList, type CatalogueListBody } from './catalogue-list.js';
import { productAnswer } from './product-answer.js';
import { spacedRebuilds } from './spaced-rebuilds.js';
import { productNotFound } from './product-errors.js';
import {
  closestNameWords,
  findByAnyWord,
  findInStockPage,
  findLowStock,
  findProductById,
  findProductEverSold,
  findProductNames,
  findProductsByIds,
  findRetiredPage,
  findSellerPage,
  listProductsPage,
  type AnyWordSearch,
  type ShopProductRow,
  type ShopScope,
} from './product-repository.js';
import { hindiName, lowerCaseWords } from './hindi-names.js';

/** What a seller reads of the catalogue: its own products; the operator every shop's (issue 26, decision 0117). */
export const readScope = (seller: SellerAccess): ShopScope => (seller.role === 'operator' ? 'all-shops' : { sellerId: seller.id });

/** Words this long or longer are corrected (trigrams of shorter ones say little); shorter ones are kept. */
const CORRECTED_WORD_MIN_LENGTH = 3;
/** The shops a search names above its products (decision 0279). */
const SEARCH_SHOPS_MAX = 3;
/** A search of more words than this gets no close matches (each word costs one lookup). */
const CORRECTED_WORDS_MAX = 4;

/**
 * The products a kept answer depends on besides those it shows (`productIdsIn`): a page's look-ahead row, which says
 * whether there is a next page; its last units sold, the list ends there ("Load more" to an empty page stayed: a
 * probe). A symbol: JSON leaves it out, a spread (an answer's wrapper) carries it.
 */
const ALSO_SHOWS = Symbol('also shows');

/** One more row than the page tells whether another page follows. */
function toPage<T>(rows: ShopProductRow[], limit: number, toApi: (row: ShopProductRow) => T) {
  const page = rows.slice(0, limit);
  const lookAhead = rows[limit];
  return { products: page.map(toApi), nextCursor: lookAhead ? page.at(-1)!.id : null, ...(lookAhead && { [ALSO_SHOWS]: [lookAhead.id] }) };
}

/**
 * How long a request waits for a rebuilt list before it is answered with the previous one, when the
 * last build took this long or more: 49 products rebuild in milliseconds (always waited for); 100,000
 * take seconds (docs/perf.md), which no request should wait for after every change (decisions 0013, 0099).
 */
export const LIST_REBUILD_WAIT_MS = 300;
/**
 * When the last two builds of the whole list each took B ms or more, the next starts no sooner than B × this after
 * the last ended: a stream of changes (stock taken by orders, sellers' edits) on a large catalogue keeps the builder
 * busy at most a third of the time, where it rebuilt back to back (10 s builds at 100,000 products took a core;
 * docs/perf.md). The list answered meanwhile is the previous one, as during any slow build (decision 0013). A seller's
 * fresh read starts its build one spacing sooner and the rest it skips is owed after it: at most half the time busy
 * when sellers ask for every build (`spacedRebuilds`).
 */
export const LIST_REBUILD_SPACING = 2;
/**
 * Builds are spaced when the last two each took this long: a small catalogue's list follows each change at once,
 * though on PostgreSQL its build, in a worker thread (0135), can take a few hundred milliseconds on a busy machine,
 * and the worker's first build, which starts it, a second or more.
 */
export const LIST_SPACED_FROM_MS = 1_000;
/**
 * The list read within this long is rebuilt after each change without waiting to be asked (spaced as ever): a client
 * that reads it now and then (the spec's client at each start) gets it as of the last change, not one built before a
 * quiet spell; a list nobody reads costs no builds.
 */
export const LIST_KEPT_WARM_MS = 10 * 60 * 1000;
/** Storefront reads kept in memory between catalogue changes (each a page of at most 60 products). */
const READ_CACHE_MAX = 1000;

/**
 * The text a search looks for: without the punctuation and quotes around it (`milk.`, `"milk"`, `milk,`: a phone keyboard
 * adds a full stop after a double space, and each found nothing and offered nothing: a probe). `%` and `_` are kept
 * (looked for literally: "100%"); punctuation alone is looked for as typed.
 */
const EDGE_PUNCTUATION = /^[\s.,;:!?"'“”‘’«»()[\]]+|[\s.,;:!?"'“”‘’«»()[\]]+$/g;
const searchText = (typed: string): string => typed.replace(EDGE_PUNCTUATION, '') || typed;

/**
 * The products an answer shows: every `_id` in it (a product's; shops are `id`), and those it depends on besides
 * (`ALSO_SHOWS`), for `keptUntilChange` (0273).
 */
export function productIdsIn(value: unknown, ids = new Set<string>()): Set<string> {
  if (Array.isArray(value)) for (const item of value) productIdsIn(item, ids);
  else if (value !== null && typeof value === 'object') {
    for (const [key, item] of Object.entries(value)) {
      if (key === '_id' && typeof item === 'string') ids.add(item);
      else productIdsIn(item, ids);
    }
    for (const id of (value as { [ALSO_SHOWS]?: string[] })[ALSO_SHOWS] ?? []) ids.add(id);
  }
  return ids;
}

/**
 * The catalogue is the hottest read of the shop, so the list is served from memory as a ready
 * JSON body, compressed once per version rather than per request (docs/decisions/0099), with an ETag
 * for 304s. It is dropped on every catalogue change any
 * instance makes: a trigger on `products` NOTIFYs `catalogue_changed` (checkout after its commit,
 * 0086) and `changes` follows it (docs/decisions/0060). While that feed is down (a dropped connection being reopened) nothing is
 * cached, since a change could go unheard. Prices and stock for orders are always read from the
 * database inside the order's transaction, never from this cache.
 */
export function createProductService(
  db: Db,
  images: Pick<ImageService, 'urlFor'>,
  changes: Pick<ChannelFeed, 'live' | 'subscribe'>,
  options: {
    rebuildWaitMs?: number;
    /** Builds at least this long are spaced (`LIST_SPACED_FROM_MS`; a test gives a smaller one). */
    spacedFromMs?: number;
    /** Builds the whole list elsewhere (a worker thread on PostgreSQL: decision 0135). */
    buildList?: () => Promise<CatalogueListBody>;
  } = {},
) {
  /**
   * Catalogue reads (a search page, Best Sellers, a product, its related ones, a cart's products, a page
   * of the seller's list) by their arguments, kept until a catalogue change: a popular page is one query
   * per change, not one per request (a search costs ~3 ms of this process's CPU; 20 shoppers at once
   * queued to 60 ms).
   */
  const kept = keptUntilChange(changes, READ_CACHE_MAX);
  /**
   * Every read below shows products whatever their stock, or only in-stock ones (which a checkout can take out of a
   * read, not put in): each read is kept through the checkouts that took stock of products it does not show (0273).
   */
  const reads = { get: <T>(key: string, compute: () => Promise<T>) => kept.get(key, compute, productIdsIn) };

  const toApiProduct = (row: ShopProductRow): Product => productAnswer(row, images.urlFor);
  /** The products of a cart, in any stock state; unknown and retired ids are left out (the cart shows them as no longer sold). */
  const byIds = (ids: string[]): Promise<Product[]> => reads.get(`by-ids ${[...ids].sort().join(',')}`, async () => (await findProductsByIds(db, ids)).map(toApiProduct));
  /** The whole list as of now: in a worker thread when one is given (PostgreSQL, decision 0135), else here. */
  const buildList = options.buildList ?? (() => buildCatalogueList((after, limit) => listProductsPage(db, after, limit), toApiProduct));
  /**
   * The list as of the last change heard, rebuilt once for every request after a change, one build at a time, spaced
   * under a stream of changes (`LIST_REBUILD_SPACING`). When the last build took `rebuildWaitMs` or more (a large
   * catalogue), a rebuild is waited for at most that long, after which the previous list answers; a catalogue that
   * builds faster is always waited for, so on a busy machine too a small shop's next answer shows the change. While
   * the change feed is down nothing is trusted: every request counts as a change and waits for a list read after it
   * arrived. `fresh` (a seller reading its own writes): waits for the list after the last change heard, whose build
   * starts as soon as the one under way ends, not after the spacing (decision 0013, amended 2026-11-29 later).
   */
  const list = spacedRebuilds(buildList, changes, {
    factor: LIST_REBUILD_SPACING,
    spacedFromMs: options.spacedFromMs ?? LIST_SPACED_FROM_MS,
    waitMs: options.rebuildWaitMs ?? LIST_REBUILD_WAIT_MS,
    spacedWhileFeedDown: false,
    keepWarmMs: LIST_KEPT_WARM_MS,
    // A shop suspended leaves the whole list at once too (issue 26): the previous list, built before, is not sent.
    withdraws: (change) => change === SHOPS_CHANGED,
  });

  /**
   * This instance's own writes: the list and the kept reads are stale at once, before the feed echoes them.
   * `shops`: a shop's status, name or slug changed, so no list built before is sent (as `SHOPS_CHANGED`).
   */
  const invalidate = (shops = false) => {
    list.invalidate(shops);
    kept.clear();
  };

  /**
   * Products for a misspelt search: every word corrected to the closest word of a product name
   * ("tomatoe" -> tomato), a word close to none left out, then in-stock products containing all of them that the exact
   * search did not find, in the spec's order; when none holds them all, each word's own (decision 0278). Nothing when no
   * word needed (or found) a correction.
   */
  async function closeMatchesFor(text: string, category: string | undefined, shop: string | undefined, limit: number, exactFound: boolean): Promise<ShopProductRow[]> {
    // A Hindi name ("tamatar") is looked for by the English word names use, as a misspelling by its correct one.
    const words = lowerCaseWords(text).map((typed) => ({ typed, meant: hindiName(typed) ?? typed }));
    const toCorrect = words.filter((w) => w.meant.length >= CORRECTED_WORD_MIN_LENGTH);
    if (toCorrect.length === 0 || toCorrect.length > CORRECTED_WORDS_MAX) return [];
    const closest = (await closestNameWords(db, toCorrect.map((w) => w.meant))).filter((w): w is string => w !== null);
    // A word found nowhere is left out: a size typed whole ("tomato 1kg", "atta 5kg") took every close match away (a probe).
    // None found: nothing to offer. One word found as typed: the search for the text itself found what there is; several
    // (each as typed) may stand in another order or apart in names ("rice basmati", "milk amul": a probe).
    if (closest.length === 0 || (words.length === 1 && closest[0] === toCorrect[0]!.typed)) return [];
    const allWords = [...words.filter((w) => w.meant.length < CORRECTED_WORD_MIN_LENGTH).map((w) => w.meant), ...closest];
    const rows = await findInStockPage(db, { category, contains: '', allWords, notContaining: text, limit, shop });
    if (rows.length > 0 || closest.length < 2 || exactFound) return rows;
    // A shopping list ("milk bread eggs"): nothing found, no name holds every word, so each word's own products, an
    // equal share of the places each, in the order typed (a probe found nothing). Each a page of the indexed search for
    // one word. Not when the text itself found products ("potato 500g": every 500 g pack is not a close match).
    const share = Math.ceil(limit / closest.length);
    const perWord = await Promise.all(closest.map((word) => findInStockPage(db, { category, contains: word, limit: share, shop })));
    return [...new Map(perWord.flat().map((row) => [row.id, row])).values()].slice(0, limit);
  }

  /** The stored category of a URL segment (spec: compared in lower case); undefined when there is none. */
  const categoryOf = (segment: string | undefined) => (segment === undefined ? undefined : findCategory(segment)?.path);

  return {
    toApiProduct,

    /**
     * /products and /products/{category} (spec section 2): in-stock products whose name contains the
     * text, in the spec's order, a page at a time; then, when they all fit on this first page, close
     * matches for a misspelling, closest first.
     */
    search(query: CatalogueQuery): Promise<Omit<CataloguePage, 'success'>> {
      const text = searchText(query.q);
      return reads.get(JSON.stringify(['search', text, query.category, query.seller, query.cursor, query.limit]), async () => {
        const category = categoryOf(query.category);
        if (query.category !== undefined && category === undefined) return { products: [], nextCursor: null, closeMatches: [] };
        const rows = await findInStockPage(db, { category, contains: text, after: query.cursor, limit: query.limit + 1, shop: query.seller });
        const page = toPage(rows, query.limit, toApiProduct);
        // A shop's name searched for (a probe typed one and was shown other shops' products): its shop, above them.
        const shops = !query.cursor && category === undefined && query.seller === undefined && text.length >= SHOP_SEARCH_MIN ? await findApprovedShopsNaming(db, text, SEARCH_SHOPS_MAX) : undefined;
        // Close matches of a shop's name found nothing exact are other shops' look-alikes ("Sunrise" brands): none then.
        const few = !query.cursor && page.nextCursor === null && page.products.length < query.limit && !(shops?.length && page.products.length === 0);
        const closeMatches = few ? await closeMatchesFor(text, category, query.seller, query.limit - page.products.length, page.products.length > 0) : [];
        return { ...page, closeMatches: closeMatches.map(toApiProduct), ...(shops ? { shops } : {}) };
      });
    },

    /** Best Sellers (spec section 9): the first 5 in-stock products. */
    bestSellers(): Promise<Product[]> {
      return reads.get('best-sellers', async () => (await findInStockPage(db, { contains: '', limit: BEST_SELLER_COUNT })).map(toApiProduct));
    },

    /** A product by id, in stock or not (a link to it still opens its page); a retired one is not found. */
    byId(id: string): Promise<Product> {
      return reads.get(`product ${id}`, async () => {
        const row = await findProductById(db, id);
        if (!row) throw productNotFound();
        return toApiProduct(row);
      });
    },

    /** Up to 5 in-stock products of the product's category, itself left out. */
    related(id: string): Promise<Product[]> {
      return reads.get(`related ${id}`, async () => {
        const row = await findProductById(db, id);
        if (!row) throw productNotFound();
        const rows = await findInStockPage(db, { category: row.category, contains: '', excludeId: row.id, limit: RELATED_PRODUCT_COUNT });
        return rows.map(toApiProduct);
      });
    },

    /** The product page's answer (issue 27): the product and its related ones, retired, or unknown. */
    productPage(id: string): Promise<ProductPageData> {
      if (!IdSchema.safeParse(id).success) return Promise.resolve({ kind: 'unknown' });
      return reads.get(`page ${id}`, async (): Promise<ProductPageData> => {
        const row = await findProductEverSold(db, id);
        if (!row) return { kind: 'unknown' };
        if (row.retiredAt) return { kind: 'retired', name: row.name, category: row.category };
        const related = await findInStockPage(db, { category: row.category, contains: '', excludeId: row.id, limit: RELATED_PRODUCT_COUNT });
        return { kind: 'product', product: toApiProduct(row), related: related.map(toApiProduct) };
      });
    },

    byIds,

    /**
     * A cart's products (`byIds`), and the names of those no longer sold (retired, or their shop not approved), so
     * the cart shows which of its lines went. Unknown ids are in neither.
     */
    async forCart(ids: string[]): Promise<{ products: Product[]; gone: { _id: string; name: string }[] }> {
      const sold = await byIds(ids);
      const found = new Set(sold.map((product) => product._id));
      const missing = ids.filter((id) => !found.has(id));
      const names = missing.length === 0 ? new Map<string, string>() : await reads.get(`names ${missing.sort().join(',')}`, () => findProductNames(db, missing));
      return { products: sold, gone: [...names].map(([_id, name]) => ({ _id, name })) };
    },

    /**
     * The chat assistant's candidates: products whose name or category contains any of the words, best first
     * (`cheapest`: the cheapest in-stock ones first among those matching as many words; docs/decisions/0241).
     */
    async findByAnyWord(words: string[], limit: number, order: AnyWordSearch['order'] = 'relevance'): Promise<Product[]> {
      return (await findByAnyWord(db, { words, limit, order })).map(toApiProduct);
    },

    /** A product by id, or undefined (the assistant checks an id the model chose). */
    async findById(id: string): Promise<Product | undefined> {
      const row = await findProductById(db, id);
      return row && toApiProduct(row);
    },

    /**
     * The seller's product list: its own products (the operator: every shop's, or one shop's by `seller`),
     * newest first, optionally by name, of one category or only those out of stock. Kept between catalogue changes like the storefront's reads: every
     * change to a product is heard on the change feed.
     */
    sellerPage(seller: SellerAccess, query: SellerProductQuery): Promise<{ products: Product[]; nextCursor: string | null }> {
      const scope = readScope(seller);
      const outOfStock = query.stock === 'out';
      return reads.get(JSON.stringify(['seller', scope, query.q, query.seller, outOfStock, query.category, query.cursor, query.limit]), async () =>
        toPage(
          await findSellerPage(db, { contains: query.q, before: query.cursor, limit: query.limit + 1, scope, shop: query.seller, outOfStock, category: query.category }),
          query.limit,
          toApiProduct,
        ),
      );
    },

    /** The scope's deleted products (the operator's: one shop's by `seller`), last deleted first (docs/decisions/0231), kept like the seller's list. */
    retiredPage(seller: SellerAccess, query: RetiredProductQuery): Promise<{ products: RetiredProduct[]; nextCursor: string | null }> {
      const scope = readScope(seller);
      return reads.get(JSON.stringify(['retired', scope, query.q, query.seller, query.cursor, query.limit]), async () =>
        toPage(await findRetiredPage(db, { contains: query.q, before: query.cursor, limit: query.limit + 1, scope, shop: query.seller }), query.limit, (row) => ({
          ...toApiProduct(row),
          retiredAt: row.retiredAt!.toISOString(),
          removedByOperator: row.removedByOperator,
          removalReason: row.removalReason,
        })),
      );
    },

    /**
     * The seller's low-stock list: counted products with LOW_STOCK_THRESHOLD units or fewer, fewest
     * first, LOW_STOCK_LIST_MAX a page after `cursor`; `more` when others are low too (docs/decisions/0072).
     */
    async lowStock(seller: SellerAccess, cursor?: string): Promise<{ products: Product[]; more: boolean; nextCursor: string | null }> {
      // The caller's own shop, the operator's too: it is the list of what to count again, and only a shop counts its stock (0117).
      const rows = await findLowStock(db, LOW_STOCK_THRESHOLD, LOW_STOCK_LIST_MAX + 1, { sellerId: seller.id }, cursor);
      const more = rows.length > LOW_STOCK_LIST_MAX;
      return { products: rows.slice(0, LOW_STOCK_LIST_MAX).map(toApiProduct), more, nextCursor: more ? rows[LOW_STOCK_LIST_MAX - 1]!.id : null };
    },

    /**
     * `{"success":true,"products":[…],"message":…}` ready to send in each coding, with its ETags. `fresh`: as of
     * the last change heard, its rebuild started as soon as the one under way ends (decision 0013's amendments: a
     * seller's own writes).
     */
    listBody(options: { fresh?: boolean } = {}): Promise<CatalogueListBody> {
      return list.current(options.fresh);
    },
    /** This instance's own writes drop the cache at once, before their notification comes back. */
    invalidate,
  };
}

export type ProductService = ReturnType<typeof createProductService>;
