import type { Order } from '@greencart/shared';
import { eq, sql } from 'drizzle-orm';
import { sellers } from '../../db/schema/index.js';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { insertTestOrder } from '../../test/seller-builders.js';
import { createShop } from '../../test/market-builders.js';
import { body, buildTestApp, createShopper, operatorId, sellerCookie, type TestApp } from '../../test/test-app.js';

/**
 * Issue 16: the seller's orders filtered by status, payment and shop days, searched by order id or the
 * buyer's name, and exported as CSV; GET /api/order/seller without parameters answers as before.
 */
let t: TestApp;
let seller: string;
const o: Record<'kavya' | 'ravi' | 'meera' | 'dee' | 'formula', Awaited<ReturnType<typeof insertTestOrder>>> = {} as never;

beforeAll(async () => {
  t = await buildTestApp();
  seller = await sellerCookie(t.app);
  const at = (iso: string) => new Date(iso);
  // 18:45 UTC on 9 March is 00:15 on 10 March in the shop's zone (Asia/Kolkata); 18:00 UTC is 23:30 on the 9th.
  o.kavya = await insertTestOrder(t.app, { createdAt: at('2026-03-09T18:45:00Z'), address: { firstName: 'Kavya', lastName: 'Rao', street: '7 Koregaon Park Lane', phone: '+91 98220-12345' }, itemName: 'Fresh Tomato' });
  o.ravi = await insertTestOrder(t.app, { createdAt: at('2026-03-09T18:00:00Z'), paymentType: 'Online', isPaid: true, status: 'Packed', address: { firstName: 'Ravi', lastName: 'Kumar' } });
  o.meera = await insertTestOrder(t.app, {
    createdAt: at('2026-03-05T10:00:00Z'),
    paymentType: 'Online',
    isPaid: true,
    status: 'Cancelled',
    refundedAt: at('2026-03-05T11:00:00Z'),
    address: { firstName: 'Meera', lastName: 'Iyer' },
  });
  o.dee = await insertTestOrder(t.app, { createdAt: at('2026-03-01T10:00:00Z'), isPaid: true, status: 'Delivered', address: { firstName: 'Dee', lastName: 'Fenn' } });
  o.formula = await insertTestOrder(t.app, {
    createdAt: at('2026-02-20T10:00:00Z'),
    amountMinor: 12_345,
    address: { firstName: '=HYPERLINK("http://evil.example","x")', lastName: 'Smith, Jr.', phone: '+91 90000 00000' },
    // A `;` in a cell starts another cell in a spreadsheet that splits on it, and that cell would be a formula.
    itemName: '@SUM(A1:A9);=1+1',
  });
});
afterAll(() => t.close());

const get = (query: string, cookie = seller) => t.app.inject({ method: 'GET', url: `/api/order/seller${query}`, headers: { cookie } });
const idsOf = async (query: string, cookie?: string) => {
  const res = await get(query, cookie);
  expect(res.statusCode, res.body).toBe(200);
  return body<{ order: Order[] }>(res).order.map((order) => order._id);
};

