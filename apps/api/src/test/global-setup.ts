import fs from 'node:fs/promises';
import os from 'node:os';
import path from 'node:path';
import { PGlite } from '@electric-sql/pglite';
import type { TestProject } from 'vitest/node';
import { openDatabase } from '../db/client.js';
import { freshPostgresDatabase } from './test-databases.js';

/**
 * Migrates one database per run and project, which every API test file then copies instead of
 * migrating its own (docs/decisions/0110): a new PGlite cluster costs seconds on a busy machine, a
 * copy of a saved one a fraction of that. Made with `openDatabase`, the way the app opens it.
 */
export default async function setup(project: TestProject): Promise<() => Promise<void>> {
  // The project's `env` (vitest.config.ts), which its test files see as process.env.
  if (project.config.env?.TEST_DB_DRIVER === 'postgres') {
    const template = await freshPostgresDatabase('gc_template');
    await (await openDatabase({ databaseUrl: template.url, dataDir: null })).close();
    project.provide('postgresTemplate', template.name);
    return () => template.drop();
  }
  const dir = await fs.mkdtemp(path.join(os.tmpdir(), 'greencart-template-'));
  await (await openDatabase({ dataDir: dir })).close();
  // Only its files are read here: no query runs, so no extension needs loading. Saved as a plain tar: each test
  // file's PGlite unpacks it, and a gzipped one cost each of them about 0.3 s more CPU (docs/perf.md).
  const migrated = await PGlite.create(path.join(dir, 'pg'));
  const saved = await migrated.dumpDataDir('none');
  await migrated.close();
  const file = path.join(dir, 'migrated.tar');
  await fs.writeFile(file, Buffer.from(await saved.arrayBuffer()));
  await fs.rm(path.join(dir, 'pg'), { recursive: true, force: true });
  project.provide('pgliteTemplate', file);
  return () => fs.rm(dir, { recursive: true, force: true });
}
