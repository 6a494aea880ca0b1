import type { LightMyRequestResponse } from 'fastify';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { and, eq, inArray, isNull, ne } from 'drizzle-orm';
import { conflictRetries } from '../../db/retry.js';
import { couponUses, coupons, deliverySlotPlaces, orders, products } from '../../db/schema/index.js';
import { checkoutWithSlots, EVERY_DAY, setDelivery, slotsOf } from '../../test/delivery-builders.js';
import { createShop, shopProduct } from '../../test/market-builders.js';
import { buildTestApp, createAddress, createShopper, type TestApp } from '../../test/test-app.js';

/**
 * Issue 28 (and issue 25's mixed load with issue 29's coupons) under mixed load (the model: orders/checkout-load.test.ts): checkouts taking places in the same windows
 * (locked after the products), cancels giving them back through returnOrderStock, cart saves on the same products,
 * and sellers writing stock and another shop's delivery. Every answer must be a success: no deadlock, no 500.
 */
const LOOPS = Number(process.env.DELIVERY_LOAD_LOOPS ?? 10);
const SECONDS = Number(process.env.DELIVERY_LOAD_SECONDS ?? 4);

let t: TestApp;
beforeAll(async () => {
  t = await buildTestApp();
});
afterAll(() => t.close());

const quantitiesFor = (n: number, lines: number) => Array.from({ length: lines }, (_, i) => (Math.floor(n / 9 ** i) % 9) + 1);


/** `n` shoppers, each with a saved address: the load's buyers. */
const shoppersWithAddresses = (n: number) =>
  Promise.all(
    Array.from({ length: n }, async () => {
      const shopper = await createShopper(t.app);
      return { cookie: shopper.cookie, addressId: (await createAddress(t.app, shopper.user.id)).id };
    }),
  );

