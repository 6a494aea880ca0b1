import type { Product } from '@greencart/shared';
import { api } from '../../../lib/api-client';
import { useQuery } from '../../../lib/use-query';

/** GET /api/seller/products/low-stock: counted products at or below LOW_STOCK_THRESHOLD, fewest first, a short list. */
export const getLowStock = () => api.get<{ products: Product[]; more: boolean }>('/api/seller/products/low-stock', { session: 'seller', silent: true });

export const useLowStock = () => useQuery(['seller', 'low-stock'], getLowStock);
