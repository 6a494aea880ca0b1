import type { Product } from '@greencart/shared';
import { api } from '../../../lib/api-client';
import { dataLoader, usePagedRouteData } from '../../../lib/route-data';

export interface LowStockPage {
  products: Product[];
  more: boolean;
  nextCursor: string | null;
}

/** GET /api/seller/products/low-stock: counted products at or below LOW_STOCK_THRESHOLD, fewest first, a page at a time. */
export const getLowStock = (cursor?: string) =>
  api.get<LowStockPage>(`/api/seller/products/low-stock${cursor ? `?cursor=${cursor}` : ''}`, { session: 'seller', silent: true });

export const lowStockLoader = dataLoader((params) => getLowStock(params.get('cursor') ?? undefined));

export const useLowStock = () => usePagedRouteData<LowStockPage>('/data/seller/low-stock');
