import { spawn } from 'node:child_process';
import { randomUUID } from 'node:crypto';
import fs from 'node:fs/promises';
import os from 'node:os';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import pg from 'pg';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';

/** `npm run start:cluster` as real processes: what only processes and signals can show. */
const repoRoot = fileURLToPath(new URL('../../..', import.meta.url));
const adminUrl = process.env.TEST_DATABASE_URL;
const onPostgres = process.env.TEST_DB_DRIVER === 'postgres' && adminUrl !== undefined;
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
  const name = `gc_cluster_${randomUUID().replace(/-/g, '')}`;
  let databaseUrl: string;
  let dataDir: string;
  beforeAll(async () => {
    const admin = new pg.Client({ connectionString: adminUrl });
    await admin.connect();
    await admin.query(`create database ${name}`);
    await admin.end();
    const target = new URL(adminUrl!);
    target.pathname = `/${name}`;
    databaseUrl = target.toString();
    dataDir = await fs.mkdtemp(path.join(os.tmpdir(), 'greencart-cluster-'));
  });
  afterAll(async () => {
    const admin = new pg.Client({ connectionString: adminUrl });
    await admin.connect();
    await admin.query(`drop database if exists ${name} with (force)`);
    await admin.end();
    await fs.rm(dataDir, { recursive: true, force: true });
  });

  // Slow: both instances start on an empty database, and one of them seeds the demo catalogue.
  it('runs the asked number of instances on one port, and stops them all on SIGTERM', async () => {
    const cluster = startCluster({ DATABASE_URL: databaseUrl, DATA_DIR: dataDir, INSTANCES: '2', WEB_DIST: path.join(dataDir, 'no-web') });
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
