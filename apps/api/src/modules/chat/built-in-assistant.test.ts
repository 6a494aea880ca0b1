import { escapeMarkdown, type ChatAction, type Order, type Product } from '@greencart/shared';
import { describe, expect, it } from 'vitest';
import { SEED_PRODUCTS } from '../../db/seed/catalogue.js';
import { BUILT_IN_SIGNATURE, builtInReply, builtInSellerReply } from './built-in-assistant.js';
import { createShopTools } from './chat-tools.js';

/** The seeded demo catalogue as the API shapes it, with stable ids. */
const catalogue: Product[] = SEED_PRODUCTS.map((p, i) => ({
  _id: `00000000-0000-4000-8000-${String(i).padStart(12, '0')}`,
  name: p.name,
  description: p.description,
  category: p.category,
  price: p.price,
  offerPrice: p.offerPrice,
  image: [],
  inStock: p.name !== 'Mango 1 kg',
  stock: null,
  weight: p.weight,
  seller: { id: 's1', shopName: 'GreenCart', slug: 'greencart' },
}));
const tomato = catalogue.find((p) => p.name === 'Tomato 1 kg')!;

/** The catalogue queries over an in-memory list: every product is a candidate; ranking is the tools' own. */
const catalogueOf = (products: Product[]) => ({
  findProducts: async () => products,
  findProduct: async (id: string) => products.find((p) => p._id === id),
  findShopNamed: async (name: string) => products.map((p) => p.seller).find((s) => s.shopName.toLowerCase() === name.toLowerCase()),
});

/** A shopper's Packed cash-on-delivery order of one line at Rs 35, placed 2026-11-20. */
function packedCodOrder(line: { _id: string; name: string; category: string; quantity: number; amount: number }): Order {
  return {
    _id: 'o1',
    orderNumber: 'GC-100001',
    userId: 'u1',
    seller: { id: 's1', shopName: 'GreenCart', slug: 'greencart' },
    checkoutId: 'c1',
    items: [{ product: { _id: line._id, name: line.name, category: line.category, image: [], offerPrice: 35 }, quantity: line.quantity, substitute: 'similar', picked: null, substituteFor: null, discount: 0 }],
    pickedAt: null,
    pickReduction: 0,
    amount: line.amount,
    deliveryFee: 0,
    tax: 0,
    deliverySlot: null,
    coupon: null,
    discount: 0,
    discountPaidBy: null,
    address: { _id: 'a1', firstName: 'A', lastName: 'B', email: 'a@b.c', street: 's', city: 'c', state: 's', zipcode: '1', country: 'c', phone: '1' },
    paymentType: 'COD',
    status: 'Packed',
    isPaid: false,
    isRefunded: false,
    createdAt: '2026-11-20T10:00:00.000Z',
    cancelledBy: null,
    cancelReason: null,
  };
}

/** The delivery check's read over shops named by the pincode they serve (and `*` for everywhere). */
const shopsServing = (shops: Record<string, string[]>) => async (pincode: string) => ({
  sellers: Object.entries(shops)
    .filter(([, pincodes]) => pincodes.includes(pincode) || pincodes.includes('*'))
    .map(([shopName]) => ({ shopName })),
  nextCursor: null,
});

function ask(message: string, options: { userId?: string; orders?: Order[]; products?: Product[]; onlinePayment?: boolean; shops?: Record<string, string[]> } = {}) {
  const actions: ChatAction[] = [];
  const tools = createShopTools({
    ...catalogueOf(options.products ?? catalogue),
    listOrders: async () => options.orders ?? [],
    findOrder: async (_userId, orderNumber) => (options.orders ?? []).find((order) => order.orderNumber === orderNumber),
    findShopsDeliveringTo: shopsServing(options.shops ?? {}),
    currency: 'Rs',
    timeZone: 'Asia/Kolkata',
    userId: options.userId,
    actions,
  });
  return builtInReply(message, tools, { onlinePayment: options.onlinePayment ?? true }).then((reply) => ({ reply, actions }));
}

