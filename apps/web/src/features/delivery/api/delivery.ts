import type { DeliveriesAnswer, DeliveryCheckAnswer, DeliverySettings } from '@greencart/shared';
import { api } from '../../../lib/api-client';
import { queryCache } from '../../../lib/query-cache';
import { useQuery } from '../../../lib/use-query';

type SettingsAnswer = { delivery: DeliverySettings; timeZone: string };

/** GET /api/seller/delivery: the signed-in shop's own delivery settings. */
export const useDeliverySettings = () => useQuery(['seller', 'delivery'], () => api.get<SettingsAnswer>('/api/seller/delivery', { session: 'seller' }));

/** PUT /api/seller/delivery: saves them (a field the server refuses lands next to it through the form). */
export const saveDeliverySettings = (delivery: DeliverySettings) =>
  api.put<SettingsAnswer & { message: string }>('/api/seller/delivery', delivery, { session: 'seller', silent: true }).then((answer) => {
    queryCache.invalidate(['seller', 'delivery']);
    return answer;
  });

/** GET /api/seller/deliveries?day=: the shop's deliveries of a day by window. */
export const useDeliveries = (day: string | undefined) =>
  useQuery(['seller', 'deliveries', day ?? 'today'], () => api.get<DeliveriesAnswer>(`/api/seller/deliveries${day ? `?day=${day}` : ''}`, { session: 'seller' }), { keepPrevious: true });

/** GET /api/delivery/check for one shop: whether it delivers to the pincode (only a 6-digit one is asked about). */
export const useDeliversTo = (sellerId: string, pincode: string) =>
  useQuery(['delivery', 'check', sellerId, pincode], () => api.get<DeliveryCheckAnswer>(`/api/delivery/check?pincode=${pincode}&sellers=${sellerId}`, { silent: true }), {
    enabled: /^\d{6}$/.test(pincode),
  });
