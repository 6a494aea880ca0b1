import { randomUUID } from 'node:crypto';
import { eq, inArray, sql } from 'drizzle-orm';
import { SHOP_COUPONS_MAX, type Coupon, type Order } from '@greencart/shared';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { addresses, couponUses, coupons, ledgerEntries, orderItems, orders, products } from '../../db/schema/index.js';
import { queryRows } from '../../db/raw-sql.js';
import { createShop, deliver, shopProduct } from '../../test/market-builders.js';
import { body, buildTestApp, createShopper, SAMPLE_ADDRESS, sellerCookie, type TestApp } from '../../test/test-app.js';
import { orderConfirmationEmail } from '../mail/order-email.js';
import { COUPON_CHECK_ADDRESS_LIMIT, COUPON_CHECK_LIMIT, COUPON_CHECK_WINDOW_MS } from './coupon-routes.js';

/** Issue 29: coupons the store can trust, on PGlite and (TEST_DATABASE_URL) PostgreSQL. */
let t: TestApp;
let shopA: Awaited<ReturnType<typeof createShop>>;
let shopB: Awaited<ReturnType<typeof createShop>>;
let operator: string;
beforeAll(async () => {
  t = await buildTestApp();
  shopA = await createShop(t.app, { shopName: 'Asha Greens' });
  shopB = await createShop(t.app, { shopName: 'Bakery Bose' });
  operator = await sellerCookie(t.app);
});
afterAll(() => t.close());

let codes = 0;
const uniqueCode = (prefix: string) => `${prefix}${Date.now().toString(36).toUpperCase()}${(codes++).toString(36).toUpperCase()}`;

async function createCoupon(cookie: string, payload: Record<string, unknown>) {
  const res = await t.app.inject({ method: 'POST', url: '/api/seller/coupons', payload, headers: { cookie } });
  return { res, coupon: body<{ coupon: Coupon }>(res).coupon };
}

let phones = 0;
/** A shopper with an address of their own phone number (a first-order coupon is a household's: one number, one first order). */
async function shopperWithAddress(phone = `+91 90000 ${String(10_000 + phones++).padStart(5, '0')}`) {
  const shopper = await createShopper(t.app);
  const [row] = await t.app.db.insert(addresses).values({ ...SAMPLE_ADDRESS, userId: shopper.user.id, phone }).returning();
  return { ...shopper, address: row!.id };
}

const check = (cookie: string, code: string, items: { product: string; quantity: number }[], ip = '10.0.0.1') =>
  t.app.inject({ method: 'POST', url: '/api/coupon/check', payload: { code, items }, headers: { cookie }, remoteAddress: ip });

const checkout = (shopper: { cookie: string; address: string }, items: { product: string; quantity: number }[], coupon?: string, payment: 'cod' | 'stripe' = 'cod') =>
  t.app.inject({ method: 'POST', url: `/api/order/${payment}`, payload: { items, address: shopper.address, ...(coupon ? { coupon } : {}) }, headers: { cookie: shopper.cookie } });

const couponRow = async (id: string) => (await t.app.db.select().from(coupons).where(eq(coupons.id, id)))[0]!;

