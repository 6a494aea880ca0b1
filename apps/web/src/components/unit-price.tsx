import { formatNetQuantity, formatUnitPrice, toMinor, type NetQuantity } from '@greencart/shared';
import { env } from '../config/env';
import { keepClear } from '../lib/keep-clear';

// Apart from Price: the screens that show prices without unit prices (the seller's orders) load none of its rule.
/**
 * The shelf label's unit price beside a price (issue 28): `500 g · Rs 60/kg`, computed by the shared
 * `unitPrice` rule; nothing for a product without a net quantity.
 */
export function UnitPrice({ amount, netQuantity, className }: { amount: number; netQuantity: NetQuantity | undefined; className?: string }) {
  if (!netQuantity) return null;
  return (
    <span {...keepClear} className={className}>
      {formatNetQuantity(netQuantity)} · {formatUnitPrice(toMinor(amount), netQuantity, env.currency)}
    </span>
  );
}