describe('built-in assistant (no GEMINI_API_KEY) on the seeded catalogue', () => {
  it('finds tomatoes with price, list price, stock and a link to the product page', async () => {
    const { reply } = await ask('Do you have tomatoes?');
    expect(reply).toContain(`[Tomato 1 kg](/products/vegetables/${tomato._id}): **Rs 35** (was Rs 40), 1 kg, in stock`);
    expect(reply).toContain('Tomato Soup Can 400g');
    expect(reply).toContain(BUILT_IN_SIGNATURE);
  });

  it('answers what a product costs and says when it is out of stock', async () => {
    expect((await ask('What is the price of tomato?')).reply).toContain('**Rs 35**');
    expect((await ask('how much are mangoes')).reply).toMatch(/Mango 1 kg\]\([^)]+\): \*\*Rs 140\*\* \(was Rs 150\), 1 kg, out of stock/);
  });

  it('lists the seven categories with links to their pages', async () => {
    const { reply } = await ask('Which categories do you have?');
    expect(reply).toContain('[Organic veggies](/products/vegetables)');
    expect(reply).toContain('[Grains & Cereals](/products/grains)');
  });

  it('answers delivery and payment questions from the shop facts: each shop\'s terms, card payment only when taken', async () => {
    const delivery = (await ask('How fast is delivery?')).reply;
    expect(delivery).toContain('delivery fee');
    expect(delivery).toContain('delivery windows');
    expect(delivery).not.toContain('free shipping');
    expect((await ask('Can I pay cash on delivery?')).reply).toMatch(/Cash On Delivery.*Online Payment/);
    // A store that takes no card payments now (production without a provider): the cart offers cash on delivery only.
    const cashOnly = (await ask('Can I pay by card?', { onlinePayment: false })).reply;
    expect(cashOnly).toContain('online card payment is not available now');
    expect(cashOnly).not.toContain('or Online Payment');
    expect((await ask('How do I place an order?', { onlinePayment: false })).reply).not.toContain('Online Payment');
  });

  it('names the shops that deliver to a pincode, as India Post writes it too; says so when none does or it is no pincode', async () => {
    const shops = { 'GreenCart': ['*'], 'Pune *Pantry*': ['411001'], 'Mumbai Mart': ['400001'] };
    const { reply } = await ask('Do you deliver to 411 001?', { shops });
    expect(reply).toContain('These shops deliver to 411001: **GreenCart**, **Pune \\*Pantry\\***.');
    expect(reply).not.toContain('Mumbai');
    expect((await ask('Can you deliver to 110001?', { shops: { 'Mumbai Mart': ['400001'] } })).reply).toContain('No shop delivers to 110001 yet.');
    // Asked as "which shops" (a probe got a product answer).
    expect((await ask('which shops deliver to 411001', { shops })).reply).toContain('These shops deliver to 411001: **GreenCart**');
    expect((await ask('which shops deliver to 12345', { shops })).reply).toMatch(/Pincode must be 6 digits/);
    expect((await ask('Do you deliver to 011001?', { shops })).reply).toMatch(/Pincode must be 6 digits, the first not 0: tell me your 6-digit pincode/);
    // Mistyped (7 digits), written with a hyphen or full-width digits, several in one question, beside a phone number.
    expect((await ask('do you deliver to 4110011', { shops })).reply).toMatch(/Pincode must be 6 digits/);
    expect((await ask('do you deliver to 411-001', { shops })).reply).toContain('These shops deliver to 411001:');
    expect((await ask('do you deliver to ４１１００１', { shops })).reply).toContain('These shops deliver to 411001:');
    const both = (await ask('do you ship to 400 001 and 411001', { shops })).reply;
    expect(both).toContain('These shops deliver to 400001: **GreenCart**, **Mumbai Mart**.');
    expect(both).toContain('These shops deliver to 411001:');
    expect((await ask('my number is 987 654 3210, do you deliver to 411001?', { shops })).reply).toMatch(/^These shops deliver to 411001:/);
    // More than it names: "among them", not "these" (a probe read eight shops of a thousand as the list).
    const many = Object.fromEntries(Array.from({ length: 12 }, (_, i) => [`Shop ${i}`, ['*']]));
    expect((await ask('do you deliver to 411001', { shops: many })).reply).toMatch(/^Many shops deliver to 411001, among them \*\*Shop 0\*\*, .*\*\*Shop 7\*\*\. Pick/);
  });

  it('asks a visitor to log in for orders and shows a shopper their order status', async () => {
    expect((await ask('Where is my order?')).reply).toContain('Please log in to see your orders');
    const order = packedCodOrder({ _id: tomato._id, name: 'Tomato 1 kg', category: 'Vegetables', quantity: 2, amount: 71.4 });
    const { reply } = await ask('What is the status of my order?', { userId: 'u1', orders: [order] });
    expect(reply).toContain('2026-11-20: **Packed**, Rs 71.40 (COD, to pay on delivery): 2 x Tomato 1 kg');
  });

  it('answers an order asked for by its number, or says it is none of the shopper\'s (a probe got the newest five, unexplained)', async () => {
    const order = packedCodOrder({ _id: tomato._id, name: 'Tomato 1 kg', category: 'Vegetables', quantity: 2, amount: 71.4 });
    const own = await ask(`where is ${order.orderNumber.toLowerCase()}?`, { userId: 'u1', orders: [order] });
    expect(own.reply).toMatch(new RegExp(`^- ${order.orderNumber}, 2026-11-20: \\*\\*Packed\\*\\*`));
    const other = await ask("what's the status of order GC-999999", { userId: 'u1', orders: [order] });
    expect(other.reply).toMatch(/^I could not find order GC-999999 among your orders\. Your latest orders:/);
    expect(other.reply).toContain(order.orderNumber);
    expect((await ask('status of GC-999999')).reply).toContain('Please log in to see your orders');
    // Written with a space, or a number too long to be one (a probe got "I can't answer that").
    expect((await ask(`where is gc ${order.orderNumber.slice(3)}`, { userId: 'u1', orders: [order] })).reply).toMatch(new RegExp(`^- ${order.orderNumber},`));
    // The number alone, as a receipt's digits are read out, is the same order.
    expect((await ask(`status of order ${order.orderNumber.slice(3)}`, { userId: 'u1', orders: [order] })).reply).toMatch(new RegExp(`^- ${order.orderNumber},`));
    expect((await ask('track order #999999', { userId: 'u1', orders: [order] })).reply).toMatch(/^I could not find order GC-999999 among your orders/);
    expect((await ask('where is GC-99999999999999999999', { userId: 'u1', orders: [order] })).reply).toMatch(/^I could not find order GC-99999999999999999999 among your orders/);
  });

  it('says where passwords are reset and changed, for shoppers and shops (a probe got "I can\'t answer that")', async () => {
    for (const question of ['I forgot my password', 'how do I change my password?']) {
      expect((await ask(question)).reply, question).toMatch(/^Forgot your password\? Choose \*\*Login\*\*, then \*\*Forgot password\?\*\*/);
    }
    expect(builtInSellerReply('how do I change my password')).toMatch(/^Change your shop's password under Password on \[Shop profile\]\(\/seller\/profile\)/);
  });

  it('tells a seller an import with problems can still write its valid rows, as the Import screen offers (it said "all or nothing": a probe)', () => {
    const reply = builtInSellerReply('how do I import products from a csv');
    expect(reply).not.toMatch(/all or nothing/i);
    expect(reply).toContain('a file with a problem writes nothing and lists the problems by row and column');
    expect(reply).toContain('"Import valid rows only" to write the rows without problems and skip the others');
  });

  it("names the operator's screens in the seller area's help as the operator's, not every shop's (a probe)", () => {
    const help = builtInSellerReply('hello');
    expect(help).toContain('[Shop profile](/seller/profile); the marketplace\'s operator alone also has [Sellers](/seller/sellers), [Commission](/seller/commission) and [Payouts](/seller/payouts).');
  });

  it("tells an order as the shopper gets it: refunded or cancelled payments as such, the shop's reason for a cancel, picked units and substitutes", async () => {
    const base = packedCodOrder({ _id: tomato._id, name: 'Tomato 1 kg', category: 'Vegetables', quantity: 2, amount: 71.4 });
    const refunded: Order = { ...base, _id: 'o2', orderNumber: 'GC-100002', paymentType: 'Online', status: 'Cancelled', isPaid: true, isRefunded: true };
    const cancelledCash: Order = { ...base, _id: 'o3', orderNumber: 'GC-100003', status: 'Cancelled', cancelledBy: 'seller', cancelReason: 'Out of *fresh* stock' };
    const substitute = { ...base.items[0]!, product: { ...base.items[0]!.product, _id: 'p2', name: 'Cherry Tomato 500 g' }, quantity: 2, picked: 2, substituteFor: tomato._id };
    const picked: Order = { ...base, _id: 'o4', orderNumber: 'GC-100004', items: [{ ...base.items[0]!, picked: 0 }, substitute] };
    const { reply } = await ask('where are my orders', { userId: 'u1', orders: [refunded, cancelledCash, picked] });
    expect(reply).toContain('GC-100002, 2026-11-20: **Cancelled**, Rs 71.40 (Online, refunded)');
    // The shop's reason (decision 0288), its text kept from reading as markdown.
    expect(reply).toContain("GC-100003, 2026-11-20: **Cancelled** (reason: Out of \\*fresh\\* stock), Rs 71.40 (COD, nothing to pay)");
    expect(reply).toContain('GC-100004, 2026-11-20: **Packed**, Rs 71.40 (COD, to pay on delivery): Tomato 1 kg (not available), 2 x Cherry Tomato 500 g (substitute)');
  });

  it("dates an order by the store's day, as My Orders does: 20:00 UTC is the next day in India", async () => {
    const order = { ...packedCodOrder({ _id: tomato._id, name: 'Tomato 1 kg', category: 'Vegetables', quantity: 1, amount: 35.7 }), createdAt: '2026-11-20T20:00:00.000Z' };
    expect((await ask('Where is my order?', { userId: 'u1', orders: [order] })).reply).toContain('2026-11-21: **Packed**');
  });

  it('answers a product id that is not one (a name, a slug) as an unknown product, not a failed message', async () => {
    const tools = createShopTools({ ...catalogueOf(catalogue), listOrders: async () => [], findOrder: async () => undefined, findShopsDeliveringTo: shopsServing({}), currency: 'Rs', timeZone: 'Asia/Kolkata', userId: 'u1', actions: [] });
    for (const id of ['Tomato 1 kg', 'tomato-1-kg', '']) expect(await tools.proposeAddToCart(id)).toEqual({ error: 'No product has this id; search the catalogue first.' });
  });

  it('proposes adding an in-stock product to the cart instead of adding it', async () => {
    const { reply, actions } = await ask('Please add tomatoes to my cart');
    expect(actions).toEqual([{ type: 'addToCart', productId: tomato._id, name: 'Tomato 1 kg', quantity: 1, stock: tomato.stock }]);
    expect(reply).toContain('Use the button below');
  });

  it('proposes the quantity asked for, within a cart line\'s 9 and the units left, and says when it adds fewer (a probe: "add 3 tomatoes" added one)', async () => {
    for (const [question, quantity, words] of [
      ['add 3 tomatoes to my cart', 3, 'add 3 to your cart.'],
      ['please put two tomatoes in my cart', 2, 'add 2 to your cart.'],
      ['add a dozen tomatoes', 9, 'add 9 to your cart. A cart line holds at most 9.'],
      ['add 1 tomato', 1, 'add it to your cart.'],
    ] as const) {
      const { reply, actions } = await ask(question);
      expect(reply.split('\n')[0], question).toMatch(/\[Tomato 1 kg\]\([^)]+\)(,| costs) \*\*Rs 35\*\*/);
      expect(reply.split('\n')[0]!.endsWith(`Use the button below to ${words}`), question).toBe(true);
      expect(actions, question).toEqual([{ type: 'addToCart', productId: tomato._id, name: 'Tomato 1 kg', quantity, stock: tomato.stock }]);
    }
    // Two left of a counted product: two, said.
    const counted: Product = { ...tomato, stock: 2 };
    const few = await ask('add 5 tomatoes', { products: [counted] });
    expect(few.reply.split('\n')[0]!.endsWith('Use the button below to add 2 to your cart. Only 2 left.')).toBe(true);
    expect(few.actions).toEqual([{ type: 'addToCart', productId: tomato._id, name: 'Tomato 1 kg', quantity: 2, stock: 2 }]);
  });

  it('counts pieces asked of a pack in packs: "a dozen eggs" is one 12 pack, or two 6 packs (a probe was told to choose 12)', async () => {
    const twelve = catalogue.find((p) => p.name === 'Brown Eggs 12 pack')!;
    const six: Product = { ...twelve, _id: '00000000-0000-4000-9000-000000000401', name: 'Country Eggs', weight: '6 pcs' };
    const adds = async (question: string, products: Product[]) => {
      const { reply, actions } = await ask(question, { products });
      return [reply.split('\n')[0]!.split('Use the button below to ')[1], actions[0]!.quantity];
    };
    expect(await adds('add a dozen brown eggs 12 pack', [twelve])).toEqual(['add it to your cart.', 1]);
    expect(await adds('add a dozen country eggs', [six])).toEqual(['add 2 to your cart.', 2]);
    expect(await adds('add 3 country eggs', [six])).toEqual(['add it to your cart. It adds one pack of 6.', 1]);
    expect(await adds('add one country eggs', [six])).toEqual(['add it to your cart.', 1]);
  });

  it('tells a shopper who wants to hear when a product is back where to ask for the e-mail (decision 0290)', async () => {
    const mango: Product = { ...tomato, _id: '00000000-0000-4000-9000-000000000311', name: 'Alphonso Mango 1 kg', inStock: false };
    const how = 'On the page of a product out of stock, choose **Notify me when it is back**: you get one e-mail when its shop puts it back. Your alerts are under [My Orders](/my-orders).';
    expect((await ask('notify me when alphonso mango is back in stock', { products: [tomato, mango] })).reply.split('\n')[0]).toBe(
      `[Alphonso Mango 1 kg](/products/vegetables/${mango._id}) is out of stock at [GreenCart](/shop/greencart). ${how}`,
    );
    expect((await ask('let me know when tomato is available again', { products: [tomato] })).reply).toMatch(/^\[Tomato 1 kg\]\([^)]+\) is in stock now, \*\*Rs [\d.]+\*\* at \[GreenCart\]\(\/shop\/greencart\): no need to wait\. /);
    expect((await ask('how do I get an alert when something is back in stock?', { products: [] })).reply.split('\n')[0]).toBe(how);
    // Not a wish to hear of a product: "tell me when you deliver" is not answered with it.
    expect((await ask('tell me when you deliver to 560001', { products: [tomato] })).reply).not.toContain('Notify me');
  });

  it('says the product named is out of stock (and that its page can e-mail when it is back), and offers another as another, not as the one named (a probe)', async () => {
    const pack: Product = { ...tomato, _id: '00000000-0000-4000-9000-000000000301', name: 'Evergreen Organic Tomato 1 kg', offerPrice: 31, inStock: false };
    const family: Product = { ...tomato, _id: '00000000-0000-4000-9000-000000000302', name: 'Evergreen Organic Tomato 1 kg Family Pack', offerPrice: 140.5 };
    const { reply, actions } = await ask('add Evergreen Organic Tomato 1 kg to cart', { products: [family, pack] });
    expect(reply).toMatch(/^\[Evergreen Organic Tomato 1 kg\]\([^)]+\) is out of stock at \[GreenCart\]\(\/shop\/greencart\): its page can e-mail you when it is back\. Instead, \[Evergreen Organic Tomato 1 kg Family Pack\]\([^)]+\), \*\*Rs 140\.50\*\*, sold by \[GreenCart\]/);
    expect(actions).toEqual([{ type: 'addToCart', productId: family._id, name: family.name, quantity: 1, stock: family.stock }]);
    // Named and in stock: that one, by its name.
    expect((await ask('add Evergreen Organic Tomato 1 kg Family Pack to cart', { products: [pack, family] })).reply).toMatch(/^\[Evergreen Organic Tomato 1 kg Family Pack\]\([^)]+\) costs \*\*Rs 140\.50\*\*\./);
    // Nothing else in stock: said so, nothing proposed.
    const alone = await ask('add Evergreen Organic Tomato 1 kg to cart', { products: [pack] });
    expect([alone.reply.split('\n')[0], alone.actions]).toEqual([`[Evergreen Organic Tomato 1 kg](/products/vegetables/${pack._id}) is out of stock at [GreenCart](/shop/greencart): its page can e-mail you when it is back.`, []]);
  });

  it('says a product word it cannot find is not in any shop, and still cannot answer a question that is not one (a probe)', async () => {
    expect((await ask('paneer')).reply.split('\n')[0]).toBe('I could not find “paneer” in any shop. Try another word, or browse [all products](/products).');
    expect((await ask('what is the meaning of life')).reply).toMatch(/^Sorry, I can't answer that\./);
    expect((await ask('thanks')).reply).toMatch(/^You are welcome!/);
  });

  it('answers what a shop sells with its own page, not other shops’ products that share its words (a probe)', async () => {
    const farm = { id: 's2', shopName: 'Sharma Fresh Farm', slug: 'sharma-fresh-farm' };
    const products = [...catalogue, { ...tomato, _id: '00000000-0000-4000-9000-000000000401', name: 'Farm Fresh Garlic', seller: { id: 's3', shopName: 'Daily Harvest', slug: 'daily-harvest' } }, { ...tomato, _id: '00000000-0000-4000-9000-000000000402', seller: farm }];
    for (const question of ['What does Sharma Fresh Farm sell?', 'what do sharma fresh farm have', 'show me the products of Sharma Fresh Farm']) {
      const { reply } = await ask(question, { products });
      expect(reply.split('\n')[0]).toBe('Everything [Sharma Fresh Farm](/shop/sharma-fresh-farm) sells is on its page, with its prices and what is in stock.');
    }
    // Asked about the shop, or by its name alone (a probe got products of other shops sharing its words).
    for (const question of ['tell me about the shop Sharma Fresh Farm', 'Sharma Fresh Farm', 'sharma fresh farm?', 'the store called Sharma Fresh Farm']) {
      expect((await ask(question, { products })).reply.split('\n')[0], question).toBe('Everything [Sharma Fresh Farm](/shop/sharma-fresh-farm) sells is on its page, with its prices and what is in stock.');
    }
    // The shops in general (a probe got "Sorry, I can't answer that").
    for (const question of ['what shops are there?', 'list the shops', 'Which stores do you have']) {
      expect((await ask(question, { products })).reply, question).toMatch(/^Many shops sell on GreenCart\. Every product says who sells it/);
    }
    // No such shop: the question is a product question as before; "what do you sell" still lists the categories.
    expect((await ask('what does Nowhere Mart sell', { products })).reply).not.toContain('/shop/nowhere');
    expect((await ask('what do you sell', { products })).reply).toMatch(/^We have seven categories/);
  });

  it('tells who sells a product: each shop linked to its page, with its products found (issue 26)', async () => {
    const farm = { id: 's2', shopName: 'Sharma Fresh Farm', slug: 'sharma-fresh-farm' };
    const farmTomato: Product = { ...tomato, _id: '00000000-0000-4000-9000-000000000001', name: 'Organic Tomato 1 kg', offerPrice: 55, price: 60, seller: farm };
    const { reply } = await ask('Who sells tomatoes?', { products: [...catalogue, farmTomato] });
    expect(reply).toMatch(/^2 shops sell it:/);
    expect(reply).toContain(`- [GreenCart](/shop/greencart): [Tomato 1 kg](/products/vegetables/${tomato._id}) at **Rs 35**`);
    expect(reply).toContain('- [Sharma Fresh Farm](/shop/sharma-fresh-farm): [Organic Tomato 1 kg](/products/vegetables/00000000-0000-4000-9000-000000000001) at **Rs 55**');
    expect((await ask('which shop has dragonfruit')).reply).toContain('I could not find that product in any shop');
  });

  it('says "some of the shops" for a full page of hits, and finds apples without pineapples (a probe)', async () => {
    const shops = Array.from({ length: 8 }, (_, i) => ({ id: `s${i}`, shopName: `Orchard ${i}`, slug: `orchard-${i}` }));
    const apples = shops.map((seller, i): Product => ({ ...tomato, _id: `00000000-0000-4000-9000-00000000020${i}`, name: `Shimla Apple ${i}`, category: 'Fruits', seller }));
    const pineapple: Product = { ...tomato, _id: '00000000-0000-4000-9000-000000000299', name: 'Pineapple', category: 'Fruits' };
    const { reply } = await ask('who sells apples', { products: [pineapple, ...apples] });
    expect(reply).toMatch(/^Some of the shops that sell it:/);
    expect(reply).not.toContain('Pineapple');
  });

  it('tells who sells milk with the milk, not the milk tea or milk bread before it in the catalogue (a probe)', async () => {
    const shops = Array.from({ length: 6 }, (_, i) => ({ id: `s${i}`, shopName: `Dairy ${i}`, slug: `dairy-${i}` }));
    const product = (name: string, i: number, seller: Product['seller']): Product => ({ ...tomato, _id: `00000000-0000-4000-9000-0000000003${String(i).padStart(2, '0')}`, name, seller });
    const others = ['Bubble Milk Tea 350ml Pack of 3', 'Milk Bread 400 g', 'Milk Chocolate Family Pack', 'Bubble Milk Tea 350ml', 'Milk Rusk', 'Condensed Milk Toffee 10 pcs'];
    const milk = ['Amul Milk 1L Family Pack', 'Toned Milk 500 ml', 'Desi Cow Milk 1 L', 'Organic Milk 1L Pack of 2', 'Buffalo Milk', 'Full Cream Milk 6 x 1L'];
    const { reply } = await ask('who sells milk', { products: [...others.map((name, i) => product(name, i + 10, shops[i]!)), ...milk.map((name, i) => product(name, i + 20, shops[i]!))] });
    expect(reply).toMatch(/^Some of the shops that sell it:/);
    for (const name of milk) expect(reply).toContain(`[${name}]`);
    expect(reply).not.toMatch(/Tea|Bread|Chocolate|Rusk|Toffee/);
  });

  it('lists the cheapest in stock first when asked for the cheapest, the words of asking left out of the search', async () => {
    // Dearest first in the catalogue's order, and an out-of-stock one cheaper than all.
    const rice = [90, 40, 75, 25, 60, 30, 50, 35].map((price, i): Product => ({ ...tomato, _id: `00000000-0000-4000-9000-00000000010${i}`, name: `Sona Rice ${price}`, category: 'Grains', price: 100, offerPrice: price }));
    const products = [...catalogue, ...rice, { ...tomato, _id: '00000000-0000-4000-9000-000000000199', name: 'Sona Rice Broken', category: 'Grains', offerPrice: 10, inStock: false }];
    const cheapestSix = ['Sona Rice 25', 'Sona Rice 30', 'Sona Rice 35', 'Sona Rice 40', 'Sona Rice 50', 'Sona Rice 60'];
    for (const question of ['cheapest rice?', 'Which rice has the lowest price', 'least expensive sona rice', 'sabse sasta chawal']) {
      const { reply } = await ask(question, { products });
      const listed = [...reply.matchAll(/^- \[([^\]]+)\]/gm)].map((m) => m[1]);
      expect({ question, listed }).toEqual({ question, listed: cheapestSix });
      expect(reply).toMatch(/^Here is what I found, cheapest first:/);
    }
    // Asked plainly: the catalogue's order, as before.
    expect([...(await ask('sona rice', { products })).reply.matchAll(/^- \[([^\]]+)\]/gm)].map((m) => m[1]).slice(0, 2)).toEqual(['Sona Rice 90', 'Sona Rice 40']);
    // "add the cheapest rice": the cheapest in stock is proposed.
    expect((await ask('add the cheapest rice to my cart', { products })).actions).toEqual([{ type: 'addToCart', productId: '00000000-0000-4000-9000-000000000103', name: 'Sona Rice 25', quantity: 1, stock: null }]);
  });

  it("finds words in -ies (cookies, fries, strawberries), a category by what shoppers call it (veg, sabzi, veggies, cereals)", async () => {
    const listed = async (question: string) => [...(await ask(question)).reply.matchAll(/^- \[([^\]]+)\]/gm)].map((m) => m[1]);
    // "cookies" was read as "cooky", "fries" as "fry": nothing found.
    const cookies = catalogue.filter((p) => /cookie/i.test(p.name) && p.inStock);
    expect(await listed('cookies')).toEqual(cookies.map((p) => p.name));
    expect((await listed('cheapest cookies'))[0]).toBe([...cookies].sort((a, b) => a.offerPrice - b.offerPrice)[0]!.name);
    expect(await listed('fries')).toEqual(['Frozen French Fries 750g']);
    expect(await listed('strawberries')).toEqual(['Strawberry 250g']);
    // "veg" (and "sabzi", read as it) named no product, and the category's were dropped for a word under four letters.
    const vegetables = catalogue.filter((p) => p.category === 'Vegetables' && p.inStock);
    for (const question of ['cheapest veg', 'sabse sasta sabzi', 'veggies']) {
      const found = await listed(question);
      expect(found.length, question).toBeGreaterThan(0);
      expect(found.every((name) => vegetables.some((p) => p.name === name)), question).toBe(true);
    }
    expect((await listed('cheapest veg'))[0]).toBe([...vegetables].sort((a, b) => a.offerPrice - b.offerPrice)[0]!.name);
    const grains = catalogue.filter((p) => p.category === 'Grains').map((p) => p.name);
    const cereals = await listed('cereals');
    expect(cereals.length).toBeGreaterThan(0);
    expect(cereals.every((name) => grains.includes(name!))).toBe(true);
  });

  it('names the shop beside every product it lists', async () => {
    expect((await ask('Do you have tomatoes?')).reply).toContain(', 1 kg, in stock, sold by [GreenCart](/shop/greencart)');
  });

  it('answers each question of a message in turn, not the first one only (a probe)', async () => {
    const shops = { GreenCart: ['411001'] };
    const { reply } = await ask('Do you deliver to 411001? Can I pay by card?', { shops });
    expect(reply).toMatch(/^These shops deliver to 411001: \*\*GreenCart\*\*\..*\n\nYou can pay by Cash On Delivery \(COD\) or Online Payment/);
    expect(reply.split(BUILT_IN_SIGNATURE)).toHaveLength(2);
    // On lines of their own, one not answerable: the others answered, no "can't answer" among them; the same answer once.
    const lines = (await ask('Who won the world cup in 1998?\nHow much is tomato?\nPrice of tomato', { shops })).reply;
    expect(lines).not.toContain("Sorry, I can't answer that");
    expect(lines.match(/\*\*Rs 35\*\*/g)).toHaveLength(1);
    expect((await ask('Who won the world cup? Who painted the Mona Lisa?')).reply).toMatch(/^Sorry, I can't answer that\./);
    // Two products to add: a button for each.
    expect((await ask('Add tomato 1 kg? Add mango 1 kg? add carrot 500g')).actions.length).toBeGreaterThanOrEqual(2);
  });

  it('names the questions of a message it cannot answer, and those past the third, instead of dropping them (a probe)', async () => {
    const shops = { GreenCart: ['560038'] };
    const { reply } = await ask('do you deliver to 560038? is there a minimum order? who won the cup? can I pay by UPI?', { shops });
    expect(reply).toContain('These shops deliver to 560038: **GreenCart**');
    // "Minimum order" is about the shops' terms, not the shopper's orders.
    expect(reply).toContain('minimum order');
    expect(reply).not.toContain('log in to see your orders');
    expect(reply).toContain("I can't answer “who won the cup”.");
    expect(reply).toContain('I read 3 questions at a time: ask me “can I pay by UPI” again.');
  });

  it('answers what shoppers ask of a grocery: cancelling, refunds, contact, offers, hours, UPI (a probe got "I can\'t answer that")', async () => {
    for (const [question, words] of [
      ['cancel my order GC-120000', 'choose **Cancel order**'],
      ['how do I return a damaged item and get a refund?', 'a shop can refund an order'],
      ['how can I contact customer care?', '[Contact](/contact)'],
      ['any offers or coupons?', 'under **Coupon** in the [cart](/cart)'],
      ['what are your opening hours', 'open for orders at any hour'],
      ['can I pay by UPI?', 'UPI, wallets and net banking are not taken'],
    ] as const) {
      expect((await ask(question)).reply, question).toContain(words);
    }
  });

  it('proposes the plain product for "add milk", not one whose name says much more (a probe was offered Bubble Milk Tea)', async () => {
    const { reply, actions } = await ask('add 1 litre milk');
    expect(actions.map((a) => a.name)).toEqual(['Amul Milk 1L']);
    expect(reply).toContain('Amul Milk 1L');
  });

  it('says plainly what it cannot answer and what it can do', async () => {
    const { reply, actions } = await ask('Who won the football world cup in 1998?');
    expect(reply).toMatch(/^Sorry, I can't answer that\. I can look up \*\*products, prices and stock\*\*/);
    expect(reply).toContain(BUILT_IN_SIGNATURE);
    expect(actions).toEqual([]);
  });
});

