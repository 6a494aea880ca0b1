import type { Order } from '@greencart/shared';
import { api } from '../../../lib/api-client';
import { useSession } from '../../../lib/session';
import { dataHref, dataLoader, usePagedRouteData } from '../../../lib/route-data';

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

export const myOrdersLoader = dataLoader((params) => getMyOrders(params.get('cursor') ?? undefined));

/**
 * The signed-in shopper's orders ('Load more' appends a page); the address names the shopper, so another one
 * signing in never sees the last one's answer. A visitor asks nothing.
 */
export function useMyOrders() {
  const userId = useSession((s) => s.user?._id);
  return usePagedRouteData<MyOrdersPage>(userId ? dataHref('/data/my-orders', { for: userId }) : null);
}
