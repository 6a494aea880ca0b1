import type { AddressInfo } from 'node:net';
import { SMTPServer } from 'smtp-server';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Order } from '@greencart/shared';
import { placeTestOrder } from '../../test/order-builders.js';
import { orderConfirmationEmail } from './order-email.js';
import { buildTestApp, createProduct, createShopper, type TestApp } from '../../test/test-app.js';

/** The order confirmation goes through SMTP_URL to a real local SMTP server, which keeps what it receives. */
const received: { to: string[]; raw: string }[] = [];
const smtp = new SMTPServer({
  authOptional: true,
  disabledCommands: ['STARTTLS'],
  logger: false,
  onData(stream, session, callback) {
    let raw = '';
    stream.on('data', (chunk: Buffer) => (raw += chunk.toString('utf8')));
    stream.on('end', () => {
      received.push({ to: session.envelope.rcptTo.map((r) => r.address), raw });
      callback();
    });
  },
});

let t: TestApp;
beforeAll(async () => {
  await new Promise<void>((resolve) => smtp.listen(0, '127.0.0.1', resolve));
  const { port } = smtp.server.address() as AddressInfo;
  t = await buildTestApp({ SMTP_URL: `smtp://127.0.0.1:${port}`, PUBLIC_URL: 'https://shop.example' });
});
afterAll(async () => {
  await t.close();
  await new Promise<void>((resolve) => smtp.close(resolve));
});

/** Quoted-printable soft line breaks and escapes undone, so assertions read the text as sent. */
const decode = (raw: string) => raw.replace(/=\r?\n/g, '').replace(/=([0-9A-F]{2})/g, (_m, hex: string) => String.fromCharCode(parseInt(hex, 16)));

/** An order as placed, cash on delivery, with what a test says of it. */
const placedOrder = (overrides: Partial<Order>): Order => ({
  _id: 'o1',
  orderNumber: 'GC-120003',
  userId: 'u1',
  seller: { id: 's1', shopName: 'Sunrise Market', slug: 'sunrise-market' },
  checkoutId: 'c1',
  items: [],
  pickedAt: null,
  pickReduction: 0,
  amount: 0,
  deliveryFee: 0,
  tax: 0,
  deliverySlot: null,
  coupon: null,
  discount: 0,
  discountPaidBy: null,
  address: { _id: 'a1', firstName: 'Asha', lastName: 'Rao', email: 'a@example.com', street: '12 MG Road', city: 'Pune', state: 'Maharashtra', zipcode: '411001', country: 'India', phone: '9876543210' },
  paymentType: 'COD',
  status: 'Order Placed',
  isPaid: false,
  isRefunded: false,
  createdAt: '2026-11-30T10:00:00.000Z',
  cancelledBy: null,
  cancelReason: null,
  ...overrides,
});

