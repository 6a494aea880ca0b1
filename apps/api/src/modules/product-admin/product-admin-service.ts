import { ProductImagesSchema, ProductInputSchema, toMinor, type Product } from '@greencart/shared';
import type { Db } from '../../db/client.js';
import type { ImageService } from '../images/image-service.js';
import { insertProducts, updateProductStock } from '../products/product-repository.js';
import type { ProductService } from '../products/product-service.js';
import { invalidProductData, productNotFound } from './product-admin-errors.js';

export interface UploadedImage {
  data: Buffer;
  /** How the seller knows the file (its name), for messages. */
  label: string;
}

/** The first issue of a zod failure as one line naming the field, like the shared error handler. */
function describeIssue(issue: { path: PropertyKey[]; message: string }): string {
  const field = issue.path.map(String).join('.');
  return field ? `${field}: ${issue.message}` : issue.message;
}

/**
 * The seller's catalogue writes (spec sections 5-6): add a product with its images, toggle stock.
 * Every check runs before anything is stored; a failed insert removes the images it stored.
 */
export function createProductAdminService(deps: { db: Db; images: ImageService; products: Pick<ProductService, 'invalidate' | 'toApiProduct'> }) {
  const { db, images, products } = deps;

  return {
    /** `productData` is the raw JSON text of the multipart field. */
    async addProduct(productData: string | undefined, files: UploadedImage[]): Promise<Product> {
      if (productData === undefined) throw invalidProductData('productData is required');
      let json: unknown;
      try {
        json = JSON.parse(productData);
      } catch {
        throw invalidProductData('productData must be JSON');
      }
      const parsed = ProductInputSchema.safeParse(json);
      if (!parsed.success) throw invalidProductData(describeIssue(parsed.error.issues[0]!));
      const imageCount = ProductImagesSchema.safeParse(files);
      if (!imageCount.success) throw invalidProductData(describeIssue(imageCount.error.issues[0]!));
      for (const file of files) await images.assertAcceptable(file.data, file.label);

      const stored: string[] = [];
      try {
        // One at a time: sharp already uses the cores, and a failure stops before the rest.
        for (const file of files) stored.push(await images.store(file.data));
        const input = parsed.data;
        const [row] = await insertProducts(db, [
          {
            name: input.name,
            description: input.description,
            category: input.category,
            priceMinor: toMinor(input.price),
            offerPriceMinor: toMinor(input.offerPrice),
            images: stored,
            weight: input.weight ?? null,
          },
        ]);
        products.invalidate();
        return products.toApiProduct(row!);
      } catch (err) {
        await Promise.all(stored.map((name) => images.remove(name)));
        throw err;
      }
    },

    async setStock(id: string, inStock: boolean): Promise<void> {
      if (!(await updateProductStock(db, id, inStock))) throw productNotFound();
      products.invalidate();
    },
  };
}

export type ProductAdminService = ReturnType<typeof createProductAdminService>;
