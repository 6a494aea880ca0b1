import { DEFAULT_CURRENCY } from '@greencart/shared';

/**
 * Browser configuration. The currency symbol is the server's (spec section 3), written into index.html,
 * and so is whether the shop takes online payments (docs/decisions/0046). Vite's dev server serves
 * index.html as it is: development always takes them.
 */
export const env = {
  apiUrl: import.meta.env.VITE_API_URL ?? '',
  currency: document.querySelector<HTMLMetaElement>('meta[name="currency"]')?.content || DEFAULT_CURRENCY,
  onlinePayment: document.querySelector<HTMLMetaElement>('meta[name="online-payment"]')?.content !== 'unavailable',
};
