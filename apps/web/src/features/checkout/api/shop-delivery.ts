import type { DeliverySlotsAnswer } from '@greencart/shared';
import { api } from '../../../lib/api-client';
import { useQuery } from '../../../lib/use-query';

/**
 * Issue 28: each shop of the cart's delivery for the chosen address's pincode: whether it delivers there, its fee,
 * threshold and minimum (the cart prices with them through `priceCheckout`, as the server does) and its windows
 * with places left. One GET /api/delivery/slots per shop (a cart holds a few shops).
 */
export const useShopDeliveries = (sellerIds: string[], pincode: string | undefined) =>
  useQuery(
    ['delivery', 'cart', pincode ?? '', ...sellerIds],
    async () => {
      const answers = await Promise.all(
        sellerIds.map((id) => api.get<DeliverySlotsAnswer>(`/api/delivery/slots?seller=${id}${pincode && /^\d{6}$/.test(pincode) ? `&pincode=${pincode}` : ''}`, { silent: true })),
      );
      return new Map(sellerIds.map((id, i) => [id, answers[i]!]));
    },
    { enabled: sellerIds.length > 0, keepPrevious: true },
  );
