import { eq } from 'drizzle-orm';
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
