import { ProductImagesSchema, ProductInputSchema, ProductUpdateInputSchema, toMinor, type Product, type StockInput } from '@greencart/shared';
import type { z } from 'zod';
import type { Db } from '../../db/client.js';
import { unstorableText } from '../../lib/unstorable-text.js';
import type { ImageService } from '../images/image-service.js';
import { queueShopMail } from '../mail/mail-outbox-repository.js';
import { findRemovedNameKeys, insertProducts, nameKey, netQuantityColumns, restoreProduct, retireProduct, updateProduct, weightKeptFor, type ProductChange, type ProductRow, type ShopScope } from '../products/product-repository.js';
import type { SellerAccess } from '../seller/seller-repository.js';
import type { ProductService } from '../products/product-service.js';
import { invalidProductData, moderationReasonRequired, nameRemovedByOperator, noUnitsLeft, productNotFound, removedByOperator } from './product-admin-errors.js';

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

/** The `productData` field (raw JSON text) checked against `schema`. */
function parseProductData<S extends z.ZodType>(productData: string | undefined, schema: S): z.output<S> {
  if (productData === undefined) throw invalidProductData('productData is required');
  let json: unknown;
  try {
    json = JSON.parse(productData);
  } catch {
    throw invalidProductData('productData must be JSON');
  }
  const unstorable = unstorableText(json, 'productData');
  if (unstorable) throw invalidProductData(`${unstorable.path}: ${unstorable.message}`);
  const parsed = schema.safeParse(json);
  if (!parsed.success) throw invalidProductData(describeIssue(parsed.error.issues[0]!));
  return parsed.data;
}

/** The products a seller changes: its own only (the operator's too); another shop's is not found (0117). */
const own = (seller: SellerAccess): ShopScope => ({ sellerId: seller.id });
/** The operator may retire any shop's product (moderation); a seller only its own. */
const retirable = (seller: SellerAccess): ShopScope => (seller.role === 'operator' ? 'all-shops' : own(seller));
const shopOf = (seller: SellerAccess) => ({ id: seller.id, shopName: seller.shopName, slug: seller.slug });

/**
 * The seller's catalogue writes (spec sections 5-6, issue 16): add and edit a product with its images,
 * retire it, set its stock. Every check runs before anything is stored; a failed write removes the
 * images it stored. Each write drops this instance's catalogue caches at once; the other instances
 * hear of it from the `products` trigger (docs/decisions/0060).
 */
