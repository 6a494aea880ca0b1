import { and, eq, inArray, isNotNull, isNull, sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { seededRandom } from '@greencart/shared/seeded-random';
import { ledgerEntries, orderItems, orders, orderStatusEvents, payouts, sellerAccounts } from '../../db/schema/index.js';
import { AppError } from '../../lib/app-error.js';
import { completeTestPayment } from '../../test/order-builders.js';
import { createShop, shopProduct } from '../../test/market-builders.js';
import { buildTestApp, createAddress, createShopper, operatorId, type TestApp } from '../../test/test-app.js';
import type { Caller } from './settlement-service.js';

/**
 * Issue 26's invariant: after any mix of orders, picks (issue 28: short picks and substitutes reprice an order
 * and refund a card the difference before it is delivered), cancels, deliveries, refunds and payouts, for every shop
 * sales − commission − refunds − payouts = balance, its account holds its entries' sums, the ledger agrees
 * with the orders it recorded, and the operator's commission is the sum of the commission entries; to the paisa.
 */
let t: TestApp;
beforeAll(async () => {
  t = await buildTestApp();
});
afterAll(() => t.close());

describe('the ledger after a random mix of orders, cancels, refunds and payouts', () => {
  it('balances for every shop and sums to the operator\'s commission, to the paisa', async () => {
    const seed = 26;
    const { next } = seededRandom(seed);
    const pick = <T>(list: T[]) => list[Math.floor(next() * list.length)]!;
    const shops = [await createShop(t.app), await createShop(t.app), await createShop(t.app)];
    const operator: Caller = { id: await operatorId(t.app), role: 'operator' };
    await t.app.settlement.setCommission({ percent: 7.5, sellerId: shops[1]!.id });
    await t.app.settlement.setCommission({ percent: 12.25 });
    const catalogue = await Promise.all(
      shops.flatMap((shop) => [33.33, 0.99, 149].map((offerPrice) => shopProduct(t.app, shop.id, { offerPrice }))),
    );
    const shopper = await createShopper(t.app);
    const addressId = (await createAddress(t.app, shopper.user.id)).id;
    // Coupons (issue 29): a platform coupon (the operator pays) and a shop's own (the shop pays) in the mix.
    const platformCoupon = await t.app.coupons.create(operator, { code: 'MIXOP', type: 'percent', value: 15, firstOrderOnly: false });
    const shopCoupon = await t.app.coupons.create({ id: shops[0]!.id, role: 'seller' }, { code: 'MIXSHOP', type: 'amount', value: 3.33, firstOrderOnly: false });
    const couponCodes = [undefined, platformCoupon.code, shopCoupon.code];
    const placed: string[] = [];
    const refused: string[] = [];
    let picks = 0;

    for (let step = 0; step < 80; step++) {
      const action = next();
      try {
        if (action < 0.35 || placed.length === 0) {
          const lines = [...new Set(Array.from({ length: 1 + Math.floor(next() * 4) }, () => pick(catalogue)))];
          const coupon = pick(couponCodes);
          const input = { items: lines.map((p) => ({ product: p.id, quantity: 1 + Math.floor(next() * 9) })), address: addressId, ...(coupon ? { coupon } : {}) };
          const answer = next() < 0.5 ? await t.app.orders.placeCodOrder(shopper.user.id, input) : await t.app.orders.placeOnlineOrder(shopper.user.id, input);
          if ('url' in answer) await completeTestPayment(t.app, answer.orderId);
          // In the shops' creation order, not by their random ids, so the seed alone decides the mix.
          const rank = (o: { seller: { id: string } }) => shops.findIndex((shop) => shop.id === o.seller.id);
          placed.push(...[...answer.orders].sort((a, b) => rank(a) - rank(b)).map((o) => o._id));
        } else if (action < 0.45) {
          // A seller's picks: the first line short, substituted by another product of its shop half the time.
          const orderId = pick(placed);
          const order = (await t.app.db.query.orders.findFirst({ where: (o, { eq }) => eq(o.id, orderId), with: undefined }))!;
          const [line] = await t.app.db.select().from(orderItems).where(eq(orderItems.orderId, orderId)).limit(1);
          const substitute = pick(catalogue.filter((p) => p.sellerId === order.sellerId && p.id !== line!.productId));
          const picked = Math.floor(next() * line!.quantity);
          await t.app.fulfilment.recordPicks(
            { orderId, lines: [{ product: line!.productId!, picked, ...(next() < 0.5 ? { substituteProduct: substitute.id } : {}) }] },
            operator,
          );
          picks++;
        } else if (action < 0.65) {
          // Its shop marks it delivered: of a cash order, only the shop says its rider has the cash (decision 0277).
          const orderId = pick(placed);
          const [row] = await t.app.db.select({ sellerId: orders.sellerId }).from(orders).where(eq(orders.id, orderId));
          await t.app.fulfilment.changeStatus(orderId, 'Delivered', { id: row!.sellerId, role: 'seller' });
        } else if (action < 0.75) {
          await t.app.fulfilment.changeStatus(pick(placed), 'Cancelled', operator);
        } else if (action < 0.85) {
          await t.app.fulfilment.refundDelivered(pick(placed), operator);
        } else {
          const shop = pick(shops);
          const balance = (await t.app.settlement.ledger(operator, { sellerId: shop.id, limit: 1 })).balance;
          // Mostly within the balance, sometimes past it (refused), in whole paise; a shop that owes (the commission on
          // cash it kept, decision 0276) pays GreenCart, mostly within its debt.
          const amount = Math.round(Math.abs(balance) * (next() * 1.3) * 100) / 100;
          const input = { sellerId: shop.id, amount, key: `mix-${seed}-${step}` };
          if (amount > 0) await (balance < 0 ? t.app.settlement.received(input) : t.app.settlement.payout(input));
        }
      } catch (err) {
        // Refusals are part of the mix (a cancel after delivery, a payout past the balance); nothing else is.
        if (!(err instanceof AppError) || err.status >= 500) throw err;
        refused.push(err.code);
      }
    }
    expect(new Set(refused)).not.toContain('INTERNAL_ERROR');
    expect(picks).toBeGreaterThan(0);

    let commissionEntries = 0;
    let paymentsReceived = 0;
    for (const shop of shops) {
      const sums = Object.fromEntries(
        (
          await t.app.db
            .select({ type: ledgerEntries.type, total: sql`sum(${ledgerEntries.amountMinor})::bigint`.mapWith(Number) })
            .from(ledgerEntries)
            .where(eq(ledgerEntries.sellerId, shop.id))
            .groupBy(ledgerEntries.type)
        ).map((r) => [r.type, r.total]),
      ) as Record<'sale' | 'commission' | 'refund' | 'payout', number | undefined>;
      const [sale, commission, refund, payout] = [sums.sale ?? 0, sums.commission ?? 0, sums.refund ?? 0, sums.payout ?? 0];
      const [account] = await t.app.db.select().from(sellerAccounts).where(eq(sellerAccounts.sellerId, shop.id));
      expect(account, shop.shopName).toMatchObject({ salesMinor: sale, commissionMinor: commission, refundsMinor: refund, payoutsMinor: payout });
      expect(account!.balanceMinor).toBe(sale - commission - refund - payout);
      expect((await t.app.settlement.ledger(operator, { sellerId: shop.id, limit: 1 })).balance).toBe((sale - commission - refund - payout) / 100);
      // The ledger agrees with the orders: every delivered order sold once, every refunded one refunded once;
      // a sale is what the shopper paid plus a platform coupon's discount (the operator's), never a shop's own.
      const shopSale = sql`coalesce(sum(${orders.amountMinor} + case when ${orders.discountPaidBy} = 'operator' then ${orders.discountMinor} else 0 end), 0)::bigint`;
      const delivered = await t.app.db
        .select({ total: shopSale.mapWith(Number) })
        .from(orders)
        .where(and(eq(orders.sellerId, shop.id), eq(orders.status, 'Delivered')));
      const refunded = await t.app.db
        .select({ total: shopSale.mapWith(Number) })
        .from(orders)
        .where(and(eq(orders.sellerId, shop.id), eq(orders.status, 'Delivered'), isNotNull(orders.refundedAt)));
      expect(sale).toBe(delivered[0]!.total);
      expect(refund).toBe(refunded[0]!.total);
      // The payout entries are the payouts made, less the shop's payments to GreenCart, plus the cash its riders kept of
      // the cash orders delivered and not given back (decision 0276).
      const [cash] = await t.app.db
        .select({ total: sql`coalesce(sum(${orders.amountMinor}), 0)::bigint`.mapWith(Number) })
        .from(orders)
        .where(and(eq(orders.sellerId, shop.id), eq(orders.status, 'Delivered'), eq(orders.paymentType, 'COD'), isNull(orders.refundedAt)));
      const [paid] = await t.app.db
        .select({ total: sql`coalesce(sum(case when ${payouts.method} = 'received' then -${payouts.amountMinor} else ${payouts.amountMinor} end), 0)::bigint`.mapWith(Number) })
        .from(payouts)
        .where(eq(payouts.sellerId, shop.id));
      expect(payout).toBe(cash!.total + paid!.total);
      // The account's parts of it: the cash kept, and the payments received.
      const [paidIn] = await t.app.db
        .select({ total: sql`coalesce(sum(${payouts.amountMinor}), 0)::bigint`.mapWith(Number) })
        .from(payouts)
        .where(and(eq(payouts.sellerId, shop.id), eq(payouts.method, 'received')));
      expect(account).toMatchObject({ cashKeptMinor: cash!.total, paidInMinor: paidIn!.total });
      paymentsReceived += (await t.app.db.select().from(payouts).where(and(eq(payouts.sellerId, shop.id), eq(payouts.method, 'received')))).length;
      commissionEntries += commission;
    }
    const payoutsPage = await t.app.settlement.payouts({ q: '', limit: 100 });
    expect(Math.round(payoutsPage.commissionTotal * 100)).toBe(commissionEntries);
    // The mix did exercise every kind of entry.
    const kinds = await t.app.db.selectDistinct({ type: ledgerEntries.type }).from(ledgerEntries);
    // ... and both kinds of coupon reached delivered orders.
    const couponed = await t.app.db.selectDistinct({ by: orders.discountPaidBy }).from(orders).where(and(eq(orders.status, 'Delivered'), sql`${orders.discountMinor} > 0`));
    expect(couponed.map((c) => c.by).sort()).toEqual(['operator', 'shop']);
    expect(kinds.map((k) => k.type).sort()).toEqual(['commission', 'payout', 'refund', 'sale']);
    expect(paymentsReceived).toBeGreaterThan(0);
  });
});

describe('deliveries racing a change of the commission', () => {
  it('charges each delivery the rate in force when it is dated: the old rate on every entry before the change, the new one after (a money probe)', async () => {
    const shop = await createShop(t.app);
    const caller: Caller = { id: shop.id, role: 'seller' };
    await t.app.settlement.setCommission({ percent: 20, sellerId: shop.id });
    const products = [await shopProduct(t.app, shop.id, { offerPrice: 100 }), await shopProduct(t.app, shop.id, { offerPrice: 150 })];
    const shopper = await createShopper(t.app);
    const address = (await createAddress(t.app, shopper.user.id)).id;
    const placed: string[] = [];
    // Each its own basket (a same basket again within minutes is the first one sent again, decision 0030).
    for (const product of products) {
      for (let quantity = 1; quantity <= 6; quantity++) placed.push((await t.app.orders.placeCodOrder(shopper.user.id, { items: [{ product: product.id, quantity }], address })).orders[0]!._id);
    }
    // Twelve deliveries queue on the shop's account; the rate changes while they wait.
    const change = new Promise((resolve) => setTimeout(resolve, 5)).then(() => t.app.settlement.setCommission({ percent: 5, sellerId: shop.id }));
    await Promise.all([...placed.map((id) => t.app.fulfilment.changeStatus(id, 'Delivered', caller)), change]);

    const entries = await t.app.db
      .select({ id: ledgerEntries.id, type: ledgerEntries.type, amountMinor: ledgerEntries.amountMinor, orderId: ledgerEntries.orderId, at: ledgerEntries.createdAt })
      .from(ledgerEntries)
      .where(and(eq(ledgerEntries.sellerId, shop.id), isNotNull(ledgerEntries.orderId)))
      .orderBy(ledgerEntries.id);
    // Dated in the order they were written.
    expect(entries.map((e) => e.at.getTime())).toEqual(entries.map((e) => e.at.getTime()).sort((a, b) => a - b));
    const sales = new Map(entries.filter((e) => e.type === 'sale').map((e) => [e.orderId!, e.amountMinor]));
    const rates = entries.filter((e) => e.type === 'commission').map((e) => Math.round((e.amountMinor * 100) / sales.get(e.orderId!)!));
    expect(rates).toHaveLength(12);
    // 20 % until the change, 5 % after it: never the new rate on an entry dated before one charged the old.
    expect(rates).toEqual([...rates].sort((a, b) => b - a));
    // And each order's Delivered is dated with its entries, not before its wait for the account.
    const delivered = await t.app.db
      .select({ orderId: orderStatusEvents.orderId, at: orderStatusEvents.at })
      .from(orderStatusEvents)
      .where(and(inArray(orderStatusEvents.orderId, placed), eq(orderStatusEvents.status, 'Delivered')));
    for (const event of delivered) expect(event.at.getTime()).toBeGreaterThanOrEqual(entries.find((e) => e.orderId === event.orderId && e.type === 'sale')!.at.getTime());
  });
});
