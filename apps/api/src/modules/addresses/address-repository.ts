import { and, asc, count, eq } from 'drizzle-orm';
import type { DbOrTx } from '../../db/client.js';
import { addresses } from '../../db/schema/index.js';

export type AddressRow = typeof addresses.$inferSelect;
export type NewAddressRow = typeof addresses.$inferInsert;

export function findAddressesOfUser(db: DbOrTx, userId: string): Promise<AddressRow[]> {
  return db.select().from(addresses).where(eq(addresses.userId, userId)).orderBy(asc(addresses.createdAt), asc(addresses.id));
}

export async function countAddressesOfUser(db: DbOrTx, userId: string): Promise<number> {
  const [row] = await db.select({ n: count() }).from(addresses).where(eq(addresses.userId, userId));
  return row?.n ?? 0;
}

export async function insertAddress(db: DbOrTx, row: NewAddressRow): Promise<AddressRow> {
  const [inserted] = await db.insert(addresses).values(row).returning();
  return inserted!;
}

/** One of the shopper's addresses, or undefined (another's is not found). */
export async function findAddressOfUser(db: DbOrTx, userId: string, id: string): Promise<AddressRow | undefined> {
  const [row] = await db.select().from(addresses).where(and(eq(addresses.userId, userId), eq(addresses.id, id))).limit(1);
  return row;
}
