import type { SubstitutePreference } from '@greencart/shared';
import { api } from '../../../lib/api-client';
import { afterWrite } from '../../../lib/route-data';

export interface PlaceOrderBody {
  /** Sent as the spec's client does; the server takes the user from the session. */
  userId: string;
  /** Substitutions (issue 28): each line's preference, copied onto the order. */
  items: { product: string; quantity: number; substitute: SubstitutePreference }[];
  /** The selected address's _id. */
  address: string;
  /** An applied coupon's code (issue 29): checkout checks it again and takes its use with the orders. */
  coupon?: string;
  /** Issue 28: the chosen window of each shop that delivers in windows (its start, ISO 8601). */
  deliverySlots?: Record<string, string>;
}

/** POST /api/order/cod (spec section 7): placed now, paid on delivery. */
export const placeCodOrder = (body: PlaceOrderBody) =>
  // A new order for My Orders; the stock it took may have ended some products' availability.
  api.post<{ message: string }>('/api/order/cod', { ...body }).then(afterWrite);

/** POST /api/order/stripe: answers the hosted payment page's `url` to send the browser to, unless `alreadyPlaced` (paid). */
export const placeOnlineOrder = (body: PlaceOrderBody) => api.post<{ url: string; backUrl: string; message: string; alreadyPlaced?: true }>('/api/order/stripe', { ...body });
