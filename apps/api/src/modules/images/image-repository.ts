import { eq, inArray } from 'drizzle-orm';
import type { DbOrTx } from '../../db/client.js';
import { storedImages } from '../../db/schema/index.js';

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

/** Which of `names` are stored, a thousand names a query. */
export async function findStoredImageNames(db: DbOrTx, names: string[]): Promise<string[]> {
  const found: string[] = [];
  for (let i = 0; i < names.length; i += 1000) {
    const rows = await db.select({ name: storedImages.name }).from(storedImages).where(inArray(storedImages.name, names.slice(i, i + 1000)));
    found.push(...rows.map((row) => row.name));
  }
  return found;
}
