import fs from 'node:fs/promises';
import path from 'node:path';
import { fileURLToPath } from 'node:url';

/** The store's migrations folder (drizzle's journal and one SQL file per migration). */
export const MIGRATIONS_FOLDER = fileURLToPath(new URL('../db/migrations', import.meta.url));

/**
 * The migrations folder as it was before the migration `tag`, written into `dir`: the same files, the journal cut
 * there. A migration test migrates a database to it, writes the data of that time, then runs the real folder.
 */
export async function migrationsBefore(dir: string, tag: string): Promise<string> {
  const journal = JSON.parse(await fs.readFile(path.join(MIGRATIONS_FOLDER, 'meta/_journal.json'), 'utf8')) as { entries: { tag: string }[] };
  const at = journal.entries.findIndex((e) => e.tag === tag);
  if (at < 0) throw new Error(`no migration ${tag}`);
  const entries = journal.entries.slice(0, at);
  await fs.mkdir(path.join(dir, 'meta'), { recursive: true });
  await fs.writeFile(path.join(dir, 'meta/_journal.json'), JSON.stringify({ ...journal, entries }));
  for (const { tag: each } of entries) await fs.copyFile(path.join(MIGRATIONS_FOLDER, `${each}.sql`), path.join(dir, `${each}.sql`));
  return dir;
}
