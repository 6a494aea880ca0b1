import { BUY_AGAIN_PAGE_MAX, type Product } from '@greencart/shared';
import { api } from '../../../lib/api-client';
import { useSession } from '../../../lib/session';
import { dataHref, dataLoader, usePagedRouteData, useRouteData } from '../../../lib/route-data';

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

export const buyAgainLoader = dataLoader((params) => getBuyAgain(Number(params.get('limit')), params.get('cursor') ?? undefined));

/** The signed-in shopper's list (the address names the shopper: another one never sees the last one's); a visitor asks nothing. */
const useBuyAgainHref = (limit: number) => {
  const userId = useSession((s) => s.user?._id);
  return userId ? dataHref('/data/buy-again', { for: userId, limit: String(limit) }) : null;
};

/** The home page's row. */
export const useBuyAgainRow = () => useRouteData<BuyAgainPage>(useBuyAgainHref(BUY_AGAIN_ROW_SIZE));

/** /buy-again: every page ('Load more'). */
export const useBuyAgainPages = () => usePagedRouteData<BuyAgainPage>(useBuyAgainHref(BUY_AGAIN_PAGE_MAX / 2));
