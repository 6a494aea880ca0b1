import type { CouponCheckAnswer, Order } from '@greencart/shared';
import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { coupons, ledgerEntries, mailOutbox, products } from '../../db/schema/index.js';
import { orderPickedEmail } from '../mail/order-email.js';
import { setDelivery } from '../../test/delivery-builders.js';
import { createShop, deliver, shopProduct } from '../../test/market-builders.js';
import { body, buildTestApp, createAddress, createShopper, sellerCookie, type TestApp } from '../../test/test-app.js';

/**
 * Where issues 28 and 29 meet: a shop's delivery fee, a coupon's discount (on goods or on the fee) and the
 * seller's picks, priced by the one rule (`priceCheckout`, `priceShopOrder`) in the cart, at checkout and after picks.
 */
let t: TestApp;
beforeAll(async () => {
  t = await buildTestApp();
});
afterAll(() => t.close());

let codes = 0;
const uniqueCode = (prefix: string) => `${prefix}${Date.now().toString(36).toUpperCase()}${(codes++).toString(36).toUpperCase()}`;

/** A shop charging Rs 30 for delivery (never free), apples at Rs 40 (counted) and bananas at Rs 25. */
async function shopWithFee() {
  const shop = await createShop(t.app);
  await setDelivery(t.app, shop.cookie, { fee: 30, freeAbove: null });
  const apples = await shopProduct(t.app, shop.id, { offerPrice: 40, stock: 10, name: 'Apples' });
  const bananas = await shopProduct(t.app, shop.id, { offerPrice: 25, name: 'Bananas' });
  return { shop, apples, bananas };
}

async function coupon(cookie: string, payload: Record<string, unknown>): Promise<string> {
  const code = uniqueCode('MIX');
  const res = await t.app.inject({ method: 'POST', url: '/api/seller/coupons', payload: { code, ...payload }, headers: { cookie } });
  expect(res.statusCode).toBe(200);
  return code;
}

/** Apples x3 and bananas x2 (Rs 170 of goods) with `code`, cash on delivery. */
async function buy(g: Awaited<ReturnType<typeof shopWithFee>>, code: string) {
  const shopper = await createShopper(t.app);
  const address = await createAddress(t.app, shopper.user.id);
  const items = [
    { product: g.apples.id, quantity: 3 },
    { product: g.bananas.id, quantity: 2 },
  ];
  const checked = await t.app.inject({ method: 'POST', url: '/api/coupon/check', payload: { code, items }, headers: { cookie: shopper.cookie } });
  const res = await t.app.inject({ method: 'POST', url: '/api/order/cod', payload: { items, address: address.id, coupon: code }, headers: { cookie: shopper.cookie } });
  expect(res.statusCode).toBe(200);
  const orderId = body<{ orderId: string }>(res).orderId;
  const mine = async () => body<{ orders: Order[] }>(await t.app.inject({ method: 'GET', url: '/api/order/user', headers: { cookie: shopper.cookie } })).orders.find((o) => o._id === orderId)!;
  return { checked: body<CouponCheckAnswer>(checked), orderId, mine };
}

const pick = (cookie: string, payload: unknown) => t.app.inject({ method: 'POST', url: '/api/order/pick', payload: payload as object, headers: { cookie } });

