import { describe, expect, it } from 'vitest';
import { allowedNextStatuses } from './seller.js';

describe('allowedNextStatuses', () => {
  it('moves forward only, with Cancelled until the order is dispatched', () => {
    expect(allowedNextStatuses('Order Placed')).toEqual(['Processed', 'Packed', 'Dispatched', 'Delivered', 'Cancelled']);
    expect(allowedNextStatuses('Packed')).toEqual(['Dispatched', 'Delivered', 'Cancelled']);
    expect(allowedNextStatuses('Dispatched')).toEqual(['Delivered']);
  });

  it('ends at Delivered and Cancelled', () => {
    expect(allowedNextStatuses('Delivered')).toEqual([]);
    expect(allowedNextStatuses('Cancelled')).toEqual([]);
  });
});
