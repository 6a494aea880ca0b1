import { z } from 'zod';
import { IdSchema, OrderStatusSchema, PageCursorSchema, pageSize, ProductSchema, SearchTextSchema, ShopRefSchema, type Product } from './schemas.js';
import type { ShopProfile } from './shops.js';
import { ShopSlugSchema } from './shop-slug.js';
import { SEARCH_TEXT_MAX, SELLER_PAYMENT_FILTERS } from './constants.js';
import { CATEGORY_PATHS, findCategory } from './categories.js';
import { calendarDaySchema, dayRange, fromAfterTo, fromNotAfterTo } from './calendar.js';

/**
 * The catalogue as pages (issue 15): the storefront's lists and the seller's product list are
 * keyset pages; `cursor` is the id of the last product of the previous page.
 */
export const CATALOGUE_PAGE_SIZE = 24;
export const CATALOGUE_PAGE_MAX = 60;
/** The most products one call by ids returns (a cart holds at most 50 lines). */
export const PRODUCTS_BY_IDS_MAX = 50;


const PageSizeSchema = pageSize(CATALOGUE_PAGE_SIZE, CATALOGUE_PAGE_MAX, 'Products');

/** GET /api/product/search: in-stock products, optionally of one category, whose name contains `q`. */
// Each parameter described in the API's document too: a client generated from it had names and types alone (a probe).
export const CatalogueQuerySchema = z.strictObject({
  q: SearchTextSchema.meta({ description: "Text the product's name contains, in any letter case; empty for every product" }),
  /** A category path, compared in lower case (spec section 2). */
  category: z.string().trim().max(50).optional().meta({ description: 'A category path (vegetables, fruits, drinks, instant, dairy, bakery, grains), in any letter case' }),
  /** One shop's products only: its slug (issue 26; a shop's page, /products?seller=). */
  seller: ShopSlugSchema.optional().meta({ description: "One shop's products only: the shop's slug, as in /shop/{slug}" }),
  cursor: IdSchema.optional().meta({ description: 'The next page after this product: the previous answer\'s `nextCursor`' }),
  limit: PageSizeSchema.meta({ description: `Products a page, 1-${CATALOGUE_PAGE_MAX} (${CATALOGUE_PAGE_SIZE} when not given)` }),
});
export type CatalogueQuery = z.infer<typeof CatalogueQuerySchema>;

export const CataloguePageSchema = z.object({
  success: z.literal(true),
  products: z.array(ProductSchema),
  /** Pass as `cursor` for the next page; null on the last page. */
  nextCursor: z.string().nullable(),
  /**
   * Close matches for a misspelling ("tomatoe" -> Tomato), ranked after the products whose name
   * contains the text; only on a first page that holds every such product.
   */
  closeMatches: z.array(ProductSchema),
  /** A search's first page of the whole catalogue: the approved shops whose name holds the text, at most 3 (decision 0279). */
  shops: z.array(ShopRefSchema).optional(),
});
export type CataloguePage = z.infer<typeof CataloguePageSchema>;
/** A page as the API answers it (`/api/product/search`, `/api/product/list` asked with a parameter): with its message, as every answer. */
export const CataloguePageAnswerSchema = CataloguePageSchema.extend({ message: z.string() });

/** The operator's narrowing of a seller list to one shop (the product list's and the deleted products'). */
const shopFilter = ShopSlugSchema.optional().meta({ description: "The operator's filter: one shop's products, by its address (its slug, as in /shop/{slug}) or its id (not given: every shop's; a shop none names: none). A shop's own call lists only its own products whatever it sends: its own address or id changes nothing, another shop's gives an empty list" });
const productNameSearch = SearchTextSchema.meta({ description: `Text the product's name contains, in any letter case, at most ${SEARCH_TEXT_MAX} characters; empty for every product` });

/**
 * GET /api/seller/products: the seller's own products (in stock or not, or only those out of stock with `stock=out`),
 * newest first, optionally of one category (decision 0289); the operator sees every shop's, or one shop's with `seller`
 * (issue 26).
 */
