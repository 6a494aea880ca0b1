import type { Order, OrderPickInput, OrderStatus, SellerOrderFilter, SellerSummary } from '@greencart/shared';
import { api } from '../../../lib/api-client';
import { dataHref, dataLoader, updateShownPages, usePagedRouteData } from '../../../lib/route-data';

export interface SellerOrderPage {
  /** The page's orders, under the spec's name. */
  order: Order[];
  nextCursor: string | null;
  summary: SellerSummary;
}

/** The filters as the server's query parameters (shared SellerOrderFilterSchema); empty ones left out. */
export type SellerOrderFilters = Partial<SellerOrderFilter>;

/**
 * GET /api/order/seller: the newest 20 orders matching the filters (then the next 20 after `cursor`)
 * and the summary over all orders. Errors are shown by the page.
 */
export const getSellerOrders = (filters: SellerOrderFilters, cursor?: string) =>
  // `?status=Packed&cursor=…`, or the spec's call as it is when no filter is set.
  api.get<SellerOrderPage>(dataHref('/api/order/seller', { ...filters, cursor }), { silent: true, session: 'seller' });

export const sellerOrdersLoader = dataLoader((params) => {
  const { cursor, ...filters } = Object.fromEntries(params);
  return getSellerOrders(filters, cursor);
});

export const useSellerOrders = (filters: SellerOrderFilters) => usePagedRouteData<SellerOrderPage>(dataHref('/data/seller/orders', filters), { keepPrevious: true });

/** GET /api/order/seller/export: the same filters, downloaded as CSV by the browser (the seller's cookie goes along). */
export const sellerOrdersExportUrl = (filters: SellerOrderFilters) => dataHref('/api/order/seller/export', filters);

/**
 * An order a write changed replaces its row in the list shown (it stays in view even if it no longer matches
 * a filter, and the pages loaded stay), then the summary is read again (of the shop the list is filtered to, if one). Other screens load theirs when opened.
 */
function showChangedOrder<A extends { order: Order }>(answer: A): A {
  const changed = answer.order;
  updateShownPages<SellerOrderPage>('/data/seller/orders', (page) => ({ ...page, order: page.order.map((o) => (o._id === changed._id ? changed : o)) }));
  // The summary shown: the operator's over every shop, or over the one shop its list is filtered to.
  getSellerOrders({ seller: new URLSearchParams(window.location.search).get('seller') ?? undefined })
    .then(({ summary }) => updateShownPages<SellerOrderPage>('/data/seller/orders', (page, i) => (i === 0 ? { ...page, summary } : page)))
    .catch(() => undefined);
  return answer;
}

/** POST /api/order/status (issue 6): forward only; the server's 409 message is toasted. */
export const setOrderStatus = (orderId: string, status: OrderStatus, reason?: string) =>
  api.post<{ message: string; order: Order }>('/api/order/status', { orderId, status, reason }, { session: 'seller' }).then(showChangedOrder);

/**
 * POST /api/order/refund (issue 26): gives a delivered order back (its share of a card payment is
 * refunded; the shop's ledger gets a refund entry).
 */
export const refundOrder = (orderId: string) =>
  api.post<{ message: string; order: Order }>('/api/order/refund', { orderId }, { session: 'seller' }).then(showChangedOrder);

/**
 * POST /api/order/pick (issue 28): what was picked per line before packing; the order comes back repriced (a
 * card refunded the difference) and stock moved.
 */
export const recordPicks = (input: OrderPickInput) =>
  api.post<{ message: string; order: Order }>('/api/order/pick', input, { session: 'seller' }).then(showChangedOrder);
