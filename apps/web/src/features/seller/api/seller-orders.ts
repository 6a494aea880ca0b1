import type { Order, OrderPickInput, OrderStatus, SellerOrderFilter, SellerSummary } from '@greencart/shared';
import { api } from '../../../lib/api-client';
import { queryCache } from '../../../lib/query-cache';
import { usePagedQuery } from '../../../lib/use-query';

export interface SellerOrderPage {
  /** The page's orders, under the spec's name. */
  order: Order[];
  nextCursor: string | null;
  summary: SellerSummary;
}

/** The filters as the server's query parameters (shared SellerOrderFilterSchema); empty ones left out. */
export type SellerOrderFilters = Partial<SellerOrderFilter>;

/** `?status=Packed&cursor=…`, or nothing when no filter is set (the spec's call as it is). */
const filterQuery = (filters: SellerOrderFilters, cursor?: string) => {
  const params = new URLSearchParams();
  for (const [name, value] of Object.entries(filters)) if (value) params.set(name, value);
  if (cursor) params.set('cursor', cursor);
  return params.size > 0 ? `?${params}` : '';
};

const sellerOrdersKey = ['seller', 'orders'] as const;

/**
 * GET /api/order/seller: the newest 20 orders matching the filters (then the next 20 after `cursor`)
 * and the summary over all orders. Errors are shown by the page.
 */
export const getSellerOrders = (filters: SellerOrderFilters, cursor?: string) =>
  api.get<SellerOrderPage>(`/api/order/seller${filterQuery(filters, cursor)}`, { silent: true, session: 'seller' });

export const useSellerOrders = (filters: SellerOrderFilters) =>
  usePagedQuery([...sellerOrdersKey, filters], (cursor) => getSellerOrders(filters, cursor), { keepPrevious: true });

/** GET /api/order/seller/export: the same filters, downloaded as CSV by the browser (the seller's cookie goes along). */
export const sellerOrdersExportUrl = (filters: SellerOrderFilters) => `/api/order/seller/export${filterQuery(filters)}`;

/**
 * An order a write changed replaces its row in every loaded list (it stays in view even if it no longer
 * matches a filter, and the pages loaded stay), then the summary is read again.
 */
function showChangedOrder(order: Order) {
  type Loaded = { pages: SellerOrderPage[] };
  queryCache.update<Loaded>(sellerOrdersKey, (data) => ({
    pages: data.pages.map((page) => ({ ...page, order: page.order.map((o) => (o._id === order._id ? order : o)) })),
  }));
  getSellerOrders({})
    .then(({ summary }) => queryCache.update<Loaded>(sellerOrdersKey, (data) => ({ pages: data.pages.map((page, i) => (i === 0 ? { ...page, summary } : page)) })))
    .catch(() => undefined);
}

/** POST /api/order/status (issue 6): forward only; the server's 409 message is toasted. */
export const setOrderStatus = (orderId: string, status: OrderStatus) =>
  api.post<{ message: string; order: Order }>('/api/order/status', { orderId, status }, { session: 'seller' }).then((answer) => {
    showChangedOrder(answer.order);
    return answer;
  });

/**
 * POST /api/order/refund (issue 26): gives a delivered order back (its share of a card payment is
 * refunded; the shop's ledger gets a refund entry, so its statement is read again).
 */
export const refundOrder = (orderId: string) =>
  api.post<{ message: string; order: Order }>('/api/order/refund', { orderId }, { session: 'seller' }).then((answer) => {
    showChangedOrder(answer.order);
    queryCache.invalidate(['seller', 'ledger']);
    return answer;
  });

/**
 * POST /api/order/pick (issue 28): what was picked per line before packing; the order comes back repriced (a
 * card refunded the difference), stock moved, so the catalogue's reads are dropped too.
 */
export const recordPicks = (input: OrderPickInput) =>
  api.post<{ message: string; order: Order }>('/api/order/pick', input, { session: 'seller' }).then((answer) => {
    showChangedOrder(answer.order);
    queryCache.invalidate(['products']);
    queryCache.invalidate(['seller', 'products']);
    return answer;
  });