describe('making coupons', () => {
  it('the operator makes platform coupons, a seller its shop\'s; codes are unique in any letter case (409)', async () => {
    const code = uniqueCode('FIRST');
    const platform = await createCoupon(operator, { code, type: 'percent', value: 10 });
    expect(platform.res.statusCode).toBe(200);
    expect(platform.coupon).toMatchObject({ code, scope: 'platform', active: true, uses: 0, discountGiven: 0 });
    const shop = await createCoupon(shopA.cookie, { code: uniqueCode('ASHA'), type: 'amount', value: 25.5, minSubtotal: 100 });
    expect(shop.coupon).toMatchObject({ scope: 'shop', value: 25.5, minSubtotal: 100 });
    const again = await createCoupon(shopB.cookie, { code: code.toLowerCase(), type: 'percent', value: 5 });
    expect(again.res.statusCode).toBe(409);
    expect(body(again.res)).toMatchObject({ success: false, code: 'COUPON_CODE_TAKEN' });
  });

  it("keeps codes naming GreenCart for the operator: a shop's is refused under its code field, the operator's made (a probe's new shop took GREENCART10)", async () => {
    for (const code of [uniqueCode('GREENCART'), uniqueCode('green-kart-'), uniqueCode('Green_Cart')]) {
      const refused = await createCoupon(shopA.cookie, { code, type: 'percent', value: 10 });
      expect(refused.res.statusCode, code).toBe(400);
      expect(body(refused.res)).toMatchObject({ success: false, code: 'INVALID_COUPON', issues: [{ path: 'body.code' }] });
      expect(await t.app.db.$count(coupons, eq(coupons.code, code.toUpperCase()))).toBe(0);
    }
    expect((await createCoupon(operator, { code: uniqueCode('GREENCART'), type: 'percent', value: 10 })).res.statusCode).toBe(200);
    // A cart of another colour is another code.
    expect((await createCoupon(shopA.cookie, { code: uniqueCode('GREEN-FRESH-CART'), type: 'percent', value: 10 })).res.statusCode).toBe(200);
  });

  it('limits the codes a shop finds taken (another shop\'s codes, learnt one refusal at a time): past the budget, 429 before the lookup', async () => {
    const shop = await createShop(t.app, { shopName: `Code Prober ${uniqueCode('')}` });
    const taken = uniqueCode('SECRET');
    await createCoupon(operator, { code: taken, type: 'percent', value: 50 });
    for (let i = 0; i < COUPON_CHECK_LIMIT; i++) expect(body((await createCoupon(shop.cookie, { code: taken, type: 'percent', value: 5 })).res)).toMatchObject({ code: 'COUPON_CODE_TAKEN' });
    const limited = (await createCoupon(shop.cookie, { code: uniqueCode('FREE'), type: 'percent', value: 5 })).res;
    expect(limited.statusCode).toBe(429);
    expect(body(limited)).toMatchObject({ success: false, code: 'TOO_MANY_COUPON_CHECKS' });
    // Its own new codes, before the budget was spent, were never counted; another shop is not limited by it.
    expect((await createCoupon(shopB.cookie, { code: uniqueCode('BOSE'), type: 'percent', value: 5 })).res.statusCode).toBe(200);
  });

  it('refuses each bad field with a 400 naming it, and writes nothing', async () => {
    const before = await t.app.db.$count(coupons);
    for (const [payload, field] of [
      [{ code: 'x', type: 'percent', value: 10 }, 'code'],
      [{ code: 'BAD CODE', type: 'percent', value: 10 }, 'code'],
      [{ code: uniqueCode('P'), type: 'percent', value: 120 }, 'value'],
      [{ code: uniqueCode('P'), type: 'amount', value: 0 }, 'value'],
      [{ code: uniqueCode('P'), type: 'bogus', value: 1 }, 'type'],
      [{ code: uniqueCode('P'), type: 'percent', value: 10, minSubtotal: -1 }, 'minSubtotal'],
      [{ code: uniqueCode('P'), type: 'percent', value: 10, totalUses: 0 }, 'totalUses'],
      [{ code: uniqueCode('P'), type: 'percent', value: 10, startsAt: '2026-12-02T00:00:00Z', endsAt: '2026-12-01T00:00:00Z' }, 'endsAt'],
      [{ code: uniqueCode('P'), type: 'percent', value: 10, categories: ['Nowhere'] }, 'categories'],
      // Below a paisa (it was taken, and kept as 0), and the year 0000, which PostgreSQL cannot hold (it answered 500).
      [{ code: uniqueCode('P'), type: 'percent', value: 10, maxDiscount: 0.001 }, 'maxDiscount'],
      [{ code: uniqueCode('P'), type: 'percent', value: 10, minSubtotal: 99.999 }, 'minSubtotal'],
      // Less than a paisa off: it was kept as a coupon of Rs 0.
      [{ code: uniqueCode('P'), type: 'amount', value: 1e-9 }, 'value'],
      [{ code: uniqueCode('P'), type: 'percent', value: 10, startsAt: '0000-06-01T00:00:00Z' }, 'startsAt'],
      [{ code: uniqueCode('P'), type: 'percent', value: 10, endsAt: '0001-01-01T00:00:00+05:30' }, 'endsAt'],
      // Stored, then read back as the year 2001.
      [{ code: uniqueCode('P'), type: 'percent', value: 10, startsAt: '0001-01-01T00:00:00Z' }, 'startsAt'],
      // A coupon that has already ended could never be used.
      [{ code: uniqueCode('P'), type: 'percent', value: 10, endsAt: new Date(Date.now() - 60_000).toISOString() }, 'endsAt'],
    ] as const) {
      const res = await t.app.inject({ method: 'POST', url: '/api/seller/coupons', payload, headers: { cookie: operator } });
      expect(res.statusCode, JSON.stringify(payload)).toBe(400);
      expect(JSON.stringify(body(res).issues), JSON.stringify(payload)).toContain(field);
    }
    // A shop's coupon may name only its own products.
    const other = await shopProduct(t.app, shopB.id);
    const res = await t.app.inject({ method: 'POST', url: '/api/seller/coupons', payload: { code: uniqueCode('P'), type: 'percent', value: 10, productIds: [other.id] }, headers: { cookie: shopA.cookie } });
    expect(body(res)).toMatchObject({ code: 'INVALID_COUPON' });
    // The platform's may name any shop's, but only products that exist: one that does not made a coupon for nothing.
    const ghost = await t.app.inject({ method: 'POST', url: '/api/seller/coupons', payload: { code: uniqueCode('P'), type: 'percent', value: 10, productIds: [other.id, crypto.randomUUID()] }, headers: { cookie: operator } });
    expect(ghost.statusCode).toBe(400);
    expect(body(ghost)).toMatchObject({ code: 'INVALID_COUPON', message: 'productIds: no product has one of these ids' });
    expect(await t.app.db.$count(coupons)).toBe(before);
    const anyShops = await createCoupon(operator, { code: uniqueCode('P'), type: 'percent', value: 10, productIds: [other.id] });
    expect(anyShops.res.statusCode).toBe(200);
  });

  it('lists only the caller\'s own coupons a page at a time; pausing another shop\'s is a 404; a pending shop cannot write', async () => {
    await createCoupon(shopA.cookie, { code: uniqueCode('AOSE'), type: 'percent', value: 5 });
    const mine = await createCoupon(shopB.cookie, { code: uniqueCode('BOSE'), type: 'percent', value: 15 });
    await createCoupon(shopB.cookie, { code: uniqueCode('BOSE'), type: 'percent', value: 20 });
    const page = body<{ coupons: Coupon[]; nextCursor: string | null }>(await t.app.inject({ method: 'GET', url: '/api/seller/coupons?limit=1', headers: { cookie: shopB.cookie } }));
    expect(page.coupons).toHaveLength(1);
    expect(page.nextCursor).not.toBeNull();
    const next = body<{ coupons: Coupon[] }>(await t.app.inject({ method: 'GET', url: `/api/seller/coupons?limit=50&cursor=${page.nextCursor}`, headers: { cookie: shopB.cookie } }));
    expect([...page.coupons, ...next.coupons].map((c) => c._id)).toContain(mine.coupon._id);
    expect([...page.coupons, ...next.coupons].every((c) => c.scope === 'shop')).toBe(true);
    // A page's size in the shop's words, and an unknown parameter refused, as every other list does.
    const tooMany = await t.app.inject({ method: 'GET', url: '/api/seller/coupons?limit=101', headers: { cookie: shopB.cookie } });
    expect(body(tooMany)).toMatchObject({ success: false, code: 'VALIDATION_FAILED', message: 'querystring.limit: limit must be between 1 and 100' });
    expect((await t.app.inject({ method: 'GET', url: '/api/seller/coupons?status=active', headers: { cookie: shopB.cookie } })).statusCode).toBe(400);

    // Another shop's coupon as the cursor is as unknown: an empty page, not shop A's own older coupons (a probe learnt ids so).
    const pastForeign = await t.app.inject({ method: 'GET', url: `/api/seller/coupons?cursor=${mine.coupon._id}`, headers: { cookie: shopA.cookie } });
    expect(body<{ coupons: Coupon[] }>(pastForeign).coupons).toEqual([]);
    const foreign = await t.app.inject({ method: 'POST', url: '/api/seller/coupons/status', payload: { id: mine.coupon._id, active: false }, headers: { cookie: shopA.cookie } });
    expect(foreign.statusCode).toBe(404);
    expect(body(foreign)).toMatchObject({ code: 'COUPON_NOT_FOUND', message: 'No such coupon of your shop' });
    expect((await couponRow(mine.coupon._id)).active).toBe(true);
    const paused = await t.app.inject({ method: 'POST', url: '/api/seller/coupons/status', payload: { id: mine.coupon._id, active: false }, headers: { cookie: shopB.cookie } });
    expect(body<{ coupon: Coupon }>(paused).coupon.active).toBe(false);

    const pending = await createShop(t.app, { status: 'pending' });
    const refused = await createCoupon(pending.cookie, { code: uniqueCode('PEND'), type: 'percent', value: 10 });
    expect(refused.res.statusCode).toBe(403);
    expect(body(refused.res)).toMatchObject({ code: 'SHOP_NOT_APPROVED' });
  });

  it("the operator finds any shop's coupon by its code, lists a shop's coupons, and pauses one; a seller searches its own only", async () => {
    const squatted = uniqueCode('WELCOME');
    const held = await createCoupon(shopA.cookie, { code: squatted, type: 'percent', value: 1 });
    const other = await createCoupon(shopA.cookie, { code: uniqueCode('ASHA'), type: 'percent', value: 5 });
    const list = async (cookie: string, query: string) => body<{ coupons: Coupon[] }>(await t.app.inject({ method: 'GET', url: `/api/seller/coupons?${query}`, headers: { cookie } })).coupons;
    // The code the operator was refused is found, with the shop holding it.
    const found = await list(operator, `q=${squatted.toLowerCase()}`);
    expect(found.map((c) => c._id)).toEqual([held.coupon._id]);
    expect(found[0]!.shop).toMatchObject({ id: shopA.id, shopName: 'Asha Greens' });
    // Only the whole code, across shops (a start finds nothing there: codes are the store's, unique).
    expect(await list(operator, `q=${squatted.slice(0, 5)}`)).toEqual([]);
    // A shop's list, by its address or id, newest first.
    const bySlug = await list(operator, `seller=${shopA.slug}`);
    expect(bySlug.slice(0, 2).map((c) => c._id)).toEqual([other.coupon._id, held.coupon._id]);
    expect((await list(operator, `seller=${shopA.id}&q=${squatted.slice(0, 7)}`)).map((c) => c._id)).toContain(held.coupon._id);
    // The operator's own list is still the platform's.
    expect((await list(operator, 'limit=100')).every((c) => c.scope === 'platform' && c.shop === null)).toBe(true);
    // Moderation: paused by the operator, said so, and shoppers are refused it.
    const paused = await t.app.inject({ method: 'POST', url: '/api/seller/coupons/status', payload: { id: held.coupon._id, active: false }, headers: { cookie: operator } });
    expect(paused.statusCode).toBe(200);
    expect(body<{ coupon: Coupon }>(paused).coupon).toMatchObject({ active: false, pausedByOperator: true, shop: { id: shopA.id } });
    expect((await couponRow(held.coupon._id)).active).toBe(false);
    // The shop does not undo the operator's pause (a probe's shop resumed it in one call); it may pause it, as it is.
    const setByShop = (active: boolean) => t.app.inject({ method: 'POST', url: '/api/seller/coupons/status', payload: { id: held.coupon._id, active }, headers: { cookie: shopA.cookie } });
    const resumed = await setByShop(true);
    expect(resumed.statusCode).toBe(409);
    expect(body(resumed)).toMatchObject({ success: false, code: 'PAUSED_BY_OPERATOR', message: 'GreenCart paused this coupon: only GreenCart can resume it (ask GreenCart why)' });
    expect(await couponRow(held.coupon._id)).toMatchObject({ active: false, pausedByOperator: true });
    expect(body<{ coupon: Coupon }>(await setByShop(false)).coupon).toMatchObject({ active: false, pausedByOperator: true });
    // Resumed by the operator, the shop's own again: it pauses and resumes it.
    const back = await t.app.inject({ method: 'POST', url: '/api/seller/coupons/status', payload: { id: held.coupon._id, active: true }, headers: { cookie: operator } });
    expect(body<{ coupon: Coupon }>(back).coupon).toMatchObject({ active: true, pausedByOperator: false });
    expect((await setByShop(false)).statusCode).toBe(200);
    expect(body<{ coupon: Coupon }>(await setByShop(true)).coupon).toMatchObject({ active: true, pausedByOperator: false });
    expect((await t.app.inject({ method: 'POST', url: '/api/seller/coupons/status', payload: { id: held.coupon._id, active: false }, headers: { cookie: operator } })).statusCode).toBe(200);
    // One that does not exist: the operator is not told to look in its own shop (a probe).
    const none = await t.app.inject({ method: 'POST', url: '/api/seller/coupons/status', payload: { id: '00000000-0000-4000-8000-000000000000', active: false }, headers: { cookie: operator } });
    expect(none.statusCode).toBe(404);
    expect(body(none)).toMatchObject({ code: 'COUPON_NOT_FOUND', message: 'No such coupon' });
    // A seller searches its own coupons by a code's start; another shop's, named or by code, it does not see.
    expect((await list(shopA.cookie, `q=${squatted.slice(0, 7)}`)).map((c) => c._id)).toContain(held.coupon._id);
    expect(await list(shopB.cookie, `q=${squatted}`)).toEqual([]);
    expect(await list(shopB.cookie, `seller=${shopA.slug}`)).toEqual([]);
    expect((await list(shopA.cookie, `seller=${shopA.slug}`)).map((c) => c._id)).toContain(held.coupon._id);
  });
});