describe('GET /api/order/seller filters', () => {
  it('without parameters answers the spec’s keys and ours: success, order (spec), orders (the original client), nextCursor, summary, message', async () => {
    const json = body<Record<string, unknown>>(await get(''));
    expect(Object.keys(json).sort()).toEqual(['message', 'nextCursor', 'order', 'orders', 'success', 'summary']);
    expect(json.orders).toEqual(json.order);
    expect((json.order as Order[]).map((order) => order._id)).toEqual([o.kavya.id, o.ravi.id, o.meera.id, o.dee.id, o.formula.id]);
  });

  it('answers a kept page until any writer changes an order (the orders_changed trigger), then the change', async () => {
    expect(await idsOf('?status=Processed')).toEqual([]);
    // Written past the service, as another instance or a hand-run UPDATE would.
    await t.app.db.execute(sql`update orders set status = 'Processed' where id = ${o.formula.id}`);
    await expect.poll(() => idsOf('?status=Processed'), { timeout: 2_000 }).toEqual([o.formula.id]);
    await t.app.db.execute(sql`update orders set status = 'Order Placed' where id = ${o.formula.id}`);
    await expect.poll(() => idsOf('?status=Processed'), { timeout: 2_000 }).toEqual([]);
  });

  it('filters by status', async () => {
    expect(await idsOf('?status=Packed')).toEqual([o.ravi.id]);
    expect(await idsOf('?status=Order%20Placed')).toEqual([o.kavya.id, o.formula.id]);
    expect(await idsOf('?status=Dispatched')).toEqual([]);
  });

  it('filters by payment as the list shows it: Paid, Pending (not paid yet, cash on delivery too) and Refunded', async () => {
    expect(await idsOf('?payment=Paid')).toEqual([o.ravi.id, o.dee.id]);
    expect(await idsOf('?payment=Pending')).toEqual([o.kavya.id, o.formula.id]);
    expect(await idsOf('?payment=Refunded')).toEqual([o.meera.id]);
  });

  it('filters by placing day in the shop’s time zone, both ends included', async () => {
    expect(await idsOf('?from=2026-03-10&to=2026-03-10')).toEqual([o.kavya.id]);
    expect(await idsOf('?from=2026-03-09&to=2026-03-09')).toEqual([o.ravi.id]);
    expect(await idsOf('?from=2026-03-01&to=2026-03-05')).toEqual([o.meera.id, o.dee.id]);
    expect(await idsOf('?from=2026-03-05')).toEqual([o.kavya.id, o.ravi.id, o.meera.id]);
    expect(await idsOf('?to=2026-03-01')).toEqual([o.dee.id, o.formula.id]);
  });

  it('searches the buyer’s name on the order, any part, any case', async () => {
    expect(await idsOf('?q=kavya')).toEqual([o.kavya.id]);
    expect(await idsOf('?q=VYA%20R')).toEqual([o.kavya.id]);
    expect(await idsOf('?q=iyer')).toEqual([o.meera.id]);
    // A name that could start an order id is still found by name.
    expect(await idsOf('?q=Dee')).toContain(o.dee.id);
    // LIKE's wildcards are plain text.
    expect(await idsOf('?q=%25%25%25')).toEqual([]);
    // Under 3 characters a name cannot use its trigram index: such a text only starts an order id.
    expect(await idsOf('?q=Ka')).toEqual([]);
    expect(await idsOf('?q=Kav')).toEqual([o.kavya.id]);
  });

  it("finds the buyer by the street or the phone number on the order, the phone's digits however they are written", async () => {
    expect(await idsOf('?q=koregaon%20PARK')).toEqual([o.kavya.id]);
    expect(await idsOf('?q=9822012345')).toEqual([o.kavya.id]);
    expect(await idsOf('?q=98220%2012345')).toEqual([o.kavya.id]);
    expect(await idsOf('?q=%2B91%2098220-12345')).toEqual([o.kavya.id]);
    expect(await idsOf('?q=12345')).toContain(o.kavya.id);
    // Another order's street is not this buyer's.
    expect(await idsOf('?q=Koregaon%20Road')).toEqual([]);
  });

  it('finds an order by its number (issue 28), with or without GC- (or "GC "), any case', async () => {
    const number = o.ravi.orderNumber;
    expect(await idsOf(`?q=GC-${number}`)).toEqual([o.ravi.id]);
    expect(await idsOf(`?q=gc-${number}`)).toEqual([o.ravi.id]);
    expect(await idsOf(`?q=${number}`)).toEqual([o.ravi.id]);
    expect(await idsOf(`?q=GC%20${number}`)).toEqual([o.ravi.id]);
    expect(await idsOf(`?q=GC-${number + 1_000_000}`)).toEqual([]);
  });

  it('finds an order by its whole id or its first characters, dashes and case as the seller types them', async () => {
    expect(await idsOf(`?q=${o.ravi.id}`)).toEqual([o.ravi.id]);
    expect(await idsOf(`?q=${o.ravi.id.slice(0, 8)}`)).toContain(o.ravi.id);
    expect(await idsOf(`?q=${o.ravi.id.slice(0, 13).toUpperCase()}`)).toContain(o.ravi.id);
    expect(await idsOf(`?q=${o.ravi.id.replace(/-/g, '')}`)).toEqual([o.ravi.id]);
  });

  it('combines filters and pages through them newest first', async () => {
    expect(await idsOf('?payment=Paid&status=Delivered&from=2026-03-01')).toEqual([o.dee.id]);
    const first = body<{ order: Order[]; nextCursor: string }>(await get('?payment=Pending&limit=1'));
    expect(first.order.map((order) => order._id)).toEqual([o.kavya.id]);
    const second = body<{ order: Order[]; nextCursor: string | null }>(await get(`?payment=Pending&limit=1&cursor=${first.nextCursor}`));
    expect(second.order.map((order) => order._id)).toEqual([o.formula.id]);
    expect(second.nextCursor).toBeNull();
  });

  it.each([
    ['status=Shipped', 'status'],
    ['payment=Free', 'payment'],
    ['from=2026-02-30', 'from'],
    ['to=10-03-2026', 'to'],
    ['from=2026-03-10&to=2026-03-01', 'to'],
    [`q=${'a'.repeat(101)}`, 'q'],
    ['colour=green', ''],
    ['limit=0', 'limit'],
  ])('refuses ?%s with 400 in the shop’s error shape', async (query, field) => {
    for (const url of [`/api/order/seller?${query}`, `/api/order/seller/export?${query}`]) {
      if (url.includes('export') && query.startsWith('limit')) continue;
      const res = await t.app.inject({ method: 'GET', url, headers: { cookie: seller } });
      expect(res.statusCode, url).toBe(400);
      const json = body<{ success: boolean; code: string; message: string; issues: { path: string }[] }>(res);
      expect(json).toMatchObject({ success: false, code: 'VALIDATION_FAILED' });
      expect(json.message).toEqual(expect.any(String));
      if (field) expect(JSON.stringify(json.issues)).toContain(field);
    }
  });
});

