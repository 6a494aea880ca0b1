import { describe, expect, it } from 'vitest';
import { paymentOptions } from './payment-options';

describe('paymentOptions: the cart’s payment methods', () => {
  it('offers cash on delivery and online payment when the shop takes online payments', () => {
    expect(paymentOptions(true)).toEqual([
      { value: 'COD', label: 'Cash On Delivery', disabled: false },
      { value: 'Online', label: 'Online Payment', disabled: false },
    ]);
  });

  it('shows online payment as unavailable, and not selectable, when the shop takes none', () => {
    expect(paymentOptions(false)).toEqual([
      { value: 'COD', label: 'Cash On Delivery', disabled: false },
      { value: 'Online', label: 'Online Payment (unavailable)', disabled: true },
    ]);
  });
});
