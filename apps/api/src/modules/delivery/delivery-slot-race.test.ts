import { and, eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { deliverySlotPlaces, orders } from '../../db/schema/index.js';
import { checkoutWithSlots, EVERY_DAY, setDelivery, slotsOf } from '../../test/delivery-builders.js';
import { createShop, shopProduct } from '../../test/market-builders.js';
import { body, buildTestApp, createAddress, createShopper, type TestApp } from '../../test/test-app.js';

/**
 * Issue 28: a window's capacity is taken in the transaction that writes the order (place_order, decision 0141),
 * its row locked after the products. Without the lock (or taken outside the statement) more than 10 get in.
 */
let t: TestApp;
beforeAll(async () => {
  t = await buildTestApp();
});
afterAll(() => t.close());

describe('a delivery window with capacity 10', () => {
  it('gives exactly 10 of 30 racing shoppers a place, the rest a 409 naming the window', { timeout: 60_000 }, async () => {
    const shop = await createShop(t.app, { shopName: 'Race Van' });
    await setDelivery(t.app, shop.cookie, { windows: [{ days: EVERY_DAY, start: '10:00', end: '12:00', capacity: 10 }], cutoffMinutes: 0, daysAhead: 2 });
    const mangoes = await shopProduct(t.app, shop.id, { stock: 1000 });
    const loose = await shopProduct(t.app, shop.id);
    const slot = (await slotsOf(t.app, shop.id)).slots.find((s) => Date.parse(s.start) > Date.now() + 3_600_000)!;
    const buyers = await Promise.all(
      Array.from({ length: 30 }, async () => {
        const shopper = await createShopper(t.app);
        return { cookie: shopper.cookie, addressId: (await createAddress(t.app, shopper.user.id)).id };
      }),
    );
    const answers = await Promise.all(
      buyers.map((buyer) => checkoutWithSlots(t.app, buyer, [{ product: loose, quantity: 1 }, { product: mangoes, quantity: 1 }], { [shop.id]: slot.start })),
    );
    const codes = answers.map((a) => a.statusCode);
    expect(codes.filter((c) => c === 200)).toHaveLength(10);
    expect(codes.filter((c) => c === 409)).toHaveLength(20);
    for (const refused of answers.filter((a) => a.statusCode === 409)) {
      expect(body(refused)).toMatchObject({ code: 'DELIVERY_SLOT_FULL', message: expect.stringContaining('of Race Van is full') });
    }
    const inWindow = await t.app.db.$count(orders, and(eq(orders.sellerId, shop.id), eq(orders.deliverySlotStart, new Date(slot.start))));
    expect(inWindow).toBe(10);
    const [place] = await t.app.db.select().from(deliverySlotPlaces).where(eq(deliverySlotPlaces.sellerId, shop.id));
    expect(place).toMatchObject({ taken: 10, capacity: 10 });
    expect((await slotsOf(t.app, shop.id)).slots.map((s) => s.start)).not.toContain(slot.start);
  });
});