describe('checkout with delivery windows under mixed load', () => {
  it('answers every checkout, cancel, cart save and seller write with success', { timeout: 120_000 }, async () => {
    const shop = await createShop(t.app, { shopName: 'Load Van' });
    const other = await createShop(t.app);
    await setDelivery(t.app, shop.cookie, { fee: 20, freeAbove: 1000, windows: [{ days: EVERY_DAY, start: '08:00', end: '10:00', capacity: 10_000 }, { days: EVERY_DAY, start: '18:00', end: '20:00', capacity: 10_000 }], cutoffMinutes: 0, daysAhead: 2 });
    const counted = [];
    for (let i = 0; i < 4; i++) counted.push(await shopProduct(t.app, shop.id, { name: `Load ${i}`, stock: 1_000_000 }));
    const ids = counted.map((p) => p.id);
    const windows = (await slotsOf(t.app, shop.id)).slots.filter((s) => Date.parse(s.start) > Date.now() + 3_600_000).map((s) => s.start);
    const buyers = await shoppersWithAddresses(LOOPS);
    const savers = await Promise.all(Array.from({ length: LOOPS }, () => createShopper(t.app)));
    const failures: string[] = [];
    const answered = { checkout: 0, cancel: 0, cart: 0, stock: 0, delivery: 0 };
    const placed: { orderId: string; quantities: number[] }[] = [];
    /** Units of each product that cancels put back on the shelf: a cancel after the seller's count adds to it. */
    const returned = ids.map(() => 0);
    const record = (kind: keyof typeof answered, res: LightMyRequestResponse) => {
      if (res.statusCode === 200) answered[kind] += 1;
      else failures.push(`${kind}: ${res.statusCode} ${res.body.slice(0, 200)}`);
    };
    const retriesBefore = conflictRetries();
    const started = Date.now();
    const deadline = started + SECONDS * 1000;
    const loop = async (step: (n: number) => Promise<void>) => {
      for (let n = 0; Date.now() < deadline; n++) await step(n);
    };
    await Promise.all([
      ...buyers.map((buyer, b) =>
        loop(async (n) => {
          const quantities = quantitiesFor(n, ids.length);
          const res = await checkoutWithSlots(t.app, buyer, ids.map((id, i) => ({ product: { id }, quantity: quantities[i]! })), { [shop.id]: windows[(n + b) % windows.length]! });
          record('checkout', res);
          if (res.statusCode === 200) placed.push({ orderId: res.json<{ orderId: string }>().orderId, quantities });
        }),
      ),
      ...savers.map((saver) =>
        loop(async (n) => {
          const cartItems = Object.fromEntries([...ids].reverse().map((id, i) => [id, ((n + i) % 9) + 1]));
          record('cart', await t.app.inject({ method: 'POST', url: '/api/cart/update', payload: { cartItems }, headers: { cookie: saver.cookie } }));
        }),
      ),
      loop(async () => {
        const order = placed.shift();
        if (!order) return void (await new Promise((resolve) => setTimeout(resolve, 10)));
        const res = await t.app.inject({ method: 'POST', url: '/api/order/status', payload: { orderId: order.orderId, status: 'Cancelled' }, headers: { cookie: shop.cookie } });
        record('cancel', res);
        if (res.statusCode === 200) order.quantities.forEach((quantity, i) => (returned[i]! += quantity));
      }),
      loop(async (n) => {
        record('stock', await t.app.inject({ method: 'POST', url: '/api/product/stock', payload: { id: ids[ids.length - 1 - (n % ids.length)]!, stock: 1_000_000 }, headers: { cookie: shop.cookie } }));
      }),
      loop(async (n) => {
        const res = await t.app.inject({ method: 'PUT', url: '/api/seller/delivery', payload: { pincodes: null, fee: n % 50, freeAbove: null, minOrder: 0, windows: [], cutoffMinutes: 0, daysAhead: 1 }, headers: { cookie: other.cookie } });
        record('delivery', res);
        await new Promise((resolve) => setTimeout(resolve, 20));
      }),
    ]);
    const seconds = (Date.now() - started) / 1000;
    console.log(`delivery load: ${JSON.stringify(answered)} in ${seconds.toFixed(1)} s, ${(answered.checkout / seconds).toFixed(0)} checkouts/s, loadavg ${(await import('node:os')).loadavg().map((l) => l.toFixed(2)).join(' ')}`);
    expect(failures.slice(0, 5)).toEqual([]);
    expect(conflictRetries()).toBe(retriesBefore);
    expect(answered.checkout).toBeGreaterThan(0);
    expect(answered.cancel).toBeGreaterThan(0);
    // No unit counted twice: at most the seller's last count plus what cancels put back since.
    const stock = new Map((await t.app.db.select({ id: products.id, stock: products.stock }).from(products).where(inArray(products.id, ids))).map((s) => [s.id, s.stock!]));
    ids.forEach((id, i) => expect(stock.get(id)).toBeLessThanOrEqual(1_000_000 + returned[i]!));
  });

  // A probe's load: each new card checkout ends the shopper's waiting one (0224), whose two shop orders gave back their
  // products in the order of their random ids, not the products' own, and deadlocked with cash checkouts (503s).
  it('answers card checkouts that end their waiting two-shop checkout, beside cash ones, with success and no deadlock', { timeout: 120_000 }, async () => {
    const [vanShop, plainShop] = [await createShop(t.app, { shopName: 'Card Van' }), await createShop(t.app)];
    await setDelivery(t.app, vanShop.cookie, { fee: 20, freeAbove: 1000, windows: [{ days: EVERY_DAY, start: '08:00', end: '20:00', capacity: 10_000 }], cutoffMinutes: 0, daysAhead: 2 });
    // Products of both shops, made alternately, so a checkout's products and its orders sort differently.
    const lines: { id: string }[] = [];
    for (let i = 0; i < 4; i++) lines.push(await shopProduct(t.app, (i % 2 ? plainShop : vanShop).id, { name: `Card load ${i}`, stock: 1_000_000 }));
    const window = (await slotsOf(t.app, vanShop.id)).slots.find((s) => Date.parse(s.start) > Date.now() + 3_600_000)!.start;
    const [cardBuyers, cashBuyers] = [await shoppersWithAddresses(LOOPS), await shoppersWithAddresses(LOOPS)];
    const failures: string[] = [];
    const answered = { card: 0, cash: 0 };
    const retriesBefore = conflictRetries();
    const deadline = Date.now() + SECONDS * 1000;
    const loop = async (buyer: { cookie: string; addressId: string }, payment: 'cod' | 'stripe') => {
      for (let n = 0; Date.now() < deadline; n++) {
        const quantities = quantitiesFor(n, lines.length);
        const res = await checkoutWithSlots(t.app, buyer, lines.map((product, i) => ({ product, quantity: quantities[i]! })), { [vanShop.id]: window }, payment);
        if (res.statusCode === 200) answered[payment === 'cod' ? 'cash' : 'card'] += 1;
        else failures.push(`${payment}: ${res.statusCode} ${res.body.slice(0, 200)}`);
      }
    };
    await Promise.all([...cardBuyers.map((buyer) => loop(buyer, 'stripe')), ...cashBuyers.map((buyer) => loop(buyer, 'cod'))]);
    console.log(`card replacing load: ${JSON.stringify(answered)}, loadavg ${(await import('node:os')).loadavg().map((l) => l.toFixed(2)).join(' ')}`);
    expect(failures.slice(0, 5)).toEqual([]);
    expect(conflictRetries()).toBe(retriesBefore);
    // Each card buyer's earlier checkouts were ended: only its last one still holds its units.
    expect(answered.card).toBeGreaterThan(cardBuyers.length);
    const waiting = await t.app.db.$count(orders, and(eq(orders.sellerId, vanShop.id), eq(orders.paymentType, 'Online'), eq(orders.status, 'Order Placed')));
    expect(waiting).toBe(cardBuyers.length);
  });

  // A probe's load: a pick of nothing cancels its order (0162), and gave its coupon's use back before its window's place
  // (coupon, then window), the other way round from checkouts and every other cancel: deadlocks, and 503s after retries.
  it('answers picks that leave nothing, cancels and coupon checkouts into one window with success and no deadlock', { timeout: 120_000 }, async () => {
    const shop = await createShop(t.app, { shopName: 'Pick Van' });
    await setDelivery(t.app, shop.cookie, { fee: 20, freeAbove: 1000, windows: [{ days: EVERY_DAY, start: '08:00', end: '20:00', capacity: 10_000 }], cutoffMinutes: 0, daysAhead: 2 });
    // Uncounted products, so no product row orders the writers before they reach the window and the coupon.
    const made: { id: string }[] = [];
    for (let i = 0; i < 8; i++) made.push(await shopProduct(t.app, shop.id, { name: `Pick load ${i}` }));
    const window = (await slotsOf(t.app, shop.id)).slots.find((s) => Date.parse(s.start) > Date.now() + 3_600_000)!.start;
    const coupon = await t.app.inject({ method: 'POST', url: '/api/seller/coupons', payload: { code: `PICK${Date.now().toString(36).toUpperCase()}`, type: 'percent', value: 5 }, headers: { cookie: shop.cookie } });
    const { code } = coupon.json<{ coupon: { code: string } }>().coupon;
    const buyers = await shoppersWithAddresses(LOOPS);
    const failures: string[] = [];
    const answered = { checkout: 0, pick: 0, cancel: 0 };
    const placed: { orderId: string; cookie: string; product: string }[] = [];
    const retriesBefore = conflictRetries();
    const deadline = Date.now() + SECONDS * 1000;
    const record = (kind: keyof typeof answered, res: LightMyRequestResponse) => {
      if (res.statusCode === 200) answered[kind] += 1;
      else failures.push(`${kind}: ${res.statusCode} ${res.body.slice(0, 200)}`);
    };
    const loop = async (step: (n: number) => Promise<void>) => {
      for (let n = 0; Date.now() < deadline; n++) await step(n);
    };
    await Promise.all([
      ...buyers.map((buyer, b) =>
        loop(async (n) => {
          const product = made[(n + b) % made.length]!;
          const payload = { items: [{ product: product.id, quantity: (n % 9) + 1 }], address: buyer.addressId, deliverySlots: { [shop.id]: window }, coupon: code };
          const res = await t.app.inject({ method: 'POST', url: '/api/order/cod', payload, headers: { cookie: buyer.cookie } });
          record('checkout', res);
          if (res.statusCode === 200) placed.push({ orderId: res.json<{ orderId: string }>().orderId, cookie: buyer.cookie, product: product.id });
        }),
      ),
      // The seller picking nothing of most orders, the shoppers cancelling the rest, all at once.
      ...Array.from({ length: 8 }, (_, worker) =>
        loop(async () => {
          const order = placed.shift();
          if (!order) return void (await new Promise((resolve) => setTimeout(resolve, 5)));
          const res =
            worker % 4 !== 0
              ? await t.app.inject({ method: 'POST', url: '/api/order/pick', payload: { orderId: order.orderId, lines: [{ product: order.product, picked: 0 }] }, headers: { cookie: shop.cookie } })
              : await t.app.inject({ method: 'POST', url: '/api/order/cancel', payload: { orderId: order.orderId }, headers: { cookie: order.cookie } });
          record(worker % 4 !== 0 ? 'pick' : 'cancel', res);
        }),
      ),
    ]);
    console.log(`pick load: ${JSON.stringify(answered)}, loadavg ${(await import('node:os')).loadavg().map((l) => l.toFixed(2)).join(' ')}`);
    expect(failures.slice(0, 5)).toEqual([]);
    expect(conflictRetries()).toBe(retriesBefore);
    expect(answered.pick).toBeGreaterThan(0);
    expect(answered.cancel).toBeGreaterThan(0);
    // Every order picked empty or cancelled gave its place and its use back: the live ones hold exactly theirs.
    const live = await t.app.db.$count(orders, and(eq(orders.sellerId, shop.id), ne(orders.status, 'Cancelled')));
    expect((await t.app.db.select({ taken: deliverySlotPlaces.taken }).from(deliverySlotPlaces).where(eq(deliverySlotPlaces.sellerId, shop.id)))[0]!.taken).toBe(live);
    const liveUses = await t.app.db.$count(couponUses, isNull(couponUses.releasedAt));
    const couponRow = (await t.app.db.select({ usesTaken: coupons.usesTaken }).from(coupons).where(eq(coupons.code, code)))[0]!;
    expect(couponRow.usesTaken).toBe(live);
    expect(liveUses).toBeGreaterThanOrEqual(live);
  });

  it('takes exactly the limited coupon uses and window places while carts, stock, coupons and delivery are saved', { timeout: 120_000 }, async () => {
    const PLACES = 40;
    const USES = 50;
    const shop = await createShop(t.app, { shopName: 'Limited Van' });
    const delivery = { fee: 20, freeAbove: 1000, windows: [{ days: EVERY_DAY, start: '07:00', end: '09:00', capacity: PLACES }, { days: EVERY_DAY, start: '19:00', end: '21:00', capacity: PLACES }], cutoffMinutes: 0, daysAhead: 2 };
    await setDelivery(t.app, shop.cookie, delivery);
    const ids: string[] = [];
    for (let i = 0; i < 4; i++) ids.push((await shopProduct(t.app, shop.id, { name: `Limited ${i}`, stock: 1_000_000 })).id);
    const coupon = await t.app.inject({ method: 'POST', url: '/api/seller/coupons', payload: { code: `LOAD${Date.now().toString(36).toUpperCase()}`, type: 'amount', value: 1, totalUses: USES }, headers: { cookie: shop.cookie } });
    const { code, _id: couponId } = coupon.json<{ coupon: { code: string; _id: string } }>().coupon;
    const paused = (await t.app.inject({ method: 'POST', url: '/api/seller/coupons', payload: { code: `${code}P`, type: 'percent', value: 5 }, headers: { cookie: shop.cookie } })).json<{ coupon: { _id: string } }>().coupon._id;
    // Two window instances more than an hour ahead: the rows whose places the checkouts take.
    const windows = (await slotsOf(t.app, shop.id)).slots.filter((s) => Date.parse(s.start) > Date.now() + 3_600_000).slice(0, 2).map((s) => s.start);
    expect(windows).toHaveLength(2);
    const buyers = await shoppersWithAddresses(LOOPS);
    const savers = await Promise.all(Array.from({ length: LOOPS }, () => createShopper(t.app)));
    const failures: string[] = [];
    const refused = { DELIVERY_SLOT_FULL: 0, COUPON_USED_UP: 0 };
    const answered = { checkout: 0, withCoupon: 0, cart: 0, stock: 0, coupon: 0, delivery: 0 };
    const expectOk = (kind: keyof typeof answered, res: LightMyRequestResponse) => {
      if (res.statusCode === 200) answered[kind] += 1;
      else failures.push(`${kind}: ${res.statusCode} ${res.body.slice(0, 200)}`);
    };
    let couponLeft = true;
    let full = 0;
    const retriesBefore = conflictRetries();
    const started = Date.now();
    // Until every place is taken (the buyers' own end); a minute at most, should a place never be taken.
    const deadline = started + 60_000;
    const loop = async (step: (n: number) => Promise<void>) => {
      for (let n = 0; Date.now() < deadline && full < windows.length; n++) await step(n);
    };
    await Promise.all([
      ...buyers.map((buyer, b) =>
        loop(async (n) => {
          const window = windows[(n + b) % windows.length]!;
          // A new cart each time: the same checkout sent again answers the order it placed (decision 0030).
          const quantities = quantitiesFor(n, ids.length);
          const withCoupon = couponLeft;
          const payload = { items: ids.map((id, i) => ({ product: id, quantity: quantities[i]! })), address: buyer.addressId, deliverySlots: { [shop.id]: window }, ...(withCoupon ? { coupon: code } : {}) };
          const res = await t.app.inject({ method: 'POST', url: '/api/order/cod', payload, headers: { cookie: buyer.cookie } });
          const refusal = res.statusCode === 409 ? res.json<{ code?: string }>().code : undefined;
          if (res.statusCode === 200) {
            answered.checkout += 1;
            if (withCoupon) answered.withCoupon += 1;
          } else if (refusal === 'COUPON_USED_UP' && withCoupon) {
            refused.COUPON_USED_UP += 1;
            couponLeft = false;
          } else if (refusal === 'DELIVERY_SLOT_FULL') {
            refused.DELIVERY_SLOT_FULL += 1;
            full = (await t.app.db.select({ taken: deliverySlotPlaces.taken }).from(deliverySlotPlaces).where(eq(deliverySlotPlaces.sellerId, shop.id))).filter((p) => p.taken >= PLACES).length;
          } else failures.push(`checkout: ${res.statusCode} ${res.body.slice(0, 200)}`);
        }),
      ),
      ...savers.map((saver) =>
        loop(async (n) => {
          const cartItems = Object.fromEntries([...ids].reverse().map((id, i) => [id, ((n + i) % 9) + 1]));
          expectOk('cart', await t.app.inject({ method: 'POST', url: '/api/cart/update', payload: { cartItems }, headers: { cookie: saver.cookie } }));
        }),
      ),
      loop(async (n) => {
        expectOk('stock', await t.app.inject({ method: 'POST', url: '/api/product/stock', payload: { id: ids[ids.length - 1 - (n % ids.length)]!, stock: 1_000_000 }, headers: { cookie: shop.cookie } }));
      }),
      // The same shop pausing and resuming another coupon, making new ones, and saving its delivery (the same windows).
      loop(async (n) => {
        const res =
          n % 2 === 0
            ? await t.app.inject({ method: 'POST', url: '/api/seller/coupons/status', payload: { id: paused, active: n % 4 === 0 }, headers: { cookie: shop.cookie } })
            : await t.app.inject({ method: 'POST', url: '/api/seller/coupons', payload: { code: `${code}N${n}`, type: 'percent', value: 5 }, headers: { cookie: shop.cookie } });
        expectOk('coupon', res);
        await new Promise((resolve) => setTimeout(resolve, 10));
      }),
      // The shop saving its delivery unchanged, again and again: the same terms keep their version, so no
      // checkout is priced again (each save made a version once, and saves every 20 ms refused checkouts).
      loop(async () => {
        expectOk('delivery', await setDelivery(t.app, shop.cookie, delivery));
        await new Promise((resolve) => setTimeout(resolve, 20));
      }),
    ]);
    const seconds = (Date.now() - started) / 1000;
    console.log(`coupon and window load: ${JSON.stringify({ ...answered, refused })} in ${seconds.toFixed(1)} s, loadavg ${(await import('node:os')).loadavg().map((l) => l.toFixed(2)).join(' ')}`);
    expect(failures.slice(0, 5)).toEqual([]);
    expect(conflictRetries()).toBe(retriesBefore);
    // Every place taken, none twice; every use of the coupon taken, none past its limit.
    expect(full).toBe(windows.length);
    const places = await t.app.db.select({ taken: deliverySlotPlaces.taken }).from(deliverySlotPlaces).where(eq(deliverySlotPlaces.sellerId, shop.id));
    expect(places.map((p) => p.taken)).toEqual([PLACES, PLACES]);
    expect(answered.checkout).toBe(2 * PLACES);
    expect(await t.app.db.$count(orders, eq(orders.sellerId, shop.id))).toBe(2 * PLACES);
    expect(answered.withCoupon).toBe(USES);
    expect(await t.app.db.$count(orders, eq(orders.couponId, couponId))).toBe(USES);
    expect(await t.app.db.$count(couponUses, and(eq(couponUses.couponId, couponId), isNull(couponUses.releasedAt)))).toBe(USES);
    expect((await t.app.db.select({ usesTaken: coupons.usesTaken }).from(coupons).where(eq(coupons.id, couponId)))[0]!.usesTaken).toBe(USES);
  });
});
