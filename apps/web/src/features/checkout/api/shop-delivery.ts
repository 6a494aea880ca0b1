import type { DeliverySlotsAnswer } from '@greencart/shared';
import { api } from '../../../lib/api-client';
import { dataHref, dataLoader, useRouteData } from '../../../lib/route-data';

/**
 * Issue 28: each shop of the cart's delivery for the chosen address's pincode: whether it delivers there, its fee,
 * threshold and minimum (the cart prices with them through `priceCheckout`, as the server does) and its windows
 * with places left. One GET /api/delivery/slots per shop (a cart holds a few shops). Another address's answers are not
 * kept while this one's load (decision 0248): they are not this address's.
 */
export const shopDeliveriesLoader = dataLoader(async (params) => {
  const sellerIds = params.get('sellers')!.split(',');
  const answers = await Promise.all(
    sellerIds.map((seller) => api.get<DeliverySlotsAnswer>(dataHref('/api/delivery/slots', { seller, pincode: params.get('pincode'), country: params.get('country') }), { silent: true })),
  );
  return new Map(sellerIds.map((id, i) => [id, answers[i]!]));
});

export const useShopDeliveries = (sellerIds: string[], pincode: string | undefined, country: string | undefined) =>
  useRouteData<Map<string, DeliverySlotsAnswer>>(
    sellerIds.length > 0 ? dataHref('/data/delivery/cart', { sellers: sellerIds.join(','), pincode: pincode && /^\d{6}$/.test(pincode) ? pincode : undefined, country }) : null,
  );
