import type { Order, OrderStatus, SellerSummary } from '@greencart/shared';
import { api } from '../../../lib/api-client';
import { queryCache } from '../../../lib/query-cache';
import { usePagedQuery } from '../../../lib/use-query';

export interface SellerOrderPage {
  orders: Order[];
  nextCursor: string | null;
  summary: SellerSummary;
}

const sellerOrdersKey = ['seller', 'orders'] as const;

/** GET /api/order/seller: the newest 50 orders (then the next 50 after `cursor`) and the summary over all orders. Errors are shown by the page. */
export const getSellerOrders = (cursor?: string) =>
  api.get<SellerOrderPage>(`/api/order/seller${cursor ? `?cursor=${encodeURIComponent(cursor)}` : ''}`, { silent: true, session: 'seller' });

export const useSellerOrders = () => usePagedQuery(sellerOrdersKey, getSellerOrders);

/**
 * POST /api/order/status (issue 6): forward only; the server's 409 message is toasted. The changed
 * order replaces its row in the loaded pages, then the summary is read again.
 */
export const setOrderStatus = (orderId: string, status: OrderStatus) =>
  api.post<{ message: string; order: Order }>('/api/order/status', { orderId, status }, { session: 'seller' }).then((answer) => {
    queryCache.update<{ pages: SellerOrderPage[] }>(sellerOrdersKey, (data) => ({
      pages: data.pages.map((page) => ({ ...page, orders: page.orders.map((o) => (o._id === orderId ? answer.order : o)) })),
    }));
    getSellerOrders()
      .then(({ summary }) => queryCache.update<{ pages: SellerOrderPage[] }>(sellerOrdersKey, (data) => ({ pages: data.pages.map((page, i) => (i === 0 ? { ...page, summary } : page)) })))
      .catch(() => undefined);
    return answer;
  });
