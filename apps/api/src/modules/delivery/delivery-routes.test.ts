import { and, eq } from 'drizzle-orm';
import { DEFAULT_DELIVERY_SETTINGS, DELIVERIES_WINDOW_ORDERS, formatSlot, type DeliveriesAnswer, type Order } from '@greencart/shared';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { cartItems, deliverySlotPlaces, ledgerEntries, orders, products, shopDelivery } from '../../db/schema/index.js';
import { checkoutWithSlots, EVERY_DAY, setDelivery, slotsOf } from '../../test/delivery-builders.js';
import { createShop, deliver, shopProduct } from '../../test/market-builders.js';
import { completeTestPayment, placeTestOrder } from '../../test/order-builders.js';
import { body, buildTestApp, createAddress, createShopper, mailsSent, sellerCookie, type TestApp } from '../../test/test-app.js';
import type { Mailer, MailMessage } from '../mail/mailer.js';
import { returnOrderStock } from '../orders/order-repository.js';

/** Issue 28, "Where and for how much" and "When: delivery slots". */
const sent: MailMessage[] = [];
const mailer: Mailer = { send: async (message) => void sent.push(message) };
let t: TestApp;
beforeAll(async () => {
  t = await buildTestApp({}, { mailer });
});
afterAll(() => t.close());

/** A shopper with an address at `zipcode` (the sample address is in Pune, 411001). */
async function buyerAt(zipcode = '411001') {
  const shopper = await createShopper(t.app);
  const address = await createAddress(t.app, shopper.user.id);
  if (zipcode !== '411001') {
    const { addresses } = await import('../../db/schema/index.js');
    await t.app.db.update(addresses).set({ zipcode }).where(eq(addresses.id, address.id));
  }
  return { shopper, cookie: shopper.cookie, addressId: address.id };
}

const ordersOfUser = (userId: string) => t.app.db.select().from(orders).where(eq(orders.userId, userId));
const myOrders = async (cookie: string) => body<{ orders: Order[] }>(await t.app.inject({ method: 'GET', url: '/api/order/user', headers: { cookie } })).orders;
/** An offered window at least an hour away (so its cut-off cannot pass during the test). */
const laterSlot = async (sellerId: string) => (await slotsOf(t.app, sellerId)).slots.find((s) => Date.parse(s.start) > Date.now() + 3_600_000)!;

