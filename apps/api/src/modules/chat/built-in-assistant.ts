import { CATEGORIES, DELIVERY_FACTS, escapeMarkdown, paymentMethods, QUANTITY_MAX } from '@greencart/shared';
import { asksForCheapest, onlyNamesProducts, SEARCH_RESULT_MAX, type DeliveryHit, type OrderSummary, type ProductHit, type ShopTools } from './chat-tools.js';
import { SELLER_SCREENS } from './seller-area.js';

/**
 * The assistant that answers when no GEMINI_API_KEY is configured: simple keyword rules over the
 * catalogue, the caller's orders and the shop's facts (spec sections 1, 9), in markdown. Every answer
 * says plainly that it comes from the built-in assistant.
 */

export const BUILT_IN_SIGNATURE = "_I'm GreenCart's built-in assistant (the AI assistant is not switched on)._";

const HELP =
  'I can look up **products, prices and stock** (try "tomato"), tell you **who sells** a product, list our **categories**, explain **delivery** (and which shops deliver to your pincode) and **payment**, and show the **status of your orders** when you are logged in.';

const sign = (text: string) => `${text}\n\n${BUILT_IN_SIGNATURE}`;

const has = (text: string, pattern: RegExp) => pattern.test(text);

/**
 * Questions about one shop, its name caught ("what does X sell", "the products of X", "tell me about the shop X"); a
 * message that is only a shop's name is one too.
 */
const SHOP_QUESTIONS = [
  /\bwhat (?:does|do) (.+?) (?:sell|have|stock|offer)s?\b/i,
  /\b(?:products|items|everything) (?:of|from|at|by|sold by) (.+?)[\s?.!]*$/i,
  /\b(?:about|the|a) (?:shop|store|seller)(?: called| named)? (.+?)[\s?.!]*$/i,
  /^\s*(.{3,100}?)[\s?.!]*$/,
];

/** "What shops are there?", "list the shops", "which stores do you have": the marketplace's shops in general. */
const SHOPS_IN_GENERAL = /\b(?:what|which|list|show|all)(?: the| of the| your)? (?:shops|stores|sellers)\b(?! (?:sell|have|stock|deliver))/;

const NUMBER_WORDS: Record<string, number> = { one: 1, two: 2, three: 3, four: 4, five: 5, six: 6, seven: 7, eight: 8, nine: 9, ten: 10, dozen: 12 };

/** How many the shopper asked to add ("add 3 apples", "put two packs of rice", "add a dozen eggs"); 1 when not said. */
export function askedQuantity(text: string): number {
  const said = /\b(?:add|put)\s+(?:a\s+)?(\d{1,4}|one|two|three|four|five|six|seven|eight|nine|ten|dozen)\b/.exec(text)?.[1];
  return said === undefined ? 1 : (NUMBER_WORDS[said] ?? Number(said));
}

/** How many pieces one unit of a product holds, read from its weight or name ("12 pcs", "Eggs 6 pack"); undefined when not said. */
const PACK = /\b(\d{1,3})\s*(?:pcs|pieces|pack)\b/i;
const packOf = (product: ProductHit) => Number(PACK.exec(product.weight)?.[1] ?? PACK.exec(product.name)?.[1]) || undefined;

/**
 * The units the chat's button adds for what was asked: pieces asked of a pack ("a dozen eggs" of a 6 pack) are counted
 * in packs (a probe was told to choose 12 packs of 12), a count that is not whole packs is one pack, said.
 */
function unitsAsked(asked: number, product: ProductHit): { units: number; note: string } {
  const pack = packOf(product);
  if (pack !== undefined && pack > 1 && asked > 1) {
    if (asked % pack !== 0) return { units: 1, note: ` It adds one pack of ${pack}.` };
    return { units: asked / pack, note: '' };
  }
  return { units: asked, note: '' };
}

/** What the reply says of the units its button adds, when fewer than asked: a line's most, or the units left. */
function fewerNote(asked: number, adds: number): string {
  if (adds >= asked) return '';
  return asked > QUANTITY_MAX && adds === QUANTITY_MAX ? ` A cart line holds at most ${QUANTITY_MAX}.` : ` Only ${adds} left.`;
}

