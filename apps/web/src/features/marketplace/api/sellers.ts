import type { SellerListItem, SellerStatus, SellerStatusInput } from '@greencart/shared';
import { api } from '../../../lib/api-client';
import { afterWrite, dataHref, dataLoader, usePagedRouteData } from '../../../lib/route-data';

export interface SellerListPage {
  sellers: SellerListItem[];
  nextCursor: string | null;
}

/** GET /api/seller/sellers?status=: the operator's applications and shops, oldest first, a page at a time. */
export const getSellers = (status: SellerStatus | undefined, cursor?: string) => {
  const params = new URLSearchParams();
  if (status) params.set('status', status);
  if (cursor) params.set('cursor', cursor);
  return api.get<SellerListPage>(`/api/seller/sellers${params.size ? `?${params}` : ''}`, { session: 'seller' });
};

export const sellersLoader = dataLoader((params) => getSellers((params.get('status') as SellerStatus | null) ?? undefined, params.get('cursor') ?? undefined));

export const useSellers = (status: SellerStatus | undefined) => usePagedRouteData<SellerListPage>(dataHref('/data/seller/sellers', { status }), { keepPrevious: true });

/** POST /api/seller/sellers/status: approve or suspend (with a reason the seller is e-mailed); the lists are read again. */
export const setSellerStatus = (input: SellerStatusInput) =>
  api.post<{ message: string; seller: SellerListItem }>('/api/seller/sellers/status', input, { session: 'seller' }).then(afterWrite);
