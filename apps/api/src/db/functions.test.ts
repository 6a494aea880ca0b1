import { sql as query } from 'drizzle-orm';
import fs from 'node:fs/promises';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { queryRows } from './raw-sql.js';
import { openTestDatabase } from '../test/test-app.js';
import type { Database } from './client.js';
import { functionSources } from './functions.js';

/** Decision 0106: a database function's source lives in one file, and the database runs that file's version. */
let database: Database;
beforeAll(async () => {
  database = await openTestDatabase();
});
afterAll(() => database.close());

describe('database functions', () => {
  it('are the versions in db/functions after the migrations, whatever the migrations created before', async () => {
    const sources = await functionSources();
    expect(sources.map((s) => s.name)).toContain('place_order.sql');
    for (const { name, sql } of sources) {
      const fn = name.replace(/\.sql$/, '');
      const [row] = await queryRows<{ body: string }>(database.db, query`select prosrc as body from pg_proc where proname = ${fn}`);
      // The body between the dollar quotes is stored as written.
      const body = sql.slice(sql.indexOf('$$') + 2, sql.lastIndexOf('$$'));
      expect(row?.body, fn).toBe(body);
    }
  });

  it('have their source in that one file: no migration copies a body (a trigger function is declared empty there)', async () => {
    const names = (await functionSources()).map((s) => s.name.replace(/\.sql$/, ''));
    const folder = fileURLToPath(new URL('./migrations', import.meta.url));
    for (const file of (await fs.readdir(folder)).filter((name) => name.endsWith('.sql'))) {
      const text = await fs.readFile(path.join(folder, file), 'utf8');
      for (const [, fn, body] of text.matchAll(/CREATE (?:OR REPLACE )?FUNCTION (\w+)\([^)]*\)[^$]*\$\$([\s\S]*?)\$\$/g)) {
        if (names.includes(fn!)) expect(body!.trim(), `${file} copies ${fn}`).toBe('BEGIN RETURN NULL; END');
      }
    }
  });

  it('records the text each file was applied from (its sha256), so a start applies only a changed file', async () => {
    const rows = await queryRows<{ name: string; sha256: string }>(database.db, query`select name, sha256 from applied_function_sources order by name`);
    expect(rows).toEqual((await functionSources()).map(({ name, sha256 }) => ({ name, sha256 })));
  });

  it('place_order locks no more than it needs: no plain FOR UPDATE, which waits on foreign-key checks', async () => {
    const [row] = await queryRows<{ body: string }>(database.db, query`select prosrc as body from pg_proc where proname = 'place_order'`);
    expect(row!.body).toContain('FOR NO KEY UPDATE');
    expect(row!.body).not.toMatch(/FOR UPDATE/);
  });
});
