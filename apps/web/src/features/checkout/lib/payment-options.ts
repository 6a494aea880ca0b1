import type { PaymentType } from '@greencart/shared';

export interface PaymentOption {
  value: PaymentType;
  label: string;
  disabled: boolean;
}

/** Shown under the payment method when the shop takes no online payment (docs/decisions/0046). */
export const ONLINE_PAYMENT_UNAVAILABLE = 'Online payment is not available at the moment. Please pay with Cash On Delivery.';

/** The cart's payment methods: Online stays listed but cannot be chosen when the server takes none. */
export function paymentOptions(onlinePayment: boolean): PaymentOption[] {
  return [
    { value: 'COD', label: 'Cash On Delivery', disabled: false },
    { value: 'Online', label: onlinePayment ? 'Online Payment' : 'Online Payment (unavailable)', disabled: !onlinePayment },
  ];
}