describe('deleting coupons, and how many a shop holds (a probe took 165 common codes for one shop, for good)', () => {
  const remove = (cookie: string, id: string) => t.app.inject({ method: 'POST', url: '/api/seller/coupons/delete', payload: { id }, headers: { cookie } });

  it("a shop deletes its own coupon no checkout used, and its code is free for another shop; a used one stays (409); another shop's is unknown (404)", async () => {
    const code = uniqueCode('SQUAT');
    const { coupon } = await createCoupon(shopA.cookie, { code, type: 'percent', value: 10 });
    const other = await remove(shopB.cookie, coupon._id);
    expect(other.statusCode).toBe(404);
    expect(body(other)).toMatchObject({ success: false, code: 'COUPON_NOT_FOUND' });
    const deleted = await remove(shopA.cookie, coupon._id);
    expect(deleted.statusCode).toBe(200);
    expect(body(deleted)).toMatchObject({ success: true, message: `Coupon ${code} deleted: its code is free` });
    expect(await t.app.db.$count(coupons, eq(coupons.id, coupon._id))).toBe(0);
    expect((await createCoupon(shopB.cookie, { code, type: 'percent', value: 5 })).res.statusCode).toBe(200);
    expect((await remove(shopA.cookie, coupon._id)).statusCode).toBe(404);

    // Used once, even if that use was given back (a cancelled checkout's orders keep the code): it stays.
    const used = await createCoupon(shopA.cookie, { code: uniqueCode('USED'), type: 'amount', value: 5 });
    const apple = await shopProduct(t.app, shopA.id, { offerPrice: 40, stock: 10 });
    const shopper = await shopperWithAddress();
    const placed = await checkout(shopper, [{ product: apple.id, quantity: 1 }], used.coupon.code);
    expect(placed.statusCode, placed.body).toBe(200);
    const cancelled = await t.app.inject({ method: 'POST', url: '/api/order/cancel', payload: { orderId: body<{ orderId: string }>(placed).orderId }, headers: { cookie: shopper.cookie } });
    expect(cancelled.statusCode, cancelled.body).toBe(200);
    // Its use given back, it shows no uses, and says it was used: the screen offers no Delete (a probe was offered one).
    const listed = body<{ coupons: Coupon[] }>(await t.app.inject({ method: 'GET', url: `/api/seller/coupons?q=${used.coupon.code}`, headers: { cookie: shopA.cookie } })).coupons[0]!;
    expect(listed).toMatchObject({ uses: 0, everUsed: true });
    expect(coupon.everUsed).toBe(false);
    const refused = await remove(shopA.cookie, used.coupon._id);
    expect(refused.statusCode).toBe(409);
    expect(body(refused)).toMatchObject({ success: false, code: 'COUPON_USED' });
    expect(await t.app.db.$count(coupons, eq(coupons.id, used.coupon._id))).toBe(1);
  });

  it("reads whether a coupon was ever used through an index of the uses by coupon, not every use (the list asks it of each coupon)", async () => {
    const plan = await t.app.db.transaction(async (tx) => {
      await tx.execute(sql`set local enable_seqscan = off`);
      return JSON.stringify(await queryRows(tx, sql`explain (format json) select exists (select 1 from coupon_uses u where u.coupon_id = ${randomUUID()}::uuid)`));
    });
    expect(plan).toContain('coupon_uses_coupon_idx');
  });

  it("the operator deletes any shop's unused coupon (moderation: a shop holding codes it does not use), and its own", async () => {
    const code = uniqueCode('DIWALI');
    const { coupon } = await createCoupon(shopB.cookie, { code, type: 'percent', value: 1 });
    expect((await remove(operator, coupon._id)).statusCode).toBe(200);
    const platform = await createCoupon(operator, { code, type: 'percent', value: 50 });
    expect(platform.res.statusCode).toBe(200);
    expect((await remove(operator, platform.coupon._id)).statusCode).toBe(200);
    // A shop cannot delete the platform's.
    const again = await createCoupon(operator, { code, type: 'percent', value: 50 });
    expect((await remove(shopA.cookie, again.coupon._id)).statusCode).toBe(404);
  });

  it(`a shop holds at most ${SHOP_COUPONS_MAX} coupons that have not ended: ten created at once at one below make exactly one; ended ones do not count, and the platform's are not capped`, async () => {
    const shop = await createShop(t.app, { shopName: `Code Holder ${uniqueCode('')}` });
    const base = uniqueCode('HELD');
    await t.app.db.insert(coupons).values([
      ...Array.from({ length: SHOP_COUPONS_MAX - 1 }, (_, i) => ({ code: `${base}L${i}`, sellerId: shop.id, type: 'percent' as const, value: 1 })),
      ...Array.from({ length: 5 }, (_, i) => ({ code: `${base}E${i}`, sellerId: shop.id, type: 'percent' as const, value: 1, endsAt: new Date(Date.now() - 60_000) })),
    ]);
    const results = await Promise.all(Array.from({ length: 10 }, (_, i) => createCoupon(shop.cookie, { code: `${base}N${i}`, type: 'percent', value: 1 })));
    expect(results.filter((r) => r.res.statusCode === 200)).toHaveLength(1);
    for (const refused of results.filter((r) => r.res.statusCode !== 200)) {
      expect(refused.res.statusCode).toBe(409);
      expect(body(refused.res)).toMatchObject({ success: false, code: 'TOO_MANY_COUPONS' });
    }
    expect(await t.app.db.$count(coupons, eq(coupons.sellerId, shop.id))).toBe(SHOP_COUPONS_MAX + 5);
    // An ended one given a new end (or none) counts again: refused at the cap (a probe revived ended ones past it).
    const [ended] = await t.app.db.select({ id: coupons.id }).from(coupons).where(eq(coupons.code, `${base}E0`));
    const revive = () => t.app.inject({ method: 'POST', url: '/api/seller/coupons/edit', payload: { id: ended!.id, endsAt: null }, headers: { cookie: shop.cookie } });
    const revived = await revive();
    expect(revived.statusCode).toBe(409);
    expect(body(revived)).toMatchObject({ success: false, code: 'TOO_MANY_COUPONS' });
    expect((await couponRow(ended!.id)).endsAt).not.toBeNull();
    // One deleted makes room for one.
    const [held] = await t.app.db.select({ id: coupons.id }).from(coupons).where(eq(coupons.code, `${base}L0`));
    expect((await remove(shop.cookie, held!.id)).statusCode).toBe(200);
    expect((await revive()).statusCode).toBe(200);
    expect((await remove(shop.cookie, ended!.id)).statusCode).toBe(200);
    expect((await createCoupon(shop.cookie, { code: `${base}AGAIN`, type: 'percent', value: 1 })).res.statusCode).toBe(200);
    expect((await createCoupon(shop.cookie, { code: `${base}MORE`, type: 'percent', value: 1 })).res.statusCode).toBe(409);
    // The operator's platform coupons are not counted so.
    await t.app.db.insert(coupons).values(Array.from({ length: SHOP_COUPONS_MAX }, (_, i) => ({ code: `${base}P${i}`, sellerId: null, type: 'percent' as const, value: 1 })));
    expect((await createCoupon(operator, { code: `${base}PLATFORM`, type: 'percent', value: 1 })).res.statusCode).toBe(200);
  });
});

