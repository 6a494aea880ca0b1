import type { ProductsByIdsAnswer } from '@greencart/shared';
import { api } from '../../../lib/api-client';
import { dataHref, dataLoader, useRouteData } from '../../../lib/route-data';

type CartProducts = Pick<ProductsByIdsAnswer, 'products' | 'gone'>;

/** GET /api/product/by-ids: the products of a cart's lines, in any stock state, and the names of those no longer sold. */
export const getCartProducts = (ids: string[]): Promise<CartProducts> =>
  ids.length === 0 ? Promise.resolve({ products: [], gone: [] }) : api.get<ProductsByIdsAnswer>(`/api/product/by-ids?ids=${ids.map(encodeURIComponent).join(',')}`, { silent: true });

/** The cart page's products; the last answer stays shown while a changed set of lines loads. */
export const cartProductsLoader = dataLoader((params) => getCartProducts(params.get('ids')?.split(',') ?? []));

export const useCartProducts = (ids: string[]) => useRouteData<CartProducts>(dataHref('/data/cart-products', { ids: [...ids].sort().join(',') }), { keepPrevious: true });
