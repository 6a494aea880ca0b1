import type { LedgerEntryType } from './seller-money.js';

/**
 * What a ledger entry does to a shop's balance (decision 0122): a sale adds, every other type takes away; a
 * correction's negative amount (a refunded order's commission given back) turns that round. The one rule the
 * ledger's sums, the statement screen and its CSV export share.
 */
export const balanceEffect = (type: LedgerEntryType, amount: number) => (type === 'sale' ? amount : -amount);