describe('editing a coupon (decision 0281)', () => {
  const edit = (cookie: string, payload: Record<string, unknown>) => t.app.inject({ method: 'POST', url: '/api/seller/coupons/edit', payload, headers: { cookie } });

  it('changes the limits and dates sent (null: none), keeps those left out, its code and offer, and applies them at once', async () => {
    const apple = await shopProduct(t.app, shopA.id, { offerPrice: 100 });
    const code = uniqueCode('EDIT');
    const { coupon } = await createCoupon(shopA.cookie, { code, type: 'percent', value: 10, minSubtotal: 500, maxDiscount: 20, usesPerShopper: 1, endsAt: new Date(Date.now() + 86_400_000).toISOString() });
    const shopper = await shopperWithAddress();
    const below = await check(shopper.cookie, code, [{ product: apple.id, quantity: 2 }]);
    expect(body(below)).toMatchObject({ code: 'COUPON_MINIMUM_NOT_REACHED' });
    const endsAt = new Date(Date.now() + 30 * 86_400_000).toISOString();
    const saved = await edit(shopA.cookie, { id: coupon._id, minSubtotal: 150, totalUses: 50, endsAt, maxDiscount: null });
    expect(saved.statusCode, saved.body).toBe(200);
    expect(body(saved)).toMatchObject({ success: true, message: `Coupon ${code} saved` });
    expect(body<{ coupon: Coupon }>(saved).coupon).toMatchObject({ _id: coupon._id, code, type: 'percent', value: 10, minSubtotal: 150, maxDiscount: null, usesPerShopper: 1, totalUses: 50, endsAt });
    // The cap went with the edit that sent null: 10% of Rs 300 in full.
    expect(body(await check(shopper.cookie, code, [{ product: apple.id, quantity: 3 }]))).toMatchObject({ success: true, discount: 30 });
    // Bad fields are named and change nothing; a field of the offer is not the edit's.
    for (const [payload, path] of [
      [{ id: coupon._id, minSubtotal: -1 }, 'minSubtotal'],
      [{ id: coupon._id, totalUses: 1.5 }, 'totalUses'],
      [{ id: coupon._id, startsAt: '2027-02-01T00:00:00Z', endsAt: '2027-01-01T00:00:00Z' }, 'endsAt'],
      [{ id: coupon._id, endsAt: new Date(Date.now() - 60_000).toISOString() }, 'endsAt'],
      [{ id: coupon._id, value: 90 }, ''],
      [{ id: 'not-an-id' }, 'id'],
    ] as const) {
      const refused = await edit(shopA.cookie, payload);
      expect(refused.statusCode, JSON.stringify(payload)).toBe(400);
      expect(refused.body).toContain(path);
    }
    expect(await couponRow(coupon._id)).toMatchObject({ value: 10, minSubtotalMinor: 15_000, totalUses: 50, maxDiscountMinor: null });
  });

  it('an edit naming one limit keeps the others (a client sending only the minimum did not lift the total), and a kept start still bounds a new end', async () => {
    const code = uniqueCode('PART');
    const startsAt = new Date(Date.now() + 10 * 86_400_000).toISOString();
    const { coupon } = await createCoupon(shopA.cookie, { code, type: 'percent', value: 5, minSubtotal: 100, totalUses: 10, usesPerShopper: 2, startsAt });
    const partial = await edit(shopA.cookie, { id: coupon._id, minSubtotal: 250 });
    expect(partial.statusCode, partial.body).toBe(200);
    expect(body<{ coupon: Coupon }>(partial).coupon).toMatchObject({ minSubtotal: 250, totalUses: 10, usesPerShopper: 2, startsAt, endsAt: null, maxDiscount: null });
    expect(body<{ coupon: Coupon }>(await edit(shopA.cookie, { id: coupon._id })).coupon).toMatchObject({ minSubtotal: 250, totalUses: 10 });
    const early = await edit(shopA.cookie, { id: coupon._id, endsAt: new Date(Date.now() + 5 * 86_400_000).toISOString() });
    expect(early.statusCode).toBe(400);
    expect(body(early)).toMatchObject({ code: 'INVALID_COUPON', issues: [{ path: 'body.endsAt', message: 'The end must be after the start' }] });
    const cleared = await edit(shopA.cookie, { id: coupon._id, totalUses: null, startsAt: null, endsAt: new Date(Date.now() + 5 * 86_400_000).toISOString() });
    expect(cleared.statusCode, cleared.body).toBe(200);
    expect(body<{ coupon: Coupon }>(cleared).coupon).toMatchObject({ minSubtotal: 250, totalUses: null, usesPerShopper: 2, startsAt: null });
    expect(await couponRow(coupon._id)).toMatchObject({ minSubtotalMinor: 25_000, totalUses: null, usesPerShopper: 2, startsAt: null });
  });

  it('two edits at once, one moving the start past the end the other sets: one is refused, never an end before the start', async () => {
    const day = 86_400_000;
    for (let round = 0; round < 5; round++) {
      const { coupon } = await createCoupon(shopA.cookie, { code: uniqueCode('RACE'), type: 'percent', value: 5, startsAt: new Date(Date.now() + 10 * day).toISOString(), endsAt: new Date(Date.now() + 20 * day).toISOString() });
      const answers = await Promise.all([
        edit(shopA.cookie, { id: coupon._id, startsAt: new Date(Date.now() + 15 * day).toISOString() }),
        edit(shopA.cookie, { id: coupon._id, endsAt: new Date(Date.now() + 12 * day).toISOString() }),
      ]);
      expect(answers.map((a) => a.statusCode).sort()).toEqual([200, 400]);
      const row = await couponRow(coupon._id);
      expect(row.endsAt!.getTime()).toBeGreaterThan(row.startsAt!.getTime());
    }
  });

  it("refuses an amount coupon a cap, and a total below the uses taken (an unpaid card order's too), naming the count", async () => {
    const apple = await shopProduct(t.app, shopA.id, { offerPrice: 100 });
    const code = uniqueCode('TOTAL');
    const { coupon } = await createCoupon(shopA.cookie, { code, type: 'amount', value: 10 });
    const capped = await edit(shopA.cookie, { id: coupon._id, maxDiscount: 5 });
    expect(capped.statusCode).toBe(400);
    expect(body(capped)).toMatchObject({ code: 'INVALID_COUPON', issues: [{ path: 'body.maxDiscount', message: 'An amount coupon takes no cap: its value is the most it takes off' }] });
    for (const payment of ['cod', 'cod', 'stripe'] as const) expect((await checkout(await shopperWithAddress(), [{ product: apple.id, quantity: 1 }], code, payment)).statusCode).toBe(200);
    const below = await edit(shopA.cookie, { id: coupon._id, totalUses: 2 });
    expect(below.statusCode).toBe(400);
    expect(body(below)).toMatchObject({ code: 'INVALID_COUPON', message: 'totalUses: 3 uses are taken already: the total can be no fewer', issues: [{ path: 'body.totalUses', message: '3 uses are taken already: at least 3' }] });
    expect((await couponRow(coupon._id)).totalUses).toBeNull();
    expect(body<{ coupon: Coupon }>(await edit(shopA.cookie, { id: coupon._id, totalUses: 3 })).coupon).toMatchObject({ totalUses: 3, uses: 3 });
    expect(body(await checkout(await shopperWithAddress(), [{ product: apple.id, quantity: 1 }], code))).toMatchObject({ code: 'COUPON_USED_UP' });
  });

  it("edits only the caller's own: another shop's is unknown (404), the operator edits the platform's and only pauses a shop's (403)", async () => {
    const shops = await createCoupon(shopA.cookie, { code: uniqueCode('MINE'), type: 'percent', value: 5 });
    const platform = await createCoupon(operator, { code: uniqueCode('PLAT'), type: 'percent', value: 5 });
    const foreign = await edit(shopB.cookie, { id: shops.coupon._id, totalUses: 1 });
    expect(foreign.statusCode).toBe(404);
    expect(body(foreign)).toMatchObject({ code: 'COUPON_NOT_FOUND', message: 'No such coupon of your shop' });
    expect((await edit(shopA.cookie, { id: platform.coupon._id, totalUses: 1 })).statusCode).toBe(404);
    const moderated = await edit(operator, { id: shops.coupon._id, totalUses: 1 });
    expect(moderated.statusCode).toBe(403);
    expect(body(moderated)).toMatchObject({ code: 'FORBIDDEN', message: "Only the shop changes its coupon's limits and dates: GreenCart may pause it" });
    expect((await couponRow(shops.coupon._id)).totalUses).toBeNull();
    expect((await edit(operator, { id: platform.coupon._id, totalUses: 7 })).statusCode).toBe(200);
    const pending = await createShop(t.app, { status: 'pending' });
    expect((await edit(pending.cookie, { id: shops.coupon._id, totalUses: 1 })).statusCode).toBe(403);
    const shopper = await createShopper(t.app);
    expect((await edit(shopper.cookie, { id: platform.coupon._id, totalUses: 1 })).statusCode).toBe(403);
  });
});

