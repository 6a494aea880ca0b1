import fs from 'node:fs/promises';
import { fileURLToPath } from 'node:url';

const functionsFolder = fileURLToPath(new URL('./functions', import.meta.url));

/**
 * The database functions' sources, one file each in `db/functions/` (docs/decisions/0106): each is a
 * `CREATE OR REPLACE`, run after the migrations at every start, so the function in the database is
 * always the file's and a change is an edit of that one file, not a copy in a new migration.
 * Sorted by name: a function file must not depend on another one's being applied first.
 */
export async function functionSources(): Promise<{ name: string; sql: string }[]> {
  const names = (await fs.readdir(functionsFolder)).filter((name) => name.endsWith('.sql')).sort();
  return Promise.all(names.map(async (name) => ({ name, sql: await fs.readFile(`${functionsFolder}/${name}`, 'utf8') })));
}
