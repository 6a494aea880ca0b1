import type { ProductInput } from '@greencart/shared';
import { api } from '../../../lib/api-client';
import { revalidate } from '../../../lib/route-data';

/** POST /api/product/add (spec section 7): multipart with `productData` (JSON) and files under `images`. */
export function addProduct(input: ProductInput, images: File[]) {
  const form = new FormData();
  form.append('productData', JSON.stringify(input));
  for (const image of images) form.append('images', image);
  return api.post<{ message: string }>('/api/product/add', form, { session: 'seller' }).then((answer) => {
    // The new product heads the seller's list and joins the shop's pages.
    revalidate();
    return answer;
  });
}
