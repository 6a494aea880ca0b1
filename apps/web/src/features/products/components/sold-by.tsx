import type { ShopRef } from '@greencart/shared';
import { paths } from '../../../config/paths';

/**
 * A card's "Sold by <shop>" (issue 26), a link to the shop's page: a plain anchor, which the grid follows
 * in the app like the card's other links (docs/decisions/0016).
 */
export function SoldBy({ seller, className = '' }: { seller: ShopRef; className?: string }) {
  return (
    <p className={`truncate ${className}`}>
      Sold by{' '}
      <a href={paths.shop(seller.slug)} className="font-medium text-primary-ink hover:underline">
        {seller.shopName}
      </a>
    </p>
  );
}
