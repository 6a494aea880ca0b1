import { describe, expect, it } from 'vitest';
import { balanceEffect, ledgerEntryLabel, payoutPart } from './ledger-rules.js';

describe('a ledger entry (decisions 0122, 0276)', () => {
  it('adds a sale to the balance and takes every other type away, a correction turned round', () => {
    expect(balanceEffect('sale', 102)).toBe(102);
    expect(balanceEffect('commission', 10.2)).toBe(-10.2);
    expect(balanceEffect('commission', -10.2)).toBe(10.2);
    expect(balanceEffect('payout', -10.2)).toBe(10.2);
  });

  it("is named for what it is: an order's payout is the cash its shop kept or gave back, a payout turned round the shop's payment", () => {
    const orderId = 'o1';
    expect(ledgerEntryLabel({ type: 'sale', amount: 102, orderId })).toBe('Sale');
    expect(ledgerEntryLabel({ type: 'commission', amount: 10.2, orderId })).toBe('Commission');
    expect(ledgerEntryLabel({ type: 'commission', amount: -10.2, orderId })).toBe('Commission returned');
    expect(ledgerEntryLabel({ type: 'refund', amount: 102, orderId })).toBe('Refund');
    expect(ledgerEntryLabel({ type: 'payout', amount: 102, orderId })).toBe('Cash collected');
    expect(ledgerEntryLabel({ type: 'payout', amount: -102, orderId })).toBe('Cash given back');
    expect(ledgerEntryLabel({ type: 'payout', amount: 50 })).toBe('Payout');
    expect(ledgerEntryLabel({ type: 'payout', amount: -10.2, orderId: null })).toBe('Payment to GreenCart');
    // The part of the shop's payouts each is counted in (the account's sums).
    expect([payoutPart({ amount: -102, orderId }), payoutPart({ amount: 50 }), payoutPart({ amount: -10.2 })]).toEqual(['cash', 'paidOut', 'paidIn']);
  });
});
