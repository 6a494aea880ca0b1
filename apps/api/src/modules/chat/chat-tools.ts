import { escapeMarkdown, formatPrice, heldLine, IdSchema, paymentStanding, PincodeSchema, productPath, QUANTITY_MAX, toMinor, type ChatAction, type Order, type Product } from '@greencart/shared';
import { calendarDay } from '../../lib/calendar-day.js';
import { namesCategory } from '../products/category-words.js';
import { hindiName, lowerCaseWords } from '../products/hindi-names.js';

/**
 * What the assistant may look up or do for the one caller of a chat request: the Gemini model calls
 * these as functions, the built-in assistant calls them directly. They read only the catalogue and
 * the caller's own orders; a cart change is only proposed (the shopper applies it with a click).
 * Both assistants place what these return in markdown, so every text a seller or shopper wrote
 * (product names, weights) comes back markdown-escaped; prices are digits and the configured currency.
 */

export interface ProductHit {
  id: string;
  name: string;
  category: string;
  /** Selling price with the currency, e.g. `Rs 35`. */
  price: string;
  /** List price with the currency (struck through in the shop). */
  listPrice: string;
  inStock: boolean;
  weight: string;
  /** Relative link to the product page. */
  link: string;
  /** The shop that sells it (issue 26), and the relative link to the shop's page. */
  shop: string;
  shopLink: string;
}

export interface OrderSummary {
  orderId: string;
  /** What the shopper reads on My Orders and in e-mails: GC-100234. */
  orderNumber: string;
  /** The day it was placed, YYYY-MM-DD in the store's time zone, as My Orders shows it (decision 0232). */
  placedOn: string;
  status: string;
  paymentType: string;
  /** paid, refunded, refund on its way, to pay on delivery, payment pending, nothing to pay (`paymentStanding`). */
  payment: string;
  total: string;
  /** `2 x Tomato 1 kg`, as the shopper gets them (`heldLine`). */
  items: string[];
  /** Why the shop (or the operator) cancelled it, when it said (decision 0288). */
  cancelReason?: string;
}

/** The shops that deliver to a pincode (issue 28): a few names, and whether there are more. */
export interface DeliveryHit {
  pincode: string;
  shops: string[];
  more: boolean;
}

/** How a search orders what it finds: best match first, or the cheapest in stock first (docs/decisions/0241). */
export type SearchSort = 'relevance' | 'cheapest';

export interface ShopTools {
  /** Best match first; the cheapest in stock first when `sort` says so or the query asks for it ("cheapest rice"). */
  searchProducts(query: string, sort?: SearchSort): Promise<ProductHit[]>;
  /** Which shops deliver to a pincode ("411001" or "411 001"); why not when it is no pincode. */
  shopsDeliveringTo(pincode: string): Promise<DeliveryHit | { error: string }>;
  /** The caller's newest orders, or `null` when nobody is logged in. */
  listMyOrders(): Promise<OrderSummary[] | null>;
  /** The caller's order of this number ("GC-100234"), or undefined when it is none of theirs; `null` when nobody is logged in. */
  findMyOrder(orderNumber: string): Promise<OrderSummary | undefined | null>;
  /**
   * Records a proposal for the widget of `quantity` units (1 unless said), at most a cart line's most and the units
   * left: the proposal says how many. Returns why not when the product cannot be added.
   */
  proposeAddToCart(productId: string, quantity?: number): Promise<{ proposed: ChatAction } | { error: string }>;
  /** The approved shop of this name (any letter case): its name as written, and its page; undefined when none. */
  findShop(name: string): Promise<{ shopName: string; link: string } | undefined>;
}

export const SEARCH_RESULT_MAX = 6;
/** Shops named in a delivery answer; the rest are "more". */
export const DELIVERY_SHOPS_NAMED = 8;
const ORDER_RESULT_MAX = 5;

/** Words of a question that never name a product ("what is the price of tomatoes?" -> "tomatoes"). */
const STOP_WORDS = new Set(
  `a an and any are buy can cart cost costs do does find for from get give have how i in is it its me much my
  need of on or please price search sell show some stock the there this to want what which with you your
  available add put many who shop seller store sold by one two three four five six seven eight nine ten dozen`.split(/\s+/),
);

/**
 * A question asking for the cheapest ("cheapest rice", "lowest price", "least expensive", Hindi "sabse sasta"): the
 * words say how to order, not what to find, so they are taken out of the search.
 */
const CHEAPEST = /\b(?:cheapest|cheaper|cheap|inexpensive|least (?:expensive|costly|pricey)|most affordable|affordable|(?:lowest|low)[- ](?:prices?|priced|costs?|rates?)|lowest|(?:sabse )?sast[aei])\b/giu;

