#!/usr/bin/env node
// Runs the Playwright suite against the built app on a fresh data directory.
// Outside CI a missing Chromium skips only this suite, loudly; with CI=true it fails.
import { spawnSync } from 'node:child_process';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { chromiumPath } from './chromium-path.mjs';

const chromium = chromiumPath();
if (!fs.existsSync(chromium)) {
  const line = `Browser tests need Chromium at ${chromium}: install it with "apt-get install -y chromium-headless-shell" (or chromium) or set CHROMIUM_PATH.`;
  if (process.env.CI) {
    console.error(`ERROR: ${line}`);
    process.exit(1);
  }
  console.warn(`\n!!!!! SKIPPING BROWSER TESTS !!!!!\n${line}\n`);
  process.exit(0);
}

const dataDir = fs.mkdtempSync(path.join(os.tmpdir(), 'greencart-e2e-'));
const result = spawnSync('npx', ['playwright', 'test', '-c', 'apps/web/playwright.config.ts', ...process.argv.slice(2)], {
  stdio: 'inherit',
  env: { ...process.env, E2E_DATA_DIR: dataDir },
});
fs.rmSync(dataDir, { recursive: true, force: true });
process.exit(result.status ?? 1);