export const SellerProductQuerySchema = z.strictObject({
  q: productNameSearch,
  seller: shopFilter,
  stock: z.literal('out', { message: 'only out is taken (the products out of stock)' }).optional().meta({ description: 'out: only the products out of stock (switched off, or no units left), to put back' }),
  category: z
    .string()
    .trim()
    .refine((path) => findCategory(path) !== undefined, `Unknown category: one of ${CATEGORY_PATHS.join(', ')}`)
    .transform((path) => findCategory(path)!.path)
    .optional()
    .meta({ description: `One category's products only: its path (${CATEGORY_PATHS.join(', ')}), in any letter case` }),
  cursor: PageCursorSchema.optional(),
  limit: PageSizeSchema,
});
export type SellerProductQuery = z.infer<typeof SellerProductQuerySchema>;

/** A product of the seller's list, with how many shoppers wait to hear it is back (decision 0290). */
export const SellerProductSchema = ProductSchema.extend({
  waiting: z.number().int().nonnegative().meta({ description: 'Shoppers who asked for an e-mail when it is back in stock (0 for a product in stock)' }),
});
export type SellerProduct = z.infer<typeof SellerProductSchema>;
export const SellerProductPageSchema = z.object({ success: z.literal(true), products: z.array(SellerProductSchema), nextCursor: z.string().nullable() });

/**
 * GET /api/seller/products/retired (docs/decisions/0231): the shop's deleted products (the operator: every shop's, or
 * one shop's with `seller`), last deleted first, to restore one with POST /api/product/restore {id}.
 */
export const RetiredProductQuerySchema = z.strictObject({ q: productNameSearch, seller: shopFilter, cursor: PageCursorSchema.optional(), limit: PageSizeSchema });
export type RetiredProductQuery = z.infer<typeof RetiredProductQuerySchema>;
export const RetiredProductSchema = ProductSchema.extend({
  /** When it left the shop (ISO 8601). */
  retiredAt: z.string(),
  /** The operator removed it (moderation): only the operator restores it. */
  removedByOperator: z.boolean(),
  /** Why the operator removed it, as its shop was told (a probe: only the e-mail said why); null otherwise. */
  removalReason: z.string().nullable(),
});
export type RetiredProduct = z.infer<typeof RetiredProductSchema>;
export const RetiredProductPageSchema = z.object({ success: z.literal(true), products: z.array(RetiredProductSchema), nextCursor: z.string().nullable() });
export const RestoreProductInputSchema = z.strictObject({ id: IdSchema });

/**
 * GET /api/seller/products/low-stock: counted products at or below LOW_STOCK_THRESHOLD, fewest first, a page at a time
 * (LOW_STOCK_LIST_MAX) after the product `cursor` in that order; `more` when the list is cut.
 */
export const LowStockQuerySchema = z.strictObject({ cursor: PageCursorSchema.optional() });
export const LowStockAnswerSchema = z.object({ success: z.literal(true), products: z.array(ProductSchema), more: z.boolean(), nextCursor: z.string().nullable() });

export const ProductListAnswerSchema = z.object({ success: z.literal(true), products: z.array(ProductSchema) });
export const ProductAnswerSchema = z.object({ success: z.literal(true), product: ProductSchema });
/**
 * GET /api/product/by-ids: `products` as a list's; `gone` names the ids that exist but are no longer sold (retired, or
 * their shop not approved), so a cart shows which of its lines went. Unknown ids are in neither.
 */
export const ProductsByIdsAnswerSchema = ProductListAnswerSchema.extend({ gone: z.array(z.object({ _id: z.string(), name: z.string() })) });
export type ProductsByIdsAnswer = z.infer<typeof ProductsByIdsAnswerSchema>;

/** GET /api/product/by-ids?ids=a,b,c: the products of a cart, in any stock state; unknown ids are left out. */
export const ProductsByIdsQuerySchema = z.strictObject({
  ids: z
    .string({ message: 'ids is required' })
    .transform((v) => [...new Set(v.split(',').map((id) => id.trim()).filter(Boolean))])
    .pipe(z.array(IdSchema).max(PRODUCTS_BY_IDS_MAX, `At most ${PRODUCTS_BY_IDS_MAX} ids`))
    .meta({ description: `Product ids separated by commas, at most ${PRODUCTS_BY_IDS_MAX}` }),
});

export const ProductIdParamsSchema = z.strictObject({ id: IdSchema.meta({ description: "The product's id" }) });

/**
 * What a product's server-rendered page shows (issue 27, docs/decisions/0128): the product and its
 * related ones; or that the seller retired it (410, with the way to its category); or no such product (404).
 */
export type ProductPageData =
  | { kind: 'product'; product: Product; related: Product[] }
  | { kind: 'retired'; name: string; category: string }
  | { kind: 'unknown' };