describe('GET /api/order/seller/export', () => {
  const exportCsv = (query = '', cookie = seller) => t.app.inject({ method: 'GET', url: `/api/order/seller/export${query}`, headers: { cookie } });

  it('is the seller’s only (401 visitors, 403 shoppers)', async () => {
    expect((await exportCsv('', '')).statusCode).toBe(401);
    expect((await exportCsv('', (await createShopper(t.app)).cookie)).statusCode).toBe(403);
  });

  it('downloads the filtered orders as CSV, newest first, placed time in the shop’s zone, payment as the list shows it, with its fee, coupon, window and tax', async () => {
    // Ravi's order had a delivery fee, a coupon, a window (09:00-11:00 on 11 March in the shop's zone) and its tax, last
    // (an accountant had no tax to report from the file: a probe).
    await t.app.db.execute(sql`update orders set delivery_fee_minor = 2500, coupon_code = 'FRESH10', discount_minor = 1050, tax_minor = 179,
      delivery_slot_start = '2026-03-11T03:30:00Z', delivery_slot_end = '2026-03-11T05:30:00Z' where id = ${o.ravi.id}`);
    const res = await exportCsv('?from=2026-03-05');
    expect(res.statusCode).toBe(200);
    expect(res.headers['content-type']).toBe('text/csv; charset=utf-8');
    // Named by its days, as the Balance export is (a filtered file was named as the whole list: a probe).
    expect(res.headers['content-disposition']).toBe('attachment; filename="greencart-orders-from-2026-03-05.csv"');
    // A byte-order mark first, as the catalogue export has, so spreadsheet apps read the buyers' names as UTF-8; the
    // placing time's column names its zone, as the statement's date columns do.
    expect(res.body.startsWith('\ufeffOrder ID,')).toBe(true);
    const lines = res.body.split('\r\n');
    expect(lines).toEqual([
      '\ufeffOrder ID,Placed at (Asia/Kolkata),Status,Payment method,Payment,Buyer,Phone,Delivery address,Items,Amount,Shop,Order number,Delivery fee,Coupon,Discount,Delivery from (Asia/Kolkata),Delivery to (Asia/Kolkata),Tax,Cancel reason,Cancelled by',
      `${o.kavya.id},2026-03-10 00:15,Order Placed,COD,Pending,Kavya Rao,'+91 98220-12345,"7 Koregaon Park Lane, Pune, Maharashtra 411001, India",1 x Fresh Tomato,102,GreenCart,GC-${o.kavya.orderNumber},0,,0,,,0,,`,
      `${o.ravi.id},2026-03-09 23:30,Packed,Online,Paid,Ravi Kumar,'+91 98765 43210,"12 MG Road, Pune, Maharashtra 411001, India",1 x Test Apple,102,GreenCart,GC-${o.ravi.orderNumber},25,FRESH10,10.5,2026-03-11 09:00,2026-03-11 11:00,1.79,,`,
      `${o.meera.id},2026-03-05 15:30,Cancelled,Online,Refunded,Meera Iyer,'+91 98765 43210,"12 MG Road, Pune, Maharashtra 411001, India",1 x Test Apple,102,GreenCart,GC-${o.meera.orderNumber},0,,0,,,0,,`,
      '',
    ]);
  });

  it('names the file by its filters, and without days by the shop’s day (India), as the Orders screen counts today', async () => {
    const named = async (query: string) => (await exportCsv(query)).headers['content-disposition'];
    const shopDay = new Intl.DateTimeFormat('en-CA', { timeZone: 'Asia/Kolkata' }).format(new Date());
    expect(await named('')).toBe(`attachment; filename="greencart-orders-${shopDay}.csv"`);
    expect(await named('?from=2026-03-01&to=2026-03-31')).toBe('attachment; filename="greencart-orders-from-2026-03-01-to-2026-03-31.csv"');
    expect(await named('?status=Order%20Placed&payment=Pending&to=2026-03-31')).toBe('attachment; filename="greencart-orders-order-placed-pending-to-2026-03-31.csv"');
    expect(await named('?deliveryDay=2026-03-11')).toBe('attachment; filename="greencart-orders-delivery-2026-03-11.csv"');
    // A search's words as letters and digits only: no quote, slash or Devanagari ends up in the header.
    expect(await named('?q=Ravi%20%22K%22%2F%E0%A4%B0')).toBe(`attachment; filename="greencart-orders-search-ravi-k-${shopDay}.csv"`);
  });

  // A cell starting with + (a phone number too) is a formula to a spreadsheet: it gets the apostrophe.
  it('keeps typed text from running as a spreadsheet formula and quotes commas, quotes and semicolons', async () => {
    const lines = (await exportCsv('?to=2026-02-20')).body.split('\r\n');
    expect(lines[1]).toBe(
      `${o.formula.id},2026-02-20 15:30,Order Placed,COD,Pending,"'=HYPERLINK(""http://evil.example"",""x"") Smith, Jr.",'+91 90000 00000,"12 MG Road, Pune, Maharashtra 411001, India","1 x @SUM(A1:A9);=1+1",123.45,GreenCart,GC-${o.formula.orderNumber},0,,0,,,0,,`,
    );
  });

  it('streams an export larger than one read (500 orders) without losing or repeating an order', async () => {
    const bulk = await t.app.db.execute(sql`
      insert into orders (user_id, seller_id, checkout_id, address, subtotal_minor, tax_minor, amount_minor, payment_type, created_at)
      select ${o.kavya.userId}, ${await operatorId(t.app)}, gen_random_uuid(), ${JSON.stringify({ firstName: 'Bulk', lastName: 'Buyer', email: 'b@example.com', street: '1 Road', city: 'Pune', state: 'MH', zipcode: '411001', country: 'India', phone: '9000000000' })}::jsonb,
        100, 0, 100, 'COD', timestamptz '2025-01-01T00:00:00Z' + (n || ' minutes')::interval
      from generate_series(1, 1203) n returning id`);
    expect((bulk as { rows: unknown[] }).rows).toHaveLength(1203);
    const lines = (await exportCsv('?q=bulk%20buyer')).body.trim().split('\r\n');
    expect(lines).toHaveLength(1 + 1203);
    const ids = lines.slice(1).map((line) => line.split(',')[0]);
    expect(new Set(ids).size).toBe(1203);
    const placed = lines.slice(1).map((line) => line.split(',')[1]!);
    expect(placed).toEqual([...placed].sort().reverse());
  });
});

