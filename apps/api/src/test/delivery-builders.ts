import { DEFAULT_DELIVERY_SETTINGS, type DeliverySettings, type DeliverySlotsAnswer } from '@greencart/shared';
import type { FastifyInstance } from 'fastify';
import { body } from './test-app.js';

/** Issue 28: sets a shop's delivery through its own PUT /api/seller/delivery (the defaults for what is not given). */
export async function setDelivery(app: FastifyInstance, cookie: string, settings: Partial<DeliverySettings>) {
  const res = await app.inject({ method: 'PUT', url: '/api/seller/delivery', payload: { ...DEFAULT_DELIVERY_SETTINGS, ...settings }, headers: { cookie } });
  if (res.statusCode !== 200) throw new Error(`setting delivery: ${res.statusCode} ${res.body}`);
  return res;
}

/** Every day of the week, for windows open daily. */
export const EVERY_DAY = [1, 2, 3, 4, 5, 6, 7];

/** A shop's offered windows now (GET /api/delivery/slots), optionally for a pincode. */
export async function slotsOf(app: FastifyInstance, sellerId: string, pincode?: string): Promise<DeliverySlotsAnswer> {
  const res = await app.inject({ method: 'GET', url: `/api/delivery/slots?seller=${sellerId}${pincode ? `&pincode=${pincode}` : ''}` });
  if (res.statusCode !== 200) throw new Error(`slots: ${res.statusCode} ${res.body}`);
  return body<DeliverySlotsAnswer>(res);
}

/** A checkout through the API with the windows chosen (`deliverySlots`). */
export async function checkoutWithSlots(
  app: FastifyInstance,
  buyer: { cookie: string; addressId: string },
  lines: { product: { id: string }; quantity: number }[],
  deliverySlots: Record<string, string> | undefined,
  payment: 'cod' | 'stripe' = 'cod',
) {
  const payload = { items: lines.map((l) => ({ product: l.product.id, quantity: l.quantity })), address: buyer.addressId, ...(deliverySlots ? { deliverySlots } : {}) };
  return app.inject({ method: 'POST', url: `/api/order/${payment}`, payload, headers: { cookie: buyer.cookie } });
}
