import { formatNetQuantity, formatUnitPrice, toMinor, type NetQuantity } from '@greencart/shared';
import { env } from '../config/env';
import { keepClear } from '../lib/keep-clear';

// Apart from Price: the screens that show prices without unit prices (the seller's orders) load none of its rule.
/**
 * The shelf label's unit price beside a price (issue 28): `500 g · Rs 60/kg`, computed by the shared
 * `unitPrice` rule. A product without a net quantity shows the size its seller wrote (`weight`, when given: product
 * cards showed no size at all for most products, a probe), or nothing.
 */
export function UnitPrice({ amount, netQuantity, weight, className }: { amount: number; netQuantity: NetQuantity | undefined; weight?: string; className?: string }) {
  if (!netQuantity) return weight ? <span className={className}>{weight}</span> : null;
  return (
    <span {...keepClear} className={className}>
      {formatNetQuantity(netQuantity)} · {formatUnitPrice(toMinor(amount), netQuantity, env.currency)}
    </span>
  );
}
