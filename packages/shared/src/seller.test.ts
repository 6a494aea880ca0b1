import { describe, expect, it } from 'vitest';
import type { OrderStatus } from './constants.js';
import { allowedNextStatuses } from './seller.js';

describe('allowedNextStatuses', () => {
  const cod = (status: OrderStatus) => ({ status, paymentType: 'COD' as const, isPaid: false });
  it('moves forward only, with Cancelled until the order is dispatched', () => {
    expect(allowedNextStatuses(cod('Order Placed'))).toEqual(['Processed', 'Packed', 'Dispatched', 'Delivered', 'Cancelled']);
    expect(allowedNextStatuses(cod('Packed'))).toEqual(['Dispatched', 'Delivered', 'Cancelled']);
    expect(allowedNextStatuses(cod('Dispatched'))).toEqual(['Delivered']);
  });

  it('ends at Delivered and Cancelled', () => {
    expect(allowedNextStatuses(cod('Delivered'))).toEqual([]);
    expect(allowedNextStatuses(cod('Cancelled'))).toEqual([]);
  });

  it('lets an online order whose payment has not arrived be cancelled only; paid, it moves on', () => {
    expect(allowedNextStatuses({ status: 'Order Placed', paymentType: 'Online', isPaid: false })).toEqual(['Cancelled']);
    expect(allowedNextStatuses({ status: 'Order Placed', paymentType: 'Online', isPaid: true })).toEqual(['Processed', 'Packed', 'Dispatched', 'Delivered', 'Cancelled']);
  });
});
