import fs from 'node:fs';
import path from 'node:path';
import { defineConfig } from 'vitest/config';

/**
 * Unit and API tests. API suites run on embedded PGlite; when TEST_DATABASE_URL is set they run a
 * second time on that PostgreSQL (the production path), as the `api-postgres` project.
 * Projects inherit the timeouts below only with `extends: true` (without it a loaded machine hits
 * Vitest's 10 s default while PGlite opens).
 */
const apiTests = ['apps/api/src/**/*.test.ts'];
/**
 * API files share their worker's modules (no isolation, docs/decisions/0180): importing the app afresh for
 * each file was half the run. A file that replaces a module with vi.mock would leak the mock into the files
 * after it, so the files that call it run isolated, found by reading them.
 */
const apiSource = path.join(import.meta.dirname, 'apps/api/src');
const isolatedApiTests = fs
  .readdirSync(apiSource, { recursive: true, encoding: 'utf8' })
  .filter((file) => file.endsWith('.test.ts') && fs.readFileSync(path.join(apiSource, file), 'utf8').includes('vi.mock('))
  .map((file) => path.join('apps/api/src', file));
/** Migrates one template database per run that each API test file copies (docs/decisions/0110). */
const globalSetup = ['apps/api/src/test/global-setup.ts'];

/** The API suites on one driver: shared modules, and the few files that must run alone (`<name>-isolated`). */
const apiProjects = (name: string, env: Record<string, string>) => [
  { extends: true, test: { name, include: apiTests, exclude: isolatedApiTests, isolate: false, globalSetup, env } },
  { extends: true, test: { name: `${name}-isolated`, include: isolatedApiTests, globalSetup, env } },
];

export default defineConfig({
  test: {
    testTimeout: 30_000,
    hookTimeout: 60_000,
    // Files run three at a time on 2 cores: much of an API file's time is spent waiting on PostgreSQL, timers
    // and child processes, not on its own CPU (docs/decisions/0180).
    maxWorkers: 3,
    projects: [
      { extends: true, test: { name: 'shared', include: ['packages/shared/src/**/*.test.ts'] } },
      { extends: true, test: { name: 'web', include: ['apps/web/src/**/*.test.{ts,tsx}'] } },
      // The build and install scripts, run as a newcomer or `npm start` runs them.
      { extends: true, test: { name: 'scripts', include: ['apps/web/scripts/**/*.test.ts', 'scripts/**/*.test.ts'] } },
      ...apiProjects('api-pglite', {}),
      ...(process.env.TEST_DATABASE_URL ? apiProjects('api-postgres', { TEST_DB_DRIVER: 'postgres' }) : []),
    ],
  },
});