describe('checking a code against the cart', () => {
  it('a paused code is said to be paused, at the check and at checkout, and nothing is placed; resumed, it applies', async () => {
    const bread = await shopProduct(t.app, shopB.id, { offerPrice: 100 });
    const code = uniqueCode('PAUSE');
    const made = (await createCoupon(shopB.cookie, { code, type: 'amount', value: 10 })).coupon;
    const setActive = (active: boolean) => t.app.inject({ method: 'POST', url: '/api/seller/coupons/status', payload: { id: made._id, active }, headers: { cookie: shopB.cookie } });
    expect((await setActive(false)).statusCode).toBe(200);
    const shopper = await shopperWithAddress();
    const items = [{ product: bread.id, quantity: 1 }];
    const refusal = { success: false, code: 'COUPON_PAUSED', message: `Coupon ${code} is paused and cannot be used right now` };
    const checked = await check(shopper.cookie, code.toLowerCase(), items);
    expect(checked.statusCode).toBe(409);
    expect(body(checked)).toMatchObject(refusal);
    const placed = await checkout(shopper, items, code);
    expect(placed.statusCode).toBe(409);
    expect(body(placed)).toMatchObject(refusal);
    expect(await t.app.db.$count(orders, eq(orders.userId, shopper.user.id))).toBe(0);
    expect((await setActive(true)).statusCode).toBe(200);
    expect((await checkout(shopper, items, code)).statusCode).toBe(200);
  });

  it('refuses the lines checkout would refuse, with checkout\'s messages', async () => {
    const shopper = await createShopper(t.app);
    const apple = await shopProduct(t.app, shopA.id);
    const res = await check(shopper.cookie, 'ANYCODE', [{ product: apple.id, quantity: 10 }]);
    expect(res.statusCode).toBe(400);
    expect(body(res).message).toBe('items.0.quantity: Quantity must be between 1 and 9');
  });

  it('says what of an amount coupon larger than the goods it applies to is not used, and that it is not kept; a smaller one leaves nothing', async () => {
    const shopper = await createShopper(t.app);
    const apple = await shopProduct(t.app, shopA.id, { offerPrice: 120 });
    const large = uniqueCode('BIG');
    await createCoupon(operator, { code: large, type: 'amount', value: 500 });
    const res = await check(shopper.cookie, large, [{ product: apple.id, quantity: 1 }]);
    expect(res.statusCode).toBe(200);
    expect(body(res)).toMatchObject({
      discount: 120,
      unused: 380,
      message: `Coupon ${large} takes Rs 120 off, the whole price of what it applies to. The other Rs 380 is not kept for another order.`,
    });
    const small = uniqueCode('SMALL');
    await createCoupon(operator, { code: small, type: 'amount', value: 50 });
    expect(body(await check(shopper.cookie, small, [{ product: apple.id, quantity: 1 }]))).toMatchObject({ discount: 50, unused: 0, message: `Coupon ${small} takes Rs 50 off` });
    const percent = uniqueCode('TENPC');
    await createCoupon(operator, { code: percent, type: 'percent', value: 10 });
    expect(body(await check(shopper.cookie, percent, [{ product: apple.id, quantity: 1 }]))).toMatchObject({ discount: 12, unused: 0 });
  });

  it('answers the discount per line and shop, divided to the paisa', async () => {
    const apple = await shopProduct(t.app, shopA.id, { offerPrice: 33.33 });
    const bread = await shopProduct(t.app, shopB.id, { offerPrice: 10 });
    const code = uniqueCode('TEN');
    await createCoupon(operator, { code, type: 'amount', value: 10 });
    const shopper = await createShopper(t.app);
    const res = await check(shopper.cookie, code.toLowerCase(), [{ product: apple.id, quantity: 3 }, { product: bread.id, quantity: 1 }]);
    expect(res.statusCode).toBe(200);
    const answer = body<{ discount: number; lines: { product: string; discount: number }[]; shops: { seller: string; discount: number }[] }>(res);
    expect(answer.discount).toBe(10);
    // 99.99 and 10.00 share 10.00: 9.09 (909.09…) and 0.91 (90.91…), the remainder to the larger fraction.
    expect(new Map(answer.lines.map((l) => [l.product, l.discount]))).toEqual(new Map([[apple.id, 9.09], [bread.id, 0.91]]));
    expect(answer.shops.reduce((sum, s) => sum + Math.round(s.discount * 100), 0)).toBe(1000);
  });

  it('names each reason a code cannot be used', async () => {
    const fruit = await shopProduct(t.app, shopA.id, { offerPrice: 50 });
    const shopper = await shopperWithAddress();
    const items = [{ product: fruit.id, quantity: 1 }];
    const refusal = async (payload: Record<string, unknown>, cookie = operator) => {
      const code = uniqueCode('R');
      await createCoupon(cookie, { code, type: 'percent', value: 10, ...payload });
      return body<{ success: boolean; code: string; message: string }>(await check(shopper.cookie, code, items));
    };
    expect(body(await check(shopper.cookie, 'NOSUCHCODE', items))).toMatchObject({ success: false, code: 'COUPON_UNKNOWN' });
    // Lines checkout refuses are refused here too: the same product twice (it was priced for every line).
    const twice = await check(shopper.cookie, 'NOSUCHCODE', [...items, { product: fruit.id.toUpperCase(), quantity: 9 }]);
    expect(twice.statusCode).toBe(400);
    expect(body(twice)).toMatchObject({ success: false, code: 'DUPLICATE_ITEM' });
    // The day it starts in the store's time zone (Asia/Kolkata): 31 December 2098 in UTC.
    expect(await refusal({ startsAt: '2099-01-01T00:00:00+05:30' })).toMatchObject({ code: 'COUPON_NOT_STARTED', message: expect.stringMatching(/is not valid yet: it starts on 1 January 2099 at 00:00$/) });
    // A coupon that has ended since it was made.
    const ended = uniqueCode('R');
    const { coupon } = await createCoupon(operator, { code: ended, type: 'percent', value: 10, endsAt: '2099-01-01T00:00:00Z' });
    await t.app.db.update(coupons).set({ endsAt: new Date('2020-01-01T00:00:00Z') }).where(eq(coupons.id, coupon._id));
    expect(body(await check(shopper.cookie, ended, items))).toMatchObject({ code: 'COUPON_EXPIRED' });
    expect(await refusal({ categories: ['Bakery'] })).toMatchObject({ code: 'COUPON_NOT_APPLICABLE' });
    expect(await refusal({}, shopB.cookie)).toMatchObject({ code: 'COUPON_NOT_APPLICABLE' });
    const minimum = await refusal({ minSubtotal: 80 });
    expect(minimum).toMatchObject({ code: 'COUPON_MINIMUM_NOT_REACHED' });
    expect(minimum.message).toContain('30');

    // Used up, already used by you, first order only: after real orders.
    const once = uniqueCode('ONCE');
    await createCoupon(operator, { code: once, type: 'percent', value: 10, usesPerShopper: 1 });
    expect((await checkout(shopper, items, once)).statusCode).toBe(200);
    expect(body(await check(shopper.cookie, once, items))).toMatchObject({ code: 'COUPON_ALREADY_USED' });
    const first = uniqueCode('FIRST');
    await createCoupon(operator, { code: first, type: 'percent', value: 10, firstOrderOnly: true });
    expect(body(await check(shopper.cookie, first, items))).toMatchObject({ code: 'COUPON_FIRST_ORDER_ONLY' });
    const single = uniqueCode('ONE');
    await createCoupon(operator, { code: single, type: 'percent', value: 10, totalUses: 1 });
    const other = await shopperWithAddress();
    expect((await checkout(other, items, single)).statusCode).toBe(200);
    expect(body(await check(shopper.cookie, single, items))).toMatchObject({ code: 'COUPON_USED_UP' });
  });

  it("a first-order coupon is a household's first order: a new account ordering to a number another account's live order went to is refused", async () => {
    const fruit = await shopProduct(t.app, shopA.id);
    const items = [{ product: fruit.id, quantity: 1 }];
    const first = uniqueCode('FIRST');
    await createCoupon(operator, { code: first, type: 'percent', value: 50, firstOrderOnly: true });
    const household = '+91 91234 56780';
    const householder = await shopperWithAddress(household);
    const placed = await checkout(householder, items, first);
    expect(placed.statusCode).toBe(200);
    // The same number written another way, from a new account: not a first order, nothing written.
    const again = await shopperWithAddress('09123456780');
    const refused = await checkout(again, items, first);
    expect(refused.statusCode).toBe(409);
    // Said so: the new account has no order of its own (a probe read "for a first order only" and knew of none).
    expect(body(refused)).toMatchObject({
      success: false,
      code: 'COUPON_FIRST_ORDER_ONLY',
      message: `Coupon ${first} is for a first order only: an order was placed before with this address's phone number`,
    });
    expect(await t.app.db.select().from(orders).where(eq(orders.userId, again.user.id))).toHaveLength(0);
    // The account that ordered is told only that it is for a first order.
    const ownAgain = await checkout(householder, [{ product: fruit.id, quantity: 2 }], first);
    expect(body(ownAgain)).toMatchObject({ code: 'COUPON_FIRST_ORDER_ONLY', message: `Coupon ${first} is for a first order only` });
    // Another number is another household's first order.
    expect((await checkout(await shopperWithAddress('+91 91234 56781'), items, first)).statusCode).toBe(200);
    // A cancelled order was no first order: the number's next account may still use it.
    const cancelled = uniqueCode('FIRST');
    await createCoupon(operator, { code: cancelled, type: 'percent', value: 50, firstOrderOnly: true });
    const gone = await shopperWithAddress('+91 99999 11111');
    const order = body<{ orderId: string }>(await checkout(gone, items)).orderId;
    const cancel = await t.app.inject({ method: 'POST', url: '/api/order/cancel', payload: { orderId: order }, headers: { cookie: gone.cookie } });
    expect(cancel.statusCode, cancel.body).toBe(200);
    expect((await checkout(await shopperWithAddress('9999911111'), items, cancelled)).statusCode).toBe(200);
  });

  it('six new accounts of one number racing for a first-order coupon: exactly one order is discounted', async () => {
    const fruit = await shopProduct(t.app, shopA.id);
    const first = uniqueCode('FIRST');
    await createCoupon(operator, { code: first, type: 'percent', value: 50, firstOrderOnly: true });
    const racers = await Promise.all(Array.from({ length: 6 }, () => shopperWithAddress('+91 95555 00000')));
    const answers = await Promise.all(racers.map((racer) => checkout(racer, [{ product: fruit.id, quantity: 1 }], first)));
    expect(answers.map((a) => a.statusCode).sort()).toEqual([200, 409, 409, 409, 409, 409]);
    expect(answers.filter((a) => a.statusCode === 409).map((a) => body(a).code)).toEqual(Array(5).fill('COUPON_FIRST_ORDER_ONLY'));
  });

  it('a payment page the shopper left holds a coupon\'s use and their first order until they check out again, which ends it', async () => {
    const fruit = await shopProduct(t.app, shopA.id);
    const items = [{ product: fruit.id, quantity: 1 }];
    const first = uniqueCode('FIRST');
    await createCoupon(operator, { code: first, type: 'percent', value: 10, firstOrderOnly: true, totalUses: 1 });
    const shopper = await shopperWithAddress();
    const left = await checkout(shopper, items, first, 'stripe');
    expect(left.statusCode).toBe(200);
    // The use is held: another shopper finds it used up, and stays refused.
    const other = await shopperWithAddress();
    expect(body(await checkout(other, items, first))).toMatchObject({ success: false, code: 'COUPON_USED_UP' });
    expect(body(await check(other.cookie, first, items))).toMatchObject({ success: false, code: 'COUPON_USED_UP' });
    // Back in the cart (the browser's Back from the payment page), the shopper's own check agrees with checkout: their
    // waiting checkout does not hold the coupon from them, as placing the order ends it (a probe: "already used").
    expect(body(await check(shopper.cookie, first, items))).toMatchObject({ success: true, code: first });
    // The shopper pays cash on delivery with the same coupon: their left checkout is ended.
    const cod = await checkout(shopper, [{ product: fruit.id, quantity: 2 }], first);
    expect(cod.statusCode).toBe(200);
    const sessionId = body<{ url: string }>(left).url.split('/').at(-1)!;
    expect(await t.app.db.select({ status: orders.status }).from(orders).where(eq(orders.paymentSessionId, sessionId))).toEqual([{ status: 'Cancelled' }]);
    expect(await t.app.db.$count(couponUses, sql`${couponUses.userId} = ${shopper.user.id} and ${couponUses.releasedAt} is null`)).toBe(1);
  });

  it('limits guessing per shopper and per address, counted in the shared store', async () => {
    const fruit = await shopProduct(t.app, shopA.id);
    const shopper = await createShopper(t.app);
    const items = [{ product: fruit.id, quantity: 1 }];
    for (let i = 0; i < COUPON_CHECK_LIMIT; i++) expect((await check(shopper.cookie, `GUESS${i}`, items, `10.1.${i}.1`)).statusCode).toBe(404);
    // From a new address the same shopper is still over their limit.
    const limited = await check(shopper.cookie, 'GUESSMORE', items, '10.2.0.1');
    expect(limited.statusCode).toBe(429);
    expect(body(limited)).toMatchObject({ success: false, code: 'TOO_MANY_COUPON_CHECKS' });
    // When to try again, for a client as for the message: within the limit's window.
    expect(Number(limited.headers['retry-after'])).toBeGreaterThan(0);
    expect(Number(limited.headers['retry-after'])).toBeLessThanOrEqual(COUPON_CHECK_WINDOW_MS / 1000);
    // One shopper's guesses behind a shared address (an office, a phone network) leave the others their coupons.
    const code = uniqueCode('SHARED');
    await createCoupon(shopA.cookie, { code, type: 'percent', value: 5 });
    const guesser = await createShopper(t.app);
    for (let i = 0; i < COUPON_CHECK_LIMIT; i++) expect((await check(guesser.cookie, `OFFICE${i}`, items, '10.3.0.1')).statusCode).toBe(404);
    expect((await check(guesser.cookie, code, items, '10.3.0.1')).statusCode).toBe(429);
    expect((await check((await createShopper(t.app)).cookie, code, items, '10.3.0.1')).statusCode).toBe(200);
    // New accounts made to guess on from that address run into the address's limit: five shoppers' budgets in all.
    for (let n = 1; n < COUPON_CHECK_ADDRESS_LIMIT / COUPON_CHECK_LIMIT; n++) {
      const another = await createShopper(t.app);
      for (let i = 0; i < COUPON_CHECK_LIMIT; i++) expect((await check(another.cookie, `ADDR${n}-${i}`, items, '10.3.0.1')).statusCode).toBe(404);
    }
    const next = await check((await createShopper(t.app)).cookie, code, items, '10.3.0.1');
    expect(next.statusCode).toBe(429);
    expect(body(next)).toMatchObject({ code: 'TOO_MANY_COUPON_CHECKS' });
  });

  it('does not count a real code checked again and again (the cart checks an applied coupon on every change), nor shoppers sharing an address', async () => {
    const fruit = await shopProduct(t.app, shopA.id);
    const code = uniqueCode('OFFICE');
    await createCoupon(shopA.cookie, { code, type: 'percent', value: 5, minSubtotal: 1000 });
    const shopper = await createShopper(t.app);
    for (let quantity = 1; quantity <= 9; quantity++) {
      for (let again = 0; again < 5; again++) expect((await check(shopper.cookie, code, [{ product: fruit.id, quantity }], '10.4.0.1')).statusCode).not.toBe(429);
    }
    // Another shopper at the same office, still under the budget: 45 checks of a real code spent none of it.
    expect((await check((await createShopper(t.app)).cookie, code, [{ product: fruit.id, quantity: 1 }], '10.4.0.1')).statusCode).not.toBe(429);
  });

  it('counts codes that do not exist tried at checkout in the same budget: past it, a checkout naming any coupon answers 429 and places nothing (decision 0237)', async () => {
    const fruit = await shopProduct(t.app, shopA.id);
    const code = uniqueCode('REAL');
    await createCoupon(shopA.cookie, { code, type: 'percent', value: 5, usesPerShopper: 1 });
    const shopper = await shopperWithAddress();
    const items = [{ product: fruit.id, quantity: 1 }];
    const order = (coupon?: string) =>
      t.app.inject({ method: 'POST', url: '/api/order/cod', payload: { items, address: shopper.address, ...(coupon ? { coupon } : {}) }, headers: { cookie: shopper.cookie }, remoteAddress: '10.9.0.1' });
    const placed = () => t.app.db.$count(orders, eq(orders.userId, shopper.user.id));

    // A real code is not counted, used or refused for another reason.
    expect((await order(code)).statusCode).toBe(200);
    for (let i = 0; i < 3; i++) expect(body(await order(code))).toMatchObject({ code: 'COUPON_ALREADY_USED' });
    for (let i = 0; i < COUPON_CHECK_LIMIT - 1; i++) expect(body(await order(`NOPE${i}`))).toMatchObject({ code: 'COUPON_UNKNOWN' });
    expect((await check(shopper.cookie, 'NOPELAST', items, '10.9.0.2')).statusCode).toBe(404);

    // The budget is spent (29 at checkout, 1 checked): any coupon at checkout is refused before it is looked up.
    const before = await placed();
    const limited = await order(code);
    expect(limited.statusCode).toBe(429);
    expect(body(limited)).toMatchObject({ success: false, code: 'TOO_MANY_COUPON_CHECKS' });
    expect(await placed()).toBe(before);
    expect((await check(shopper.cookie, code, items, '10.9.0.3')).statusCode).toBe(429);
    // Without a coupon the shopper still checks out.
    expect((await order()).statusCode).toBe(200);
  });
});