/**
 * The found product that says least besides what was asked: "add milk" is Amul Milk 1L, not Bubble Milk Tea 350ml (a
 * probe): the fewest words of its name the message does not hold (sizes are no words: digits and units of two letters);
 * the search's order among equals.
 */
function plainest(hits: ProductHit[], text: string): ProductHit | undefined {
  const extra = (hit: ProductHit) => plainName(hit.name).toLowerCase().split(/[^\p{L}]+/u).filter((word) => word.length > 2 && !text.includes(word)).length;
  return hits.reduce<ProductHit | undefined>((best, hit) => (best === undefined || extra(hit) < extra(best) ? hit : best), undefined);
}

/** A found product's name as typed: its markdown escapes undone. */
const plainName = (name: string) => name.replace(/\\(.)/g, '$1');

/**
 * A shopper asking to hear when something is back in stock (decision 0290): "back in stock", "available again", or
 * "tell me when … is back" (not "tell me when you deliver": a delivery question, answered below).
 */
const BACK_IN_STOCK = /\bback in stock\b|\brestock|\bin stock again\b|\bavailable again\b|\b(notify|alert|e-?mail|tell|remind) me\b.*\b(back|available)\b|\blet me know\b.*\b(back|available)\b/;

/** Where to ask for the e-mail, with the product asked about: the one named out of stock, or else the first found out of stock, or one in stock now. */
function backInStockAnswer(hits: ProductHit[], text: string): string {
  const how = 'On the page of a product out of stock, choose **Notify me when it is back**: you get one e-mail when its shop puts it back. Your alerts are under [My Orders](/my-orders).';
  const out = hits.filter((h) => !h.inStock);
  const waited = out.find((h) => text.includes(plainName(h.name).toLowerCase())) ?? out[0];
  if (waited) return `[${waited.name}](${waited.link}) is out of stock at [${waited.shop}](${waited.shopLink}). ${how}`;
  const now = hits[0];
  return now ? `[${now.name}](${now.link}) is in stock now, **${now.price}** at [${now.shop}](${now.shopLink}): no need to wait. ${how}` : how;
}

const SORRY = `Sorry, I can't answer that. ${HELP}`;
/** Questions of one message answered, at most; the rest of a longer message is named as left. */
const QUESTIONS_ANSWERED = 3;

/**
 * "Do you deliver to 560001? Can I pay by card?": each question (a line, or a sentence ending in "?") answered in
 * turn, one after another (a probe got the first one's answer only). Answers said twice are said once; the questions
 * it cannot answer, and those past the third, are named at the end (a probe's went missing unsaid), and "I can't
 * answer that" stands alone only when it answered none.
 */
export async function builtInReply(message: string, tools: ShopTools, shop: { onlinePayment: boolean }): Promise<string> {
  const questions = message.split(/[?\n]+/).map((q) => q.trim()).filter((q) => q.length > 0);
  if (questions.length <= 1) return sign(await answerOne(message, tools, shop));
  const answers: string[] = [];
  const unanswered: string[] = [];
  for (const question of questions.slice(0, QUESTIONS_ANSWERED)) {
    const answer = await answerOne(question, tools, shop);
    if (answer === SORRY) unanswered.push(question);
    else if (!answers.includes(answer)) answers.push(answer);
  }
  if (answers.length === 0) return sign(SORRY);
  const quoted = (list: string[]) => list.map((q) => `“${escapeMarkdown(q)}”`).join(', ');
  const left = [
    ...(unanswered.length > 0 ? [`I can't answer ${quoted(unanswered)}.`] : []),
    ...(questions.length > QUESTIONS_ANSWERED ? [`I read ${QUESTIONS_ANSWERED} questions at a time: ask me ${quoted(questions.slice(QUESTIONS_ANSWERED))} again.`] : []),
  ];
  return sign([...answers, ...(left.length > 0 ? [left.join(' ')] : [])].join('\n\n'));
}

