import { and, eq, gt, lt, sql } from 'drizzle-orm';
import type { DbOrTx } from '../../db/client.js';
import { queryRows } from '../../db/raw-sql.js';
import { sellers, sessions, users } from '../../db/schema/index.js';

export type SessionOwner = { userId: string; sellerId?: never } | { sellerId: string; userId?: never };

export async function insertSession(db: DbOrTx, tokenHash: string, owner: SessionOwner, expiresAt: Date) {
  await db.insert(sessions).values({ tokenHash, userId: owner.userId ?? null, sellerId: owner.sellerId ?? null, expiresAt });
}

/**
 * A session, only while the account's password is still `passwordHash` (the one a login checked): the account's row is
 * read FOR SHARE, so a new password being set (its row updated, every session deleted, in one transaction) is waited for
 * and then seen. A login in flight during a change no longer kept a session the change had meant to end (a race probe).
 * Whether the session was made.
 */
export async function insertSessionForPassword(db: DbOrTx, tokenHash: string, owner: SessionOwner, expiresAt: Date, passwordHash: string): Promise<boolean> {
  const account = owner.userId ? users : sellers;
  const made = await queryRows(
    db,
    sql`insert into ${sessions} (token_hash, user_id, seller_id, expires_at)
      select ${tokenHash}, ${owner.userId ?? null}::uuid, ${owner.sellerId ?? null}::uuid, ${expiresAt.toISOString()}::timestamptz
        from ${account} a where a.id = ${owner.userId ?? owner.sellerId} and a.password_hash = ${passwordHash} for share of a
      returning token_hash`,
  );
  return made.length > 0;
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
