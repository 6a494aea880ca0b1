import { hash, verify } from '@node-rs/argon2';

/** Argon2id with the library's defaults (m=19 MiB, t=2): OWASP's recommended minimum. */
export const hashPassword = (password: string) => hash(password);

export async function verifyPassword(passwordHash: string, password: string): Promise<boolean> {
  return verify(passwordHash, password).catch(() => false);
}
