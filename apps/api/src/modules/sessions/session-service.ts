import { createHash, randomBytes } from 'node:crypto';
import { keptUntilChange, type ChannelFeed } from '../../db/channel-feed.js';
import type { Db } from '../../db/client.js';
import { invalidCredentials } from '../users/user-errors.js';
import { deleteExpiredSessions, deleteSession, findLiveSession, insertSession, insertSessionForPassword, type SessionOwner } from './session-repository.js';

/** Sessions last 7 days (issue 4); logout and expiry end them on the server. */
export const SESSION_TTL_MS = 7 * 24 * 60 * 60 * 1000;

/** Sessions an instance keeps looked up (docs/decisions/0088): a few MB at most. */
const KEPT_SESSIONS_MAX = 20_000;

/** A session token as it is stored, and named where a session needs naming (its own failed password checks). */
export const hashToken = (token: string) => createHash('sha256').update(token).digest('hex');

/**
 * `ended` is the sessions' change feed (SESSIONS_CHANNEL): a session looked up is kept until any
 * instance ends one, so an authenticated request costs no query of its own (docs/decisions/0088).
 */
export function createSessionService(db: Db, ended: Pick<ChannelFeed, 'live' | 'subscribe'>, now: () => Date = () => new Date()) {
  const kept = keptUntilChange(ended, KEPT_SESSIONS_MAX);
  return {
    /**
     * Starts a session and returns the opaque token for the cookie. After a login, `passwordHash` is the one it checked:
     * a password changed since (or being changed) refuses it, as a wrong password is (401).
     */
    async start(owner: SessionOwner, passwordHash?: string): Promise<{ token: string; expiresAt: Date }> {
      const token = randomBytes(32).toString('base64url');
      const expiresAt = new Date(now().getTime() + SESSION_TTL_MS);
      if (passwordHash === undefined) await insertSession(db, hashToken(token), owner, expiresAt);
      else if (!(await insertSessionForPassword(db, hashToken(token), owner, expiresAt, passwordHash))) throw invalidCredentials();
      return { token, expiresAt };
    },
    /** The live session's owner, or undefined for a forged, expired or ended token. */
    async resolve(token: string | undefined) {
      if (!token || token.length > 100) return undefined;
      const tokenHash = hashToken(token);
      const session = await kept.get(tokenHash, () => findLiveSession(db, tokenHash, now()));
      // A session kept since it was looked up ends at its time like any other.
      return session && session.expiresAt > now() ? { userId: session.userId, sellerId: session.sellerId } : undefined;
    },
    /** Ends the session: refused here at once, and by the other instances when the feed tells them. */
    async end(token: string | undefined) {
      if (!token) return;
      await deleteSession(db, hashToken(token));
      kept.clear();
    },
    /**
     * Sessions ended by another statement (a new password ends every session of its account, password-reset.ts):
     * this instance forgets the ones it keeps at once; the others when the sessions' feed tells them.
     */
    forgetKept(): void {
      kept.clear();
    },
    async purgeExpired() {
      await deleteExpiredSessions(db, now());
    },
  };
}

export type SessionService = ReturnType<typeof createSessionService>;
