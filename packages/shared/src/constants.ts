/** Business constants of spec section 9. */
export const QUANTITY_MIN = 1;
export const QUANTITY_MAX = 9;
/** The different products a cart (and an order) holds at most: the server refuses more, the browser's cart adds no more. */
export const CART_MAX_LINES = 50;
export const TAX_PERCENT = 2;
export const MAX_PRODUCT_IMAGES = 4;
export const BEST_SELLER_COUNT = 5;
export const RELATED_PRODUCT_COUNT = 5;
export const LOADER_DELAY_MS = 5000;
export const FIXED_RATING = 4;
export const DEFAULT_CURRENCY = 'Rs';

/**
 * Whether a path is the seller area's: spec section 2 hides the navbar and footer "on any path containing
 * 'seller'", and the chat helps with the seller's screens there. A shop's page is the storefront whatever its
 * name holds (`/shop/bestseller-organics`, issue 26: a probe's "The Seller Corner" lost its navbar and cart). The
 * browser's layouts and the server's 404 page read this one rule.
 */
export const isSellerArea = (pathname: string) => pathname.includes('seller') && !pathname.startsWith('/shop/');

/**
 * The store's time zone unless STORE_TIME_ZONE says otherwise: delivery windows are the shops' local times
 * (0140). Here, not in delivery.ts, so the browser's entry reads it without that module's schemas (and zod).
 */
export const DEFAULT_STORE_TIME_ZONE = 'Asia/Kolkata';
export const CHAT_MESSAGE_MAX = 1000;
/** How many earlier chat turns the browser sends back, and how long each may be (docs/decisions/0050). */
export const CHAT_HISTORY_MAX = 20;
export const CHAT_TURN_TEXT_MAX = 4000;

export const PAYMENT_TYPES = ['COD', 'Online'] as const;
export type PaymentType = (typeof PAYMENT_TYPES)[number];

/**
 * Substitutions (issue 28): what the shop does with a line it cannot pick in full. 'similar': replace it with a
 * similar item (never costing more); 'none': don't replace (the missing units are simply not charged).
 */
export const SUBSTITUTE_PREFERENCES = ['similar', 'none'] as const;
export type SubstitutePreference = (typeof SUBSTITUTE_PREFERENCES)[number];
export const SUBSTITUTE_LABELS: Record<SubstitutePreference, string> = { similar: 'Replace with a similar item', none: "Don't replace" };

/** The statuses in which the seller records picks (issue 28): before the order is packed. */
export const PICKABLE_STATUSES = ['Order Placed', 'Processed'] as const;

/** Order lifecycle; the seller moves an order forward only (issue 6). */
export const ORDER_STATUSES = [
  'Order Placed',
  'Processed',
  'Packed',
  'Dispatched',
  'Delivered',
  'Cancelled',
] as const;
export type OrderStatus = (typeof ORDER_STATUSES)[number];

/** The statuses a shopper may still cancel from (issue 28): before the shop packs the order. */
export const SHOPPER_CANCELLABLE_STATUSES = ['Order Placed', 'Processed'] as const satisfies readonly OrderStatus[];
export const shopperCanCancel = (order: { status: string }): boolean => (SHOPPER_CANCELLABLE_STATUSES as readonly string[]).includes(order.status);

/** GET /api/order/buy-again: the largest page (issue 28). */
export const BUY_AGAIN_PAGE_MAX = 48;

/**
 * What an order's timeline shows: its statuses, the seller's picks (issue 28: 'Picked', when what was picked
 * and substituted was recorded) and its refund where the payment was given back.
 */
export const TIMELINE_STATUSES = [...ORDER_STATUSES, 'Picked', 'Refunded'] as const;
export type TimelineStatus = (typeof TIMELINE_STATUSES)[number];

/** Widths (px) every stored product image is rendered at; the URL in the API is the largest. */
export const IMAGE_WIDTHS = [160, 320, 640] as const;

// ---- shops, the seller's order filters and the catalogue CSV (kept apart from their zod schemas: decision 0165)

export const SELLER_ROLES = ['operator', 'seller'] as const;
export type SellerRole = (typeof SELLER_ROLES)[number];
export const SELLER_STATUSES = ['pending', 'approved', 'suspended'] as const;
export type SellerStatus = (typeof SELLER_STATUSES)[number];

export const SELLER_REASON_MAX = 500;

/** The longest reason given with an order's cancel (decision 0288; the orders table's check says 200 too). */
export const CANCEL_REASON_MAX = 200;

/** How the seller's list names an order's payment: the spec's Paid/Pending, plus Refunded (decision 0044). */
export const SELLER_PAYMENT_FILTERS = ['Paid', 'Pending', 'Refunded'] as const;
export type SellerPaymentFilter = (typeof SELLER_PAYMENT_FILTERS)[number];

/**
 * The catalogue CSV (issue 16, docs/decisions/0074): the columns of the export, in order. An import
 * needs name, category, price, offerPrice and images; id, description, weight, stock and netQuantity may be left
 * out. Lists inside a cell (description lines, image names) are separated by `|`. `netQuantity` (issue 28,
 * `500 g`, `1.5 kg`, `6 pcs`) comes last, so files written before it keep their columns' places; a file
 * without the column leaves the products' net quantities as they are.
 */
export const CATALOGUE_CSV_COLUMNS = ['id', 'name', 'description', 'category', 'price', 'offerPrice', 'weight', 'stock', 'images', 'netQuantity', 'inStock'] as const;
export type CatalogueCsvColumn = (typeof CATALOGUE_CSV_COLUMNS)[number];
export const REQUIRED_CATALOGUE_COLUMNS: readonly CatalogueCsvColumn[] = ['name', 'category', 'price', 'offerPrice', 'images'];

/** At most this many row problems in one answer (a refusal, or the rows skipped); the counts cover all. */
export const MAX_IMPORT_ISSUES_SENT = 1000;

/** Limits of one import (docs/decisions/0075); the server refuses beyond them with a 400. */
export const IMPORT_LIMITS = {
  /** Enough for an export of 50,000 products (about 140 bytes a row) to go back in one file. */
  csvBytes: 20 * 1024 * 1024,
  rows: 50_000,
  zipBytes: 512 * 1024 * 1024,
  zipEntries: 20_000,
  /** What the zip's entries unpack to, together (a zip bomb is refused before anything is unpacked). */
  unzippedBytes: 1024 * 1024 * 1024,
} as const;

/** The longest search text (the catalogue's `q`, the operator's shop search). */
export const SEARCH_TEXT_MAX = 100;
/** The operator's shop search takes at least this many characters (a trigram index serves it: decision 0215). */
export const SHOP_SEARCH_MIN = 3;

/** The most one payout pays, in rupees (a larger balance is paid in several): Rs 10,00,00,000. */
export const PAYOUT_MAX = 100_000_000;
/** The longest payout reference the operator records (a bank's UTR is 16-22 characters; decision 0247). */
export const PAYOUT_REFERENCE_MAX = 64;
