import fs from 'node:fs/promises';
import path from 'node:path';

/**
 * What a process killed mid-write leaves behind (a mail's `.part` file, an import's uploaded zip in the temporary
 * directory; a resilience probe found both after `kill -9`), removed once older than `olderThanMs`: no write of a
 * live process takes that long, so another instance's file in progress is left alone. A missing directory is nothing to
 * do; a file that cannot be removed is left for the next start. Answers how many were removed.
 */
export async function removeStaleFiles(dir: string, named: RegExp, olderThanMs: number, now = Date.now()): Promise<number> {
  const names = await fs.readdir(dir).catch(() => [] as string[]);
  let removed = 0;
  for (const name of names.filter((n) => named.test(n))) {
    const file = path.join(dir, name);
    const stale = await fs.stat(file).then((s) => s.isFile() && now - s.mtimeMs > olderThanMs, () => false);
    if (stale && (await fs.rm(file).then(() => true, () => false))) removed += 1;
  }
  return removed;
}

/** How old a leftover is before it is taken as one: an hour, far longer than any mail's write or import's upload. */
export const LEFTOVER_AGE_MS = 60 * 60_000;
