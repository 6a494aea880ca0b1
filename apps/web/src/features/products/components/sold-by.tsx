import type { ShopRef } from '@greencart/shared';
import { paths } from '../../../config/paths';

/**
 * A card's "Sold by <shop>" (issue 26), a link to the shop's page: a plain anchor, which the grid follows
 * in the app like the card's other links (docs/decisions/0016).
 */
export function SoldBy({ seller, className = '' }: { seller: ShopRef; className?: string }) {
  return (
    // The whole line is the link: a thumb-sized target (40 px); a long shop name wraps rather than being cut.
    <a href={paths.shop(seller.slug)} className={`block py-2.5 leading-5 hover:underline ${className}`}>
      Sold by <span className="font-medium text-primary-ink">{seller.shopName}</span>
    </a>
  );
}
