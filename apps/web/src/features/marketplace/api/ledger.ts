import type { LedgerAnswer } from '@greencart/shared';
import { api } from '../../../lib/api-client';
import { dataHref, dataLoader, usePagedRouteData } from '../../../lib/route-data';

const query = (sellerId: string | undefined, cursor?: string) => {
  const params = new URLSearchParams();
  if (sellerId) params.set('sellerId', sellerId);
  if (cursor) params.set('cursor', cursor);
  return params.size ? `?${params}` : '';
};

/** GET /api/seller/ledger: a shop's balance and its entries newest first (a seller: its own; the operator: `sellerId`'s). */
export const getLedger = (sellerId: string | undefined, cursor?: string) => api.get<LedgerAnswer>(`/api/seller/ledger${query(sellerId, cursor)}`, { session: 'seller' });

export const ledgerLoader = dataLoader((params) => getLedger(params.get('sellerId') ?? undefined, params.get('cursor') ?? undefined));

export const useLedger = (sellerId: string | undefined) => usePagedRouteData<LedgerAnswer>(dataHref('/data/seller/ledger', { sellerId }));

/** GET /api/seller/ledger/export: the same statement as CSV, downloaded by the browser with the seller's cookie. */
export const ledgerExportUrl = (sellerId: string | undefined) => `/api/seller/ledger/export${query(sellerId)}`;
