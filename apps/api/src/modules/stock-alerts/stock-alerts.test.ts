import { sql } from 'drizzle-orm';
import { formatPrice, productPath } from '@greencart/shared';
import type { FastifyInstance } from 'fastify';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { buildApp } from '../../app.js';
import { queryRows } from '../../db/raw-sql.js';
import { checkoutThroughApi, createShop, shopProduct } from '../../test/market-builders.js';
import { keptMail, setShopStatus } from '../../test/shop-builders.js';
import { body, buildTestApp, createShopper, mailsSent, type TestApp } from '../../test/test-app.js';
import { RESTOCK_MAIL_BATCH, STOCK_ALERT_LIMIT } from './stock-alert-service.js';

/**
 * Decision 0290, "Tell me when it's back": a shopper asks to hear of a product out of stock; when its shop puts it back
 * (the switch, a count, a cancel giving units back) a job mails each one waiting, once, whichever instance runs it.
 * Two apps on one database, as two instances.
 */
const mail = keptMail();
let t: TestApp;
let second: FastifyInstance;
let shop: Awaited<ReturnType<typeof createShop>>;
beforeAll(async () => {
  t = await buildTestApp({}, { mailer: mail });
  second = await buildApp({ config: t.app.config, database: t.database, seed: false, logger: false, scheduledJobs: false });
  shop = await createShop(t.app, { shopName: 'Orchard Row' });
});
afterAll(async () => {
  await second.close();
  await t.close();
});

const ask = (cookie: string, productId: string) => t.app.inject({ method: 'POST', url: '/api/product/alert', payload: { productId }, headers: { cookie } });
const stop = (cookie: string, productId: string) => t.app.inject({ method: 'POST', url: '/api/product/alert/delete', payload: { productId }, headers: { cookie } });
const read = (cookie: string, productId: string) => t.app.inject({ method: 'GET', url: `/api/product/alert?productId=${productId}`, headers: { cookie } });
const setStock = (payload: object) => t.app.inject({ method: 'POST', url: '/api/product/stock', payload, headers: { cookie: shop.cookie } });
const alertsOf = async (productId: string) =>
  (await queryRows<{ user_id: string }>(t.app.db, sql`select user_id from stock_alerts where product_id = ${productId} order by user_id`)).map((row) => row.user_id);
const backInStockMails = async (productId: string) =>
  queryRows<{ user_id: string }>(t.app.db, sql`select user_id from mail_outbox where kind = 'back-in-stock' and product_id = ${productId} order by user_id`);
const restocked = async () => (await queryRows<{ product_id: string }>(t.app.db, sql`select product_id from restocks`)).map((row) => row.product_id);
/** The job on both instances at once: the mails they queued together. */
const runJobTwice = async () => (await Promise.all([t.app.stockAlerts.mailRestocked(), second.stockAlerts.mailRestocked()])).reduce((a, b) => a + b, 0);
const sentAbout = (name: string) => mail.sent.filter((m) => m.subject === `Back in stock: ${name}`);

