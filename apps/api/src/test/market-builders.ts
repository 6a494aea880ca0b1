import type { FastifyInstance } from 'fastify';
import type { SubstitutePreference } from '@greencart/shared';
import { eq } from 'drizzle-orm';
import { products, sellers, type SellerStatus } from '../db/schema/index.js';
import { body, createAddress, createProduct, createShopper, passwordHashFor, sellerCookie } from './test-app.js';

let sequence = 0;

/** A shop of the marketplace (issue 26), approved unless told, with a live seller session's Cookie header. */
export async function createShop(app: FastifyInstance, options: { status?: SellerStatus; shopName?: string; name?: string; email?: string } = {}) {
  const n = `${Date.now().toString(36)}${(sequence++).toString(36)}`;
  const [row] = await app.db
    .insert(sellers)
    .values({
      email: options.email ?? `shop-${n}@example.com`,
      name: options.name ?? '',
      passwordHash: await passwordHashFor(),
      role: 'seller',
      status: options.status ?? 'approved',
      shopName: options.shopName ?? `Shop ${n}`,
      slug: `shop-${n}`,
      emailConfirmedAt: new Date(),
    })
    .returning();
  return { id: row!.id, shopName: row!.shopName, slug: row!.slug, cookie: await sellerCookie(app, row!.id) };
}

/** A product of `sellerId` at `offerPrice`, counted at `stock` units when given. */
export async function shopProduct(app: FastifyInstance, sellerId: string, options: { offerPrice?: number; stock?: number; name?: string } = {}) {
  const product = await createProduct(app, { sellerId, offerPrice: options.offerPrice ?? 40, price: (options.offerPrice ?? 40) + 10, name: options.name });
  if (options.stock !== undefined) {
    await app.db.update(products).set({ stock: options.stock, inStock: options.stock > 0 }).where(eq(products.id, product.id));
    app.products.invalidate();
  }
  return product;
}

export interface CheckoutAnswerBody {
  success: boolean;
  code?: string;
  message: string;
  orderId: string;
  checkoutId: string;
  url?: string;
  orders: { _id: string; seller: { id: string; shopName: string; slug: string }; amount: number }[];
}

/** A shopper's checkout through the API (`cod` or `stripe`), a new shopper and address unless given. */
export async function checkoutThroughApi(
  app: FastifyInstance,
  lines: { product: { id: string }; quantity: number; substitute?: SubstitutePreference }[],
  options: { payment?: 'cod' | 'stripe'; shopper?: Awaited<ReturnType<typeof createShopper>>; addressId?: string } = {},
) {
  const shopper = options.shopper ?? (await createShopper(app));
  const addressId = options.addressId ?? (await createAddress(app, shopper.user.id)).id;
  const payload = { items: lines.map((l) => ({ product: l.product.id, quantity: l.quantity, ...(l.substitute ? { substitute: l.substitute } : {}) })), address: addressId };
  const res = await app.inject({ method: 'POST', url: `/api/order/${options.payment ?? 'cod'}`, payload, headers: { cookie: shopper.cookie } });
  return { res, answer: body<CheckoutAnswerBody>(res), shopper, addressId };
}

/** Moves an order along the chain to Delivered as `cookie`'s shop (each step a seller's status change). */
export async function deliver(app: FastifyInstance, orderId: string, cookie: string) {
  const res = await app.inject({ method: 'POST', url: '/api/order/status', payload: { orderId, status: 'Delivered' }, headers: { cookie } });
  if (res.statusCode !== 200) throw new Error(`delivering ${orderId}: ${res.statusCode} ${res.body}`);
  return res;
}
