import type { Product } from '@greencart/shared';
import { api } from '../../../lib/api-client';
import { dataLoader, useRouteData } from '../../../lib/route-data';

/** GET /api/seller/products/low-stock: counted products at or below LOW_STOCK_THRESHOLD, fewest first, a short list. */
export const getLowStock = () => api.get<{ products: Product[]; more: boolean }>('/api/seller/products/low-stock', { session: 'seller', silent: true });

export const lowStockLoader = dataLoader(getLowStock);

export const useLowStock = () => useRouteData<Awaited<ReturnType<typeof getLowStock>>>('/data/seller/low-stock');
