import { spawn } from 'node:child_process';
import fs from 'node:fs/promises';
import os from 'node:os';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { freshPostgresDatabase } from './test/test-app.js';

/** `npm run start:cluster` as real processes: what only processes and signals can show. */
const repoRoot = fileURLToPath(new URL('../../..', import.meta.url));
const onPostgres = process.env.TEST_DB_DRIVER === 'postgres' && process.env.TEST_DATABASE_URL !== undefined;
/** This suite's own port (the cluster module shares one port between its instances). */
const PORT = 4206;

function startCluster(env: Record<string, string>) {
  const child = spawn(process.execPath, ['--import', 'tsx', 'apps/api/src/cluster.ts'], {
    cwd: repoRoot,
    env: { ...process.env, NODE_ENV: 'test', HOST: '127.0.0.1', PORT: String(PORT), LOG_LEVEL: 'info', DATABASE_URL: '', ...env },
    stdio: ['ignore', 'pipe', 'pipe'],
  });
  let output = '';
  child.stdout.on('data', (chunk: Buffer) => (output += chunk.toString()));
  child.stderr.on('data', (chunk: Buffer) => (output += chunk.toString()));
  const exited = new Promise<number | null>((resolve) => child.on('exit', (code) => resolve(code)));
  return { child, output: () => output, exited };
}

describe.skipIf(onPostgres)('start:cluster on the embedded database', () => {
  it('refuses to start, saying that several instances need DATABASE_URL', async () => {
    const dataDir = await fs.mkdtemp(path.join(os.tmpdir(), 'greencart-cluster-'));
    const cluster = startCluster({ DATA_DIR: dataDir });
    expect(await cluster.exited).toBe(1);
    expect(cluster.output()).toMatch(/^start:cluster needs DATABASE_URL/m);
    await fs.rm(dataDir, { recursive: true, force: true });
  });
});

describe.skipIf(!onPostgres)('start:cluster on PostgreSQL (runs with TEST_DATABASE_URL)', () => {
  let fresh: Awaited<ReturnType<typeof freshPostgresDatabase>>;
  let dataDir: string;
  beforeAll(async () => {
    fresh = await freshPostgresDatabase('gc_cluster');
    dataDir = await fs.mkdtemp(path.join(os.tmpdir(), 'greencart-cluster-'));
  });
  afterAll(async () => {
    await fresh?.drop();
    await fs.rm(dataDir, { recursive: true, force: true });
  });

  // Slow: both instances start on an empty database, and one of them seeds the demo catalogue.
  it('runs the asked number of instances on one port, and stops them all on SIGTERM', async () => {
    const cluster = startCluster({ DATABASE_URL: fresh.url, DATA_DIR: dataDir, INSTANCES: '2', WEB_DIST: path.join(dataDir, 'no-web') });
    const readyPids = () => [...cluster.output().matchAll(/"pid":(\d+)[^\n]*GreenCart is ready/g)].map((m) => m[1]);
    const started = Date.now();
    while (new Set(readyPids()).size < 2) {
      if (Date.now() - started > 80_000) throw new Error(`two instances did not start:\n${cluster.output()}`);
      await new Promise((resolve) => setTimeout(resolve, 100));
    }
    const health = await fetch(`http://127.0.0.1:${PORT}/healthz`);
    expect(await health.json()).toEqual({ status: 'ok', database: 'postgres' });
    cluster.child.kill('SIGTERM');
    expect(await cluster.exited).toBe(0);
    expect(cluster.output()).toMatch(/SIGTERM received, shutting down[\s\S]*SIGTERM received, shutting down/);
  }, 100_000);
});
