import type { Product } from '@greencart/shared';
import { api } from '../../../lib/api-client';
import { useQuery } from '../../../lib/use-query';

/** Under 'products' so a seller's stock change invalidates it with the rest of the catalogue. */
const cartProductsKey = (ids: string[]) => ['products', 'by-ids', [...ids].sort()] as const;

/** GET /api/product/by-ids: the products of a cart's lines, in any stock state; unknown ids are left out. */
export const getCartProducts = (ids: string[]) =>
  ids.length === 0 ? Promise.resolve([]) : api.get<{ products: Product[] }>(`/api/product/by-ids?ids=${ids.map(encodeURIComponent).join(',')}`, { silent: true }).then((a) => a.products);

/** The cart page's products; the last answer stays shown while a changed set of lines loads. */
export const useCartProducts = (ids: string[]) => useQuery(cartProductsKey(ids), () => getCartProducts(ids), { keepPrevious: true });
