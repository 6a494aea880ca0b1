import { and, eq, gt, lt } from 'drizzle-orm';
import type { DbOrTx } from '../../db/client.js';
import { sessions } from '../../db/schema/index.js';

export type SessionOwner = { userId: string; sellerId?: never } | { sellerId: string; userId?: never };

export async function insertSession(db: DbOrTx, tokenHash: string, owner: SessionOwner, expiresAt: Date) {
  await db.insert(sessions).values({ tokenHash, userId: owner.userId ?? null, sellerId: owner.sellerId ?? null, expiresAt });
}

/** The session's owner and end, if it is live at `now`. */
export async function findLiveSession(db: DbOrTx, tokenHash: string, now: Date) {
  const [row] = await db
    .select({ userId: sessions.userId, sellerId: sessions.sellerId, expiresAt: sessions.expiresAt })
    .from(sessions)
    .where(and(eq(sessions.tokenHash, tokenHash), gt(sessions.expiresAt, now)))
    .limit(1);
  return row;
}

export async function deleteSession(db: DbOrTx, tokenHash: string) {
  await db.delete(sessions).where(eq(sessions.tokenHash, tokenHash));
}

export async function deleteExpiredSessions(db: DbOrTx, now: Date) {
  await db.delete(sessions).where(lt(sessions.expiresAt, now));
}
