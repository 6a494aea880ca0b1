import { randomBytes } from 'node:crypto';
import { eq } from 'drizzle-orm';
import type { Db } from '../../db/client.js';
import { serverSecrets } from '../../db/schema/index.js';

/**
 * The named key every instance shares: made by the first instance to ask and kept in the database, so a
 * second instance, or a restart, signs and checks with the same one (docs/decisions/0097). Instances
 * starting together both try to insert; the insert that loses does nothing and both read the winner's.
 */
export async function sharedSecret(db: Db, name: string): Promise<Buffer> {
  await db.insert(serverSecrets).values({ name, value: randomBytes(32) }).onConflictDoNothing();
  const [row] = await db.select({ value: serverSecrets.value }).from(serverSecrets).where(eq(serverSecrets.name, name));
  return row!.value;
}