describe('delivery fees, coupons and picks together', () => {
  it('a free-delivery coupon takes off exactly the shop order\'s fee, in the check and in the amount charged', async () => {
    const g = await shopWithFee();
    const code = await coupon(await sellerCookie(t.app), { type: 'free-delivery' });
    const { checked, mine } = await buy(g, code);
    expect(checked).toMatchObject({ success: true, discount: 30 });
    // Rs 170 of goods + 2 % tax (3.40) + Rs 30 delivery − Rs 30 off.
    expect(await mine()).toMatchObject({ amount: 173.4, deliveryFee: 30, discount: 30, coupon: code });
  });

  it("the commission is on the goods and their tax alone, whoever's free-delivery coupon waived the fee: a shop's own never lowers it, nor turns it negative", async () => {
    const commissionOf = async (orderId: string) => {
      const entries = await t.app.db.select().from(ledgerEntries).where(eq(ledgerEntries.orderId, orderId));
      // A commission of 0 writes no entry (docs/decisions/0121).
      return { sale: entries.find((e) => e.type === 'sale')!.amountMinor, commission: entries.find((e) => e.type === 'commission')?.amountMinor ?? 0 };
    };
    // Rs 170 of goods + Rs 3.40 tax = 173.40, on which the default 10 % is 17.34; the Rs 30 fee is the shop's either way.
    for (const payer of ['operator', 'shop'] as const) {
      const g = await shopWithFee();
      const code = await coupon(payer === 'operator' ? await sellerCookie(t.app) : g.shop.cookie, { type: 'free-delivery' });
      const { orderId } = await buy(g, code);
      await deliver(t.app, orderId, g.shop.cookie);
      expect(await commissionOf(orderId), payer).toEqual({ sale: payer === 'operator' ? 20_340 : 17_340, commission: 1734 });
    }
    // The probe's case: a Rs 1,000 fee waived by the shop's coupon on a Rs 0.01 order credited the shop Rs 100 of "negative commission".
    const shop = await createShop(t.app);
    await setDelivery(t.app, shop.cookie, { fee: 1000, freeAbove: null });
    const penny = await shopProduct(t.app, shop.id, { offerPrice: 0.01, name: 'Penny sweet' });
    const code = await coupon(shop.cookie, { type: 'free-delivery' });
    const shopper = await createShopper(t.app);
    const address = await createAddress(t.app, shopper.user.id);
    const res = await t.app.inject({ method: 'POST', url: '/api/order/cod', payload: { items: [{ product: penny.id, quantity: 1 }], address: address.id, coupon: code }, headers: { cookie: shopper.cookie } });
    const orderId = body<{ orderId: string }>(res).orderId;
    await deliver(t.app, orderId, shop.cookie);
    expect(await commissionOf(orderId)).toEqual({ sale: 1, commission: 0 });
  });

  it('a short pick keeps the fee charged and each line\'s share of the coupon for the units kept; tax on the discounted goods', async () => {
    const g = await shopWithFee();
    const code = await coupon(g.shop.cookie, { type: 'percent', value: 10 });
    const { orderId, mine } = await buy(g, code);
    // Rs 170 − Rs 17 (apples 12, bananas 5) = 153, tax 3.06, + Rs 30 delivery.
    expect(await mine()).toMatchObject({ amount: 186.06, deliveryFee: 30, discount: 17 });
    const res = await pick(g.shop.cookie, { orderId, lines: [{ product: g.apples.id, picked: 1 }] });
    expect(res.statusCode).toBe(200);
    // Kept: 1 apple (40 − ⌊12 × 1/3⌋ = 36) and 2 bananas (50 − 5 = 45) = 81, tax ⌊8,100 × 2 %⌋ = 1.62, + Rs 30.
    expect(await mine()).toMatchObject({ amount: 112.62, deliveryFee: 30, discount: 9, pickReduction: 73.44 });
    // The coupon's "discount given" is what the shopper kept (it said Rs 17 after the picks), and a cancel gives back all of it.
    const given = async () => (await t.app.db.select({ minor: coupons.discountGivenMinor, uses: coupons.usesTaken }).from(coupons).where(eq(coupons.code, code)))[0];
    expect(await given()).toEqual({ minor: 900, uses: 1 });
    expect((await t.app.inject({ method: 'POST', url: '/api/order/status', payload: { orderId, status: 'Cancelled' }, headers: { cookie: g.shop.cookie } })).statusCode).toBe(200);
    expect(await given()).toEqual({ minor: 0, uses: 0 });
  });

  it("a short-picked order's commission is on the goods and tax it kept, the fee left out, with the shop's coupon on goods", async () => {
    const g = await shopWithFee();
    const code = await coupon(g.shop.cookie, { type: 'percent', value: 10 });
    const { orderId } = await buy(g, code);
    expect((await pick(g.shop.cookie, { orderId, lines: [{ product: g.apples.id, picked: 1 }] })).statusCode).toBe(200);
    await deliver(t.app, orderId, g.shop.cookie);
    const entries = await t.app.db.select().from(ledgerEntries).where(eq(ledgerEntries.orderId, orderId));
    // Paid Rs 112.62 (as above), less the Rs 30 fee: 82.62 of goods and tax, 10 % of it rounded down. Paid in cash at the
    // door, what was picked: the shop's rider collected the 112.62 and the shop keeps it (decision 0276).
    expect(Object.fromEntries(entries.map((e) => [e.type, e.amountMinor]))).toEqual({ sale: 11_262, commission: 826, payout: 11_262 });
  });

  it('an order with nothing picked charges no delivery either', async () => {
    const g = await shopWithFee();
    const code = await coupon(g.shop.cookie, { type: 'percent', value: 10 });
    const { orderId, mine } = await buy(g, code);
    const res = await pick(g.shop.cookie, { orderId, lines: [{ product: g.apples.id, picked: 0 }, { product: g.bananas.id, picked: 0 }] });
    expect(res.statusCode).toBe(200);
    expect(body(res)).toMatchObject({ message: 'Nothing could be picked: the order is cancelled and the shopper is told', order: { status: 'Cancelled' } });
    expect(await mine()).toMatchObject({ amount: 0, deliveryFee: 0, discount: 0, pickReduction: 186.06 });
  });

  it("picks that leave out the only discounted line give the coupon's use back, though the order lives on", async () => {
    const g = await shopWithFee();
    const code = await coupon(g.shop.cookie, { type: 'amount', value: 10, usesPerShopper: 1, totalUses: 1, productIds: [g.apples.id] });
    const { orderId, mine } = await buy(g, code);
    expect((await mine()).discount).toBe(10);
    const res = await pick(g.shop.cookie, { orderId, lines: [{ product: g.apples.id, picked: 0 }] });
    expect(res.statusCode).toBe(200);
    expect(await mine()).toMatchObject({ status: 'Order Placed', discount: 0 });
    expect((await t.app.db.select().from(coupons).where(eq(coupons.code, code)))[0]).toMatchObject({ usesTaken: 0, discountGivenMinor: 0 });
  });

  it('an order with nothing picked is cancelled with its picks: never delivered, its coupon use back, one e-mail saying so', async () => {
    const g = await shopWithFee();
    const code = await coupon(g.shop.cookie, { type: 'amount', value: 10, usesPerShopper: 1, totalUses: 1 });
    const { orderId, mine } = await buy(g, code);
    const applesBefore = (await t.app.db.select().from(products).where(eq(products.id, g.apples.id)))[0]!.stock;
    const res = await pick(g.shop.cookie, { orderId, lines: [{ product: g.apples.id, picked: 0 }, { product: g.bananas.id, picked: 0 }] });
    expect(res.statusCode).toBe(200);
    expect(await mine()).toMatchObject({ status: 'Cancelled', amount: 0 });
    // The three apples went back to the shelf once, by the picks.
    expect((await t.app.db.select().from(products).where(eq(products.id, g.apples.id)))[0]!.stock).toBe(applesBefore! + 3);
    expect((await t.app.db.select().from(coupons).where(eq(coupons.code, code)))[0]).toMatchObject({ usesTaken: 0, discountGivenMinor: 0 });
    const onward = await t.app.inject({ method: 'POST', url: '/api/order/status', payload: { orderId, status: 'Delivered' }, headers: { cookie: g.shop.cookie } });
    expect(onward.statusCode).toBe(409);
    // The picks' e-mail tells the cancel; no second one about the status.
    const mails = await t.app.db.select().from(mailOutbox).where(eq(mailOutbox.orderId, orderId));
    expect(mails.map((m) => m.kind).sort()).toEqual(['confirmation', 'picked']);
    const mail = orderPickedEmail(await mine(), { to: 'shopper@example.com', currency: 'Rs', publicUrl: 'https://shop.example' });
    expect(mail.subject).toMatch(/is cancelled: nothing could be picked$/);
    expect(mail.text).toContain('could be picked, so the order is cancelled and nothing will be delivered.');
    expect(mail.text).not.toContain('New total');
    // Cash on delivery: nothing to pay (not "Rs 186.06 less on delivery").
    expect(mail.text).toContain('There is nothing to pay.');
    // The timeline in the order things happened: picked, then cancelled (one instant, the database's clock).
    expect((await mine()).timeline!.map((e) => e.status).slice(-2)).toEqual(['Picked', 'Cancelled']);
  });
});
