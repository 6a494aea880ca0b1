import type { Product, ProductUpdateInput } from '@greencart/shared';
import { api } from '../../../lib/api-client';
import { shopFile } from '../../../lib/shop-file';
import { afterWrite } from '../../../lib/route-data';

/**
 * POST /api/product/update (issue 16): multipart like add, `productData` = `{id, ...changed fields}`;
 * files under `images` replace the product's images (none sent: they stay).
 */
export function updateProduct(input: ProductUpdateInput, images: File[]) {
  const form = new FormData();
  form.append('productData', JSON.stringify(input));
  for (const image of images) form.append('images', image);
  return api.post<{ message: string; product: Product }>('/api/product/update', form, { session: 'seller' }).then(afterWrite);
}

/**
 * One of the product's current images as a file, so an edit that replaces one image sends the others
 * too (the server replaces the whole set). The shop's own URL, read the way the page shows it.
 */
export async function currentImageFile(url: string, index: number): Promise<File> {
  const blob = await shopFile(url);
  return new File([blob], `image-${index + 1}.webp`, { type: blob.type || 'image/webp' });
}
