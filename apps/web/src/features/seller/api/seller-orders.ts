import type { Order, OrderStatus, SellerSummary } from '@greencart/shared';
import { api } from '../../../lib/api-client';

/** GET /api/order/seller: every order, newest first, and the summary. Errors are shown by the page. */
export const getSellerOrders = () => api.get<{ orders: Order[]; summary: SellerSummary }>('/api/order/seller', { silent: true });

/** POST /api/order/status (issue 6): forward only; the server's 409 message is toasted. */
export const setOrderStatus = (orderId: string, status: OrderStatus) => api.post<{ message: string; order: Order }>('/api/order/status', { orderId, status });
