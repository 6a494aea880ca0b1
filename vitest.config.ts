import { defineConfig } from 'vitest/config';

/**
 * Unit and API tests. API suites run on embedded PGlite; when TEST_DATABASE_URL is set they run a
 * second time on that PostgreSQL (the production path), as the `api-postgres` project.
 */
const apiTests = ['apps/api/src/**/*.test.ts'];

export default defineConfig({
  test: {
    testTimeout: 30_000,
    hookTimeout: 60_000,
    projects: [
      { test: { name: 'shared', include: ['packages/shared/src/**/*.test.ts'] } },
      { test: { name: 'web', include: ['apps/web/src/**/*.test.{ts,tsx}'] } },
      { test: { name: 'api-pglite', include: apiTests } },
      ...(process.env.TEST_DATABASE_URL
        ? [{ test: { name: 'api-postgres', include: apiTests, env: { TEST_DB_DRIVER: 'postgres' } } }]
        : []),
    ],
  },
});
