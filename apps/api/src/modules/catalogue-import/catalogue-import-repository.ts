import { and, asc, eq, isNull, sql, type SQL } from 'drizzle-orm';
import type { DbOrTx } from '../../db/client.js';
import { products } from '../../db/schema/index.js';
import type { ProductRow } from '../products/product-repository.js';

/**
 * One page of a shop's products still sold, in the shop's order (created_at, id), after the given
 * product: the export reads the shop's whole catalogue a page at a time (products_seller_order_idx
 * serves it), never all of it at once. Only the shop's own: an export is what its import takes back.
 */
export function findExportPage(db: DbOrTx, sellerId: string, afterId: string | undefined, limit: number): Promise<ProductRow[]> {
  const conditions: SQL[] = [isNull(products.retiredAt), eq(products.sellerId, sellerId)];
  // The cursor's own timestamp is read in SQL: a JS Date would drop its microseconds.
  if (afterId) conditions.push(sql`(${products.createdAt}, ${products.id}) > (select c.created_at, c.id from products c where c.id = ${afterId})`);
  return db
    .select()
    .from(products)
    .where(and(...conditions))
    .orderBy(asc(products.createdAt), asc(products.id))
    .limit(limit);
}

/**
 * The first image of the first product in stock of each category (the sample CSV shows images the shop has): one
 * short read of the category index each (products_category_order_idx), where one query over every product read and
 * sorted the whole catalogue (230-300 ms at 100,000 products). The queries are returned (awaitable) so a test can read a plan.
 */
export function findCategoryImages(db: DbOrTx, categories: readonly string[]) {
  return categories.map((category) =>
    db
      .select({ category: products.category, image: sql<string | null>`${products.images} ->> 0` })
      .from(products)
      .where(and(eq(products.category, category), eq(products.inStock, true), isNull(products.retiredAt), sql`jsonb_array_length(${products.images}) > 0`))
      .orderBy(asc(products.createdAt), asc(products.id))
      .limit(1),
  );
}
