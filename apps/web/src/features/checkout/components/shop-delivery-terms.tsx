import { deliveryTerms, formatPrice, formatSlot, PINCODE_PATTERN } from '@greencart/shared';
import { useState } from 'react';
import { env } from '../../../config/env';
import { rememberedPincode } from '../../../lib/remembered';
import { useShopDeliveries } from '../api/shop-delivery';

/**
 * A shop page's delivery terms (a probe: only the cart told them, once the shop's products were in it): its fee,
 * the order that makes delivery free, its minimum, its next window when it asks for one, and whether it delivers to
 * the pincode the shopper last delivered to. Read in the browser after the page is shown, as the cart reads them
 * (GET /api/delivery/slots): the server's kept page is every visitor's (decision 0280).
 */
export function ShopDeliveryTerms({ sellerId }: { sellerId: string }) {
  const [pincode] = useState(() => {
    const remembered = rememberedPincode();
    return PINCODE_PATTERN.test(remembered) ? remembered : undefined;
  });
  const answer = useShopDeliveries([sellerId], pincode, undefined).data?.get(sellerId);
  if (!answer) return null;
  const money = (minor: number) => formatPrice(minor, env.currency);
  const terms = deliveryTerms(answer);
  const next = answer.slots[0];
  return (
    <p className="mt-2 text-sm text-gray-600">
      {pincode && <span className={answer.delivers ? 'font-medium text-primary-ink' : 'font-medium text-red-700'}>{`${answer.delivers ? 'Delivers' : 'Does not deliver'} to ${pincode} · `}</span>}
      {terms.feeMinor > 0 ? `Delivery ${money(terms.feeMinor)}` : 'Free delivery'}
      {terms.feeMinor > 0 && terms.freeAboveMinor !== null && `, free on orders of ${money(terms.freeAboveMinor)} or more`}
      {terms.minOrderMinor > 0 && ` · Minimum order ${money(terms.minOrderMinor)}`}
      {answer.delivers && answer.slotsRequired && (next ? ` · Next delivery slot ${formatSlot(next, answer.timeZone)}` : ' · No delivery slot left: try again later')}
    </p>
  );
}
