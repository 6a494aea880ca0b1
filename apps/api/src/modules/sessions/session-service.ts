import { createHash, randomBytes } from 'node:crypto';
import type { Db } from '../../db/client.js';
import { deleteExpiredSessions, deleteSession, findLiveSession, insertSession, type SessionOwner } from './session-repository.js';

/** Sessions last 7 days (issue 4); logout and expiry end them on the server. */
export const SESSION_TTL_MS = 7 * 24 * 60 * 60 * 1000;

const hashToken = (token: string) => createHash('sha256').update(token).digest('hex');

export function createSessionService(db: Db, now: () => Date = () => new Date()) {
  return {
    /** Starts a session and returns the opaque token for the cookie. */
    async start(owner: SessionOwner): Promise<{ token: string; expiresAt: Date }> {
      const token = randomBytes(32).toString('base64url');
      const expiresAt = new Date(now().getTime() + SESSION_TTL_MS);
      await insertSession(db, hashToken(token), owner, expiresAt);
      return { token, expiresAt };
    },
    /** The live session's owner, or undefined for a forged, expired or ended token. */
    async resolve(token: string | undefined) {
      if (!token || token.length > 100) return undefined;
      return findLiveSession(db, hashToken(token), now());
    },
    async end(token: string | undefined) {
      if (token) await deleteSession(db, hashToken(token));
    },
    async purgeExpired() {
      await deleteExpiredSessions(db, now());
    },
  };
}

export type SessionService = ReturnType<typeof createSessionService>;
