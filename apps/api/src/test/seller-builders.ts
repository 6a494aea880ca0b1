import type { OrderStatus, PaymentType } from '@greencart/shared';
import type { FastifyInstance } from 'fastify';
import { randomUUID } from 'node:crypto';
import zlib from 'node:zlib';
import sharp from 'sharp';
import { orderItems, orders } from '../db/schema/index.js';
import { createUser, operatorId, SAMPLE_ADDRESS } from './test-app.js';

/**
 * Writes an order straight through Drizzle, with any status, payment state and date: the seller's
 * suites need orders of past days and in every state, which checkout cannot make.
 */
export async function insertTestOrder(
  app: FastifyInstance,
  options: {
    userId?: string;
    amountMinor?: number;
    paymentType?: PaymentType;
    isPaid?: boolean;
    status?: OrderStatus;
    createdAt?: Date;
    itemName?: string;
    refundedAt?: Date;
    /** The shop the order is for: the operator's unless given. */
    sellerId?: string;
    /** Changes to the delivery address copied on the order (the buyer's name the seller searches). */
    address?: Partial<typeof SAMPLE_ADDRESS>;
  } = {},
) {
  const userId = options.userId ?? (await createUser(app)).id;
  const amountMinor = options.amountMinor ?? 10_200;
  const [order] = await app.db
    .insert(orders)
    .values({
      userId,
      sellerId: options.sellerId ?? (await operatorId(app)),
      checkoutId: randomUUID(),
      address: { ...SAMPLE_ADDRESS, ...options.address },
      subtotalMinor: amountMinor,
      taxMinor: 0,
      amountMinor,
      paymentType: options.paymentType ?? 'COD',
      isPaid: options.isPaid ?? false,
      status: options.status ?? 'Order Placed',
      refundedAt: options.refundedAt ?? null,
      ...(options.createdAt ? { createdAt: options.createdAt } : {}),
    })
    .returning();
  await app.db.insert(orderItems).values({ orderId: order!.id, name: options.itemName ?? 'Test Apple', category: 'Fruits', unitPriceMinor: amountMinor, quantity: 1 });
  return order!;
}

/** An image's first half: its header reads as the image, its pixels cannot be decoded (a cut-off upload). */
export const cutOff = (image: Buffer) => image.subarray(0, Math.floor(image.length / 2));

/** A real image of the given format, made with sharp. */
export function testImage(format: 'png' | 'jpeg' | 'webp' | 'avif' = 'png', size = 64): Promise<Buffer> {
  return sharp({ create: { width: size, height: size, channels: 3, background: { r: 80, g: 190, b: 140 } } })
    .toFormat(format)
    .toBuffer();
}

/**
 * A valid black PNG of any size in a few kilobytes (1-bit greyscale, rows of zeros deflate to
 * almost nothing): a 10000×10000 image without sharp holding 300 MB of pixels to make it.
 */
export function blackPng(width: number, height: number): Buffer {
  const chunk = (type: string, data: Buffer) => {
    const typed = Buffer.concat([Buffer.from(type, 'ascii'), data]);
    const length = Buffer.alloc(4);
    length.writeUInt32BE(data.length);
    const crc = Buffer.alloc(4);
    crc.writeUInt32BE(zlib.crc32(typed));
    return Buffer.concat([length, typed, crc]);
  };
  const header = Buffer.alloc(13);
  header.writeUInt32BE(width, 0);
  header.writeUInt32BE(height, 4);
  header.writeUInt8(1, 8); // bit depth 1, colour type 0 (greyscale), default compression, filter, no interlace
  const rows = Buffer.alloc(height * (1 + Math.ceil(width / 8))); // each row: filter byte 0, then zero bits
  return Buffer.concat([
    Buffer.from([0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a]),
    chunk('IHDR', header),
    chunk('IDAT', zlib.deflateSync(rows)),
    chunk('IEND', Buffer.alloc(0)),
  ]);
}

/** A multipart body for `app.inject`, built by the platform's own FormData encoder. */
export async function multipartBody(fields: Record<string, string>, files: { field?: string; name: string; data: Buffer; type?: string }[] = []) {
  const form = new FormData();
  for (const [key, value] of Object.entries(fields)) form.append(key, value);
  for (const file of files) form.append(file.field ?? 'images', new Blob([new Uint8Array(file.data)], { type: file.type ?? 'application/octet-stream' }), file.name);
  const request = new Request('http://localhost/', { method: 'POST', body: form });
  return { payload: Buffer.from(await request.arrayBuffer()), headers: { 'content-type': request.headers.get('content-type')! } };
}