describe('checkout with a coupon', () => {
  it('charges the discounted total, tax on the discounted goods; the order, its lines and My Orders carry the discount', async () => {
    const apple = await shopProduct(t.app, shopA.id, { offerPrice: 100 });
    const bread = await shopProduct(t.app, shopB.id, { offerPrice: 50 });
    const code = uniqueCode('HALF');
    await createCoupon(shopA.cookie, { code, type: 'percent', value: 50 });
    const shopper = await shopperWithAddress();
    const res = await checkout(shopper, [{ product: apple.id, quantity: 2 }, { product: bread.id, quantity: 1 }], code.toLowerCase());
    expect(res.statusCode).toBe(200);
    const answer = body<{ coupon: string; discount: number; orders: { seller: { id: string }; amount: number; discount: number }[] }>(res);
    expect(answer).toMatchObject({ coupon: code, discount: 100 });
    const byShop = new Map(answer.orders.map((o) => [o.seller.id, o]));
    // Shop A: 200 − 100 = 100, taxed 2 → 102. Shop B, not in the shop coupon's scope: 50 + 1.
    expect(byShop.get(shopA.id)).toMatchObject({ amount: 102, discount: 100 });
    expect(byShop.get(shopB.id)).toMatchObject({ amount: 51, discount: 0 });
    const mine = body<{ orders: Order[] }>(await t.app.inject({ method: 'GET', url: '/api/order/user', headers: { cookie: shopper.cookie } })).orders;
    const orderA = mine.find((o) => o.seller.id === shopA.id)!;
    expect(orderA).toMatchObject({ coupon: code, discount: 100, amount: 102, discountPaidBy: 'shop' });
    expect(orderA.items[0]).toMatchObject({ quantity: 2, discount: 100 });
    // Shop A's own coupon is named on its order only.
    expect(mine.find((o) => o.seller.id === shopB.id)).toMatchObject({ coupon: null, discount: 0, discountPaidBy: null });
    // The confirmation e-mail shows the discount as a line of the shop order it belongs to.
    const mail = orderConfirmationEmail(orderA, { to: 'a@example.com', currency: 'Rs', publicUrl: 'http://shop', checkout: mine });
    expect(mail.text).toContain(`Coupon ${code}: -Rs 100`);
    expect(mail.text).toContain('Total (incl. 2% tax, free shipping): Rs 153');
  });

  it('refuses a coupon checkout with the reason and writes nothing: no order, no use, no units taken', async () => {
    const apple = await shopProduct(t.app, shopA.id, { offerPrice: 20, stock: 5 });
    const code = uniqueCode('MIN');
    const { coupon } = await createCoupon(operator, { code, type: 'amount', value: 5, minSubtotal: 100 });
    const shopper = await shopperWithAddress();
    const res = await checkout(shopper, [{ product: apple.id, quantity: 2 }], code);
    expect(res.statusCode).toBe(409);
    expect(body(res)).toMatchObject({ success: false, code: 'COUPON_MINIMUM_NOT_REACHED' });
    expect(await t.app.db.$count(orders, eq(orders.userId, shopper.user.id))).toBe(0);
    expect((await t.app.db.select({ stock: products.stock }).from(products).where(eq(products.id, apple.id)))[0]!.stock).toBe(5);
    expect((await couponRow(coupon._id)).usesTaken).toBe(0);
  });

  it('a coupon that makes the checkout free is refused for a card (no card payment of Rs 0) and placed as cash on delivery', async () => {
    const apple = await shopProduct(t.app, shopA.id, { offerPrice: 20 });
    const code = uniqueCode('FREE');
    const { coupon } = await createCoupon(operator, { code, type: 'percent', value: 100 });
    const shopper = await shopperWithAddress();
    const card = await checkout(shopper, [{ product: apple.id, quantity: 1 }], code, 'stripe');
    expect(card.statusCode).toBe(409);
    expect(body(card)).toMatchObject({ success: false, code: 'CARD_TOTAL_TOO_SMALL', message: 'This checkout costs Rs 0, less than a card payment can take. Please choose Cash On Delivery.' });
    expect(await t.app.db.$count(orders, eq(orders.userId, shopper.user.id))).toBe(0);
    expect((await couponRow(coupon._id)).usesTaken).toBe(0);
    const cod = await checkout(shopper, [{ product: apple.id, quantity: 1 }], code);
    expect(cod.statusCode).toBe(200);
    expect(body(cod)).toMatchObject({ discount: 20, orders: [{ amount: 0 }] });
  });

  it('an online order holds its use until paid; an expired payment gives it back', async () => {
    const apple = await shopProduct(t.app, shopA.id, { offerPrice: 60 });
    const code = uniqueCode('HOLD');
    const { coupon } = await createCoupon(operator, { code, type: 'amount', value: 10, totalUses: 1 });
    const first = await shopperWithAddress();
    const held = await checkout(first, [{ product: apple.id, quantity: 1 }], code, 'stripe');
    expect(held.statusCode).toBe(200);
    expect((await couponRow(coupon._id)).usesTaken).toBe(1);
    const second = await shopperWithAddress();
    expect(body(await checkout(second, [{ product: apple.id, quantity: 1 }], code))).toMatchObject({ code: 'COUPON_USED_UP' });
    // The payment page expires: the order is cancelled and the use is free again, once.
    const orderId = body<{ orderId: string }>(held).orderId;
    const [row] = await t.app.db.select().from(orders).where(eq(orders.id, orderId));
    await t.app.orders.handlePaymentEvent({ id: `evt_expired_${orderId}`, type: 'checkout.session.expired', sessionId: row!.paymentSessionId! });
    expect(await couponRow(coupon._id)).toMatchObject({ usesTaken: 0, discountGivenMinor: 0 });
    expect((await t.app.db.select().from(couponUses).where(eq(couponUses.couponId, coupon._id)))[0]!.releasedAt).not.toBeNull();
    expect((await checkout(second, [{ product: apple.id, quantity: 1 }], code)).statusCode).toBe(200);
    expect((await couponRow(coupon._id)).usesTaken).toBe(1);
  });

  it('a seller\'s cancel gives a COD checkout\'s use back once its last shop order is cancelled', async () => {
    const apple = await shopProduct(t.app, shopA.id, { offerPrice: 60 });
    const bread = await shopProduct(t.app, shopB.id, { offerPrice: 60 });
    const code = uniqueCode('BACK');
    const { coupon } = await createCoupon(operator, { code, type: 'percent', value: 10 });
    const shopper = await shopperWithAddress();
    const answer = body<{ orders: { _id: string; seller: { id: string } }[] }>(await checkout(shopper, [{ product: apple.id, quantity: 1 }, { product: bread.id, quantity: 1 }], code));
    // 10 % of each shop's Rs 60.
    expect(await couponRow(coupon._id)).toMatchObject({ usesTaken: 1, discountGivenMinor: 1200 });
    const cancel = (orderId: string, cookie: string) => t.app.inject({ method: 'POST', url: '/api/order/status', payload: { orderId, status: 'Cancelled' }, headers: { cookie } });
    expect((await cancel(answer.orders.find((o) => o.seller.id === shopA.id)!._id, shopA.cookie)).statusCode).toBe(200);
    // The use stays with the live order; the cancelled order's share of the discount was never given.
    expect(await couponRow(coupon._id)).toMatchObject({ usesTaken: 1, discountGivenMinor: 600 });
    expect((await cancel(answer.orders.find((o) => o.seller.id === shopB.id)!._id, shopB.cookie)).statusCode).toBe(200);
    expect(await couponRow(coupon._id)).toMatchObject({ usesTaken: 0, discountGivenMinor: 0 });
  });

  it("a shopper's cancel that would leave a coupon's checkout under its minimum is refused (409), unless the whole checkout goes; a shop's cancel is not held", async () => {
    const apple = await shopProduct(t.app, shopA.id, { offerPrice: 64 });
    const bread = await shopProduct(t.app, shopB.id, { offerPrice: 80.5 });
    const code = uniqueCode('OVER100');
    const { coupon } = await createCoupon(operator, { code, type: 'amount', value: 50, minSubtotal: 100 });
    const cancel = (cookie: string, orderId: string, wholeCheckout?: boolean) =>
      t.app.inject({ method: 'POST', url: '/api/order/cancel', payload: { orderId, ...(wholeCheckout === undefined ? {} : { wholeCheckout }) }, headers: { cookie } });
    const place = async () => {
      const shopper = await shopperWithAddress();
      const answer = body<{ orders: { _id: string; seller: { id: string } }[] }>(await checkout(shopper, [{ product: apple.id, quantity: 1 }, { product: bread.id, quantity: 1 }], code));
      const [ofA, ofB] = [shopA.id, shopB.id].map((id) => answer.orders.find((o) => o.seller.id === id)!._id);
      return { shopper, ofA: ofA!, ofB: ofB! };
    };
    const statusOf = async (id: string) => (await t.app.db.select({ status: orders.status }).from(orders).where(eq(orders.id, id)))[0]!.status;

    // Padding the cart with another shop to pass the minimum, then cancelling that shop: refused, nothing changed.
    const padded = await place();
    const refused = await cancel(padded.shopper.cookie, padded.ofB);
    expect(refused.statusCode).toBe(409);
    expect(body(refused)).toMatchObject({
      code: 'COUPON_MINIMUM_ON_CANCEL',
      message: `Your other orders of this checkout hold Rs 64, under the Rs 100 that coupon ${code} needs: keep this order, or cancel the whole checkout.`,
    });
    expect((await cancel(padded.shopper.cookie, padded.ofA)).statusCode).toBe(409);
    expect([await statusOf(padded.ofA), await statusOf(padded.ofB)]).toEqual(['Order Placed', 'Order Placed']);
    expect(await couponRow(coupon._id)).toMatchObject({ usesTaken: 1 });
    // The whole checkout may go: both orders, the use given back; the shopper's reason kept on each for its shop (0288).
    const whole = await t.app.inject({ method: 'POST', url: '/api/order/cancel', payload: { orderId: padded.ofB, wholeCheckout: true, reason: 'Delivery is too late' }, headers: { cookie: padded.shopper.cookie } });
    expect(whole.statusCode).toBe(200);
    expect([await statusOf(padded.ofA), await statusOf(padded.ofB)]).toEqual(['Cancelled', 'Cancelled']);
    const reasons = await t.app.db.select({ reason: orders.cancelReason }).from(orders).where(inArray(orders.id, [padded.ofA, padded.ofB]));
    expect(reasons).toEqual([{ reason: 'Delivery is too late' }, { reason: 'Delivery is too late' }]);
    expect(await couponRow(coupon._id)).toMatchObject({ usesTaken: 0, discountGivenMinor: 0 });

    // An order already packed stays: the whole checkout cannot go around it, and nothing is cancelled.
    const packed = await place();
    for (const status of ['Processed', 'Packed']) {
      expect((await t.app.inject({ method: 'POST', url: '/api/order/status', payload: { orderId: packed.ofA, status }, headers: { cookie: shopA.cookie } })).statusCode).toBe(200);
    }
    const around = await cancel(packed.shopper.cookie, packed.ofB, true);
    expect(around.statusCode).toBe(409);
    expect(body(around).message).toContain('already packed hold Rs 64');
    expect(await statusOf(packed.ofB)).toBe('Order Placed');
    // The shop may cancel its own order all the same (it is not the shopper gaming the minimum).
    const byShop = await t.app.inject({ method: 'POST', url: '/api/order/status', payload: { orderId: packed.ofB, status: 'Cancelled' }, headers: { cookie: shopB.cookie } });
    expect(byShop.statusCode).toBe(200);
  });

  it("a shop's coupon gives its use back when that shop's order is cancelled, though the checkout's other shop's order (given nothing) lives on", async () => {
    const apple = await shopProduct(t.app, shopA.id, { offerPrice: 60 });
    const bread = await shopProduct(t.app, shopB.id, { offerPrice: 60 });
    const code = uniqueCode('ONCE');
    const { coupon } = await createCoupon(shopA.cookie, { code, type: 'amount', value: 20, usesPerShopper: 1, totalUses: 1 });
    const shopper = await shopperWithAddress();
    const answer = body<{ checkoutId: string; orders: { _id: string; seller: { id: string }; discount: number }[] }>(await checkout(shopper, [{ product: apple.id, quantity: 1 }, { product: bread.id, quantity: 1 }], code));
    expect(answer.orders.map((o) => [o.seller.id, o.discount])).toEqual(expect.arrayContaining([[shopA.id, 20], [shopB.id, 0]]));
    // The other shop is not told this shop's code (a probe read it in its list and CSV); the shopper and the coupon's shop are.
    const listed = async (cookie: string, url: string) => body<{ orders: { checkoutId: string; seller: { id: string }; coupon: string | null }[] }>(await t.app.inject({ method: 'GET', url, headers: { cookie } })).orders;
    const bakery = (await listed(shopB.cookie, '/api/order/seller')).find((o) => o.checkoutId === answer.checkoutId);
    expect(bakery).toMatchObject({ coupon: null });
    expect((await listed(shopA.cookie, '/api/order/seller')).find((o) => o.checkoutId === answer.checkoutId)).toMatchObject({ coupon: code });
    const csv = (await t.app.inject({ method: 'GET', url: '/api/order/seller/export', headers: { cookie: shopB.cookie } })).body;
    expect(csv).not.toContain(code);
    const cancel = await t.app.inject({ method: 'POST', url: '/api/order/status', payload: { orderId: answer.orders.find((o) => o.seller.id === shopA.id)!._id, status: 'Cancelled' }, headers: { cookie: shopA.cookie } });
    expect(cancel.statusCode).toBe(200);
    // The bakery's order lives, but the shop paid nothing: its one use is free again, for this shopper and others.
    expect(await couponRow(coupon._id)).toMatchObject({ usesTaken: 0, discountGivenMinor: 0 });
    expect((await check(shopper.cookie, code, [{ product: apple.id, quantity: 1 }])).statusCode).toBe(200);
  });
});

