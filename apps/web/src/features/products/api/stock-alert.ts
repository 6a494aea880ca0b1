import type { StockAlertAnswer, StockAlertListAnswer } from '@greencart/shared';
import { api } from '../../../lib/api-client';
import { afterWrite, dataHref, dataLoader, useRouteData } from '../../../lib/route-data';
import { useSession } from '../../../lib/session';

/** GET /api/product/alert (decision 0290): whether the shopper is to hear when the product is back. */
export const stockAlertLoader = dataLoader((params) => api.get<StockAlertAnswer>(`/api/product/alert?productId=${params.get('productId')}`, { silent: true }));

/** The signed-in shopper's alert for the product (the address names the shopper); a visitor asks nothing. */
export function useStockAlert(productId: string) {
  const userId = useSession((s) => s.user?._id);
  return useRouteData<StockAlertAnswer>(userId ? dataHref('/data/stock-alert', { for: userId, productId }) : null);
}

/** GET /api/product/alerts: the shopper's alerts, newest first (at most 100: one list). */
export const stockAlertsLoader = dataLoader(() => api.get<StockAlertListAnswer>('/api/product/alerts', { silent: true }));

/** The signed-in shopper's alerts (My Orders' disclosure, read when opened). */
export function useStockAlerts() {
  const userId = useSession((s) => s.user?._id);
  return useRouteData<StockAlertListAnswer>(userId ? dataHref('/data/stock-alerts', { for: userId }) : null);
}

/** Asks for the alert, or stops it; the answer's message is the toast's. */
export const setStockAlert = (productId: string, on: boolean) => api.post<StockAlertAnswer>(on ? '/api/product/alert' : '/api/product/alert/delete', { productId }).then(afterWrite);
