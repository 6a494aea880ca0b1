import type { Product } from '@greencart/shared';
import { api } from '../../../lib/api-client';
import { dataHref, dataLoader, useRouteData } from '../../../lib/route-data';

/** GET /api/product/by-ids: the products of a cart's lines, in any stock state; unknown ids are left out. */
export const getCartProducts = (ids: string[]) =>
  ids.length === 0 ? Promise.resolve([]) : api.get<{ products: Product[] }>(`/api/product/by-ids?ids=${ids.map(encodeURIComponent).join(',')}`, { silent: true }).then((a) => a.products);

/** The cart page's products; the last answer stays shown while a changed set of lines loads. */
export const cartProductsLoader = dataLoader((params) => getCartProducts(params.get('ids')?.split(',') ?? []));

export const useCartProducts = (ids: string[]) => useRouteData<Product[]>(dataHref('/data/cart-products', { ids: [...ids].sort().join(',') }), { keepPrevious: true });
