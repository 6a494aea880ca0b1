import { BUY_AGAIN_PAGE_MAX, type Product } from '@greencart/shared';
import { api } from '../../../lib/api-client';
import { usePagedQuery, useQuery } from '../../../lib/use-query';

export interface BuyAgainPage {
  products: Product[];
  nextCursor: string | null;
}

/** How many the home page's "Buy again" row shows. */
export const BUY_AGAIN_ROW_SIZE = 5;

/**
 * GET /api/order/buy-again (issue 28): the signed-in shopper's products to buy again, most often bought
 * first. Silent: the row and page simply stay empty when it fails.
 */
const getBuyAgain = (limit: number, cursor?: string) =>
  api.get<BuyAgainPage>(`/api/order/buy-again?limit=${limit}${cursor ? `&cursor=${cursor}` : ''}`, { silent: true });

/** The home page's row, cached under 'user' (forgotten at logout). */
export const useBuyAgainRow = (signedIn: boolean) => useQuery(['user', 'buy-again', 'row'], () => getBuyAgain(BUY_AGAIN_ROW_SIZE), { enabled: signedIn });

/** /buy-again: every page ('Load more'). */
export const useBuyAgainPages = (signedIn: boolean) => usePagedQuery(['user', 'buy-again', 'pages'], (cursor) => getBuyAgain(BUY_AGAIN_PAGE_MAX / 2, cursor), { enabled: signedIn });
