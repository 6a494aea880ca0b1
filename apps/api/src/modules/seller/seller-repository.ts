import { eq, sql } from 'drizzle-orm';
import type { DbOrTx } from '../../db/client.js';
import { sellers, type SellerRole, type SellerStatus } from '../../db/schema/index.js';

export type SellerRow = typeof sellers.$inferSelect;
export type NewSellerRow = typeof sellers.$inferInsert;

/** What every seller call needs to know of the caller: whose shop, and whether it may write (issue 26). */
export interface SellerAccess {
  id: string;
  role: SellerRole;
  status: SellerStatus;
}

/** E-mails compare case-insensitively (the unique index is on lower(email)). */
export async function findSellerByEmail(db: DbOrTx, email: string): Promise<SellerRow | undefined> {
  const [row] = await db.select().from(sellers).where(sql`lower(${sellers.email}) = lower(${email})`).limit(1);
  return row;
}

export async function findSellerById(db: DbOrTx, id: string): Promise<SellerRow | undefined> {
  const [row] = await db.select().from(sellers).where(eq(sellers.id, id)).limit(1);
  return row;
}

/** One primary-key read per seller call: a suspension applies to the very next call on every instance. */
export async function findSellerAccess(db: DbOrTx, id: string): Promise<SellerAccess | undefined> {
  const [row] = await db.select({ id: sellers.id, role: sellers.role, status: sellers.status }).from(sellers).where(eq(sellers.id, id)).limit(1);
  return row;
}

/** The operator's row: there is exactly one (migration 0019 makes it, a unique index keeps it one). */
export async function findOperator(db: DbOrTx): Promise<SellerRow | undefined> {
  const [row] = await db.select().from(sellers).where(eq(sellers.role, 'operator')).limit(1);
  return row;
}