export function createProductAdminService(deps: { db: Db; images: ImageService; products: Pick<ProductService, 'invalidate' | 'toApiProduct'> }) {
  const { db, images, products } = deps;

  /** Checks every file, then stores them one at a time (sharp already uses the cores) and runs `write`. */
  async function withStoredImages(seller: SellerAccess, files: UploadedImage[], write: (stored: string[]) => Promise<ProductRow>): Promise<Product> {
    for (const file of files) await images.assertAcceptable(file.data, file.label);
    const stored: string[] = [];
    try {
      for (const file of files) stored.push(await images.store(file.data, file.label));
      const row = await write(stored);
      products.invalidate();
      return products.toApiProduct({ ...row, shop: shopOf(seller) });
    } catch (err) {
      await Promise.all(stored.map((name) => images.remove(name)));
      throw err;
    }
  }

  /** A count change, as stored: null is "not counted". */
  const stockChange = (stock: number | null | undefined): ProductChange => (stock === undefined ? {} : { stock });

  return {
    /** `productData` is the raw JSON text of the multipart field. */
    async addProduct(seller: SellerAccess, productData: string | undefined, files: UploadedImage[]): Promise<Product> {
      const input = parseProductData(productData, ProductInputSchema);
      const imageCount = ProductImagesSchema.safeParse(files);
      if (!imageCount.success) throw invalidProductData(describeIssue(imageCount.error.issues[0]!));
      if ((await findRemovedNameKeys(db, seller.id)).has(nameKey(input.name))) throw nameRemovedByOperator();
      return withStoredImages(seller, files, async (stored) => {
        const [row] = await insertProducts(db, [
          {
            sellerId: seller.id,
            name: input.name,
            description: input.description,
            category: input.category,
            priceMinor: toMinor(input.price),
            offerPriceMinor: toMinor(input.offerPrice),
            images: stored,
            weight: input.weight ?? null,
            ...netQuantityColumns(input.netQuantity),
            ...stockChange(input.stock),
          },
        ]);
        return row!;
      });
    },

    /**
     * Changes the fields sent; images sent replace the product's images. The images replaced stay
     * stored: placed orders show them (docs/decisions/0070).
     */
    async updateProduct(seller: SellerAccess, productData: string | undefined, files: UploadedImage[]): Promise<Product> {
      const { id, ...input } = parseProductData(productData, ProductUpdateInputSchema);
      if (Object.keys(input).length === 0 && files.length === 0) throw invalidProductData('Send at least one field or image to change');
      // Renamed as a product the operator removed from the shop: as refused as making it anew (0231).
      if (input.name !== undefined && (await findRemovedNameKeys(db, seller.id)).has(nameKey(input.name))) throw nameRemovedByOperator();
      return withStoredImages(seller, files, async (stored) => {
        const row = await updateProduct(
          db,
          id,
          {
          name: input.name,
          description: input.description,
          category: input.category,
          priceMinor: input.price === undefined ? undefined : toMinor(input.price),
          offerPriceMinor: input.offerPrice === undefined ? undefined : toMinor(input.offerPrice),
          weight: input.weight !== undefined ? input.weight || null : input.netQuantity !== undefined ? weightKeptFor(input.netQuantity) : undefined,
          ...(input.netQuantity === undefined ? {} : netQuantityColumns(input.netQuantity)),
          images: stored.length > 0 ? stored : undefined,
          ...stockChange(input.stock),
          },
          own(seller),
        );
        if (!row) throw productNotFound();
        return row;
      });
    },

    /**
     * Takes the product out of the shop; orders keep their copies and its images stay. The operator removing
     * another shop's product says why, and the shop is told by e-mail in the same transaction (decision 0229).
     */
    async retire(seller: SellerAccess, id: string, reason?: string): Promise<void> {
      await db.transaction(async (tx) => {
        const retired = await retireProduct(tx, id, retirable(seller), seller.role === 'operator' ? { id: seller.id, reason } : undefined);
        if (!retired) throw productNotFound();
        if (retired.sellerId === seller.id) return;
        if (!reason) throw moderationReasonRequired();
        await queueShopMail(tx, retired.sellerId, { kind: 'product-removed', productId: id, note: reason });
      });
      products.invalidate();
    },

    /**
     * Puts a retired product back in its shop, out of stock (docs/decisions/0231): a seller its own, unless the
     * operator removed it; the operator any shop's.
     */
    async restore(seller: SellerAccess, id: string): Promise<Product> {
      const restored = await restoreProduct(db, id, retirable(seller));
      if (restored === 'removed') throw removedByOperator();
      if (!restored) throw productNotFound();
      products.invalidate();
      return products.toApiProduct(restored);
    },

    /**
     * `{inStock}` flips the flag (spec section 7); `{stock}` sets the count: 0 takes the product out
     * of stock, units after 0 put it back (the trigger of migration 0011). A counted product with no
     * units left cannot be put in stock by the flag: 409 (docs/decisions/0071).
     */
    async setStock(seller: SellerAccess, input: StockInput): Promise<Product> {
      const change: ProductChange = input.stock === undefined ? { inStock: input.inStock } : { stock: input.stock };
      const row = await updateProduct(db, input.id, change, own(seller));
      if (!row) throw productNotFound();
      products.invalidate();
      if (input.inStock && !row.inStock) throw noUnitsLeft(row.name);
      return products.toApiProduct({ ...row, shop: shopOf(seller) });
    },
  };
}

export type ProductAdminService = ReturnType<typeof createProductAdminService>;
