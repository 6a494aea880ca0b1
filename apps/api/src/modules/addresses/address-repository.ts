import { and, asc, eq } from 'drizzle-orm';
import type { DbOrTx } from '../../db/client.js';
import { addresses } from '../../db/schema/index.js';

export type AddressRow = typeof addresses.$inferSelect;
export type NewAddressRow = typeof addresses.$inferInsert;

export function findAddressesOfUser(db: DbOrTx, userId: string): Promise<AddressRow[]> {
  return db.select().from(addresses).where(eq(addresses.userId, userId)).orderBy(asc(addresses.createdAt), asc(addresses.id));
}

export async function insertAddress(db: DbOrTx, row: NewAddressRow): Promise<AddressRow> {
  const [inserted] = await db.insert(addresses).values(row).returning();
  return inserted!;
}

/** Deletes one of the shopper's addresses; false when it is not theirs (or not there). Orders keep their copy (their link is set null). */
export async function deleteAddressOfUser(db: DbOrTx, userId: string, addressId: string): Promise<boolean> {
  const deleted = await db.delete(addresses).where(and(eq(addresses.id, addressId), eq(addresses.userId, userId))).returning({ id: addresses.id });
  return deleted.length > 0;
}