describe('order confirmation e-mail', () => {
  it("writes the tax as placed when a free-delivery coupon took off the fee, not the fee's discount as tax (a probe: Rs -19.13)", () => {
    // 3 x 14.50 = 43.50, tax 0.87, delivery 25.50 of which the coupon took 20: 49.87.
    const order = placedOrder({
      items: [{ product: { _id: 'p1', name: 'Spinach 500g', category: 'Vegetables', image: [], offerPrice: 14.5 }, quantity: 3, substitute: 'similar', picked: null, substituteFor: null, discount: 0 }],
      amount: 49.87,
      deliveryFee: 25.5,
      coupon: 'FREEDCAP',
      discount: 20,
    });
    const { text } = orderConfirmationEmail(order, { to: 'a@example.com', currency: 'Rs', publicUrl: 'https://shop.example' });
    expect(text).toContain('Coupon FREEDCAP: -Rs 20');
    expect(text).toContain('Tax (2%): Rs 0.87');
    expect(text).toContain('Rs 49.87');
    // A percent coupon's share sits on the lines: the same rule gives its tax.
    const percent: Order = { ...order, coupon: 'SAVE10', discount: 4.35, deliveryFee: 0, amount: 39.93, items: [{ ...order.items[0]!, discount: 4.35 }] };
    expect(orderConfirmationEmail(percent, { to: 'a@example.com', currency: 'Rs', publicUrl: 'https://shop.example' }).text).toContain('Tax (2%): Rs 0.78');
  });

  it('lists the order as it holds when the shop recorded its picks before the mail went: picked units, the substitute named, a real tax (a probe: Rs -18.80)', () => {
    const line = (id: string, name: string, quantity: number, picked: number, substituteFor: string | null = null) => ({
      product: { _id: id, name, category: 'Fruits', image: [], offerPrice: 19.99 },
      quantity,
      substitute: 'similar' as const,
      picked,
      substituteFor,
      discount: 0,
    });
    // Ordered 3 + 1; picked 2 and none, with one substitute: 3 x 19.99 = 59.97 of goods, tax 1.19, delivery 19.99.
    const order = placedOrder({
      items: [line('p1', 'Pears', 3, 2), line('p2', 'Plums', 1, 0), line('p3', 'Apricots', 1, 1, 'p2')],
      pickedAt: '2026-11-30T10:01:00.000Z',
      amount: 81.15,
      deliveryFee: 19.99,
    });
    const { text } = orderConfirmationEmail(order, { to: 'a@example.com', currency: 'Rs', publicUrl: 'https://shop.example' });
    expect(text).toContain('  2 x Pears (Rs 19.99 each) = Rs 39.98');
    expect(text).toContain('  Plums (not available)');
    expect(text).toContain('  1 x Apricots (substitute) (Rs 19.99 each) = Rs 19.99');
    expect(text).toContain('Tax (2%): Rs 1.19');
    expect(text).toContain('Rs 81.15');
  });

  it('tells the shopper the order id, items, total, delivery address and payment method', async () => {
    const shopper = await createShopper(t.app, { email: 'asha.mail@example.com' });
    const tomato = await createProduct(t.app, { name: 'Fresh Tomato', offerPrice: 33.33 });
    const { orderNumber } = await placeTestOrder(t.app, { shopper, items: [{ product: tomato, quantity: 3 }] });
    await expect.poll(() => received.find((m) => m.raw.includes(orderNumber)), { timeout: 10_000 }).toBeDefined();
    const mail = received.find((m) => m.raw.includes(orderNumber))!;
    expect(mail.to).toEqual(['asha.mail@example.com']);
    const text = decode(mail.raw);
    expect(text).toContain(`Subject: GreenCart order ${orderNumber} confirmed`);
    expect(text).toContain(`Order number: ${orderNumber}`);
    expect(text).toContain('3 x Fresh Tomato (Rs 33.33 each) = Rs 99.99');
    // The tax as a line of its own, so the lines add up to the total (a probe): 99.99 + 1.99 = 101.98.
    expect(text).toContain('Tax (2%): Rs 1.99');
    expect(text).toContain('Total (incl. 2% tax, free shipping): Rs 101.98');
    expect(text).toContain('12 MG Road');
    expect(text).toContain('Pune, Maharashtra 411001');
    expect(text).toContain('Payment method: Cash On Delivery');
  });

  it('mails an online order once it is paid', async () => {
    const { orderId } = await placeTestOrder(t.app, { paymentType: 'Online' });
    const { orderId: paidId } = await placeTestOrder(t.app, { paymentType: 'Online', paid: true });
    await expect.poll(() => received.some((m) => m.raw.includes(paidId)), { timeout: 10_000 }).toBe(true);
    expect(received.some((m) => m.raw.includes(orderId))).toBe(false);
    expect(decode(received.find((m) => m.raw.includes(paidId))!.raw)).toContain('Payment method: Online Payment (paid)');
  });
});

describe('shutting down', () => {
  it('waits for confirmation e-mails still being sent instead of cutting them off', async () => {
    const { port } = smtp.server.address() as AddressInfo;
    const leaving = await buildTestApp({ SMTP_URL: `smtp://127.0.0.1:${port}` });
    try {
      const { orderId } = await placeTestOrder(leaving.app);
      await leaving.app.close();
      expect(received.some((m) => m.raw.includes(orderId))).toBe(true);
    } finally {
      await leaving.close();
    }
  });
});

describe('a mail server that is down', () => {
  it('never fails the order', async () => {
    const down = await buildTestApp({ SMTP_URL: 'smtp://127.0.0.1:9' });
    try {
      const { orderId } = await placeTestOrder(down.app);
      expect(orderId).toMatch(/^[0-9a-f-]{36}$/);
      expect((await down.app.orders.listForUser((await down.app.db.query.orders.findFirst())!.userId, { limit: 10 })).orders).toHaveLength(1);
    } finally {
      await down.close();
    }
  });
});
