import { formatPrice, toMinor } from '@greencart/shared';
import { useShop } from '../stores/shop-store';

/** The one place prices are formatted for display, with the configured currency symbol. */
export function Price({ amount, className }: { amount: number; className?: string }) {
  const { currency } = useShop();
  return <span className={className}>{formatPrice(toMinor(amount), currency)}</span>;
}
