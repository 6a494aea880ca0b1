import type { LedgerEntryType } from './seller-money.js';

/**
 * What a ledger entry does to a shop's balance (decision 0122): a sale adds, every other type takes away; a
 * correction's negative amount (a refunded order's commission given back) turns that round. The one rule the
 * ledger's sums, the statement screen and its CSV export share.
 */
export const balanceEffect = (type: LedgerEntryType, amount: number) => (type === 'sale' ? amount : -amount);

/**
 * What an entry is, in the statement's words (screen and CSV). A `payout` about an order is the cash the shop's rider
 * took at the door, which the shop keeps (decision 0276), or that cash handed back at the order's refund; a negative
 * payout of a payout record is the shop paying GreenCart what it owed.
 */
export function ledgerEntryLabel(entry: { type: LedgerEntryType; amount: number; orderId?: string | null }): string {
  const turned = entry.amount < 0;
  if (entry.type === 'commission') return turned ? 'Commission returned' : 'Commission';
  if (entry.type === 'payout' && entry.orderId) return turned ? 'Cash given back' : 'Cash collected';
  if (entry.type === 'payout') return turned ? 'Payment to GreenCart' : 'Payout';
  return entry.type === 'sale' ? 'Sale' : 'Refund';
}
