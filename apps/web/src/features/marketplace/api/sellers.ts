import type { SellerListItem, SellerStatus, SellerStatusInput } from '@greencart/shared';
import { api } from '../../../lib/api-client';
import { dataHref, dataLoader, updateShownPages, usePagedRouteData } from '../../../lib/route-data';

export interface SellerListPage {
  sellers: SellerListItem[];
  nextCursor: string | null;
  /** Applications waiting, whatever the page lists. */
  pending: number;
}

/** GET /api/seller/sellers?status=&q=: the operator's applications and shops, oldest first, a page at a time. */
export const getSellers = (filter: { status?: SellerStatus; q?: string }, cursor?: string) =>
  api.get<SellerListPage>(dataHref('/api/seller/sellers', { ...filter, cursor }), { session: 'seller' });

export const sellersLoader = dataLoader((params) =>
  getSellers({ status: (params.get('status') as SellerStatus | null) ?? undefined, q: params.get('q') ?? undefined }, params.get('cursor') ?? undefined),
);

export const useSellers = (filter: { status?: SellerStatus; q?: string }) => usePagedRouteData<SellerListPage>(dataHref('/data/seller/sellers', filter), { keepPrevious: true });

/**
 * POST /api/seller/sellers/status: approve or suspend (with a reason the seller is e-mailed). The changed
 * shop replaces its row in the list shown (it stays in view under a status filter it no longer matches).
 */
export const setSellerStatus = (input: SellerStatusInput, before: SellerStatus) =>
  api.post<{ message: string; seller: SellerListItem }>('/api/seller/sellers/status', input, { session: 'seller' }).then((answer) => {
    // An application decided: one fewer waits (the count every page carries).
    const decided = before === 'pending' && answer.seller.status !== 'pending' ? 1 : 0;
    updateShownPages<SellerListPage>('/data/seller/sellers', (page) => ({
      ...page,
      sellers: page.sellers.map((s) => (s.id === input.sellerId ? answer.seller : s)),
      pending: Math.max(0, page.pending - decided),
    }));
    return answer;
  });