describe('uses under concurrent checkouts', () => {
  it('100 shoppers racing for a 10-use coupon place exactly 10 discounted orders; the others are refused and nothing of theirs is written', async () => {
    const apple = await shopProduct(t.app, shopA.id, { offerPrice: 40, stock: 1000 });
    const code = uniqueCode('RUSH');
    const { coupon } = await createCoupon(operator, { code, type: 'amount', value: 5, totalUses: 10 });
    const shoppers = await Promise.all(Array.from({ length: 100 }, () => shopperWithAddress()));
    const results = await Promise.all(shoppers.map((s) => checkout(s, [{ product: apple.id, quantity: 1 }], code)));
    const placed = results.filter((r) => r.statusCode === 200);
    expect(placed).toHaveLength(10);
    for (const refused of results.filter((r) => r.statusCode !== 200)) expect(body(refused)).toMatchObject({ success: false, code: 'COUPON_USED_UP' });
    const written = await t.app.db.select().from(orders).where(eq(orders.couponId, coupon._id));
    expect(written).toHaveLength(10);
    expect(written.every((o) => o.discountMinor === 500)).toBe(true);
    expect(await couponRow(coupon._id)).toMatchObject({ usesTaken: 10, discountGivenMinor: 5000 });
    expect((await t.app.db.select({ stock: products.stock }).from(products).where(eq(products.id, apple.id)))[0]!.stock).toBe(990);
    const ids = shoppers.map((s) => s.user.id);
    expect(await t.app.db.$count(orders, sql`${orders.userId} = any(${sql.param(ids)}::uuid[])`)).toBe(10);
  });

  it('both shops cancelling a coupon checkout at the same moment give its use back (each saw the other still live)', async () => {
    const apple = await shopProduct(t.app, shopA.id, { offerPrice: 60 });
    const bread = await shopProduct(t.app, shopB.id, { offerPrice: 60 });
    const cancel = (orderId: string, cookie: string) => t.app.inject({ method: 'POST', url: '/api/order/status', payload: { orderId, status: 'Cancelled' }, headers: { cookie } });
    // Ten checkouts, both orders of each cancelled together: on PostgreSQL about one in three kept its use before.
    const code = uniqueCode('BOTH');
    const { coupon } = await createCoupon(operator, { code, type: 'amount', value: 5 });
    const placed = await Promise.all(
      Array.from({ length: 10 }, async () => {
        const shopper = await shopperWithAddress();
        const answer = await checkout(shopper, [{ product: apple.id, quantity: 1 }, { product: bread.id, quantity: 1 }], code);
        expect(answer.statusCode).toBe(200);
        return body<{ orders: { _id: string; seller: { id: string } }[] }>(answer).orders;
      }),
    );
    expect((await couponRow(coupon._id)).usesTaken).toBe(10);
    const cancels = await Promise.all(placed.flatMap((shopOrders) => [shopA, shopB].map((shop) => cancel(shopOrders.find((o) => o.seller.id === shop.id)!._id, shop.cookie))));
    expect(cancels.map((r) => r.statusCode)).toEqual(Array(20).fill(200));
    expect(await couponRow(coupon._id)).toMatchObject({ usesTaken: 0, discountGivenMinor: 0 });
    expect(await t.app.db.$count(couponUses, sql`${couponUses.couponId} = ${coupon._id} and ${couponUses.releasedAt} is null`)).toBe(0);
  });

  it('a total lowered while 30 shoppers race for the coupon: never more uses than the total kept, and the edit refused once more are taken', async () => {
    const apple = await shopProduct(t.app, shopA.id, { offerPrice: 40, stock: 1000 });
    const code = uniqueCode('LOWER');
    const { coupon } = await createCoupon(shopA.cookie, { code, type: 'amount', value: 5 });
    const shoppers = await Promise.all(Array.from({ length: 30 }, () => shopperWithAddress()));
    // The total of 12 is sent once 12 checkouts have answered, the others still in flight: about when the 12th use is taken.
    let answered = 0;
    let edit!: Promise<Awaited<ReturnType<typeof checkout>>>;
    const results = await Promise.all(
      shoppers.map((s) =>
        checkout(s, [{ product: apple.id, quantity: 1 }], code).then((answer) => {
          if (++answered === 12) edit = t.app.inject({ method: 'POST', url: '/api/seller/coupons/edit', payload: { id: coupon._id, totalUses: 12 }, headers: { cookie: shopA.cookie } });
          return answer;
        }),
      ),
    );
    const edited = await edit;
    const placed = results.filter((r) => r.statusCode === 200).length;
    const row = await couponRow(coupon._id);
    expect(row.usesTaken).toBe(placed);
    if (edited.statusCode === 200) {
      expect(row.totalUses).toBe(12);
      expect(placed).toBeLessThanOrEqual(12);
    } else {
      expect(body(edited)).toMatchObject({ code: 'INVALID_COUPON' });
      expect(row.totalUses).toBeNull();
      expect(placed).toBeGreaterThan(12);
    }
    for (const refused of results.filter((r) => r.statusCode !== 200)) expect(body(refused)).toMatchObject({ code: 'COUPON_USED_UP' });
    expect(await t.app.db.$count(orders, eq(orders.couponId, coupon._id))).toBe(placed);
  });

  it('two tabs of one shopper cannot both use a once-per-shopper code', async () => {
    const apple = await shopProduct(t.app, shopA.id, { offerPrice: 40 });
    const bread = await shopProduct(t.app, shopA.id, { offerPrice: 30 });
    const code = uniqueCode('TABS');
    await createCoupon(operator, { code, type: 'percent', value: 10, usesPerShopper: 1 });
    const shopper = await shopperWithAddress();
    // Two different carts (not the same checkout sent twice), at the same moment.
    const [one, two] = await Promise.all([checkout(shopper, [{ product: apple.id, quantity: 1 }], code), checkout(shopper, [{ product: bread.id, quantity: 1 }], code)]);
    expect([one.statusCode, two.statusCode].sort()).toEqual([200, 409]);
    expect(body([one, two].find((r) => r.statusCode === 409)!)).toMatchObject({ code: 'COUPON_ALREADY_USED' });
    expect(await t.app.db.$count(orders, eq(orders.userId, shopper.user.id))).toBe(1);
  });
});

