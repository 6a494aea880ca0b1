import fs from 'node:fs/promises';
import os from 'node:os';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { PGlite } from '@electric-sql/pglite';
import { pg_trgm } from '@electric-sql/pglite/contrib/pg_trgm';
import type { SQL } from 'drizzle-orm';
import { drizzle } from 'drizzle-orm/pglite';
import { migrate } from 'drizzle-orm/pglite/migrator';

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

/**
 * An in-memory PGlite migrated to just before `tag`, with a typed reader of rows, and `finish` to run the real
 * folder (the migration under test and those after it). `close` ends it and removes its folder.
 */
export async function pgliteBefore(tag: string) {
  const dir = await fs.mkdtemp(path.join(os.tmpdir(), 'greencart-migration-'));
  const client = await PGlite.create({ extensions: { pg_trgm } });
  const db = drizzle(client);
  await migrate(db, { migrationsFolder: await migrationsBefore(dir, tag) });
  return {
    db,
    rows: async <T,>(query: SQL) => (await db.execute(query)).rows as T[],
    finish: () => migrate(db, { migrationsFolder: MIGRATIONS_FOLDER }),
    close: async () => {
      await client.close();
      await fs.rm(dir, { recursive: true, force: true });
    },
  };
}