describe("a shop's delivery settings", () => {
  it('are the first shop\'s defaults until set: everywhere, free, no minimum, no windows', async () => {
    const res = await t.app.inject({ method: 'GET', url: '/api/seller/delivery', headers: { cookie: await sellerCookie(t.app) } });
    expect(res.statusCode).toBe(200);
    expect(body(res)).toMatchObject({ delivery: { pincodes: null, fee: 0, freeAbove: null, minOrder: 0, windows: [] }, timeZone: 'Asia/Kolkata' });
  });

  it('takes pincodes written with a space ("411 001") and keeps their digits', async () => {
    const shop = await createShop(t.app);
    const res = await t.app.inject({ method: 'PUT', url: '/api/seller/delivery', payload: { ...DEFAULT_DELIVERY_SETTINGS, pincodes: ['411 001', ' 560 '] }, headers: { cookie: shop.cookie } });
    expect(res.statusCode).toBe(200);
    expect(body(res)).toMatchObject({ delivery: { pincodes: ['411001', '560'] } });
    const check = await t.app.inject({ method: 'GET', url: `/api/delivery/check?pincode=${encodeURIComponent('411 001')}&sellers=${shop.id}` });
    expect(body<{ sellers: { id: string; delivers: boolean }[] }>(check).sellers).toEqual([expect.objectContaining({ id: shop.id, delivers: true })]);
  });

  it('names the entry that is no pincode, among the good ones, and saves nothing', async () => {
    const shop = await createShop(t.app);
    const res = await t.app.inject({ method: 'PUT', url: '/api/seller/delivery', payload: { ...DEFAULT_DELIVERY_SETTINGS, pincodes: ['411 001', '411002', 'abc', '4110011'] }, headers: { cookie: shop.cookie } });
    expect(res.statusCode).toBe(400);
    expect(body<{ issues: { path: string; message: string }[] }>(res).issues).toEqual([
      { path: 'body.pincodes.2', message: '"abc" is not a pincode: each is 6 digits, or 3 digits for every pincode starting with them; none starts with 0' },
      { path: 'body.pincodes.3', message: '"4110011" is not a pincode: each is 6 digits, or 3 digits for every pincode starting with them; none starts with 0' },
    ]);
    expect(body(await t.app.inject({ method: 'GET', url: '/api/seller/delivery', headers: { cookie: shop.cookie } }))).toMatchObject({ delivery: { pincodes: null } });
  });

  it("saves the calling shop's own, read back as saved; another shop's stay as they were", async () => {
    const shop = await createShop(t.app);
    const other = await createShop(t.app);
    const settings = { pincodes: ['411001', '560'], fee: 30, freeAbove: 499, minOrder: 99.5, windows: [{ days: [1, 3, 5], start: '09:00', end: '11:00', capacity: 12 }], cutoffMinutes: 90, daysAhead: 2 };
    const res = await t.app.inject({ method: 'PUT', url: '/api/seller/delivery', payload: settings, headers: { cookie: shop.cookie } });
    expect(res.statusCode).toBe(200);
    expect(body(res)).toMatchObject({ success: true, message: 'Delivery settings saved', delivery: settings });
    const again = await t.app.inject({ method: 'GET', url: '/api/seller/delivery', headers: { cookie: shop.cookie } });
    expect(body(again)).toMatchObject({ success: true, delivery: settings });
    // The fields at the top level too, as issue 28 writes the call (a client built from its text read `fee` there).
    expect(body(again)).toMatchObject({ ...settings, message: 'Your delivery settings' });
    expect(body(res)).toMatchObject(settings);
    expect(body(await t.app.inject({ method: 'GET', url: '/api/seller/delivery', headers: { cookie: other.cookie } }))).toMatchObject({ delivery: { fee: 0, pincodes: null } });
  });

  it('makes a new version only when the terms change: saving the same ones again reprices no checkout', async () => {
    const shop = await createShop(t.app);
    const settings = { pincodes: ['411001'], fee: 30, freeAbove: 499, minOrder: 0, windows: [{ days: [1, 3, 5], start: '09:00', end: '11:00', capacity: 12 }], cutoffMinutes: 90, daysAhead: 2 };
    const version = async () => (await t.app.db.select({ v: shopDelivery.version }).from(shopDelivery).where(eq(shopDelivery.sellerId, shop.id)))[0]!.v;
    const save = async (payload: object) => expect((await t.app.inject({ method: 'PUT', url: '/api/seller/delivery', payload, headers: { cookie: shop.cookie } })).statusCode).toBe(200);
    await save(settings);
    const first = await version();
    await save(settings);
    await save({ ...settings, windows: [{ ...settings.windows[0]! }] });
    expect(await version()).toBe(first);
    await save({ ...settings, fee: 35 });
    expect(await version()).toBe(first + 1);
    await save({ ...settings, fee: 35, windows: [{ ...settings.windows[0]!, capacity: 13 }] });
    expect(await version()).toBe(first + 2);
    await save({ ...settings, fee: 35, windows: [{ ...settings.windows[0]!, capacity: 13 }], pincodes: null });
    expect(await version()).toBe(first + 3);
  });

  it('refuses each invalid field with 400 naming it, and saves nothing', async () => {
    const shop = await createShop(t.app);
    const valid = { pincodes: null, fee: 0, freeAbove: null, minOrder: 0, windows: [], cutoffMinutes: 60, daysAhead: 3 };
    const cases: [Record<string, unknown>, string][] = [
      [{ pincodes: ['4110'] }, 'pincodes.0'],
      [{ pincodes: ['000000'] }, 'pincodes.0'],
      [{ pincodes: ['012'] }, 'pincodes.0'],
      [{ pincodes: [] }, 'pincodes'],
      [{ fee: -1 }, 'fee'],
      [{ fee: 10.005 }, 'fee'],
      // At most Rs 1,000: a platform free-delivery coupon pays the fee to the shop (decision 0276).
      [{ fee: 1000.01 }, 'fee'],
      [{ minOrder: 'ten' }, 'minOrder'],
      // Free from an order at or below the minimum: every order free, the fee never charged (a probe).
      [{ fee: 50, freeAbove: 10, minOrder: 100 }, 'freeAbove'],
      [{ fee: 50, freeAbove: 100, minOrder: 100 }, 'freeAbove'],
      [{ fee: 50, freeAbove: 0, minOrder: 0 }, 'freeAbove'],
      [{ windows: [{ days: [8], start: '09:00', end: '10:00', capacity: 5 }] }, 'windows.0.days.0'],
      [{ windows: [{ days: [1], start: '11:00', end: '10:00', capacity: 5 }] }, 'windows.0.end'],
      [{ windows: [{ days: [1], start: '9.00', end: '10:00', capacity: 5 }] }, 'windows.0.start'],
      [{ windows: [{ days: [1], start: '09:00', end: '10:00', capacity: 0 }] }, 'windows.0.capacity'],
      [{ windows: [{ days: [1, 2], start: '09:00', end: '11:00', capacity: 5 }, { days: [2], start: '10:00', end: '12:00', capacity: 5 }] }, 'windows.1.start'],
      [{ cutoffMinutes: -5 }, 'cutoffMinutes'],
      [{ daysAhead: 30 }, 'daysAhead'],
      // Windows no cut-off ever leaves open: 3 days of cut-off with 2 days ahead; today only, from midnight.
      [{ windows: [{ days: [1, 2, 3, 4, 5, 6, 7], start: '18:00', end: '20:00', capacity: 5 }], cutoffMinutes: 4320, daysAhead: 2 }, 'cutoffMinutes'],
      [{ windows: [{ days: [1, 2, 3, 4, 5, 6, 7], start: '00:00', end: '02:00', capacity: 5 }], cutoffMinutes: 0, daysAhead: 0 }, 'cutoffMinutes'],
    ];
    for (const [change, path] of cases) {
      const res = await t.app.inject({ method: 'PUT', url: '/api/seller/delivery', payload: { ...valid, ...change }, headers: { cookie: shop.cookie } });
      expect(res.statusCode, JSON.stringify(change)).toBe(400);
      const issues = body<{ code: string; issues: { path: string }[] }>(res);
      expect(issues.code).toBe('VALIDATION_FAILED');
      expect(issues.issues.map((i) => i.path)).toContain(`body.${path}`);
    }
    // Rs 1,000 is a fee (another shop's: this one saves nothing).
    const other = await createShop(t.app);
    const most = await t.app.inject({ method: 'PUT', url: '/api/seller/delivery', payload: { ...valid, fee: 1000 }, headers: { cookie: other.cookie } });
    expect(most.statusCode, most.body).toBe(200);
    const over = await t.app.inject({ method: 'PUT', url: '/api/seller/delivery', payload: { ...valid, fee: 1500 }, headers: { cookie: other.cookie } });
    expect(body(over)).toMatchObject({ message: expect.stringContaining('Delivery fee must be at most 1000') });
    // The operator's `?seller=` of the lists names no shop here: refused, not its own settings saved in another's name (a probe).
    for (const method of ['GET', 'PUT'] as const) {
      const named = await t.app.inject({ method, url: `/api/seller/delivery?seller=${other.id}`, payload: method === 'PUT' ? { ...valid, fee: 7 } : undefined, headers: { cookie: other.cookie } });
      expect(named.statusCode, method).toBe(400);
      expect(body(named)).toMatchObject({ code: 'VALIDATION_FAILED', message: expect.stringContaining("takes no seller: sign in as the shop to change its delivery") });
    }
    expect(body(await t.app.inject({ method: 'GET', url: '/api/seller/delivery', headers: { cookie: other.cookie } }))).toMatchObject({ delivery: { fee: 1000 } });
    // A wrong shape is said in the seller's words, not zod's "expected array, received string".
    const shapes: [Record<string, unknown>, string, string][] = [
      [{ pincodes: '411001' }, 'pincodes', 'Pincodes are a list of pincodes, or null to deliver everywhere'],
      [{ pincodes: undefined }, 'pincodes', 'Pincodes are a list of pincodes, or null to deliver everywhere'],
      [{ pincodes: ['411001', 560] }, 'pincodes.1', 'Each pincode is written as text: "411001"'],
      [{ windows: {} }, 'windows', 'Windows are a list of delivery windows'],
    ];
    for (const [change, path, message] of shapes) {
      const res = await t.app.inject({ method: 'PUT', url: '/api/seller/delivery', payload: { ...valid, ...change }, headers: { cookie: shop.cookie } });
      expect(res.statusCode, JSON.stringify(change)).toBe(400);
      expect(body<{ issues: { path: string; message: string }[] }>(res).issues).toContainEqual({ path: `body.${path}`, message });
    }
    expect(body(await t.app.inject({ method: 'GET', url: '/api/seller/delivery', headers: { cookie: shop.cookie } }))).toMatchObject({ delivery: valid });
    // The same long cut-off with enough days ahead leaves windows to order: saved.
    const ahead = { ...valid, windows: [{ days: [1, 2, 3, 4, 5, 6, 7], start: '18:00', end: '20:00', capacity: 5 }], cutoffMinutes: 4320, daysAhead: 3 };
    expect((await t.app.inject({ method: 'PUT', url: '/api/seller/delivery', payload: ahead, headers: { cookie: shop.cookie } })).statusCode).toBe(200);
  });

  it('refuses writes of a pending or suspended shop (403), a shopper (403) and a visitor (401)', async () => {
    const pending = await createShop(t.app, { status: 'pending' });
    const suspended = await createShop(t.app, { status: 'suspended' });
    for (const shop of [pending, suspended]) {
      const res = await t.app.inject({ method: 'PUT', url: '/api/seller/delivery', payload: { pincodes: null, fee: 5, freeAbove: null, minOrder: 0, windows: [], cutoffMinutes: 0, daysAhead: 1 }, headers: { cookie: shop.cookie } });
      expect(res.statusCode).toBe(403);
      expect(body(res)).toMatchObject({ code: 'SHOP_NOT_APPROVED' });
      expect((await t.app.inject({ method: 'GET', url: '/api/seller/delivery', headers: { cookie: shop.cookie } })).statusCode).toBe(200);
    }
    const shopper = await createShopper(t.app);
    expect((await t.app.inject({ method: 'GET', url: '/api/seller/delivery', headers: { cookie: shopper.cookie } })).statusCode).toBe(403);
    expect((await t.app.inject({ method: 'GET', url: '/api/seller/delivery' })).statusCode).toBe(401);
  });
});

