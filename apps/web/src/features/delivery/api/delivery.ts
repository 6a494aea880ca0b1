import { PINCODE_PATTERN, type DeliveriesAnswer, type DeliveryCheckAnswer, type DeliverySettings } from '@greencart/shared';
import { api } from '../../../lib/api-client';
import { afterWrite, dataHref, dataLoader, useRouteData } from '../../../lib/route-data';

type SettingsAnswer = { delivery: DeliverySettings; timeZone: string };

/** GET /api/seller/delivery: the signed-in shop's own delivery settings. */
export const deliverySettingsLoader = dataLoader(() => api.get<SettingsAnswer>('/api/seller/delivery', { session: 'seller' }));

export const useDeliverySettings = () => useRouteData<SettingsAnswer>('/data/seller/delivery');

/** PUT /api/seller/delivery: saves them (a field the server refuses lands next to it through the form). */
export const saveDeliverySettings = (delivery: DeliverySettings) =>
  api.put<SettingsAnswer & { message: string }>('/api/seller/delivery', delivery, { session: 'seller', silent: true }).then(afterWrite);

/** GET /api/seller/deliveries?day=: the shop's deliveries of a day by window. */
export const deliveriesLoader = dataLoader((params) => api.get<DeliveriesAnswer>(dataHref('/api/seller/deliveries', { day: params.get('day') ?? undefined }), { session: 'seller' }));

export const useDeliveries = (day: string | undefined) => useRouteData<DeliveriesAnswer>(dataHref('/data/seller/deliveries', { day }), { keepPrevious: true });

/** GET /api/delivery/check for one shop: whether it delivers to the pincode (only a 6-digit one is asked about). */
export const deliversToLoader = dataLoader((params) => api.get<DeliveryCheckAnswer>(dataHref('/api/delivery/check', { pincode: params.get('pincode') ?? '', sellers: params.get('sellers') ?? '' }), { silent: true }));

export const useDeliversTo = (sellerId: string, pincode: string) =>
  useRouteData<DeliveryCheckAnswer>(PINCODE_PATTERN.test(pincode) ? dataHref('/data/delivery/check', { pincode, sellers: sellerId }) : null);
