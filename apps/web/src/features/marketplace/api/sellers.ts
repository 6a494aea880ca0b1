import type { SellerListItem, SellerStatus, SellerStatusInput } from '@greencart/shared';
import { api } from '../../../lib/api-client';
import { queryCache } from '../../../lib/query-cache';
import { usePagedQuery } from '../../../lib/use-query';

export interface SellerListPage {
  sellers: SellerListItem[];
  nextCursor: string | null;
}

const sellersKey = ['seller', 'sellers'] as const;

/** GET /api/seller/sellers?status=: the operator's applications and shops, oldest first, a page at a time. */
export const getSellers = (status: SellerStatus | undefined, cursor?: string) => {
  const params = new URLSearchParams();
  if (status) params.set('status', status);
  if (cursor) params.set('cursor', cursor);
  return api.get<SellerListPage>(`/api/seller/sellers${params.size ? `?${params}` : ''}`, { session: 'seller' });
};

export const useSellers = (status: SellerStatus | undefined) => usePagedQuery([...sellersKey, status ?? 'all'], (cursor) => getSellers(status, cursor), { keepPrevious: true });

/**
 * POST /api/seller/sellers/status: approve or suspend (with a reason the seller is e-mailed). The changed
 * shop replaces its row in every loaded list (it stays in view under a status filter it no longer matches);
 * the balances list shows statuses too, so it is read again.
 */
export const setSellerStatus = (input: SellerStatusInput) =>
  api.post<{ message: string; seller: SellerListItem }>('/api/seller/sellers/status', input, { session: 'seller' }).then((answer) => {
    queryCache.update<{ pages: SellerListPage[] }>(sellersKey, (data) => ({
      pages: data.pages.map((page) => ({ ...page, sellers: page.sellers.map((s) => (s.id === input.sellerId ? answer.seller : s)) })),
    }));
    queryCache.invalidate(['seller', 'payouts']);
    return answer;
  });
