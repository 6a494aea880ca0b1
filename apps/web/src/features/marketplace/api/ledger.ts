import type { LedgerAnswer } from '@greencart/shared';
import { api } from '../../../lib/api-client';
import { dataHref, dataLoader, usePagedRouteData } from '../../../lib/route-data';

/** Whose statement (a seller: its own; the operator: `sellerId`'s) and which shop days of it (`from`-`to`, both included). */
type Statement = { sellerId?: string; from?: string; to?: string };

/** GET /api/seller/ledger: a shop's balance and its entries newest first, a page after `cursor`. */
export const ledgerLoader = dataLoader((params) =>
  api.get<LedgerAnswer>(dataHref('/api/seller/ledger', Object.fromEntries(['sellerId', 'from', 'to', 'cursor'].map((key) => [key, params.get(key)]))), { session: 'seller' }),
);

/** The statement's pages, with the shop's balance. */
export const useLedger = (statement: Statement) => usePagedRouteData<LedgerAnswer>(dataHref('/data/seller/ledger', statement));

/** GET /api/seller/ledger/export: the same statement as CSV, downloaded by the browser with the seller's cookie. */
export const ledgerExportUrl = (statement: Statement) => dataHref('/api/seller/ledger/export', statement);