async function answerOne(message: string, tools: ShopTools, shop: { onlinePayment: boolean }): Promise<string> {
  const text = message.toLowerCase();

  if (has(text, /^\s*(hi|hello|hey|good (morning|afternoon|evening))\b[\s!.,]*$/)) {
    return `Hello! ${HELP}`;
  }
  if (has(text, /how (do|can|to|should) (i |we )?(place |make )?(an? )?order|how to buy|checkout/)) {
    return `To order: add products to your cart, open the [cart](/cart), pick or add a delivery address (you need to be logged in), choose ${shop.onlinePayment ? '**Cash On Delivery** or **Online Payment**' : '**Cash On Delivery**'} and place the order. You can follow it under [My Orders](/my-orders).`;
  }
  // Passwords (decision 0254), before the orders: "I forgot my password" is no order question.
  if (has(text, /password/)) {
    return 'Forgot your password? Choose **Login**, then **Forgot password?**: we e-mail you a link to set a new one. Logged in, change it at the bottom of [My Orders](/my-orders) (**Change password**).';
  }
  // Questions a shopper asks that name an order without being about one (a probe got the order list for "minimum order").
  if (has(text, /\bminimum\b|\bmin\.? order/)) return DELIVERY_FACTS;
  if (has(text, /\bcancel/)) {
    return 'To cancel an order, open [My Orders](/my-orders) and choose **Cancel order** on it: you can until the shop packs it. A card payment is refunded in full.';
  }
  if (has(text, /\b(return|refund|damaged|broken|spoilt|spoiled|rotten|missing item)/)) {
    return 'Before the shop packs an order you can cancel it in [My Orders](/my-orders) (a card payment is refunded in full). After delivery, a shop can refund an order: write to us from the [Contact](/contact) page with your order number (GC-…).';
  }
  if (has(text, /\b(contact|customer care|customer service|helpline|phone number|call you|support|complain)/)) {
    return 'You can reach the GreenCart team from the [Contact](/contact) page. For an order, say its number (GC-…).';
  }
  if (has(text, /\b(offers?|coupons?|promo|discounts?|deals?|voucher)\b/)) {
    return 'Shops and GreenCart give coupon codes: enter yours under **Coupon** in the [cart](/cart), which shows what it takes off before you order. A product on offer shows its old price struck through.';
  }
  if (has(text, /\b(opening hours|open hours|timings|are you open|when do you open|when do you close)\b/)) {
    return `GreenCart is open for orders at any hour. ${DELIVERY_FACTS}`;
  }
  if (has(text, /\bupi\b|paytm|phonepe|google pay|gpay|net ?banking|wallet/)) {
    return `UPI, wallets and net banking are not taken: you can pay by ${paymentMethods(shop.onlinePayment)}.`;
  }
  // "Where is GC-100234?" (or "gc 100234", or "status of order 100234"): that order, or that it is none of the shopper's
  // (a probe got the newest five, unexplained). Any length: a number too long to be one is none of theirs either.
  const asked = /\bgc[-\s]?(\d{6,})\b/i.exec(message)?.[1] ?? (has(text, /\b(orders?|track|status)\b/) ? /(?:^|[\s#:])(\d{6,})\b/.exec(message)?.[1] : undefined);
  if (asked !== undefined) return orderAnswer(tools, `GC-${asked}`);
  if (has(text, /\b(my orders?|orders?|track|status)\b/)) {
    return ordersAnswer(tools);
  }

  // "What does Sharma Fresh Farm sell?": the shop's own page, not the products of others whose names share its words (a probe).
  // Each name caught is looked up (an index read each): the first that is a shop's answers.
  for (const name of new Set(SHOP_QUESTIONS.map((pattern) => pattern.exec(message)?.[1]).filter((found) => found !== undefined))) {
    const askedShop = await tools.findShop(name);
    if (askedShop) return `Everything [${askedShop.shopName}](${askedShop.link}) sells is on its page, with its prices and what is in stock.`;
  }
  if (has(text, SHOPS_IN_GENERAL)) {
    return 'Many shops sell on GreenCart. Every product says who sells it ("Sold by …"), linked to that shop\'s page with all it sells. Ask me "who sells tomatoes?", or which shops deliver to your pincode.';
  }

  const hits = await tools.searchProducts(message);
  // "Tell me when the mangoes are back" (decision 0290): the product's page asks for the e-mail; said where, with the product.
  if (has(text, BACK_IN_STOCK)) return backInStockAnswer(hits, text);
  // "Who sells tomatoes?", "which shop has mangoes", "sold by": the shops of the products found (issue 26). "Which shops
  // deliver to 560001" is a delivery question (answered below; a probe got "I could not find that product").
  if (has(text, /\bwho (sells|has|stocks)\b|\bwhich (shops?|sellers?|stores?)\b|\bsold by\b/) && !has(text, /deliver/)) {
    return whoSellsAnswer(hits);
  }
  if (hits.length > 0 && has(text, /\badd\b|\bput\b/)) {
    // The product the shopper named (a found name, whole, in the message: the longest), or the best found in stock. A
    // named one out of stock is said to be, and anything else is offered as something else (a probe was offered a
    // dearer "Family Pack" as if it were the pack it named).
    const named = hits.filter((h) => text.includes(plainName(h.name).toLowerCase())).sort((a, b) => b.name.length - a.name.length)[0];
    const offered = named?.inStock ? named : plainest(hits.filter((h) => h.inStock), text);
    // Its page can e-mail the shopper when it is back (decision 0290).
    const soldOut = named && !named.inStock ? `[${named.name}](${named.link}) is out of stock at [${named.shop}](${named.shopLink}): its page can e-mail you when it is back.` : undefined;
    const asked = offered && unitsAsked(askedQuantity(text), offered);
    const result = offered && asked && (await tools.proposeAddToCart(offered.id, asked.units));
    if (offered && asked && result && 'proposed' in result) {
      const adds = result.proposed.quantity;
      const what =
        offered === named
          ? `[${offered.name}](${offered.link}) costs **${offered.price}**.`
          : `${soldOut ? `${soldOut} Instead, ` : 'The closest I found in stock: '}[${offered.name}](${offered.link}), **${offered.price}**, sold by [${offered.shop}](${offered.shopLink}).`;
      return `${what} Use the button below to add ${adds === 1 ? 'it' : adds} to your cart.${asked.note}${fewerNote(asked.units, adds)}`;
    }
    if (soldOut) return soldOut;
  }
  // Payment first: 'cash on delivery' is a payment question.
  if (has(text, /\bpay|payment|cash|card|\bcod\b/)) {
    return `You can pay by ${paymentMethods(shop.onlinePayment)}. Choose it in the [cart](/cart) before placing the order.`;
  }
  if (has(text, /deliver|shipping|\bship\b|how (long|fast|soon)/)) {
    // "Do you deliver to 411 001?": the shops that do (issue 28); else the shops' terms in general.
    const asked = pincodesIn(text);
    if (asked.length === 0) return DELIVERY_FACTS;
    const answers = await Promise.all(asked.map((pincode) => tools.shopsDeliveringTo(pincode)));
    // Every pincode asked about answered; a text that is none only when no pincode was read.
    const read = answers.filter((hit) => !('error' in hit));
    return (read.length > 0 ? read : answers.slice(0, 1)).map(deliveryAnswer).join('\n\n');
  }
  if (has(text, /categor|what (do|can) (you|i) (sell|buy|have)|what do you have/)) {
    const list = CATEGORIES.map((c) => `- [${c.text}](/products/${c.path.toLowerCase()})`).join('\n');
    return `We have seven categories:\n\n${list}\n\nOr browse [all products](/products).`;
  }
  if (hits.length > 0) {
    const lines = hits.map(
      (h) =>
        `- [${h.name}](${h.link}): **${h.price}**${h.listPrice === h.price ? '' : ` (was ${h.listPrice})`}, ${h.weight}, ${h.inStock ? 'in stock' : 'out of stock'}, sold by [${h.shop}](${h.shopLink})`,
    );
    // The tools put the cheapest in stock first when the question asks for it ("cheapest rice"): say so.
    return `${asksForCheapest(message) ? 'Here is what I found, cheapest first' : 'Here is what I found'}:\n\n${lines.join('\n')}`;
  }
  if (has(text, /^\s*(thanks|thank you|ok|okay|great)\b/)) {
    return 'You are welcome! Anything else I can help with?';
  }
  // Only product words, none found: said so, not "I can't answer that" (a probe typed "paneer").
  if (onlyNamesProducts(message)) {
    return `I could not find “${escapeMarkdown(message.trim())}” in any shop. Try another word, or browse [all products](/products).`;
  }
  return SORRY;
}

/** A shop's screens, then the operator's as the operator's (a probe: a shop read Sellers, Commission and Payouts as its own). */
const { sellers, commission, payouts, ...shopScreens } = SELLER_SCREENS;
const SELLER_HELP = `In the seller area I can tell you where things are done: ${Object.values(shopScreens).join(', ')}; the marketplace's operator alone also has ${sellers}, ${commission} and ${payouts}.`;

/** The seller area's questions, first match wins: where each job is done (docs/decisions/0234). */
const SELLER_ANSWERS: [RegExp, string][] = [
  // Before "profile": "change my password" is no shop detail (decision 0254).
  [/password/, `Change your shop's password under Password on ${SELLER_SCREENS.profile} (the current one, then the new one). Forgotten, "Forgot password?" on the seller login e-mails a link. The operator's password is set on the server (SELLER_PASSWORD).`],
  // The operator's jobs first: "approve a new seller" is no product to add, "record a payout to a shop" no shop's own balance.
  [/approv|applica|suspend|(new|other|a) (shop|seller)s?\b.*(join|sign|regist|review)|list of (shops|sellers)/, `Shops are approved, suspended and found on ${SELLER_SCREENS.sellers} (the marketplace's operator only); the shop is e-mailed each change.`],
  [/(set|change|default|each shop's|a shop's) .*commission|commission (rate|%|percent)/, `The operator sets the default commission and each shop's own rate on ${SELLER_SCREENS.commission}; a shop sees what it was charged on ${SELLER_SCREENS.balance}.`],
  [/payouts? (to|for) (a|the|each) shop|(record|make|send) (a )?payout|balances? due|shops? (are )?owed/, `The operator sees every shop's balance due and records payouts on ${SELLER_SCREENS.payouts}; a shop sees its own on ${SELLER_SCREENS.balance}.`],
  [/import|export|csv|bulk|spreadsheet|zip/, `Products in bulk: ${SELLER_SCREENS.importExport} takes a CSV (download the sample there) with a zip of images, checks every row first: a file with a problem writes nothing and lists the problems by row and column, and then you may fix the file and import it again, or choose "Import valid rows only" to write the rows without problems and skip the others (listed after). It also exports your catalogue.`],
  [/coupon|discount|promo|offer code/, `Coupons are made and paused on ${SELLER_SCREENS.coupons}: a percentage, an amount or free delivery, with dates, a minimum order and a number of uses.`],
  [/zone|pincode|fee|slot|window|minimum order|free delivery|delivery (area|settings)/, `Where and how you deliver is set on ${SELLER_SCREENS.delivery}: the pincodes you serve, your fee, the order value above which delivery is free, a minimum order and delivery windows with their places. Today's are on ${SELLER_SCREENS.deliveriesToday}.`],
  [/balance|payout|commission|statement|earning|money|paid out|get paid/, `Your money is on ${SELLER_SCREENS.balance}: each delivered order's sale, the marketplace's commission, the cash your riders collected on delivery (yours to keep), refunds and payouts, the balance due to you (or what you owe) and the statement as CSV.`],
  [/order|refund|cancel|pick|substitut|dispatch|packed|status/, `Orders are on ${SELLER_SCREENS.orders}: filter them by status, payment or day, find one by its GC number or the buyer's name, move each one along (Processed, Packed, Dispatched, Delivered), record picks and substitutes before packing, refund a delivered one, export them as CSV.`],
  [/stock|inventory|out of|edit|price|delete|restore|my products/, `Your products are on ${SELLER_SCREENS.productList}: set a unit count or in/out of stock, edit a product, delete one (deleted products can be restored from there).`],
  [/add|new product|list a product|sell|upload|image|photo/, `Add a product on ${SELLER_SCREENS.addProduct}: its name, category, price and offer price, an optional description and net quantity, and up to 4 images.`],
  [/profile|shop name|pickup|phone|address/, `Your shop's name, phone and pickup address are on ${SELLER_SCREENS.profile}.`],
];

/** The built-in assistant in the seller area: where each job of running a shop is done, and no cart. */
export function builtInSellerReply(message: string): string {
  const text = message.toLowerCase();
  const answer = SELLER_ANSWERS.find(([pattern]) => pattern.test(text));
  return sign(answer ? answer[1] : has(text, /^\s*(hi|hello|hey)\b/) ? `Hello! ${SELLER_HELP}` : `Sorry, I can't answer that. ${SELLER_HELP}`);
}

/** Pincodes asked about at most, in one message. */
const PINCODES_ANSWERED = 3;

/**
 * The pincodes a message asks about ("411001", "411 001", "411-001", full-width digits too): each run of digits,
 * spaces and hyphens read as its digits, 5 to 7 of them (6 is a pincode; 5 or 7 a mistyped one, answered with the
 * pincode rule's message); longer runs are phone numbers, shorter ones quantities.
 */
export function pincodesIn(text: string): string[] {
  const runs = text.normalize('NFKC').match(/\d[\d\s-]*\d/g) ?? [];
  const digits = runs.map((run) => run.replace(/[\s-]/g, '')).filter((run) => run.length >= 5 && run.length <= 7);
  return [...new Set(digits)].slice(0, PINCODES_ANSWERED);
}

function deliveryAnswer(hit: DeliveryHit | { error: string }): string {
  if ('error' in hit) return `${hit.error}: tell me your 6-digit pincode, e.g. 411001.`;
  if (hit.shops.length === 0) return `No shop delivers to ${hit.pincode} yet.`;
  const names = hit.shops.map((name) => `**${name}**`).join(', ');
  // More than are named: some of them, not a list of "these shops" (a probe read eight, as if they were all).
  const which = hit.more ? `Many shops deliver to ${hit.pincode}, among them ${names}` : `These shops deliver to ${hit.pincode}: ${names}`;
  return `${which}. Pick that address in the [cart](/cart) to see each shop's delivery fee and windows.`;
}

/** The shops selling what was asked for, each with its products found. */
function whoSellsAnswer(hits: ProductHit[]): string {
  if (hits.length === 0) return 'I could not find that product in any shop. Browse [all products](/products) to see what our shops sell.';
  const byShop = new Map<string, { shop: string; products: ProductHit[] }>();
  for (const hit of hits) byShop.set(hit.shopLink, { shop: hit.shop, products: [...(byShop.get(hit.shopLink)?.products ?? []), hit] });
  const lines = [...byShop].map(
    ([link, { shop, products }]) => `- [${shop}](${link}): ${products.map((p) => `[${p.name}](${p.link}) at **${p.price}**${p.inStock ? '' : ' (out of stock)'}`).join(', ')}`,
  );
  // A full page of hits is some of the shops, not all of them: a probe read "5 shops sell it" where 863 did.
  const which = hits.length >= SEARCH_RESULT_MAX ? 'Some of the shops that sell it' : byShop.size === 1 ? 'This shop sells it' : `${byShop.size} shops sell it`;
  return `${which}:\n\n${lines.join('\n')}`;
}

const orderLine = (o: OrderSummary) =>
  `- ${o.orderNumber}, ${o.placedOn}: **${o.status}**${o.cancelReason ? ` (reason: ${o.cancelReason})` : ''}, ${o.total} (${o.paymentType}, ${o.payment}): ${o.items.join(', ')}`;

async function ordersAnswer(tools: ShopTools): Promise<string> {
  const orders = await tools.listMyOrders();
  if (orders === null) return 'Please log in to see your orders and their status.';
  if (orders.length === 0) return 'You have no orders yet. Browse [all products](/products) to start one.';
  return `Your latest orders:\n\n${orders.map(orderLine).join('\n')}\n\nSee all of them under [My Orders](/my-orders).`;
}

/** One order asked for by its number: the shopper's, or said to be none of theirs (another's is never shown). */
async function orderAnswer(tools: ShopTools, orderNumber: string): Promise<string> {
  const order = await tools.findMyOrder(orderNumber);
  if (order === null) return 'Please log in to see your orders and their status.';
  if (order === undefined) return `I could not find order ${orderNumber} among your orders. ${await ordersAnswer(tools)}`;
  return `${orderLine(order)}\n\nSee it under [My Orders](/my-orders).`;
}