describe('the ledger and refunds', () => {
  it('a platform coupon does not lower the shop\'s sale (the operator pays it); a shop\'s coupon does', async () => {
    const apple = await shopProduct(t.app, shopA.id, { offerPrice: 100 });
    const platform = uniqueCode('OP');
    await createCoupon(operator, { code: platform, type: 'amount', value: 20 });
    const own = uniqueCode('OWN');
    await createCoupon(shopA.cookie, { code: own, type: 'amount', value: 20 });
    const saleOf = async (coupon: string) => {
      const shopper = await shopperWithAddress();
      const orderId = body<{ orderId: string }>(await checkout(shopper, [{ product: apple.id, quantity: 1 }], coupon)).orderId;
      await deliver(t.app, orderId, shopA.cookie);
      const entries = await t.app.db.select().from(ledgerEntries).where(eq(ledgerEntries.orderId, orderId));
      return { orderId, sale: entries.find((e) => e.type === 'sale')!.amountMinor };
    };
    // Paid 100 − 20 + 1.60 tax = 81.60 either way; the shop's sale is 101.60 with the operator's coupon.
    const withPlatform = await saleOf(platform);
    expect(withPlatform.sale).toBe(10_160);
    expect((await t.app.db.select().from(orders).where(eq(orders.id, withPlatform.orderId)))[0]!.amountMinor).toBe(8160);
    expect((await saleOf(own)).sale).toBe(8160);
    // The shop's own view of the order says who bears the discount (a probe's shop saw Rs 0 and −Rs 133.32, nothing more).
    const shopOrders = body<{ orders: Order[] }>(await t.app.inject({ method: 'GET', url: '/api/order/seller', headers: { cookie: shopA.cookie } })).orders;
    expect(shopOrders.find((o) => o._id === withPlatform.orderId)).toMatchObject({ discount: 20, discountPaidBy: 'operator' });
    // Refunded: the shop gives back what it was credited, the shopper gets what they paid, never the discount twice.
    const refund = await t.app.inject({ method: 'POST', url: '/api/order/refund', payload: { orderId: withPlatform.orderId }, headers: { cookie: shopA.cookie } });
    expect(refund.statusCode).toBe(200);
    const entries = await t.app.db.select().from(ledgerEntries).where(eq(ledgerEntries.orderId, withPlatform.orderId));
    expect(entries.find((e) => e.type === 'refund')!.amountMinor).toBe(10_160);
  });

  it('a cash order a platform coupon paid whole is refunded without telling the shop to hand back cash it never took (an attacker probe)', async () => {
    const apple = await shopProduct(t.app, shopA.id, { offerPrice: 40 });
    const code = uniqueCode('ALL');
    await createCoupon(operator, { code, type: 'percent', value: 100 });
    const orderId = body<{ orderId: string }>(await checkout(await shopperWithAddress(), [{ product: apple.id, quantity: 2 }], code)).orderId;
    expect((await t.app.db.select().from(orders).where(eq(orders.id, orderId)))[0]!.amountMinor).toBe(0);
    await deliver(t.app, orderId, shopA.cookie);
    const refund = await t.app.inject({ method: 'POST', url: '/api/order/refund', payload: { orderId }, headers: { cookie: shopA.cookie } });
    expect(body(refund)).toMatchObject({ success: true, message: 'Order refunded: no cash was paid, none to hand back. The commission on it stays; GreenCart can give it back for a return it checks.' });
  });

  it("the shop's revenue counts a platform coupon's discount as its statement does; its own coupon's it does not", async () => {
    // A shop of its own, so today's revenue is these two orders alone (cash on delivery: revenue once placed).
    const shop = await createShop(t.app, { shopName: 'Revenue Rao' });
    const apple = await shopProduct(t.app, shop.id, { offerPrice: 100 });
    const platform = uniqueCode('OPREV');
    await createCoupon(operator, { code: platform, type: 'amount', value: 20 });
    const own = uniqueCode('OWNREV');
    await createCoupon(shop.cookie, { code: own, type: 'amount', value: 20 });
    for (const code of [platform, own]) expect((await checkout(await shopperWithAddress(), [{ product: apple.id, quantity: 1 }], code)).statusCode).toBe(200);
    const summary = body<{ summary: { today: { orders: number; revenue: number }; revenueByDay: { revenue: number }[] } }>(
      await t.app.inject({ method: 'GET', url: '/api/order/seller', headers: { cookie: shop.cookie } }),
    ).summary;
    // Each paid 81.60; the shop sells 101.60 (the operator bears 20) and 81.60 (its own 20 off).
    expect(summary.today).toMatchObject({ orders: 2, revenue: 183.2 });
    expect(summary.revenueByDay.at(-1)!.revenue).toBe(183.2);
  });

  it('stores each line\'s share so a line refunds exactly what was paid for it', async () => {
    const a = await shopProduct(t.app, shopA.id, { offerPrice: 33.33 });
    const b = await shopProduct(t.app, shopA.id, { offerPrice: 0.99 });
    const code = uniqueCode('SPLIT');
    await createCoupon(operator, { code, type: 'amount', value: 7.77 });
    const shopper = await shopperWithAddress();
    const orderId = body<{ orderId: string }>(await checkout(shopper, [{ product: a.id, quantity: 3 }, { product: b.id, quantity: 7 }], code)).orderId;
    const lines = await t.app.db.select().from(orderItems).where(eq(orderItems.orderId, orderId));
    expect(lines.reduce((sum, l) => sum + l.discountMinor, 0)).toBe(777);
    expect(lines.every((l) => l.discountMinor >= 0 && l.discountMinor <= l.unitPriceMinor * l.quantity)).toBe(true);
  });
});
