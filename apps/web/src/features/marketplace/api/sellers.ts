import type { SellerListItem, SellerStatus, SellerStatusInput } from '@greencart/shared';
import { api } from '../../../lib/api-client';
import { dataHref, dataLoader, updateShownPages, usePagedRouteData } from '../../../lib/route-data';

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

/**
 * POST /api/seller/sellers/status: approve or suspend (with a reason the seller is e-mailed). The changed
 * shop replaces its row in the list shown (it stays in view under a status filter it no longer matches).
 */
export const setSellerStatus = (input: SellerStatusInput) =>
  api.post<{ message: string; seller: SellerListItem }>('/api/seller/sellers/status', input, { session: 'seller' }).then((answer) => {
    updateShownPages<SellerListPage>('/data/seller/sellers', (page) => ({ ...page, sellers: page.sellers.map((s) => (s.id === input.sellerId ? answer.seller : s)) }));
    return answer;
  });