const ASKS_CHEAPEST = new RegExp(CHEAPEST.source, 'iu');

export const asksForCheapest = (text: string): boolean => ASKS_CHEAPEST.test(text);

const endsInIes = (word: string) => word.length > 4 && word.endsWith('ies');

/**
 * Crude English singular, applied to both sides of a comparison: tomatoes -> tomato, apples -> apple. A word in -ies
 * loses its s (cookies -> cookie, veggies -> veggie, berries -> berrie): the name's own text, which the database's
 * substring read finds; its -y singular (berry, fry) is searched too (`searchTerms`).
 */
function singular(word: string): string {
  if (endsInIes(word)) return word.slice(0, -1);
  if (word.length > 4 && word.endsWith('oes')) return word.slice(0, -2);
  if (word.length > 3 && word.endsWith('s') && !word.endsWith('ss')) return word.slice(0, -1);
  return word;
}

const words = (text: string) => lowerCaseWords(text).map(singular);

/** The words of a question that may name a product or a category; a Hindi name brings its English word too (0220). */
export function searchTerms(query: string): string[] {
  // Looked up as typed: the crude singular would make "anannas" (pineapple) "ananna".
  const named = lowerCaseWords(query.replace(CHEAPEST, ' ')).flatMap((w) => [w, hindiName(w) ?? []].flat());
  const forms = named.flatMap((w) => [singular(w), ...(endsInIes(w) ? [`${w.slice(0, -3)}y`] : [])]);
  return [...new Set(forms.filter((w) => w.length >= 3 && !STOP_WORDS.has(w) && !/^\d/.test(w)))];
}

/** A message that is only product words ("paneer", "basmati rice"): no question around them. */
export const onlyNamesProducts = (message: string): boolean => {
  const typed = lowerCaseWords(message);
  return typed.length > 0 && typed.length <= 4 && searchTerms(message).length >= typed.length;
};

/** A name's words after its thing: a size, a count or a pack ("1L", "350 ml", "Pack of 3", "Family Pack"). */
const SIZE_OR_PACK = /^(?:\d.*|x|g|gm|kg|ml|l|ltr|litre|liter|pc|pcs|piece|pack|of|family|combo|dozen)$/;

/** The thing a name sells, its last word before a size or pack: "Amul Milk 1L" milk, "Bubble Milk Tea 350ml" tea. */
function headWord(nameWords: string[]): string | undefined {
  let end = nameWords.length;
  while (end > 1 && SIZE_OR_PACK.test(nameWords[end - 1]!)) end -= 1;
  return nameWords[end - 1];
}

/**
 * Products whose name or category matches the most terms of the query, best first; among those matching as many,
 * those whose name's thing is a term ("who sells milk": the milk before the milk tea, decision 0278), in stock first, then
 * (`cheapest`) by selling price or in the order given (the catalogue's).
 */
export function searchCatalogue(products: readonly Product[], query: string, sort: SearchSort = 'relevance'): Product[] {
  const terms = searchTerms(query);
  if (terms.length === 0) return [];
  // A word that starts with the term ("apples" for "apple"), not one that holds it ("pineapple": a probe).
  const isTerm = (word: string, t: string) => word === t || (t.length >= 4 && word.startsWith(t));
  const scored = products
    .map((product) => {
      const haystack = words(product.name);
      const score = terms.filter((t) => namesCategory(t, product.category) || haystack.some((w) => isTerm(w, t))).length;
      const head = headWord(haystack);
      return { product, score, head: head !== undefined && terms.some((t) => isTerm(head, t)) };
    })
    .filter((s) => s.score > 0);
  // Stable sort keeps the catalogue order among equals; in-stock products first.
  scored.sort(
    (a, b) =>
      b.score - a.score ||
      Number(b.head) - Number(a.head) ||
      Number(b.product.inStock) - Number(a.product.inStock) ||
      (sort === 'cheapest' ? a.product.offerPrice - b.product.offerPrice : 0),
  );
  return scored.map((s) => s.product);
}

export const productLink = (product: Pick<Product, '_id' | 'category'>) => productPath(product.category, product._id);

/** A shop's page (issue 26). */
export const shopLink = (shop: Pick<Product['seller'], 'slug'>) => `/shop/${shop.slug}`;

/** How many candidates the catalogue query hands to the ranking below. */
const SEARCH_CANDIDATES = 50;

