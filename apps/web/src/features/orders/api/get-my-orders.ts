import type { Order } from '@greencart/shared';
import { api } from '../../../lib/api-client';
import { usePagedQuery } from '../../../lib/use-query';

export interface MyOrdersPage {
  orders: Order[];
  nextCursor: string | null;
}

/**
 * GET /api/order/user (spec section 7): the newest orders, then the ones after `cursor` (issue 15's
 * pages). Load errors are only logged (spec section 8), so it is silent.
 */
export const getMyOrders = (cursor?: string) =>
  api.get<MyOrdersPage>(`/api/order/user${cursor ? `?cursor=${cursor}` : ''}`, { silent: true }).catch((err: unknown) => {
    console.error('Loading my orders failed', err);
    throw err;
  });

/** Cached under 'user' (forgotten at logout); placing an order invalidates it. 'Load more' appends a page. */
export const useMyOrders = (signedIn: boolean) => usePagedQuery(['user', 'orders'], getMyOrders, { enabled: signedIn });
