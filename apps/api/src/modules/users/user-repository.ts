import { eq, sql } from 'drizzle-orm';
import type { SubstitutePreference } from '@greencart/shared';
import type { DbOrTx } from '../../db/client.js';
import { users } from '../../db/schema/index.js';

export type UserRow = typeof users.$inferSelect;

/** E-mails compare case-insensitively (the unique index is on lower(email)). */
export async function findUserByEmail(db: DbOrTx, email: string): Promise<UserRow | undefined> {
  const [row] = await db.select().from(users).where(sql`lower(${users.email}) = lower(${email})`).limit(1);
  return row;
}

export async function findUserById(db: DbOrTx, id: string): Promise<UserRow | undefined> {
  const [row] = await db.select().from(users).where(eq(users.id, id)).limit(1);
  return row;
}

/**
 * Locks the shopper's row for the rest of the transaction, so a shopper's writes that must not
 * interleave take turns: two checkouts (a double click, a retry, a second tab), where the second
 * must see the first's order, and two saves of the cart, which would collide on its primary key.
 * FOR NO KEY UPDATE: the key does not change, and the KEY SHARE lock of a row referencing the shopper
 * (an address, an order) must not wait on it (issue 25).
 */
export async function lockUser(tx: DbOrTx, userId: string): Promise<{ id: string; email: string; name: string } | undefined> {
  const [row] = await tx.select({ id: users.id, email: users.email, name: users.name }).from(users).where(eq(users.id, userId)).for('no key update');
  return row;
}

/** Substitutions (issue 28, docs/decisions/0149): the shopper's default preference for lines not picked in full. */
export async function setSubstituteDefault(tx: DbOrTx, userId: string, preference: SubstitutePreference): Promise<void> {
  await tx.update(users).set({ substituteDefault: preference }).where(eq(users.id, userId));
}

/** Undefined when the e-mail is taken, including by a concurrent registration. */
export async function insertUser(db: DbOrTx, values: { name: string; email: string; passwordHash: string }): Promise<UserRow | undefined> {
  const [row] = await db.insert(users).values(values).onConflictDoNothing().returning();
  return row;
}
