import type { OrderStatus, PaymentType } from '@greencart/shared';
import type { FastifyInstance } from 'fastify';
import sharp from 'sharp';
import { orderItems, orders } from '../db/schema/index.js';
import { createUser, SAMPLE_ADDRESS } from './test-app.js';

/**
 * Writes an order straight through Drizzle, with any status, payment state and date: the seller's
 * suites need orders of past days and in every state, which checkout cannot make.
 */
export async function insertTestOrder(
  app: FastifyInstance,
  options: { userId?: string; amountMinor?: number; paymentType?: PaymentType; isPaid?: boolean; status?: OrderStatus; createdAt?: Date; itemName?: string } = {},
) {
  const userId = options.userId ?? (await createUser(app)).id;
  const amountMinor = options.amountMinor ?? 10_200;
  const [order] = await app.db
    .insert(orders)
    .values({
      userId,
      address: SAMPLE_ADDRESS,
      subtotalMinor: amountMinor,
      taxMinor: 0,
      amountMinor,
      paymentType: options.paymentType ?? 'COD',
      isPaid: options.isPaid ?? false,
      status: options.status ?? 'Order Placed',
      ...(options.createdAt ? { createdAt: options.createdAt } : {}),
    })
    .returning();
  await app.db.insert(orderItems).values({ orderId: order!.id, name: options.itemName ?? 'Test Apple', category: 'Fruits', unitPriceMinor: amountMinor, quantity: 1 });
  return order!;
}

/** A real image of the given format, made with sharp. */
export function testImage(format: 'png' | 'jpeg' | 'webp' | 'avif' = 'png', size = 64): Promise<Buffer> {
  return sharp({ create: { width: size, height: size, channels: 3, background: { r: 80, g: 190, b: 140 } } })
    .toFormat(format)
    .toBuffer();
}

/** A multipart body for `app.inject`, built by the platform's own FormData encoder. */
export async function multipartBody(fields: Record<string, string>, files: { field?: string; name: string; data: Buffer; type?: string }[] = []) {
  const form = new FormData();
  for (const [key, value] of Object.entries(fields)) form.append(key, value);
  for (const file of files) form.append(file.field ?? 'images', new Blob([new Uint8Array(file.data)], { type: file.type ?? 'application/octet-stream' }), file.name);
  const request = new Request('http://localhost/', { method: 'POST', body: form });
  return { payload: Buffer.from(await request.arrayBuffer()), headers: { 'content-type': request.headers.get('content-type')! } };
}
