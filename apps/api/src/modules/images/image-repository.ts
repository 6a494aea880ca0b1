import { and, asc, eq, gt, inArray, like, lt, sql } from 'drizzle-orm';
import type { DbOrTx } from '../../db/client.js';
import { queryRows } from '../../db/raw-sql.js';
import { orderItems, products, storedImages } from '../../db/schema/index.js';

export async function insertStoredImage(db: DbOrTx, name: string, bytes: Buffer): Promise<void> {
  await db.insert(storedImages).values({ name, bytes });
}

export async function findStoredImage(db: DbOrTx, name: string): Promise<Buffer | undefined> {
  const [row] = await db.select({ bytes: storedImages.bytes }).from(storedImages).where(eq(storedImages.name, name));
  return row?.bytes;
}

export async function deleteStoredImage(db: DbOrTx, name: string): Promise<void> {
  await db.delete(storedImages).where(eq(storedImages.name, name));
}

/** Deletes a stored image only if stored (or last kept) before `cutoff`, in one statement; whether it did. */
export async function deleteStoredImageBefore(db: DbOrTx, name: string, cutoff: Date): Promise<boolean> {
  const deleted = await db.delete(storedImages).where(and(eq(storedImages.name, name), lt(storedImages.createdAt, cutoff))).returning({ name: storedImages.name });
  return deleted.length > 0;
}

/** Marks stored images as stored now (the orphan sweep's grace starts again); the names of those that exist. */
export async function keepStoredImages(db: DbOrTx, names: string[]): Promise<Set<string>> {
  if (names.length === 0) return new Set();
  const kept = await db.update(storedImages).set({ createdAt: sql`now()` }).where(inArray(storedImages.name, names)).returning({ name: storedImages.name });
  return new Set(kept.map((row) => row.name));
}

/** Names ending in `suffix` stored before `cutoff`, in name order after `after`: one range of the primary key. */
export async function findStoredNamesBefore(db: DbOrTx, page: { cutoff: Date; suffix: string; after: string; limit: number }): Promise<string[]> {
  const rows = await db
    .select({ name: storedImages.name })
    .from(storedImages)
    .where(and(gt(storedImages.name, page.after), like(storedImages.name, `%${page.suffix}`), lt(storedImages.createdAt, page.cutoff)))
    .orderBy(asc(storedImages.name))
    .limit(page.limit);
  return rows.map((row) => row.name);
}

/**
 * Which of these stored names no product (retired ones included) and no order line shows. One pass over
 * each table: EXCEPT hashes the few candidates and streams the rest past them (docs/decisions/0236).
 */
export async function findUnreferencedImages(db: DbOrTx, names: string[]): Promise<string[]> {
  const rows = await queryRows<{ name: string }>(db, sql`
    select name from unnest(${sql.param(names)}::text[]) as candidate(name)
    except select jsonb_array_elements_text(${products.images}) from ${products}
    except select ${orderItems.image} from ${orderItems} where ${orderItems.image} is not null`);
  return rows.map((row) => row.name);
}
