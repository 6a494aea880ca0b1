import { createHash } from 'node:crypto';
import fs from 'node:fs/promises';
import { fileURLToPath } from 'node:url';

const functionsFolder = fileURLToPath(new URL('./functions', import.meta.url));

/**
 * The database functions' sources, one file each in `db/functions/` (docs/decisions/0106): each is a
 * `CREATE OR REPLACE`, applied after the migrations when its text changed (`sha256`, kept in
 * applied_function_sources), so the function in the database is always the file's and a change is an edit of
 * that one file, not a copy in a new migration. Sorted by name: a function file must not depend on another
 * one's being applied first.
 */
export async function functionSources(): Promise<{ name: string; sql: string; sha256: string }[]> {
  const names = (await fs.readdir(functionsFolder)).filter((name) => name.endsWith('.sql')).sort();
  // Written into the statement that records them: a plain name only.
  const odd = names.find((name) => !/^[a-z0-9_]+\.sql$/.test(name));
  if (odd) throw new Error(`db/functions/${odd}: a function file is named in lower case letters, digits and _ only`);
  return Promise.all(
    names.map(async (name) => {
      const sql = await fs.readFile(`${functionsFolder}/${name}`, 'utf8');
      return { name, sql, sha256: createHash('sha256').update(sql).digest('hex') };
    }),
  );
}
