import { DEFAULT_CURRENCY } from '@greencart/shared';

/** Browser configuration. The currency symbol is the server's (spec section 3), written into index.html. */
export const env = {
  apiUrl: import.meta.env.VITE_API_URL ?? '',
  currency: document.querySelector<HTMLMetaElement>('meta[name="currency"]')?.content || DEFAULT_CURRENCY,
};
