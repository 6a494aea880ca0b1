import type { Order } from '@greencart/shared';
import { api } from '../../../lib/api-client';
import { revalidate } from '../../../lib/route-data';

/**
 * POST /api/order/cancel (issue 28): the shopper cancels one of their orders before it is packed. A
 * refusal (already packed…) is toasted by the API client; My Orders is read again either way, so it
 * shows the order as it is now. `wholeCheckout`: with the checkout's other orders (a coupon's minimum, decision 0263).
 */
export const cancelOrder = (orderId: string, wholeCheckout?: boolean, reason?: string) =>
  api.post<{ message: string; order: Order }>('/api/order/cancel', { orderId, wholeCheckout, reason }).finally(revalidate);