export function createShopTools(deps: {
  /**
   * Products whose name or category contains any of the words, those matching most first (a query); `cheapest`: the
   * cheapest in-stock ones first among those matching as many.
   */
  findProducts: (words: string[], limit: number, sort: SearchSort) => Promise<Product[]>;
  findProduct: (id: string) => Promise<Product | undefined>;
  /** The shopper's newest `limit` orders, newest first. */
  listOrders: (userId: string, limit: number) => Promise<Order[]>;
  /** The shopper's order of this number (as My Orders counts them: an online one once paid), if any. */
  findOrder: (userId: string, orderNumber: string) => Promise<Order | undefined>;
  /** A page of the approved shops delivering to a (valid) pincode, by id: the delivery check's own read. */
  findShopsDeliveringTo: (pincode: string) => Promise<{ sellers: { shopName: string }[]; nextCursor: string | null }>;
  /** The approved shop of this name, in any letter case. */
  findShopNamed: (name: string) => Promise<{ shopName: string; slug: string } | undefined>;
  currency: string;
  /** The store's time zone: the days orders were placed are its days. */
  timeZone: string;
  userId: string | undefined;
  /** Proposals collected during the request, sent to the widget with the reply. */
  actions: ChatAction[];
}): ShopTools {
  const price = (major: number) => formatPrice(toMinor(major), deps.currency);
  const summary = (order: Order): OrderSummary => ({
    orderId: order._id,
    orderNumber: order.orderNumber,
    placedOn: calendarDay(new Date(order.createdAt), deps.timeZone),
    status: order.status,
    paymentType: order.paymentType,
    payment: paymentStanding(order),
    total: price(order.amount),
    // As the shopper gets them: picked units, substitutes named, unavailable lines said (not as ordered).
    items: order.items.map((i) => heldLine(i, escapeMarkdown(i.product.name))),
    ...(order.cancelReason ? { cancelReason: escapeMarkdown(order.cancelReason) } : {}),
  });

  return {
    async searchProducts(query, asked) {
      const terms = searchTerms(query);
      if (terms.length === 0) return [];
      const sort: SearchSort = asked === 'cheapest' || asksForCheapest(query) ? 'cheapest' : 'relevance';
      return searchCatalogue(await deps.findProducts(terms, SEARCH_CANDIDATES, sort), query, sort)
        .slice(0, SEARCH_RESULT_MAX)
        .map((p) => ({
          id: p._id,
          name: escapeMarkdown(p.name),
          category: p.category,
          price: price(p.offerPrice),
          listPrice: price(p.price),
          inStock: p.inStock,
          weight: escapeMarkdown(p.weight ?? 'N/A'),
          link: productLink(p),
          shop: escapeMarkdown(p.seller.shopName),
          shopLink: shopLink(p.seller),
        }));
    },
    async findShop(name) {
      const shop = await deps.findShopNamed(name.trim());
      return shop && { shopName: escapeMarkdown(shop.shopName), link: shopLink(shop) };
    },
    async shopsDeliveringTo(asked) {
      const pincode = PincodeSchema.safeParse(asked);
      if (!pincode.success) return { error: pincode.error.issues[0]?.message ?? 'Not a pincode' };
      const { sellers, nextCursor } = await deps.findShopsDeliveringTo(pincode.data);
      return { pincode: pincode.data, shops: sellers.slice(0, DELIVERY_SHOPS_NAMED).map((s) => escapeMarkdown(s.shopName)), more: sellers.length > DELIVERY_SHOPS_NAMED || nextCursor !== null };
    },
    async findMyOrder(orderNumber) {
      if (!deps.userId) return null;
      const order = await deps.findOrder(deps.userId, orderNumber);
      return order && summary(order);
    },
    async listMyOrders() {
      if (!deps.userId) return null;
      const orders = await deps.listOrders(deps.userId, ORDER_RESULT_MAX);
      return orders.map(summary);
    },
    async proposeAddToCart(productId, quantity = 1) {
      // A name or a slug in place of an id (a model's slip) is an unknown product, not a failed message.
      const id = IdSchema.safeParse(productId);
      const product = id.success ? await deps.findProduct(id.data) : undefined;
      if (!product) return { error: 'No product has this id; search the catalogue first.' };
      if (!product.inStock) return { error: `${escapeMarkdown(product.name)} is out of stock.` };
      const units = Math.max(1, Math.min(Math.trunc(quantity) || 1, QUANTITY_MAX, product.stock ?? QUANTITY_MAX));
      // The widget shows the action's name as plain text on its button: not escaped there. The model is told it escaped,
      // as every name a seller wrote (a probe's product name carried a markdown link the model said back, live).
      const proposed: ChatAction = { type: 'addToCart', productId: product._id, name: product.name, quantity: units, stock: product.stock };
      if (!deps.actions.some((a) => a.productId === product._id)) deps.actions.push(proposed);
      return { proposed: { ...proposed, name: escapeMarkdown(product.name) } };
    },
  };
}
