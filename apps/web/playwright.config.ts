import { defineConfig, devices } from '@playwright/test';
import { chromiumPath } from '../../scripts/chromium-path.mjs';

/**
 * Browser tests drive the built shop in Debian's Chromium, its headless shell when installed (never a downloaded
 * browser; scripts/chromium-path.mjs).
 * scripts/run-e2e.mjs prepares a fresh DATA_DIR; the port is E2E_PORT (4173 unless set: two runs on one machine each
 * need their own); tests tagged @phone also run at 390 px.
 */
const port = Number(process.env.E2E_PORT ?? 4173);
const baseURL = `http://127.0.0.1:${port}`;
const chromium = chromiumPath();

export default defineConfig({
  testDir: './e2e',
  fullyParallel: true,
  // Three on CI's 2 cores: a test often waits on the server or an animation, and a third worker fills those waits
  // (on the headless shell the whole suite took 216 s, against 287 s with two and 227 s with four; docs/perf.md).
  workers: process.env.CI ? 3 : undefined,
  retries: process.env.CI ? 1 : 0,
  timeout: 45_000,
  expect: { timeout: 10_000 },
  reporter: 'list',
  use: {
    baseURL,
    // Recording a trace costs a quarter of a test's time (docs/perf.md, "Test suite time (branch suite2)"): in CI
    // only a retried test records one (its first retry), so each failure still leaves a trace; locally every failure does.
    trace: process.env.CI ? 'on-first-retry' : 'retain-on-failure',
    launchOptions: {
      executablePath: chromium,
      args: ['--headless', '--no-sandbox', '--disable-gpu', '--disable-quic', '--no-first-run', '--disable-background-networking', '--disable-component-update', '--disable-sync'],
    },
  },
  projects: [
    { name: 'desktop', use: { ...devices['Desktop Chrome'], viewport: { width: 1280, height: 800 }, channel: undefined } },
    { name: 'phone', grep: /@phone/, use: { viewport: { width: 390, height: 844 }, isMobile: true, hasTouch: true, deviceScaleFactor: 2 } },
  ],
  webServer: {
    command: 'node --import tsx ../api/src/server.ts',
    url: `${baseURL}/healthz`,
    timeout: 120_000,
    reuseExistingServer: false,
    stdout: 'ignore',
    stderr: 'pipe',
    env: {
      PORT: String(port),
      HOST: '127.0.0.1',
      PUBLIC_URL: baseURL,
      DATA_DIR: process.env.E2E_DATA_DIR ?? '../../data/e2e',
      LOG_LEVEL: 'warn',
      NODE_ENV: 'test',
      // As behind one proxy: each test sends a one-entry X-Forwarded-For (e2e/support/test.ts), taken as
      // the address that proxy saw, so rate limits count per test.
      TRUST_PROXY: '1',
    },
  },
});