describe('asking to hear when a product is back', () => {
  it('keeps one alert per shopper and product: read, asked for, asked again, stopped', async () => {
    const product = await shopProduct(t.app, shop.id, { stock: 0, name: 'Kesar Mango' });
    const { cookie } = await createShopper(t.app);
    expect(body(await read(cookie, product.id))).toMatchObject({ success: true, alert: false });
    const asked = await ask(cookie, product.id);
    expect(asked.statusCode, asked.body).toBe(200);
    expect(body(asked)).toEqual({ success: true, alert: true, message: 'We will e-mail you when Kesar Mango is back in stock' });
    expect(body(await read(cookie, product.id))).toMatchObject({ alert: true });
    expect(body(await ask(cookie, product.id))).toEqual({ success: true, alert: true, message: 'You already get an e-mail when Kesar Mango is back in stock' });
    expect(await alertsOf(product.id)).toHaveLength(1);
    expect(body(await stop(cookie, product.id))).toEqual({ success: true, alert: false, message: 'Alert stopped: no e-mail when it is back' });
    expect(body(await stop(cookie, product.id))).toEqual({ success: true, alert: false, message: 'No alert for this product' });
    expect(await alertsOf(product.id)).toEqual([]);
  });

  it("lists the shopper's own alerts, newest first; a product no longer sold by its name alone", async () => {
    const [first, second, gone] = [
      await shopProduct(t.app, shop.id, { stock: 0, name: 'Listed Fig' }),
      await shopProduct(t.app, shop.id, { stock: 0, name: 'Listed Date' }),
      await shopProduct(t.app, shop.id, { stock: 0, name: 'Listed Prune' }),
    ];
    const [mine, theirs] = [await createShopper(t.app), await createShopper(t.app)];
    for (const product of [first, second, gone]) expect((await ask(mine.cookie, product.id)).statusCode).toBe(200);
    expect((await ask(theirs.cookie, first.id)).statusCode).toBe(200);
    expect((await t.app.inject({ method: 'POST', url: '/api/product/delete', payload: { id: gone.id }, headers: { cookie: shop.cookie } })).statusCode).toBe(200);

    const list = await t.app.inject({ method: 'GET', url: '/api/product/alerts', headers: { cookie: mine.cookie } });
    expect(list.statusCode, list.body).toBe(200);
    const { alerts } = body<{ alerts: { productId: string; name: string; askedAt: string; product?: { _id: string; inStock: boolean } }[] }>(list);
    expect(alerts.map((alert) => [alert.name, alert.product?._id])).toEqual([
      ['Listed Prune', undefined],
      ['Listed Date', second.id],
      ['Listed Fig', first.id],
    ]);
    expect(Date.parse(alerts[2]!.askedAt)).toBeLessThanOrEqual(Date.parse(alerts[0]!.askedAt));
    expect(body<{ alerts: unknown[] }>(await t.app.inject({ method: 'GET', url: '/api/product/alerts', headers: { cookie: theirs.cookie } })).alerts).toHaveLength(1);
    expect((await t.app.inject({ method: 'GET', url: '/api/product/alerts' })).statusCode).toBe(401);
  });

  it('refuses a product in stock, one not sold, a bad id and a caller who is not a shopper, and writes nothing', async () => {
    const { cookie } = await createShopper(t.app);
    const inStock = await shopProduct(t.app, shop.id, { name: 'Alphonso Mango' });
    const inStockAnswer = await ask(cookie, inStock.id);
    expect(inStockAnswer.statusCode).toBe(409);
    expect(body(inStockAnswer)).toMatchObject({ success: false, code: 'PRODUCT_IN_STOCK', message: 'Alphonso Mango is in stock: add it to your cart' });

    const retired = await shopProduct(t.app, shop.id, { stock: 0 });
    expect((await t.app.inject({ method: 'POST', url: '/api/product/delete', payload: { id: retired.id }, headers: { cookie: shop.cookie } })).statusCode).toBe(200);
    const closed = await createShop(t.app);
    const ofClosed = await shopProduct(t.app, closed.id, { stock: 0 });
    expect((await setShopStatus(t.app, { sellerId: closed.id, status: 'suspended', reason: 'Closed for a month' })).statusCode).toBe(200);
    for (const id of [retired.id, ofClosed.id, '00000000-0000-4000-8000-000000000000']) {
      const answer = await ask(cookie, id);
      expect(answer.statusCode, id).toBe(404);
      expect(body(answer)).toMatchObject({ code: 'PRODUCT_NOT_FOUND', message: 'Product not found' });
    }

    const out = await shopProduct(t.app, shop.id, { stock: 0 });
    const notAnId = await ask(cookie, 'mango');
    expect(notAnId.statusCode).toBe(400);
    expect(body(notAnId)).toMatchObject({ code: 'VALIDATION_FAILED', message: 'productId: Must be a valid id' });
    const extra = await t.app.inject({ method: 'POST', url: '/api/product/alert', payload: { productId: out.id, email: 'a@b.c' }, headers: { cookie } });
    expect(extra.statusCode).toBe(400);
    expect((await t.app.inject({ method: 'GET', url: '/api/product/alert?productId=mango', headers: { cookie } })).statusCode).toBe(400);
    for (const call of [
      { method: 'POST' as const, url: '/api/product/alert', payload: { productId: out.id } },
      { method: 'POST' as const, url: '/api/product/alert', payload: { productId: out.id }, headers: { cookie: shop.cookie } },
      { method: 'POST' as const, url: '/api/product/alert/delete', payload: { productId: out.id } },
      { method: 'GET' as const, url: `/api/product/alert?productId=${out.id}` },
    ]) {
      const answer = await t.app.inject(call);
      expect(answer.statusCode, `${call.method} ${call.url}`).toBe(401);
      expect(body(answer)).toMatchObject({ code: 'NOT_AUTHENTICATED' });
    }
    for (const id of [inStock.id, retired.id, ofClosed.id, out.id]) expect(await alertsOf(id)).toEqual([]);
  });

  it(`keeps a shopper's newest ${STOCK_ALERT_LIMIT} alerts: asked at once past the limit, exactly the oldest give way`, async () => {
    const { user, cookie } = await createShopper(t.app);
    const older = await queryRows<{ id: string }>(
      t.app.db,
      sql`insert into products (seller_id, name, category, description, price_minor, offer_price_minor, images, in_stock)
        select ${shop.id}, 'Waited-for ' || n, 'Fruits', '[]'::jsonb, 5000, 4000, '[]'::jsonb, false from generate_series(1, ${STOCK_ALERT_LIMIT - 2}) n returning id`,
    );
    await t.app.db.execute(sql`insert into stock_alerts (product_id, user_id, created_at)
      select id, ${user.id}, now() - interval '1 day' + (row_number() over (order by id)) * interval '1 second' from products where id = any(${sql.param(older.map((row) => row.id))}::uuid[])`);
    const oldest = await queryRows<{ product_id: string }>(t.app.db, sql`select product_id from stock_alerts where user_id = ${user.id} order by created_at limit 3`);
    t.app.products.invalidate();
    const fresh = await Promise.all(Array.from({ length: 5 }, () => shopProduct(t.app, shop.id, { stock: 0 })));
    const answers = await Promise.all(fresh.map((product) => ask(cookie, product.id)));
    expect(answers.map((answer) => answer.statusCode)).toEqual([200, 200, 200, 200, 200]);
    const kept = await queryRows<{ product_id: string }>(t.app.db, sql`select product_id from stock_alerts where user_id = ${user.id}`);
    expect(kept).toHaveLength(STOCK_ALERT_LIMIT);
    const keptIds = new Set(kept.map((row) => row.product_id));
    for (const product of fresh) expect(keptIds.has(product.id)).toBe(true);
    for (const row of oldest) expect(keptIds.has(row.product_id)).toBe(false);
  });
});

