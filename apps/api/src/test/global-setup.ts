import fs from 'node:fs/promises';
import os from 'node:os';
import path from 'node:path';
import { PGlite } from '@electric-sql/pglite';
import type { TestProject } from 'vitest/node';
import { openDatabase } from '../db/client.js';
import { freshPostgresDatabase } from './test-databases.js';

type Driver = 'pglite' | 'postgres';
interface Template {
  /** A database name (PostgreSQL) or a saved data directory's file (PGlite). */
  value: string;
  remove(): Promise<void>;
}

/**
 * Migrates one database per run and driver, which every API test file then copies instead of migrating its own
 * (docs/decisions/0110): a new PGlite cluster costs seconds on a busy machine, a copy of a saved one a fraction of
 * that. Made with `openDatabase`, the way the app opens it.
 */
async function migrateTemplate(driver: Driver): Promise<Template> {
  if (driver === 'postgres') {
    const template = await freshPostgresDatabase('gc_template');
    await (await openDatabase({ databaseUrl: template.url, dataDir: null })).close();
    return { value: template.name, remove: () => template.drop() };
  }
  const dir = await fs.mkdtemp(path.join(os.tmpdir(), 'greencart-template-'));
  await (await openDatabase({ dataDir: dir })).close();
  // Made for databases held in memory, each opened from a copy (docs/decisions/0282): without the cluster's two
  // template databases (no test creates a database in it) the copy is 27 MB, not 42; a buffer pool of 16 MB, not
  // 128, since the files are in memory already; new WAL files not zeroed first. A copy opened in about a third of
  // the CPU time. No query here touches an extension, so none is loaded. Saved as a plain tar: each test file's
  // PGlite unpacks it, and a gzipped one cost each of them about 0.3 s more CPU (docs/perf.md).
  const migrated = await PGlite.create(path.join(dir, 'pg'));
  for (const statement of [
    "update pg_database set datistemplate = false where datname in ('template0', 'template1')",
    'drop database template0',
    'drop database template1',
    "alter system set shared_buffers = '16MB'",
    'alter system set wal_init_zero = off',
    'checkpoint',
  ]) {
    await migrated.exec(statement);
  }
  const saved = await migrated.dumpDataDir('none');
  await migrated.close();
  const file = path.join(dir, 'migrated.tar');
  await fs.writeFile(file, Buffer.from(await saved.arrayBuffer()));
  await fs.rm(path.join(dir, 'pg'), { recursive: true, force: true });
  return { value: file, remove: () => fs.rm(dir, { recursive: true, force: true }) };
}

/**
 * The templates of this run, by driver, with how many projects use each. A driver's two projects (its shared-module
 * files and its `-isolated` ones, vitest.config.ts) take the same template: Vitest loads this file once per project,
 * one after the other, so only the process's global object is common to them (docs/decisions/0110).
 */
const shared = globalThis as { greencartTemplates?: Map<Driver, { template: Promise<Template>; users: number }> };
const templates = (shared.greencartTemplates ??= new Map());

export default async function setup(project: TestProject): Promise<() => Promise<void>> {
  // The project's `env` (vitest.config.ts), which its test files see as process.env.
  const driver: Driver = project.config.env?.TEST_DB_DRIVER === 'postgres' ? 'postgres' : 'pglite';
  let entry = templates.get(driver);
  if (!entry) templates.set(driver, (entry = { template: migrateTemplate(driver), users: 0 }));
  entry.users += 1;
  const template = await entry.template;
  project.provide(driver === 'postgres' ? 'postgresTemplate' : 'pgliteTemplate', template.value);
  return async () => {
    entry.users -= 1;
    if (entry.users > 0) return;
    templates.delete(driver);
    await template.remove();
  };
}
