import { sql } from 'drizzle-orm';
import type { DbOrTx } from '../../db/client.js';
import { sellers } from '../../db/schema/index.js';

export type SellerRow = typeof sellers.$inferSelect;

/** E-mails compare case-insensitively (the unique index is on lower(email)). */
export async function findSellerByEmail(db: DbOrTx, email: string): Promise<SellerRow | undefined> {
  const [row] = await db.select().from(sellers).where(sql`lower(${sellers.email}) = lower(${email})`).limit(1);
  return row;
}
