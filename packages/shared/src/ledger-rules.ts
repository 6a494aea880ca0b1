import type { LedgerEntryType } from './seller-money.js';

/**
 * What a ledger entry does to a shop's balance (decision 0122): a sale adds, every other type takes away; a
 * correction's negative amount (a refunded order's commission given back) turns that round. The one rule the
 * ledger's sums, the statement screen and its CSV export share.
 */
export const balanceEffect = (type: LedgerEntryType, amount: number) => (type === 'sale' ? amount : -amount);

/**
 * What a `payout` entry is (decision 0276): about an order, the cash the shop's rider took at the door, which the shop
 * keeps (negative: handed back at the order's refund); otherwise a payout record's, GreenCart paying the shop, or turned
 * round, the shop paying GreenCart what it owed. The account's sums of each part and the statement's words follow it.
 */
export const payoutPart = (entry: { amount: number; orderId?: string | null }): 'cash' | 'paidOut' | 'paidIn' =>
  entry.orderId ? 'cash' : entry.amount < 0 ? 'paidIn' : 'paidOut';

/** What an entry is, in the statement's words (screen and CSV); a correction (a negative amount) says so. */
export function ledgerEntryLabel(entry: { type: LedgerEntryType; amount: number; orderId?: string | null }): string {
  const turned = entry.amount < 0;
  if (entry.type === 'commission') return turned ? 'Commission returned' : 'Commission';
  if (entry.type === 'payout') {
    const part = payoutPart(entry);
    return part === 'cash' ? (turned ? 'Cash given back' : 'Cash collected') : part === 'paidIn' ? 'Payment to GreenCart' : 'Payout';
  }
  return entry.type === 'sale' ? 'Sale' : 'Refund';
}
