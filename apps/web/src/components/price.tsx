import { formatPrice, toMinor } from '@greencart/shared';
import { env } from '../config/env';
import { keepClear } from '../lib/keep-clear';

/**
 * The one place prices are formatted for display, with the configured currency symbol; never under the chat toggle,
 * never broken between the symbol and the figure (a narrow column wrapped "Rs" onto a line of its own).
 */
export function Price({ amount, className = '' }: { amount: number; className?: string }) {
  return <span {...keepClear} className={`whitespace-nowrap ${className}`}>{formatPrice(toMinor(amount), env.currency)}</span>;
}
