import { defineConfig } from 'vitest/config';

/**
 * Unit and API tests. API suites run on embedded PGlite; when TEST_DATABASE_URL is set they run a
 * second time on that PostgreSQL (the production path), as the `api-postgres` project.
 * Projects inherit the timeouts below only with `extends: true` (without it a loaded machine hits
 * Vitest's 10 s default while PGlite opens).
 */
const apiTests = ['apps/api/src/**/*.test.ts'];
/** Migrates one template database per run that each API test file copies (docs/decisions/0110). */
const globalSetup = ['apps/api/src/test/global-setup.ts'];

export default defineConfig({
  test: {
    testTimeout: 30_000,
    hookTimeout: 60_000,
    projects: [
      { extends: true, test: { name: 'shared', include: ['packages/shared/src/**/*.test.ts'] } },
      { extends: true, test: { name: 'web', include: ['apps/web/src/**/*.test.{ts,tsx}'] } },
      // The build and install scripts, run as a newcomer or `npm start` runs them.
      { extends: true, test: { name: 'scripts', include: ['apps/web/scripts/**/*.test.ts', 'scripts/**/*.test.ts'] } },
      { extends: true, test: { name: 'api-pglite', include: apiTests, globalSetup } },
      ...(process.env.TEST_DATABASE_URL
        ? [{ extends: true, test: { name: 'api-postgres', include: apiTests, globalSetup, env: { TEST_DB_DRIVER: 'postgres' } } }]
        : []),
    ],
  },
});