describe('where a shop delivers', () => {
  it('an Indian address needs a 6-digit pincode not starting with 0 (400 otherwise); another country keeps its own codes', async () => {
    const shopper = await createShopper(t.app);
    const address = { firstName: 'A', lastName: 'B', email: 'a@example.com', street: '1 Road', city: 'Pune', state: 'MH', zipcode: '41100', country: 'India', phone: '+91 98765 43210' };
    for (const zipcode of ['41100', '000000', '012345']) {
      const refused = await t.app.inject({ method: 'POST', url: '/api/address/add', payload: { address: { ...address, zipcode } }, headers: { cookie: shopper.cookie } });
      expect(refused.statusCode, zipcode).toBe(400);
      expect(body<{ issues: { path: string; message: string }[] }>(refused).issues).toEqual([{ path: 'body.address.zipcode', message: 'An Indian pincode must be 6 digits, the first not 0' }]);
    }
    const abroad = await t.app.inject({ method: 'POST', url: '/api/address/add', payload: { address: { ...address, country: 'Nepal' } }, headers: { cookie: shopper.cookie } });
    expect(abroad.statusCode).toBe(200);
    const indian = await t.app.inject({ method: 'POST', url: '/api/address/add', payload: { address: { ...address, zipcode: '411001' } }, headers: { cookie: shopper.cookie } });
    expect(indian.statusCode).toBe(200);
  });

  it('check answers, for the shops named, whether each delivers (exact codes and 3-digit prefixes); without, a page of those that do', async () => {
    const pune = await createShop(t.app, { shopName: 'Pune Only' });
    const south = await createShop(t.app, { shopName: 'Bengaluru Prefix' });
    await setDelivery(t.app, pune.cookie, { pincodes: ['411001'] });
    await setDelivery(t.app, south.cookie, { pincodes: ['560'] });
    const named = await t.app.inject({ method: 'GET', url: `/api/delivery/check?pincode=560034&sellers=${pune.id},${south.id}` });
    expect(named.statusCode).toBe(200);
    const answer = body<{ sellers: { id: string; shopName: string; delivers: boolean }[] }>(named);
    expect(answer.sellers.find((s) => s.id === pune.id)).toEqual({ id: pune.id, shopName: 'Pune Only', delivers: false });
    expect(answer.sellers.find((s) => s.id === south.id)).toEqual({ id: south.id, shopName: 'Bengaluru Prefix', delivers: true });
    // In the order asked, each shop once, whatever their ids.
    for (const order of [[pune.id, south.id], [south.id, pune.id, south.id]]) {
      const asked = body<{ sellers: { id: string }[] }>(await t.app.inject({ method: 'GET', url: `/api/delivery/check?pincode=560034&sellers=${order.join(',')}` }));
      expect(asked.sellers.map((s) => s.id)).toEqual([...new Set(order)]);
    }
    const all: { id: string }[] = [];
    let cursor: string | null = null;
    do {
      const page: { sellers: { id: string; delivers: boolean }[]; nextCursor: string | null } = body(
        await t.app.inject({ method: 'GET', url: `/api/delivery/check?pincode=411001${cursor ? `&cursor=${cursor}` : ''}` }),
      );
      expect(page.sellers.length).toBeLessThanOrEqual(50);
      all.push(...page.sellers);
      cursor = page.nextCursor;
    } while (cursor);
    expect(all.map((s) => s.id)).toContain(pune.id);
    expect(all.map((s) => s.id)).not.toContain(south.id);
    expect((await t.app.inject({ method: 'GET', url: '/api/delivery/check?pincode=4110' })).statusCode).toBe(400);
  });

  it('slots answer 404 for a shop that does not sell: unknown, pending or suspended (an unknown one said it delivered)', async () => {
    const pending = await createShop(t.app, { status: 'pending' });
    const suspended = await createShop(t.app, { status: 'suspended' });
    for (const id of ['00000000-0000-4000-8000-000000000000', pending.id, suspended.id]) {
      const res = await t.app.inject({ method: 'GET', url: `/api/delivery/slots?seller=${id}&pincode=411001` });
      expect(res.statusCode, id).toBe(404);
      // Not "No shop has this address", which read as the shopper's delivery address (a probe).
      expect(body(res)).toMatchObject({ success: false, code: 'SHOP_NOT_FOUND', message: 'No such shop: it is not open on GreenCart, or the link is mistyped' });
    }
    const open = await createShop(t.app);
    expect(body(await t.app.inject({ method: 'GET', url: `/api/delivery/slots?seller=${open.id}&pincode=411001` }))).toMatchObject({ success: true, delivers: true });
  });

  it("slots take the shop's address (its slug, as product lists' seller= does) as well as its id", async () => {
    const shop = await createShop(t.app);
    await setDelivery(t.app, shop.cookie, { pincodes: ['411001'] });
    const byId = await t.app.inject({ method: 'GET', url: `/api/delivery/slots?seller=${shop.id}&pincode=411001` });
    expect(body(byId)).toMatchObject({ success: true, delivers: true });
    for (const named of [shop.slug, shop.slug.toUpperCase()]) {
      const res = await t.app.inject({ method: 'GET', url: `/api/delivery/slots?seller=${named}&pincode=411001` });
      expect(res.statusCode, named).toBe(200);
      expect(body(res), named).toEqual(body(byId));
    }
    expect(body(await t.app.inject({ method: 'GET', url: `/api/delivery/slots?seller=${shop.slug}&pincode=110001` }))).toMatchObject({ delivers: false, slots: [] });
    const pending = await createShop(t.app, { status: 'pending' });
    expect((await t.app.inject({ method: 'GET', url: `/api/delivery/slots?seller=${pending.slug}` })).statusCode).toBe(404);
    expect((await t.app.inject({ method: 'GET', url: '/api/delivery/slots?seller=no-such-shop' })).statusCode).toBe(404);
    const bad = await t.app.inject({ method: 'GET', url: '/api/delivery/slots?seller=green%20cart' });
    expect(bad.statusCode).toBe(400);
    expect(body(bad)).toMatchObject({ success: false, code: 'VALIDATION_FAILED', issues: [{ path: 'querystring.seller', message: 'Not a shop address' }] });
    // A pincode given twice is named, not the shop (a probe read "querystring.seller: Shop is required").
    const twice = await t.app.inject({ method: 'GET', url: `/api/delivery/slots?pincode=411001&pincode=411001&seller=${shop.slug}` });
    expect(body(twice)).toMatchObject({ success: false, code: 'VALIDATION_FAILED', message: 'querystring.pincode: Give pincode once' });
  });

  it('refuses a checkout with a shop that does not deliver there: 409 naming the shop, nothing written', async () => {
    const served = await createShop(t.app);
    const far = await createShop(t.app, { shopName: 'Far Away Foods' });
    await setDelivery(t.app, far.cookie, { pincodes: ['110001'] });
    const apple = await shopProduct(t.app, served.id, { stock: 5 });
    const dal = await shopProduct(t.app, far.id, { stock: 5 });
    const buyer = await buyerAt('411001');
    await t.app.db.insert(cartItems).values([{ userId: buyer.shopper.user.id, productId: apple.id, quantity: 1 }]);
    const res = await checkoutWithSlots(t.app, buyer, [{ product: apple, quantity: 1 }, { product: dal, quantity: 1 }], undefined);
    expect(res.statusCode).toBe(409);
    expect(body(res)).toMatchObject({ success: false, code: 'SHOP_DOES_NOT_DELIVER', message: 'Far Away Foods does not deliver to 411001. Remove its items or choose another address.' });
    expect(await ordersOfUser(buyer.shopper.user.id)).toHaveLength(0);
    expect((await t.app.db.select().from(products).where(eq(products.id, apple.id)))[0]!.stock).toBe(5);
    expect(await t.app.db.$count(cartItems, eq(cartItems.userId, buyer.shopper.user.id))).toBe(1);
  });
});

describe("a shop's zone and an address abroad", () => {
  it('a shop serving pincodes does not deliver abroad, even to a postcode that reads like one of them; a shop delivering everywhere does', async () => {
    const pune = await createShop(t.app, { shopName: 'Pune Pantry' });
    await setDelivery(t.app, pune.cookie, { pincodes: ['411'] });
    const everywhere = await createShop(t.app);
    const rice = await shopProduct(t.app, pune.id);
    const tea = await shopProduct(t.app, everywhere.id);
    const abroad = await buyerAt('411001');
    const { addresses } = await import('../../db/schema/index.js');
    await t.app.db.update(addresses).set({ country: 'Nepal' }).where(eq(addresses.id, abroad.addressId));
    const refused = await checkoutWithSlots(t.app, abroad, [{ product: rice, quantity: 1 }], undefined);
    expect(body(refused)).toMatchObject({ code: 'SHOP_DOES_NOT_DELIVER', message: 'Pune Pantry does not deliver to addresses outside India. Remove its items or choose another address.' });
    expect((await checkoutWithSlots(t.app, abroad, [{ product: tea, quantity: 1 }], undefined)).statusCode).toBe(200);
    // The same pincode in India is Pune's.
    expect((await checkoutWithSlots(t.app, await buyerAt('411001'), [{ product: rice, quantity: 1 }], undefined)).statusCode).toBe(200);
  });

  it("the cart's slots say so before checkout: with the address's country, a shop serving pincodes does not deliver abroad", async () => {
    const pune = await createShop(t.app, { shopName: 'Pune Pantry' });
    await setDelivery(t.app, pune.cookie, { pincodes: ['411'] });
    const everywhere = await createShop(t.app);
    const slots = async (seller: string, query: string) => body<{ delivers: boolean }>(await t.app.inject({ method: 'GET', url: `/api/delivery/slots?seller=${seller}&${query}` })).delivers;
    expect(await slots(pune.id, 'pincode=411001&country=Nepal')).toBe(false);
    // A postcode abroad that is no Indian pincode (Kathmandu's 44600) is not sent as one; the country alone decides.
    expect(await slots(pune.id, 'country=Nepal')).toBe(false);
    expect(await slots(pune.id, 'pincode=411001&country=%20india%20')).toBe(true);
    expect(await slots(pune.id, 'pincode=411001')).toBe(true);
    expect(await slots(everywhere.id, 'country=Nepal')).toBe(true);
    const long = await t.app.inject({ method: 'GET', url: `/api/delivery/slots?seller=${pune.id}&country=${'x'.repeat(101)}` });
    expect(long.statusCode).toBe(400);
    expect(body(long)).toMatchObject({ success: false, message: expect.stringContaining('Country must be at most 100 characters') });
  });

  it("the delivery check takes the address's country as the slots do: abroad, a shop serving pincodes does not deliver (a probe found them disagreeing)", async () => {
    const pune = await createShop(t.app, { shopName: 'Pune Provisions' });
    await setDelivery(t.app, pune.cookie, { pincodes: ['411001'] });
    const everywhere = await createShop(t.app);
    const named = async (query: string) =>
      Object.fromEntries(body<{ sellers: { id: string; delivers: boolean }[] }>(await t.app.inject({ method: 'GET', url: `/api/delivery/check?pincode=411001&sellers=${pune.id},${everywhere.id}${query}` })).sellers.map((s) => [s.id, s.delivers]));
    expect(await named('')).toEqual({ [pune.id]: true, [everywhere.id]: true });
    expect(await named('&country=France')).toEqual({ [pune.id]: false, [everywhere.id]: true });
    expect(await named('&country=%20india%20')).toEqual({ [pune.id]: true, [everywhere.id]: true });
    // The page of shops delivering there: abroad, only those delivering everywhere.
    const page = async (query: string) => {
      const ids: string[] = [];
      let cursor: string | null = null;
      do {
        const answer: { sellers: { id: string }[]; nextCursor: string | null } = body(await t.app.inject({ method: 'GET', url: `/api/delivery/check?pincode=411001${query}${cursor ? `&cursor=${cursor}` : ''}` }));
        ids.push(...answer.sellers.map((s) => s.id));
        cursor = answer.nextCursor;
      } while (cursor);
      return ids;
    };
    expect(await page('')).toEqual(expect.arrayContaining([pune.id, everywhere.id]));
    const abroad = await page('&country=France');
    expect(abroad).toContain(everywhere.id);
    expect(abroad).not.toContain(pune.id);
    // And as the slots say.
    expect(body<{ delivers: boolean }>(await t.app.inject({ method: 'GET', url: `/api/delivery/slots?seller=${pune.id}&pincode=411001&country=France` })).delivers).toBe(false);
  });
});

