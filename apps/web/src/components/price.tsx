import { formatPrice, toMinor } from '@greencart/shared';
import { env } from '../config/env';

/** The one place prices are formatted for display, with the configured currency symbol. */
export function Price({ amount, className }: { amount: number; className?: string }) {
  return <span className={className}>{formatPrice(toMinor(amount), env.currency)}</span>;
}