describe('telling the shoppers waiting when it is back', () => {
  it('mails each shopper waiting once when its shop sets a count, then the alert has ended', async () => {
    const product = await shopProduct(t.app, shop.id, { stock: 0, name: 'Nagpur Orange', offerPrice: 120 });
    const [asha, ravi] = [await createShopper(t.app, { name: 'Asha' }), await createShopper(t.app, { name: 'Ravi' })];
    for (const shopper of [asha, ravi]) expect((await ask(shopper.cookie, product.id)).statusCode).toBe(200);
    expect(await restocked()).not.toContain(product.id);
    // The shop's list counts them beside the product (and none beside one in stock).
    const inStock = await shopProduct(t.app, shop.id);
    const list = await t.app.inject({ method: 'GET', url: '/api/seller/products?q=Orange', headers: { cookie: shop.cookie } });
    expect(body<{ products: { _id: string; waiting: number }[] }>(list).products.find((p) => p._id === product.id)?.waiting).toBe(2);
    const all = body<{ products: { _id: string; waiting: number }[] }>(await t.app.inject({ method: 'GET', url: '/api/seller/products', headers: { cookie: shop.cookie } })).products;
    expect(all.find((p) => p._id === inStock.id)?.waiting).toBe(0);

    expect((await setStock({ id: product.id, stock: 5 })).statusCode).toBe(200);
    expect(await restocked()).toEqual([product.id]);
    expect(await runJobTwice()).toBe(2);
    expect((await backInStockMails(product.id)).map((row) => row.user_id)).toEqual([asha.user.id, ravi.user.id].sort());
    expect(await alertsOf(product.id)).toEqual([]);
    expect(await restocked()).toEqual([]);
    expect(await runJobTwice()).toBe(0);
    const after = body<{ products: { _id: string; waiting: number }[] }>(await t.app.inject({ method: 'GET', url: '/api/seller/products?q=Orange', headers: { cookie: shop.cookie } }));
    expect(after.products.find((p) => p._id === product.id)?.waiting).toBe(0);

    await mailsSent(t.app);
    const sent = sentAbout('Nagpur Orange');
    expect(sent.map((m) => m.to).sort()).toEqual([asha.user.email, ravi.user.email].sort());
    const toAsha = sent.find((m) => m.to === asha.user.email)!;
    expect(toAsha.text).toContain('Hello Asha,');
    expect(toAsha.text).toContain(`Nagpur Orange from Orchard Row is back in stock at GreenCart, at ${formatPrice(12000, t.app.config.currency)}:`);
    expect(toAsha.text).toContain(`${t.app.config.publicUrl}${productPath('Fruits', product.id)}`);
    expect(body(await read(asha.cookie, product.id))).toMatchObject({ alert: false });
  });

  it("hears the spec's switch and a cancel giving the last unit back; a product nobody waits for is not queued", async () => {
    const switched = await shopProduct(t.app, shop.id, { name: 'Toggled Guava' });
    expect((await setStock({ id: switched.id, inStock: false })).statusCode).toBe(200);
    const waiting = await createShopper(t.app);
    expect((await ask(waiting.cookie, switched.id)).statusCode).toBe(200);
    expect((await setStock({ id: switched.id, inStock: true })).statusCode).toBe(200);

    const last = await shopProduct(t.app, shop.id, { stock: 1, name: 'Last Jackfruit' });
    const bought = await checkoutThroughApi(t.app, [{ product: last, quantity: 1 }]);
    expect(bought.res.statusCode, bought.res.body).toBe(200);
    expect((await ask(waiting.cookie, last.id)).statusCode).toBe(200);
    const cancel = await t.app.inject({ method: 'POST', url: '/api/order/cancel', payload: { orderId: bought.answer.orderId }, headers: { cookie: bought.shopper.cookie } });
    expect(cancel.statusCode, cancel.body).toBe(200);

    const nobody = await shopProduct(t.app, shop.id, { stock: 0 });
    expect((await setStock({ id: nobody.id, stock: 3 })).statusCode).toBe(200);
    expect((await restocked()).sort()).toEqual([switched.id, last.id].sort());
    // The minute's job as scheduled: one instance of the two runs it.
    expect((await Promise.all([t.app.housekeeping.mailRestockedIfDue(), second.housekeeping.mailRestockedIfDue()])).sort()).toEqual([false, true]);
    expect(await restocked()).toEqual([]);
    await mailsSent(t.app);
    expect(sentAbout('Toggled Guava').map((m) => m.to)).toEqual([waiting.user.email]);
    expect(sentAbout('Last Jackfruit').map((m) => m.to)).toEqual([waiting.user.email]);
  });

  it('sends nothing for a product sold out again before the job: the alert waits for the next time', async () => {
    const product = await shopProduct(t.app, shop.id, { stock: 0, name: 'Fleeting Lychee' });
    const waiting = await createShopper(t.app);
    expect((await ask(waiting.cookie, product.id)).statusCode).toBe(200);
    expect((await setStock({ id: product.id, stock: 1 })).statusCode).toBe(200);
    const bought = await checkoutThroughApi(t.app, [{ product, quantity: 1 }]);
    expect(bought.res.statusCode, bought.res.body).toBe(200);
    expect(await runJobTwice()).toBe(0);
    expect(await restocked()).toEqual([]);
    expect(await alertsOf(product.id)).toEqual([waiting.user.id]);

    expect((await setStock({ id: product.id, stock: 2 })).statusCode).toBe(200);
    expect(await runJobTwice()).toBe(1);
    await mailsSent(t.app);
    expect(sentAbout('Fleeting Lychee').map((m) => m.to)).toEqual([waiting.user.email]);
  });

  it('puts a product whose step fails at the back of the queue and mails the others; the next run mails it', async () => {
    const [broken, fine] = [await shopProduct(t.app, shop.id, { stock: 0, name: 'Broken Kiwi' }), await shopProduct(t.app, shop.id, { stock: 0, name: 'Fine Kiwi' })];
    const waiting = await createShopper(t.app);
    for (const product of [broken, fine]) expect((await ask(waiting.cookie, product.id)).statusCode).toBe(200);
    // The first queued fails (a mail the outbox refuses), the second is mailed all the same.
    await t.app.db.execute(sql.raw(`create function refuse_broken_kiwi() returns trigger language plpgsql as $$ begin
      if new.product_id = '${broken.id}' then raise exception 'outbox refused'; end if; return new; end $$`));
    await t.app.db.execute(sql.raw('create trigger refuse_broken_kiwi before insert on mail_outbox for each row execute function refuse_broken_kiwi()'));
    try {
      expect((await setStock({ id: broken.id, stock: 2 })).statusCode).toBe(200);
      expect((await setStock({ id: fine.id, stock: 2 })).statusCode).toBe(200);
      await expect(t.app.stockAlerts.mailRestocked()).rejects.toThrow(`back-in-stock mails: 1 product(s) failed and wait at the back of the queue (${broken.id}); 1 mails queued`);
      expect(await backInStockMails(fine.id)).toHaveLength(1);
      expect(await restocked()).toEqual([broken.id]);
      expect(await alertsOf(broken.id)).toEqual([waiting.user.id]);
    } finally {
      await t.app.db.execute(sql.raw('drop trigger refuse_broken_kiwi on mail_outbox'));
      await t.app.db.execute(sql.raw('drop function refuse_broken_kiwi()'));
    }
    expect(await t.app.stockAlerts.mailRestocked()).toBe(1);
    expect(await backInStockMails(broken.id)).toHaveLength(1);
  });

  it('composes no mail for a product removed between the job and the send (the sender drops it)', async () => {
    const product = await shopProduct(t.app, shop.id, { stock: 3, name: 'Withdrawn Plum' });
    const waiting = await createShopper(t.app);
    const queued = { kind: 'back-in-stock' as const, id: 1, userId: waiting.user.id, productId: product.id, attempts: 1 };
    expect((await t.app.stockAlerts.composeQueuedMails([queued]))[0]).toMatchObject({ to: waiting.user.email, subject: 'Back in stock: Withdrawn Plum' });
    expect((await t.app.inject({ method: 'POST', url: '/api/product/delete', payload: { id: product.id }, headers: { cookie: shop.cookie } })).statusCode).toBe(200);
    expect(await t.app.stockAlerts.composeQueuedMails([queued])).toEqual([undefined]);
  });

  it(`works through ${RESTOCK_MAIL_BATCH + 20} shoppers waiting for one product in steps, two instances at once: each mailed exactly once`, async () => {
    const product = await shopProduct(t.app, shop.id, { stock: 0, name: 'Popular Avocado' });
    const waiting = RESTOCK_MAIL_BATCH + 20;
    await t.app.db.execute(sql`with shoppers as (
        insert into users (name, email, password_hash) select 'Waiting ' || n, 'waiting-' || n || '-' || ${product.id} || '@example.com', 'x' from generate_series(1, ${waiting}) n returning id)
      insert into stock_alerts (product_id, user_id) select ${product.id}, id from shoppers`);
    expect((await setStock({ id: product.id, stock: 10 })).statusCode).toBe(200);
    expect(await runJobTwice()).toBe(waiting);
    const mails = await backInStockMails(product.id);
    expect(mails).toHaveLength(waiting);
    expect(new Set(mails.map((row) => row.user_id)).size).toBe(waiting);
    expect(await alertsOf(product.id)).toEqual([]);
    expect(await restocked()).toEqual([]);
  });
});
