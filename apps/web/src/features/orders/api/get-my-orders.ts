import type { Order } from '@greencart/shared';
import { api } from '../../../lib/api-client';
import { useQuery } from '../../../lib/use-query';

/** GET /api/order/user (spec section 7). Load errors are only logged (spec section 8), so it is silent. */
export const getMyOrders = () =>
  api
    .get<{ orders: Order[] }>('/api/order/user', { silent: true })
    .then((a) => a.orders)
    .catch((err: unknown) => {
      console.error('Loading my orders failed', err);
      throw err;
    });

/** Cached under 'user' (forgotten at logout); placing an order invalidates it. */
export const useMyOrders = (signedIn: boolean) => useQuery(['user', 'orders'], getMyOrders, { enabled: signedIn });