describe('the delivery fee, the free-delivery threshold and the minimum', () => {
  it("charges the shop's fee under the threshold, none from it, and keeps it on the order (amount, My Orders, e-mail)", async () => {
    const shop = await createShop(t.app, { shopName: 'Fee Greens' });
    await setDelivery(t.app, shop.cookie, { fee: 30, freeAbove: 200, minOrder: 100 });
    const melon = await shopProduct(t.app, shop.id, { offerPrice: 150 });
    const buyer = await buyerAt();
    const res = await checkoutWithSlots(t.app, buyer, [{ product: melon, quantity: 1 }], undefined);
    expect(res.statusCode).toBe(200);
    // 150 + 3 tax (on goods only) + 30 delivery.
    expect(body<{ orders: { amount: number }[] }>(res).orders[0]).toMatchObject({ amount: 183, deliveryFee: 30, deliverySlot: null });
    const [row] = await ordersOfUser(buyer.shopper.user.id);
    expect(row).toMatchObject({ subtotalMinor: 15_000, taxMinor: 300, deliveryFeeMinor: 3_000, amountMinor: 18_300 });
    const [mine] = await myOrders(buyer.cookie);
    expect(mine).toMatchObject({ deliveryFee: 30, amount: 183, deliverySlot: null });
    await mailsSent(t.app);
    const mail = sent.find((m) => m.to === buyer.shopper.user.email)!;
    expect(mail.text).toContain('Delivery: Rs 30');
    expect(mail.text).toContain('Total (incl. 2% tax, delivery included): Rs 183');

    const free = await buyerAt();
    const big = await checkoutWithSlots(t.app, free, [{ product: melon, quantity: 2 }], undefined);
    expect(body<{ orders: { amount: number }[] }>(big).orders[0]!.amount).toBe(306);
    expect((await myOrders(free.cookie))[0]!.deliveryFee).toBe(0);
  });

  it('charges the fee a shop set on another instance (its terms checked in place_order, not trusted from this one)', async () => {
    const shop = await createShop(t.app);
    const jam = await shopProduct(t.app, shop.id, { offerPrice: 100 });
    await checkoutWithSlots(t.app, await buyerAt(), [{ product: jam, quantity: 1 }], undefined);
    // Another instance saves a fee: this one's kept copy says "free".
    await t.app.db.insert(shopDelivery).values({ sellerId: shop.id, feeMinor: 4_500, version: 7 });
    const buyer = await buyerAt();
    const res = await checkoutWithSlots(t.app, buyer, [{ product: jam, quantity: 1 }], undefined);
    expect(res.statusCode).toBe(200);
    expect((await ordersOfUser(buyer.shopper.user.id))[0]).toMatchObject({ deliveryFeeMinor: 4_500, amountMinor: 10_000 + 200 + 4_500 });
  });

  it("takes the total a shopper was shown with a fee set on another instance (or before a restart), and a free-delivery coupon on it: this instance's copy is not the last word", async () => {
    const shop = await createShop(t.app);
    const jam = await shopProduct(t.app, shop.id, { offerPrice: 100 });
    await checkoutWithSlots(t.app, await buyerAt(), [{ product: jam, quantity: 1 }], undefined);
    // Another instance saves a fee: this one's kept copy says "free", the shopper's cart (read fresh) says Rs 45.
    await t.app.db.insert(shopDelivery).values({ sellerId: shop.id, feeMinor: 4_500, version: 7 });
    const buyer = await buyerAt();
    const items = [{ product: jam.id, quantity: 1 }];
    const shown = await t.app.inject({ method: 'POST', url: '/api/order/cod', payload: { items, address: buyer.addressId, expectedTotal: 147 }, headers: { cookie: buyer.cookie } });
    expect(shown.statusCode, shown.body).toBe(200);
    expect((await ordersOfUser(buyer.shopper.user.id))[0]).toMatchObject({ deliveryFeeMinor: 4_500, amountMinor: 14_700 });

    // Again with a free-delivery coupon, on a shop this instance has not priced since its fee was set elsewhere.
    const other = await createShop(t.app);
    const tea = await shopProduct(t.app, other.id, { offerPrice: 100 });
    await checkoutWithSlots(t.app, await buyerAt(), [{ product: tea, quantity: 1 }], undefined);
    await t.app.db.insert(shopDelivery).values({ sellerId: other.id, feeMinor: 4_500, version: 3 });
    const code = `SHIPFREE${Date.now().toString(36).toUpperCase()}`;
    const made = await t.app.inject({ method: 'POST', url: '/api/seller/coupons', payload: { code, type: 'free-delivery' }, headers: { cookie: await sellerCookie(t.app) } });
    expect(made.statusCode, made.body).toBe(200);
    const shopper = await buyerAt();
    const res = await t.app.inject({
      method: 'POST',
      url: '/api/order/cod',
      payload: { items: [{ product: tea.id, quantity: 1 }], address: shopper.addressId, coupon: code, expectedTotal: 102 },
      headers: { cookie: shopper.cookie },
    });
    expect(res.statusCode, res.body).toBe(200);
    expect((await ordersOfUser(shopper.shopper.user.id))[0]).toMatchObject({ deliveryFeeMinor: 4_500, discountMinor: 4_500, amountMinor: 10_200 });
  });

  it("honours windows and a lower minimum a shop set on another instance: a refusal from this instance's copy is confirmed against the terms as they are now", async () => {
    const shop = await createShop(t.app);
    const figs = await shopProduct(t.app, shop.id, { offerPrice: 50 });
    expect((await checkoutWithSlots(t.app, await buyerAt(), [{ product: figs, quantity: 1 }], undefined)).statusCode).toBe(200);
    // Another instance saves windows: this one's kept copy says "no windows", and the shopper names an offered one.
    await t.app.db.insert(shopDelivery).values({ sellerId: shop.id, windows: [{ days: EVERY_DAY, start: '18:00', end: '20:00', capacity: 5 }], cutoffMinutes: 0, daysAhead: 2, version: 7 });
    const slot = await laterSlot(shop.id);
    const inWindow = await checkoutWithSlots(t.app, await buyerAt(), [{ product: figs, quantity: 1 }], { [shop.id]: slot.start });
    expect(inWindow.statusCode, inWindow.body).toBe(200);
    // Another instance raises the minimum (learnt here from place_order's refusal), then lowers it again.
    await t.app.db.update(shopDelivery).set({ minOrderMinor: 100_000, version: 8 }).where(eq(shopDelivery.sellerId, shop.id));
    expect(body(await checkoutWithSlots(t.app, await buyerAt(), [{ product: figs, quantity: 1 }], { [shop.id]: slot.start }))).toMatchObject({ code: 'BELOW_MINIMUM_ORDER' });
    await t.app.db.update(shopDelivery).set({ minOrderMinor: 0, version: 9 }).where(eq(shopDelivery.sellerId, shop.id));
    const lowered = await checkoutWithSlots(t.app, await buyerAt(), [{ product: figs, quantity: 1 }], { [shop.id]: slot.start });
    expect(lowered.statusCode, lowered.body).toBe(200);
  });

  it('refuses a shop order under its minimum with the amount missing, and writes nothing', async () => {
    const shop = await createShop(t.app, { shopName: 'Minimum Mart' });
    await setDelivery(t.app, shop.cookie, { fee: 20, minOrder: 100 });
    const chips = await shopProduct(t.app, shop.id, { offerPrice: 50, stock: 3 });
    const buyer = await buyerAt();
    const res = await checkoutWithSlots(t.app, buyer, [{ product: chips, quantity: 1 }], undefined);
    expect(res.statusCode).toBe(409);
    expect(body(res)).toMatchObject({ code: 'BELOW_MINIMUM_ORDER', message: 'Minimum Mart delivers orders of Rs 100 or more: add Rs 50 more from Minimum Mart.' });
    expect(await ordersOfUser(buyer.shopper.user.id)).toHaveLength(0);
    expect((await t.app.db.select().from(products).where(eq(products.id, chips.id)))[0]!.stock).toBe(3);
  });

  it('refuses in the order a shopper mends: a shop that does not deliver there, then a minimum, then a window to choose', async () => {
    const far = await createShop(t.app, { shopName: 'Far Dairy' });
    const small = await createShop(t.app, { shopName: 'Small Greens' });
    await setDelivery(t.app, far.cookie, { pincodes: ['560034'] });
    await setDelivery(t.app, small.cookie, { minOrder: 100, windows: [{ days: EVERY_DAY, start: '18:00', end: '20:00', capacity: 5 }], cutoffMinutes: 0, daysAhead: 2 });
    const [milk, herbs] = [await shopProduct(t.app, far.id, { offerPrice: 30 }), await shopProduct(t.app, small.id, { offerPrice: 40 })];
    const buyer = await buyerAt();
    const refusal = async (lines: { product: { id: string }; quantity: number }[]) => body<{ code: string; message: string }>(await checkoutWithSlots(t.app, buyer, lines, undefined));
    expect(await refusal([{ product: herbs, quantity: 1 }, { product: milk, quantity: 1 }])).toMatchObject({ code: 'SHOP_DOES_NOT_DELIVER', message: expect.stringContaining('Far Dairy does not deliver to 411001') });
    // Every shop that does not deliver there is named at once, as the minimums are (a probe's cart named the first).
    const farther = await createShop(t.app, { shopName: 'Far Bakery' });
    await setDelivery(t.app, farther.cookie, { pincodes: ['110001'] });
    const bread = await shopProduct(t.app, farther.id, { offerPrice: 30 });
    expect(await refusal([{ product: milk, quantity: 1 }, { product: bread, quantity: 1 }])).toMatchObject({
      code: 'SHOP_DOES_NOT_DELIVER',
      message: expect.stringMatching(/^Far (Dairy|Bakery) and Far (Dairy|Bakery) do not deliver to 411001\. Remove their items or choose another address\.$/),
    });
    expect(await refusal([{ product: herbs, quantity: 1 }])).toMatchObject({ code: 'BELOW_MINIMUM_ORDER', message: 'Small Greens delivers orders of Rs 100 or more: add Rs 60 more from Small Greens.' });
    expect(await refusal([{ product: herbs, quantity: 3 }])).toMatchObject({ code: 'DELIVERY_SLOT_REQUIRED', message: 'Choose a delivery slot for Small Greens' });
    expect(await ordersOfUser(buyer.shopper.user.id)).toHaveLength(0);
  });

  it('names a shop that does not deliver there before a total the cart priced without its fee', async () => {
    const far = await createShop(t.app, { shopName: 'Far Orchard' });
    await setDelivery(t.app, far.cookie, { fee: 30, pincodes: ['560034'] });
    const figs = await shopProduct(t.app, far.id, { offerPrice: 180 });
    const buyer = await buyerAt();
    // The cart shows Rs 183.60 (180 and its tax): a shop that does not deliver to 411001 adds no fee there.
    const res = await t.app.inject({
      method: 'POST',
      url: '/api/order/cod',
      payload: { items: [{ product: figs.id, quantity: 1 }], address: buyer.addressId, expectedTotal: 183.6 },
      headers: { cookie: buyer.cookie },
    });
    expect(res.statusCode).toBe(409);
    expect(body(res)).toMatchObject({ code: 'SHOP_DOES_NOT_DELIVER', message: 'Far Orchard does not deliver to 411001. Remove its items or choose another address.' });
    expect(await ordersOfUser(buyer.shopper.user.id)).toHaveLength(0);
  });

  it('names every shop under its minimum in one refusal, so the shopper tops them all up at once', async () => {
    const [first, second] = [await createShop(t.app, { shopName: 'Short Farm' }), await createShop(t.app, { shopName: 'Short Bakery' })];
    await setDelivery(t.app, first.cookie, { fee: 20, minOrder: 150 });
    await setDelivery(t.app, second.cookie, { fee: 20, minOrder: 99.99 });
    const [kale, rusk] = [await shopProduct(t.app, first.id, { offerPrice: 149.75 }), await shopProduct(t.app, second.id, { offerPrice: 99.49 })];
    const res = await checkoutWithSlots(t.app, await buyerAt(), [{ product: kale, quantity: 1 }, { product: rusk, quantity: 1 }], undefined);
    expect(res.statusCode).toBe(409);
    const { code, message, shortOfMinimum } = body<{ code: string; message: string; shortOfMinimum: unknown[] }>(res);
    expect(code).toBe('BELOW_MINIMUM_ORDER');
    expect(message).toContain('Short Farm delivers orders of Rs 150 or more: add Rs 0.25 more from Short Farm.');
    expect(message).toContain('Short Bakery delivers orders of Rs 99.99 or more: add Rs 0.50 more from Short Bakery.');
    // A program reads the amounts as numbers, each shop by its id (a third party's client parsed them out of the message).
    expect(shortOfMinimum).toHaveLength(2);
    expect(shortOfMinimum).toEqual(
      expect.arrayContaining([
        { seller: first.id, shopName: 'Short Farm', minimum: 150, missing: 0.25 },
        { seller: second.id, shopName: 'Short Bakery', minimum: 99.99, missing: 0.5 },
      ]),
    );
  });

  it('a card checkout charges the fee in its one payment, and a full cancel refunds the fee too', async () => {
    const shop = await createShop(t.app);
    await setDelivery(t.app, shop.cookie, { fee: 25 });
    const tea = await shopProduct(t.app, shop.id, { offerPrice: 100 });
    const buyer = await buyerAt();
    const { orderId } = await placeTestOrder(t.app, { shopper: buyer.shopper, addressId: buyer.addressId, paymentType: 'Online', paid: true, items: [{ product: tea, quantity: 1 }] });
    const refunds: { amountMinor: number }[] = [];
    const refund = t.app.payments.gateway.refund.bind(t.app.payments.gateway);
    t.app.payments.gateway.refund = async (sessionId, request) => {
      refunds.push(request);
      return refund(sessionId, request);
    };
    try {
      const res = await t.app.inject({ method: 'POST', url: '/api/order/status', payload: { orderId, status: 'Cancelled' }, headers: { cookie: shop.cookie } });
      expect(res.statusCode).toBe(200);
    } finally {
      t.app.payments.gateway.refund = refund;
    }
    expect(refunds).toEqual([expect.objectContaining({ amountMinor: 10_000 + 200 + 2_500 })]);
  });

  it('the ledger records the sale with its fee and takes commission on the goods and tax only', async () => {
    const shop = await createShop(t.app);
    await setDelivery(t.app, shop.cookie, { fee: 40 });
    const rice = await shopProduct(t.app, shop.id, { offerPrice: 100 });
    const buyer = await buyerAt();
    const { orderId } = await placeTestOrder(t.app, { shopper: buyer.shopper, addressId: buyer.addressId, items: [{ product: rice, quantity: 1 }] });
    await deliver(t.app, orderId, shop.cookie);
    const entries = await t.app.db.select().from(ledgerEntries).where(eq(ledgerEntries.orderId, orderId));
    // Sale 100 + 2 + 40; commission 10 % (the default) of 102.
    expect(entries.find((e) => e.type === 'sale')!.amountMinor).toBe(14_200);
    expect(entries.find((e) => e.type === 'commission')!.amountMinor).toBe(1_020);
  });
});

