import { hash, verify } from '@node-rs/argon2';

/**
 * Argon2id with the library's defaults (m=19 MiB, t=2): OWASP's recommended minimum. The password is hashed in Unicode's
 * composed form (NFC, as NIST SP 800-63B asks): "ä" typed as one character or as "a" and a combining mark (some phones'
 * and Macs' keyboards) is the same password (a probe's NFD "pässwörd" was refused on another keyboard).
 */
export const hashPassword = (password: string) => hash(password.normalize('NFC'));

export async function verifyPassword(passwordHash: string, password: string): Promise<boolean> {
  const composed = password.normalize('NFC');
  if (await verify(passwordHash, composed).catch(() => false)) return true;
  // A password hashed as typed, before the composed form was: still the one its account was made with.
  return composed !== password && verify(passwordHash, password).catch(() => false);
}
