import { DEFAULT_CURRENCY, DEFAULT_STORE_TIME_ZONE } from '@greencart/shared';

/**
 * Browser configuration. The currency symbol is the server's (spec section 3), written into index.html,
 * and so is whether the shop takes online payments (docs/decisions/0046). Vite's dev server serves
 * index.html as it is: development always takes them.
 */
// No document when the server renders a page in Node: the defaults then (app/server-render.tsx sets the server's).
const meta = (name: string) => globalThis.document?.querySelector<HTMLMetaElement>(`meta[name="${name}"]`)?.content;

export const env = {
  apiUrl: import.meta.env.VITE_API_URL ?? '',
  currency: meta('currency') || DEFAULT_CURRENCY,
  onlinePayment: meta('online-payment') !== 'unavailable',
  /** The store's time zone (issue 28): delivery windows are shown in it, whatever the browser's. */
  timeZone: meta('time-zone') || DEFAULT_STORE_TIME_ZONE,
};