describe('delivery windows', () => {
  it("lists a shop's coming windows with the places left, and none when it does not deliver to the pincode", async () => {
    const shop = await createShop(t.app);
    await setDelivery(t.app, shop.cookie, { pincodes: ['411'], windows: [{ days: EVERY_DAY, start: '09:00', end: '11:00', capacity: 4 }], cutoffMinutes: 60, daysAhead: 2 });
    const answer = await slotsOf(t.app, shop.id, '411038');
    expect(answer).toMatchObject({ delivers: true, slotsRequired: true, timeZone: 'Asia/Kolkata' });
    // Today's 09:00 (unless past its cut-off), tomorrow's and the day after's.
    expect(answer.slots.length).toBeGreaterThanOrEqual(2);
    expect(answer.slots.length).toBeLessThanOrEqual(3);
    for (const slot of answer.slots) {
      expect(slot.remaining).toBe(4);
      expect(Date.parse(slot.start) - 60 * 60_000).toBeGreaterThan(Date.now());
      expect(formatSlot(slot, 'Asia/Kolkata')).toMatch(/, 09:00–11:00$/);
    }
    expect(await slotsOf(t.app, shop.id, '110001')).toMatchObject({ delivers: false, slots: [] });
  });

  it('checkout needs a window of a shop that has them, refuses one for a shop without, one not offered and one of a shop not in the cart', async () => {
    const slotted = await createShop(t.app, { shopName: 'Slot Farm' });
    const plain = await createShop(t.app, { shopName: 'Plain Shop' });
    await setDelivery(t.app, slotted.cookie, { windows: [{ days: EVERY_DAY, start: '18:00', end: '20:00', capacity: 5 }], cutoffMinutes: 0, daysAhead: 2 });
    const eggs = await shopProduct(t.app, slotted.id);
    const bread = await shopProduct(t.app, plain.id);
    const buyer = await buyerAt();
    const slot = await laterSlot(slotted.id);
    // Each refusal's message as the cart shows it in a toast (no field name before the shopper's words).
    const attempts: [Record<string, string> | undefined, number, string, string?][] = [
      [undefined, 400, 'DELIVERY_SLOT_REQUIRED', 'Choose a delivery slot for Slot Farm'],
      [{ [slotted.id]: slot.start, [plain.id]: slot.start }, 400, 'DELIVERY_SLOT_INVALID', 'Plain Shop does not deliver in slots now. Please place the order again.'],
      [{ [slotted.id]: new Date(Date.parse(slot.start) + 30 * 60_000).toISOString() }, 409, 'DELIVERY_SLOT_NOT_OFFERED'],
      [{ [slotted.id]: new Date(Date.parse(slot.start) - 7 * 86_400_000).toISOString() }, 409, 'DELIVERY_SLOT_NOT_OFFERED'],
      [{ [slotted.id]: slot.start, '00000000-0000-4000-8000-000000000000': slot.start }, 400, 'DELIVERY_SLOT_INVALID'],
    ];
    for (const [choice, status, code, message] of attempts) {
      const res = await checkoutWithSlots(t.app, buyer, [{ product: eggs, quantity: 1 }, { product: bread, quantity: 1 }], choice);
      expect(res.statusCode, JSON.stringify(choice)).toBe(status);
      expect(body(res)).toMatchObject({ code, ...(message ? { message } : {}) });
    }
    expect((await checkoutWithSlots(t.app, buyer, [{ product: eggs, quantity: 1 }], { [slotted.id]: 'tomorrow' })).statusCode).toBe(400);
    expect(await ordersOfUser(buyer.shopper.user.id)).toHaveLength(0);

    // A shop's id in capitals names the same shop, as a product's does.
    const res = await checkoutWithSlots(t.app, buyer, [{ product: eggs, quantity: 1 }, { product: bread, quantity: 1 }], { [slotted.id.toUpperCase()]: slot.start });
    expect(res.statusCode, res.body).toBe(200);
    const mine = await myOrders(buyer.cookie);
    expect(mine.find((o) => o.seller.id === slotted.id)!.deliverySlot).toEqual({ start: slot.start, end: slot.end });
    expect(mine.find((o) => o.seller.id === plain.id)!.deliverySlot).toBeNull();
    // The checkout's own answer names each shop order as My Orders does: its number, fee and window (issue 28; a client
    // had to call My Orders to say "GC-120000, delivery Rs 0, 18:00-20:00").
    const answered = body<{ orders: { _id: string; orderNumber: string; deliveryFee: number; deliverySlot: unknown }[] }>(res).orders;
    expect(answered).toHaveLength(2);
    for (const order of answered) {
      const listed = mine.find((o) => o._id === order._id)!;
      expect(order).toMatchObject({ orderNumber: listed.orderNumber, deliveryFee: listed.deliveryFee, deliverySlot: listed.deliverySlot });
    }
    expect(answered.map((o) => o.orderNumber)).toEqual(expect.arrayContaining([expect.stringMatching(/^GC-\d{6,}$/)]));
    expect((await slotsOf(t.app, slotted.id)).slots.find((s) => s.start === slot.start)!.remaining).toBe(4);
    await mailsSent(t.app);
    expect(sent.find((m) => m.to === buyer.shopper.user.email)!.text).toContain(`Delivery slot: ${formatSlot(slot, 'Asia/Kolkata')}`);
  });

  it("a cart whose shop was suspended after it chose the shop's window is refused by the product's name, not the shop's id", async () => {
    const shop = await createShop(t.app, { shopName: 'Gone Slot Farm' });
    await setDelivery(t.app, shop.cookie, { windows: [{ days: EVERY_DAY, start: '18:00', end: '20:00', capacity: 5 }], cutoffMinutes: 0, daysAhead: 2 });
    const jaggery = await shopProduct(t.app, shop.id, { name: 'Gone Slot Jaggery' });
    const buyer = await buyerAt();
    const slot = await laterSlot(shop.id);
    const operator = await sellerCookie(t.app);
    const suspend = await t.app.inject({ method: 'POST', url: '/api/seller/sellers/status', payload: { sellerId: shop.id, status: 'suspended', reason: 'Test' }, headers: { cookie: operator } });
    expect(suspend.statusCode).toBe(200);
    const res = await checkoutWithSlots(t.app, buyer, [{ product: jaggery, quantity: 1 }], { [shop.id]: slot.start });
    expect(res.statusCode).toBe(409);
    expect(body(res).message).toContain('Gone Slot Jaggery');
    expect(body(res).message).not.toContain(shop.id);
    // As the cart sends it, with the total it showed: the product named, not "your order now comes to Rs 0".
    const shown = await t.app.inject({
      method: 'POST',
      url: '/api/order/cod',
      payload: { items: [{ product: jaggery.id, quantity: 1 }], address: buyer.addressId, deliverySlots: { [shop.id]: slot.start }, expectedTotal: 102 },
      headers: { cookie: buyer.cookie },
    });
    expect(shown.statusCode).toBe(409);
    expect(body(shown)).toMatchObject({ code: 'OUT_OF_STOCK' });
    expect(body(shown).message).toContain('Gone Slot Jaggery');
    expect(await ordersOfUser(buyer.shopper.user.id)).toHaveLength(0);
  });

  it('a full window is no longer offered and a checkout for it is refused with 409 naming the window', async () => {
    const shop = await createShop(t.app, { shopName: 'Tiny Van' });
    await setDelivery(t.app, shop.cookie, { windows: [{ days: EVERY_DAY, start: '07:00', end: '08:00', capacity: 1 }], cutoffMinutes: 0, daysAhead: 2 });
    const milk = await shopProduct(t.app, shop.id);
    const slot = await laterSlot(shop.id);
    const first = await buyerAt();
    expect((await checkoutWithSlots(t.app, first, [{ product: milk, quantity: 1 }], { [shop.id]: slot.start })).statusCode).toBe(200);
    expect((await slotsOf(t.app, shop.id)).slots.map((s) => s.start)).not.toContain(slot.start);
    const second = await buyerAt();
    const res = await checkoutWithSlots(t.app, second, [{ product: milk, quantity: 1 }], { [shop.id]: slot.start });
    expect(res.statusCode).toBe(409);
    expect(body(res)).toMatchObject({ code: 'DELIVERY_SLOT_FULL', message: `The delivery slot ${formatSlot(slot, 'Asia/Kolkata')} of Tiny Van is full. Please choose another.` });
    expect(await ordersOfUser(second.shopper.user.id)).toHaveLength(0);
  });

  it('the same cart sent again for the same window is the same checkout; for another window it is another order', async () => {
    const shop = await createShop(t.app);
    await setDelivery(t.app, shop.cookie, { windows: [{ days: EVERY_DAY, start: '09:00', end: '10:00', capacity: 5 }], cutoffMinutes: 0, daysAhead: 3 });
    const bread = await shopProduct(t.app, shop.id);
    const [one, other] = (await slotsOf(t.app, shop.id)).slots.filter((s) => Date.parse(s.start) > Date.now() + 3_600_000);
    const buyer = await buyerAt();
    const send = (start: string) => checkoutWithSlots(t.app, buyer, [{ product: bread, quantity: 1 }], { [shop.id]: start });
    const first = body<{ orderId: string }>(await send(one!.start));
    expect(body<{ orderId: string }>(await send(one!.start)).orderId).toBe(first.orderId);
    const again = await send(other!.start);
    expect(again.statusCode).toBe(200);
    expect(body<{ orderId: string }>(again).orderId).not.toBe(first.orderId);
    expect(await ordersOfUser(buyer.shopper.user.id)).toHaveLength(2);
  });

  it('gives the place back when an order ends without delivery: seller cancel, payment expiry, decline; exactly once', async () => {
    const shop = await createShop(t.app);
    await setDelivery(t.app, shop.cookie, { windows: [{ days: EVERY_DAY, start: '12:00', end: '13:00', capacity: 3 }], cutoffMinutes: 0, daysAhead: 2 });
    const honey = await shopProduct(t.app, shop.id);
    const slot = await laterSlot(shop.id);
    const taken = async () =>
      (await t.app.db.select().from(deliverySlotPlaces).where(and(eq(deliverySlotPlaces.sellerId, shop.id), eq(deliverySlotPlaces.startsAt, new Date(slot.start)))))[0]!.taken;
    const place = (paymentType: 'COD' | 'Online') => placeTestOrder(t.app, { paymentType, items: [{ product: honey, quantity: 1 }], deliverySlots: { [shop.id]: slot.start } });

    const cod = await place('COD');
    const expiring = await place('Online');
    const declined = await place('Online');
    expect(await taken()).toBe(3);
    // Held while the payment pages are open: no place left.
    expect((await slotsOf(t.app, shop.id)).slots.map((s) => s.start)).not.toContain(slot.start);

    expect((await t.app.inject({ method: 'POST', url: '/api/order/status', payload: { orderId: cod.orderId, status: 'Cancelled' }, headers: { cookie: shop.cookie } })).statusCode).toBe(200);
    expect(await taken()).toBe(2);
    await t.app.db.transaction((tx) => returnOrderStock(tx, cod.orderId));
    expect(await taken()).toBe(2);

    await t.app.db.update(orders).set({ createdAt: new Date(Date.now() - 25 * 60 * 60 * 1000) }).where(eq(orders.id, expiring.orderId));
    expect(await t.app.orders.expireAbandonedTestCheckouts()).toBe(1);
    expect(await taken()).toBe(1);

    const [row] = await t.app.db.select().from(orders).where(eq(orders.id, declined.orderId));
    expect(await t.app.orders.handlePaymentEvent({ id: `evt_failed_${row!.id}`, type: 'checkout.session.async_payment_failed', sessionId: row!.paymentSessionId! })).toBe('cancelled');
    expect(await taken()).toBe(0);
    expect((await slotsOf(t.app, shop.id)).slots.find((s) => s.start === slot.start)!.remaining).toBe(3);

    // A paid order keeps its place.
    const paid = await place('Online');
    await completeTestPayment(t.app, paid.orderId);
    expect(await taken()).toBe(1);
  });

  it("the board holds every window of a busy day, each counted whole and shown by its first orders; a place awaiting a card payment is said", async () => {
    const shop = await createShop(t.app, { shopName: 'Busy Vans' });
    const window = (start: string, end: string) => ({ days: EVERY_DAY, start, end, capacity: 100 });
    await setDelivery(t.app, shop.cookie, { windows: [window('07:00', '09:00'), window('09:00', '11:00'), window('18:00', '20:00')], cutoffMinutes: 0, daysAhead: 2 });
    const goods = [await shopProduct(t.app, shop.id), await shopProduct(t.app, shop.id), await shopProduct(t.app, shop.id), await shopProduct(t.app, shop.id)];
    const zoned = (s: { start: string }) => new Intl.DateTimeFormat('en-CA', { timeZone: 'Asia/Kolkata' }).format(new Date(s.start));
    // Tomorrow's three windows (all later than now, whatever the hour).
    const day = zoned({ start: new Date(Date.now() + 86_400_000).toISOString() });
    const [early, mid, late] = (await slotsOf(t.app, shop.id)).slots.filter((s) => zoned(s) === day);
    const buyer = await createShopper(t.app);
    const addressId = (await createAddress(t.app, buyer.user.id)).id;
    // Each order another cart (a product and a quantity of its own): the same cart again would be the same checkout.
    const place = (slot: { start: string }, n: number, paymentType: 'COD' | 'Online' = 'COD') =>
      placeTestOrder(t.app, { shopper: buyer, addressId, paymentType, items: [{ product: goods[n % 4]!, quantity: Math.floor(n / 4) + 1 }], deliverySlots: { [shop.id]: slot.start } });
    // The first window more than a board's share, the others one order each.
    for (let n = 0; n < DELIVERIES_WINDOW_ORDERS + 2; n++) await place(early!, n);
    await place(mid!, 0);
    await place(late!, 0);
    await place(late!, 1, 'Online');
    const board = body<DeliveriesAnswer>(await t.app.inject({ method: 'GET', url: `/api/seller/deliveries?day=${day}`, headers: { cookie: shop.cookie } }));
    expect(board.windows.map((w) => [w.start, w.orderCount, w.orders.length, w.booked])).toEqual([
      [early!.start, DELIVERIES_WINDOW_ORDERS + 2, DELIVERIES_WINDOW_ORDERS, DELIVERIES_WINDOW_ORDERS + 2],
      [mid!.start, 1, 1, 1],
      // The card checkout waiting for its payment holds a place, and is no delivery yet.
      [late!.start, 1, 1, 2],
    ]);
    expect(board.truncated).toBe(true);
    expect(board.nextDay).toBeNull();
    // The day before, empty, says when the next deliveries are (a probe's shop read "No deliveries booked" and no more);
    // the day after them, none is booked.
    const before = new Intl.DateTimeFormat('en-CA', { timeZone: 'Asia/Kolkata' }).format(new Date(Date.parse(`${day}T12:00:00+05:30`) - 2 * 86_400_000));
    const board2 = (d: string) => t.app.inject({ method: 'GET', url: `/api/seller/deliveries?day=${d}`, headers: { cookie: shop.cookie } }).then((r) => body<DeliveriesAnswer>(r));
    expect(await board2(before)).toMatchObject({ windows: [], nextDay: day });
    const after = new Intl.DateTimeFormat('en-CA', { timeZone: 'Asia/Kolkata' }).format(new Date(Date.parse(`${day}T12:00:00+05:30`) + 86_400_000));
    expect(await board2(after)).toMatchObject({ windows: [], nextDay: null });
  });

  it("the seller's board lists the day's deliveries by window, and the orders list filters by delivery day", async () => {
    const shop = await createShop(t.app, { shopName: 'Board Greens' });
    await setDelivery(t.app, shop.cookie, {
      windows: [
        { days: EVERY_DAY, start: '08:00', end: '10:00', capacity: 5 },
        { days: EVERY_DAY, start: '16:00', end: '18:00', capacity: 5 },
      ],
      cutoffMinutes: 0,
      daysAhead: 2,
    });
    const oats = await shopProduct(t.app, shop.id);
    const tomorrow = (await slotsOf(t.app, shop.id)).slots.filter((s) => Date.parse(s.start) > Date.now() + 86_400_000 / 2);
    const [morning, evening] = [tomorrow.find((s) => formatSlot(s, 'Asia/Kolkata').endsWith('08:00–10:00'))!, tomorrow.find((s) => formatSlot(s, 'Asia/Kolkata').endsWith('16:00–18:00'))!];
    const day = new Intl.DateTimeFormat('en-CA', { timeZone: 'Asia/Kolkata' }).format(new Date(morning.start));
    const sameDayEvening = tomorrow.find((s) => s.start > morning.start && new Intl.DateTimeFormat('en-CA', { timeZone: 'Asia/Kolkata' }).format(new Date(s.start)) === day) ?? evening;
    const a = await placeTestOrder(t.app, { items: [{ product: oats, quantity: 1 }], deliverySlots: { [shop.id]: morning.start } });
    const b = await placeTestOrder(t.app, { items: [{ product: oats, quantity: 2 }], deliverySlots: { [shop.id]: morning.start } });
    const c = await placeTestOrder(t.app, { items: [{ product: oats, quantity: 1 }], deliverySlots: { [shop.id]: sameDayEvening.start } });
    const res = await t.app.inject({ method: 'GET', url: `/api/seller/deliveries?day=${day}`, headers: { cookie: shop.cookie } });
    expect(res.statusCode).toBe(200);
    const board = body<DeliveriesAnswer>(res);
    // Each window names its shop (the operator's board holds every shop's) and counts every order booked in it.
    expect(board.windows[0]).toMatchObject({ start: morning.start, end: morning.end, shopName: 'Board Greens', capacity: 5, booked: 2 });
    expect(board.windows[0]!.orders.map((o) => o._id)).toEqual([a.orderId, b.orderId]);
    // The capacity is the shop's as set now (the one checkout offers), not the one stored at the last booking.
    const morningAt = (capacity: number) => ({ days: EVERY_DAY, start: '08:00', end: '10:00', capacity });
    await setDelivery(t.app, shop.cookie, { windows: [morningAt(9), { days: EVERY_DAY, start: '16:00', end: '18:00', capacity: 5 }], cutoffMinutes: 0, daysAhead: 2 });
    const boardNow = () => t.app.inject({ method: 'GET', url: `/api/seller/deliveries?day=${day}`, headers: { cookie: shop.cookie } }).then((r) => body<DeliveriesAnswer>(r));
    expect((await boardNow()).windows[0]).toMatchObject({ start: morning.start, capacity: 9, booked: 2 });
    expect((await slotsOf(t.app, shop.id)).slots.find((s) => s.start === morning.start)!.remaining).toBe(7);
    // Its end moved: the same window (checkout finds a window by its start), at its capacity now (a probe's board kept the old one).
    await setDelivery(t.app, shop.cookie, { windows: [{ ...morningAt(3), end: '10:30' }, { days: EVERY_DAY, start: '16:00', end: '18:00', capacity: 5 }], cutoffMinutes: 0, daysAhead: 2 });
    expect((await boardNow()).windows[0]).toMatchObject({ start: morning.start, capacity: 3, booked: 2 });
    expect((await slotsOf(t.app, shop.id)).slots.find((s) => s.start === morning.start)!.remaining).toBe(1);
    // A window the shop no longer has keeps the capacity it was booked under.
    await setDelivery(t.app, shop.cookie, { windows: [{ days: EVERY_DAY, start: '16:00', end: '18:00', capacity: 5 }], cutoffMinutes: 0, daysAhead: 2 });
    expect((await boardNow()).windows[0]).toMatchObject({ start: morning.start, capacity: 5, booked: 2 });
    await setDelivery(t.app, shop.cookie, { windows: [morningAt(5), { days: EVERY_DAY, start: '16:00', end: '18:00', capacity: 5 }], cutoffMinutes: 0, daysAhead: 2 });
    expect(board.windows[0]!.orders[1]).toMatchObject({ orderNumber: expect.stringMatching(/^GC-\d{6,}$/), buyer: 'Asha Verma', zipcode: '411001', items: 2 });
    // Cash on delivery, unpaid: the rider collects the whole amount.
    expect(board.windows[0]!.orders[1]!.toCollect).toBe(board.windows[0]!.orders[1]!.amount);
    expect(board.windows[0]!.orders[1]!.toCollect).toBeGreaterThan(0);
    // Once picked short, the board counts the units the rider hands over, not those ordered.
    const picked = await t.app.inject({ method: 'POST', url: '/api/order/pick', payload: { orderId: b.orderId, lines: [{ product: oats.id, picked: 1 }] }, headers: { cookie: shop.cookie } });
    expect(picked.statusCode).toBe(200);
    const afterPicks = body<DeliveriesAnswer>(await t.app.inject({ method: 'GET', url: `/api/seller/deliveries?day=${day}`, headers: { cookie: shop.cookie } }));
    expect(afterPicks.windows[0]!.orders.find((o) => o._id === b.orderId)).toMatchObject({ items: 1 });
    // Delivered, its cash was collected: nothing left to take.
    expect((await t.app.inject({ method: 'POST', url: '/api/order/status', payload: { orderId: b.orderId, status: 'Delivered' }, headers: { cookie: shop.cookie } })).statusCode).toBe(200);
    const afterDelivery = body<DeliveriesAnswer>(await t.app.inject({ method: 'GET', url: `/api/seller/deliveries?day=${day}`, headers: { cookie: shop.cookie } }));
    expect(afterDelivery.windows[0]!.orders.find((o) => o._id === b.orderId)).toMatchObject({ status: 'Delivered', toCollect: 0, refunded: false });
    // Given back after its delivery: the board says refunded, not paid (a probe read "Rs 331.92 paid").
    expect((await t.app.inject({ method: 'POST', url: '/api/order/refund', payload: { orderId: b.orderId }, headers: { cookie: shop.cookie } })).statusCode).toBe(200);
    const afterRefund = body<DeliveriesAnswer>(await t.app.inject({ method: 'GET', url: `/api/seller/deliveries?day=${day}`, headers: { cookie: shop.cookie } }));
    expect(afterRefund.windows[0]!.orders.find((o) => o._id === b.orderId)).toMatchObject({ status: 'Delivered', toCollect: 0, refunded: true });
    const operatorBoard = body<DeliveriesAnswer>(await t.app.inject({ method: 'GET', url: `/api/seller/deliveries?day=${day}`, headers: { cookie: await sellerCookie(t.app) } }));
    expect(operatorBoard.windows.find((w) => w.orders.some((o) => o._id === a.orderId))).toMatchObject({ shopName: 'Board Greens', booked: 2 });
    if (sameDayEvening !== evening || formatSlot(evening, 'Asia/Kolkata').startsWith(formatSlot(morning, 'Asia/Kolkata').slice(0, 10))) {
      expect(board.windows.at(-1)!.orders.map((o) => o._id)).toEqual([c.orderId]);
    }
    // Another shop's board does not show them.
    const other = await createShop(t.app);
    expect(body<DeliveriesAnswer>(await t.app.inject({ method: 'GET', url: `/api/seller/deliveries?day=${day}`, headers: { cookie: other.cookie } })).windows).toEqual([]);
    expect((await t.app.inject({ method: 'GET', url: '/api/seller/deliveries?day=2026-02-31', headers: { cookie: shop.cookie } })).statusCode).toBe(400);
    // The calendar's ends: an empty board, not a 500 (a year under 100 was read as 19xx, the day after 9999-12-31 as no date).
    for (const edge of ['0001-01-02', '0050-06-15', '0099-12-31', '9999-12-31']) {
      const board = await t.app.inject({ method: 'GET', url: `/api/seller/deliveries?day=${edge}`, headers: { cookie: shop.cookie } });
      expect(board.statusCode, edge).toBe(200);
      expect(body<DeliveriesAnswer>(board), edge).toMatchObject({ day: edge, windows: [] });
    }
    expect((await t.app.inject({ method: 'GET', url: '/api/seller/deliveries?day=0001-01-01', headers: { cookie: shop.cookie } })).statusCode).toBe(400);

    const list = await t.app.inject({ method: 'GET', url: `/api/order/seller?deliveryDay=${day}`, headers: { cookie: shop.cookie } });
    expect(list.statusCode).toBe(200);
    const listed = body<{ orders: Order[] }>(list).orders.map((o) => o._id);
    expect(listed).toEqual(expect.arrayContaining([a.orderId, b.orderId]));
    expect(body<{ orders: Order[] }>(await t.app.inject({ method: 'GET', url: '/api/order/seller?deliveryDay=2020-01-01', headers: { cookie: shop.cookie } })).orders).toEqual([]);
  });
});
