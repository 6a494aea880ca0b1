import { asc, eq, inArray } from 'drizzle-orm';
import type { DbOrTx } from '../../db/client.js';
import { products } from '../../db/schema/index.js';

export type ProductRow = typeof products.$inferSelect;
export type NewProductRow = typeof products.$inferInsert;

export function listAllProducts(db: DbOrTx): Promise<ProductRow[]> {
  return db.select().from(products).orderBy(asc(products.createdAt), asc(products.id));
}

export async function countProducts(db: DbOrTx): Promise<number> {
  const rows = await db.select({ id: products.id }).from(products).limit(1);
  return rows.length;
}

export async function insertProducts(db: DbOrTx, rows: NewProductRow[]): Promise<ProductRow[]> {
  return db.insert(products).values(rows).returning();
}

export async function updateProductStock(db: DbOrTx, id: string, inStock: boolean): Promise<boolean> {
  const updated = await db.update(products).set({ inStock }).where(eq(products.id, id)).returning({ id: products.id });
  return updated.length > 0;
}

/** Products by id, locked for the rest of the transaction (checkout reads prices and stock this way). */
export function findProductsForUpdate(tx: DbOrTx, ids: string[]): Promise<ProductRow[]> {
  if (ids.length === 0) return Promise.resolve([]);
  return tx.select().from(products).where(inArray(products.id, ids)).for('update');
}

export function findProductsByIds(db: DbOrTx, ids: string[]): Promise<ProductRow[]> {
  if (ids.length === 0) return Promise.resolve([]);
  return db.select().from(products).where(inArray(products.id, ids));
}
