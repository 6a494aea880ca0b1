import type { Order } from '@greencart/shared';
import { api } from '../../../lib/api-client';

/** GET /api/order/user (spec section 7). Load errors are only logged (spec section 8), so it is silent. */
export const getMyOrders = () => api.get<{ orders: Order[] }>('/api/order/user', { silent: true });
