import { describe, expect, it } from 'vitest';
import { paymentStanding } from './order-lines.js';

describe('paymentStanding', () => {
  const card = { paymentType: 'Online' as const, isPaid: true, isRefunded: false, status: 'Order Placed' as 'Order Placed' | 'Cancelled' };
  it("says a cancelled card order's refund is on its way until it has gone through (it said 'paid': a probe)", () => {
    expect(paymentStanding(card)).toBe('paid');
    expect(paymentStanding({ ...card, status: 'Cancelled' as const })).toBe('refund on its way');
    expect(paymentStanding({ ...card, status: 'Cancelled' as const, isRefunded: true })).toBe('refunded');
    expect(paymentStanding({ ...card, isPaid: false, status: 'Cancelled' as const })).toBe('nothing to pay');
    expect(paymentStanding({ paymentType: 'COD', isPaid: false, isRefunded: false, status: 'Processed' as const })).toBe('to pay on delivery');
  });
});
