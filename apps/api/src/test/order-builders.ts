import { priceCheckout, type PaymentType } from '@greencart/shared';
import { sql } from 'drizzle-orm';
import type { FastifyInstance } from 'fastify';
import { createAddress, createProduct, createShopper } from './test-app.js';

type ProductRow = Awaited<ReturnType<typeof createProduct>>;

/**
 * Places a real order through the order service (the same rules and transaction as checkout), for
 * suites that need orders to exist: the shopper's list, the seller's list, status changes.
 * Everything not given is created: a logged-in shopper, an address, one product.
 */
export async function placeTestOrder(
  app: FastifyInstance,
  options: {
    shopper?: Awaited<ReturnType<typeof createShopper>>;
    addressId?: string;
    items?: { product: ProductRow; quantity: number }[];
    paymentType?: PaymentType;
    /** For an online order: also complete the payment (as the provider's webhook would). */
    paid?: boolean;
    /** Issue 28: the windows chosen, by shop id. */
    deliverySlots?: Record<string, string>;
  } = {},
) {
  const shopper = options.shopper ?? (await createShopper(app));
  const addressId = options.addressId ?? (await createAddress(app, shopper.user.id)).id;
  const items = options.items ?? [{ product: await createProduct(app), quantity: 1 }];
  const input = { items: items.map((i) => ({ product: i.product.id, quantity: i.quantity })), address: addressId, deliverySlots: options.deliverySlots };
  let orderId: string;
  if ((options.paymentType ?? 'COD') === 'COD') {
    orderId = (await app.orders.placeCodOrder(shopper.user.id, input)).orderId;
  } else {
    orderId = (await app.orders.placeOnlineOrder(shopper.user.id, input)).orderId;
    if (options.paid) await completeTestPayment(app, orderId);
  }
  return { orderId, orderNumber: await orderNumberOf(app, orderId), shopper, addressId, items };
}

/** An order's number as people read it (`GC-100234`, issue 28): what e-mails and screens show. */
export async function orderNumberOf(app: FastifyInstance, orderId: string): Promise<string> {
  const order = await app.db.query.orders.findFirst({ where: (o, { eq }) => eq(o.id, orderId) });
  if (!order) throw new Error(`no order ${orderId}`);
  return `GC-${order.orderNumber}`;
}

/** Marks an online order paid through the one payment path (handlePaymentEvent). */
export async function completeTestPayment(app: FastifyInstance, orderId: string) {
  const order = await app.db.query.orders.findFirst({ where: (o, { eq }) => eq(o.id, orderId) });
  if (!order?.paymentSessionId) throw new Error(`order ${orderId} has no payment session`);
  return app.orders.handlePaymentEvent({ id: `evt_test_${orderId}`, type: 'checkout.session.completed', sessionId: order.paymentSessionId });
}

/** `placeOrder`'s lines and shop orders for these products at their prices, priced as checkout prices them. */
export function pricedLines(items: { product: ProductRow; quantity: number }[]) {
  const lines = items.map((i) => ({ productId: i.product.id, quantity: i.quantity, unitPriceMinor: i.product.offerPriceMinor, sellerId: i.product.sellerId }));
  return { lines, orders: priceCheckout(lines).orders };
}

/**
 * `count` more orders copied from the store's first, each a checkout of its own, in one statement: a store grown
 * since the planner last took statistics (the embedded database never takes them by itself, docs/decisions/0210).
 */
export async function copyFirstOrder(app: FastifyInstance, count: number): Promise<void> {
  await app.db.execute(sql`insert into orders (user_id, address_id, seller_id, checkout_id, address, subtotal_minor, tax_minor, amount_minor, payment_type)
    select o.user_id, o.address_id, o.seller_id, gen_random_uuid(), o.address, o.subtotal_minor, o.tax_minor, o.amount_minor, o.payment_type
      from (select * from orders order by created_at limit 1) o, generate_series(1, ${count})`);
}