describe('catalogue values in the assistant\'s markdown', () => {
  const HOSTILE_NAME = 'Mango](https://evil.example) [Free gift';
  const hostile: Product = { ...tomato, _id: '00000000-0000-4000-9000-00000000e011', name: HOSTILE_NAME, category: 'Fruits', weight: '1 kg](https://evil.example)' };
  const withHostile = [...catalogue, hostile];
  /** A `](` that is not escaped opens a link target: the only ones allowed are the shop's own paths. */
  const LINK_TO_ELSEWHERE = /(?<!\\)\]\((?!\/)/;

  it('escapes a seller\'s product name and weight: the reply links only to the product page', async () => {
    const { reply } = await ask('Do you have mango?', { products: withHostile });
    expect(reply).toContain(String.raw`- [Mango\]\(https://evil\.example\) \[Free gift](/products/fruits/00000000-0000-4000-9000-00000000e011): **Rs 35** (was Rs 40), 1 kg\]\(https://evil\.example\), in stock`);
    expect(reply).not.toMatch(LINK_TO_ELSEWHERE);
  });

  it("escapes a shop's name: the reply links only to the shop's page", async () => {
    const evilShop: Product = { ...tomato, _id: '00000000-0000-4000-9000-00000000e012', seller: { id: 's3', shopName: 'Farm](https://evil.example) [Win', slug: 'farm' } };
    for (const question of ['Do you have tomatoes?', 'Who sells tomatoes?']) {
      const { reply } = await ask(question, { products: [evilShop] });
      expect(reply).toContain(String.raw`[Farm\]\(https://evil\.example\) \[Win](/shop/farm)`);
      expect(reply).not.toMatch(LINK_TO_ELSEWHERE);
    }
  });

  it('escapes the name in a proposal too, while the widget\'s button gets the name as it is', async () => {
    const { reply, actions } = await ask('add the free gift mango', { products: [hostile] });
    expect(reply).toContain(`[${escapeMarkdown(HOSTILE_NAME)}](/products/fruits/00000000-0000-4000-9000-00000000e011), **Rs 35**`);
    expect(reply).not.toMatch(LINK_TO_ELSEWHERE);
    expect(actions).toEqual([{ type: 'addToCart', productId: '00000000-0000-4000-9000-00000000e011', name: HOSTILE_NAME, quantity: 1, stock: hostile.stock }]);
  });

  it('gives the model escaped names in every tool result (the Gemini path quotes them back)', async () => {
    const order = packedCodOrder({ _id: 'evil', name: HOSTILE_NAME, category: 'Fruits', quantity: 1, amount: 35.7 });
    const tools = createShopTools({ ...catalogueOf([{ ...hostile, inStock: false }]), listOrders: async () => [order], findOrder: async () => undefined, findShopsDeliveringTo: shopsServing({}), currency: 'Rs', timeZone: 'Asia/Kolkata', userId: 'u1', actions: [] });
    const [hit] = await tools.searchProducts('mango');
    expect(hit).toMatchObject({ name: escapeMarkdown(HOSTILE_NAME), weight: String.raw`1 kg\]\(https://evil\.example\)` });
    expect((await tools.listMyOrders())![0]!.items).toEqual([`1 x ${escapeMarkdown(HOSTILE_NAME)}`]);
    expect(await tools.proposeAddToCart('00000000-0000-4000-9000-00000000e011')).toEqual({ error: `${escapeMarkdown(HOSTILE_NAME)} is out of stock.` });
    // A proposal's result names it escaped too (a probe's model said the raw name back, its link live); the button's
    // action keeps the name as written, and the stock the cart caps the add at.
    const actions: ChatAction[] = [];
    const inStock = createShopTools({ ...catalogueOf([{ ...hostile, stock: 2 }]), listOrders: async () => [], findOrder: async () => undefined, findShopsDeliveringTo: shopsServing({}), currency: 'Rs', timeZone: 'Asia/Kolkata', userId: 'u1', actions });
    expect(await inStock.proposeAddToCart('00000000-0000-4000-9000-00000000e011', 5)).toEqual({
      proposed: { type: 'addToCart', productId: '00000000-0000-4000-9000-00000000e011', name: escapeMarkdown(HOSTILE_NAME), quantity: 2, stock: 2 },
    });
    expect(actions).toEqual([{ type: 'addToCart', productId: '00000000-0000-4000-9000-00000000e011', name: HOSTILE_NAME, quantity: 2, stock: 2 }]);
  });
});
