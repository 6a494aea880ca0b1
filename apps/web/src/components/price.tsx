import { formatPrice, toMinor } from '@greencart/shared';
import { env } from '../config/env';
import { keepClear } from '../lib/keep-clear';

/** The one place prices are formatted for display, with the configured currency symbol; never under the chat toggle. */
export function Price({ amount, className }: { amount: number; className?: string }) {
  return <span {...keepClear} className={className}>{formatPrice(toMinor(amount), env.currency)}</span>;
}