describe('GET /api/order/seller?seller=<slug>', () => {
  it('gives the operator one shop’s orders (and their export), named by its address or its id; a shop naming another’s sees none of them; a bad address is 400', async () => {
    const other = await createShop(t.app);
    // Waiting for its card payment: the one unpaid online order of the marketplace, in the other shop's summary only.
    const theirs = await insertTestOrder(t.app, { sellerId: other.id, paymentType: 'Online', isPaid: false, createdAt: new Date('2026-03-10T10:00:00Z'), address: { firstName: 'Other', lastName: 'Shopbuyer' } });
    const [{ slug: operatorSlug }] = (await t.app.db.select({ slug: sellers.slug }).from(sellers).where(eq(sellers.id, await operatorId(t.app)))) as [{ slug: string }];

    expect(await idsOf(`?seller=${other.slug}`)).toEqual([theirs.id]);
    // By its id too, as the ledger, payouts and commission name a shop (a probe's id listed nothing).
    expect(await idsOf(`?seller=${other.id}`)).toEqual([theirs.id]);
    expect(await idsOf(`?seller=${other.slug}&status=Cancelled`)).toEqual([]);
    // The same days hold both shops' orders; the operator's shop holds its own only.
    expect(await idsOf('?from=2026-03-09&to=2026-03-10')).toEqual([theirs.id, o.kavya.id, o.ravi.id]);
    expect(await idsOf(`?seller=${operatorSlug}&from=2026-03-09&to=2026-03-10`)).toEqual([o.kavya.id, o.ravi.id]);
    const exported = await t.app.inject({ method: 'GET', url: `/api/order/seller/export?seller=${other.slug}`, headers: { cookie: seller } });
    expect(exported.body.trim().split('\r\n').slice(1).map((line) => line.split(',')[0])).toEqual([theirs.id]);

    // The shop itself: its own address is its whole list; the operator's address holds nothing of its own.
    const asShop = (query: string) => get(query, other.cookie).then((res) => body<{ order: Order[] }>(res).order.map((order) => order._id));
    expect(await asShop(`?seller=${other.slug}`)).toEqual([theirs.id]);
    expect(await asShop(`?seller=${operatorSlug}`)).toEqual([]);
    expect(await asShop('?seller=no-such-shop')).toEqual([]);

    const unpaid = async (query: string, cookie = seller) => body<{ summary: { unpaidOnlineOrders: number } }>(await get(query, cookie)).summary.unpaidOnlineOrders;
    expect(await unpaid('')).toBe(1);
    expect(await unpaid(`?seller=${other.slug}`)).toBe(1);
    expect(await unpaid(`?seller=${other.id}`)).toBe(1);
    expect(await unpaid(`?seller=${operatorSlug}`)).toBe(0);
    expect(await unpaid('?seller=no-such-shop')).toBe(0);
    expect(await unpaid(`?seller=${operatorSlug}`, other.cookie)).toBe(1);

    const bad = await get('?seller=Not%20A%20Slug!');
    expect(bad.statusCode).toBe(400);
    expect(body(bad).success).toBe(false);
  });
});

// Last: its orders are the operator's too, in every list above.
describe('Payment Pending', () => {
  it('leaves out of Pending an order cancelled before it was paid (a card checkout left unpaid): no payment is coming', async () => {
    const shop = await createShop(t.app);
    const left = await insertTestOrder(t.app, { sellerId: shop.id, paymentType: 'Online', status: 'Cancelled' });
    const waiting = await insertTestOrder(t.app, { sellerId: shop.id, paymentType: 'Online' });
    expect(await idsOf('?payment=Pending', shop.cookie)).toEqual([waiting.id]);
    expect(await idsOf('?status=Cancelled', shop.cookie)).toEqual([left.id]);
  });
});
