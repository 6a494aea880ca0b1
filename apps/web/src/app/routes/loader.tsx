import { PaymentReturn } from '../../features/checkout/components/payment-return';

/** /loader (spec section 2): the waiting page after online payment. */
export function Component() {
  return <PaymentReturn />;
}