/**
 * What the storefront pages' loaders read (docs/decisions/0128): in the browser the API, on the server
 * the API's own product service, handed to the loaders by the server renderer.
 */
export interface StorefrontCatalogue {
  bestSellers(): Promise<Product[]>;
  /** `seller`: one shop's products only, by its slug (issue 26); `cursor`: the page after this product (docs/decisions/0264). */
  search(search: { q?: string; category?: string; seller?: string; cursor?: string }): Promise<CataloguePage>;
  productPage(id: string): Promise<ProductPageData>;
  /** An approved shop's public profile, or undefined when no approved shop has this slug (issue 26). */
  shop(slug: string): Promise<ShopProfile | undefined>;
}

/** Orders on a page of the seller's list (each a tall card: 20 fill a few screens; decision 0084). */
export const SELLER_ORDER_PAGE_SIZE = 20;

/** The shortest text searched in buyers' names: trigrams need 3 letters (docs/decisions/0078); a shorter text only starts an order id. */
export const NAME_SEARCH_MIN = 3;

/**
 * The seller's order filters (issue 16), as query parameters of GET /api/order/seller and of its CSV
 * export: status, payment, placed between two shop days (both included), and `q` an order id (whole or
 * its first characters) or the buyer's name as on the order's address. All optional: none lists every order.
 */
const sellerOrderFilters = {
  status: OrderStatusSchema.optional().meta({ description: 'Only the orders of this status' }),
  payment: z
    .enum(SELLER_PAYMENT_FILTERS, { message: `payment must be one of ${SELLER_PAYMENT_FILTERS.join(', ')}` })
    .optional()
    .meta({ description: `Only the orders of this payment: ${SELLER_PAYMENT_FILTERS.join(', ')}` }),
  from: dayRange.from.meta({ description: 'Placed on this shop day or after (YYYY-MM-DD, in the shop\'s time zone); not after `to`' }),
  to: dayRange.to.meta({ description: 'Placed on this shop day or before (YYYY-MM-DD, in the shop\'s time zone)' }),
  /** Issue 28: orders to deliver on this shop day (their window starts on it). */
  deliveryDay: calendarDaySchema('deliveryDay').optional().meta({ description: 'Only the orders to deliver on this shop day (YYYY-MM-DD): their window starts on it' }),
  q: SearchTextSchema.meta({
    description: `An order id (whole, or its first characters) or the buyer's name, street or phone number as on the order's address (at least ${NAME_SEARCH_MIN} characters for these), at most ${SEARCH_TEXT_MAX} characters`,
  }),
  /**
   * One shop's orders, by its address (`/shop/:slug`) or its id: the operator's way to a shop's orders; a shop's own
   * list holds only its own. A shop no address or id names has none.
   */
  seller: ShopSlugSchema.optional().meta({ description: "The operator's filter: one shop's orders, by its address (its slug, as in /shop/{slug}) or its id (not given: every shop's; a shop none names: none). A shop's own call lists only its own orders whatever it sends: its own address or id changes nothing, another shop's gives an empty list" }),
};

export const SellerOrderFilterSchema = z.strictObject(sellerOrderFilters).refine(fromNotAfterTo, fromAfterTo);
export type SellerOrderFilter = z.infer<typeof SellerOrderFilterSchema>;

/** GET /api/order/seller: the newest orders first, a page at a time, optionally filtered. */
export const SellerOrderQuerySchema = z
  .strictObject({
    ...sellerOrderFilters,
    cursor: PageCursorSchema.optional(),
    limit: pageSize(SELLER_ORDER_PAGE_SIZE, 100, 'Orders'),
  })
  .refine(fromNotAfterTo, fromAfterTo);
export type SellerOrderQuery = z.infer<typeof SellerOrderQuerySchema>;

/** My Orders: the shopper's orders, newest first, this many at a time, each with its timeline. */
export const MY_ORDERS_PAGE_SIZE = 10;

/** GET /api/order/user: a page of the shopper's orders; `cursor` is the id of the last order of the previous page. */
export const MyOrdersQuerySchema = z.strictObject({ cursor: PageCursorSchema.optional(), limit: pageSize(MY_ORDERS_PAGE_SIZE, 50, 'Orders') });
export type MyOrdersQuery = z.infer<typeof MyOrdersQuerySchema>;
