import type { CartItems, ReorderLeftOutReason } from '@greencart/shared';
import { api } from '../../../lib/api-client';
import { revalidate } from '../../../lib/route-data';

export interface ReorderAnswer {
  message: string;
  /** The whole cart as the server now holds it. */
  cartItems: CartItems;
  leftOut: { product: { _id: string; name: string }; reason: ReorderLeftOutReason; added: number; message: string }[];
}

/** POST /api/order/reorder (issue 28): a past order's available lines into the server's cart. */
export const reorder = (orderId: string) =>
  api.post<ReorderAnswer>('/api/order/reorder', { orderId }).finally(revalidate);
