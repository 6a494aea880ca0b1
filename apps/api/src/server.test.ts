import { spawn, type ChildProcess } from 'node:child_process';
import fs from 'node:fs/promises';
import http from 'node:http';
import os from 'node:os';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { afterAll, afterEach, beforeAll, describe, expect, it } from 'vitest';

/**
 * The real server process (server.ts) on an embedded PGlite DATA_DIR: what only separate processes
 * and signals can show. PGlite-only, so the api-postgres project skips it.
 */
const repoRoot = fileURLToPath(new URL('../../..', import.meta.url));

interface Running {
  child: ChildProcess;
  port: number;
  output: () => string;
  exited: Promise<number | null>;
}

function spawnServer(dataDir: string) {
  const child = spawn(process.execPath, ['--import', 'tsx', 'apps/api/src/server.ts'], {
    cwd: repoRoot,
    env: { ...process.env, NODE_ENV: 'test', PORT: '0', HOST: '127.0.0.1', DATA_DIR: dataDir, LOG_LEVEL: 'info', WEB_DIST: path.join(dataDir, 'no-web') },
    stdio: ['ignore', 'pipe', 'pipe'],
  });
  let output = '';
  child.stdout!.on('data', (chunk: Buffer) => (output += chunk.toString()));
  child.stderr!.on('data', (chunk: Buffer) => (output += chunk.toString()));
  const exited = new Promise<number | null>((resolve) => child.on('exit', (code) => resolve(code)));
  return { child, output: () => output, exited };
}

async function startServer(dataDir: string): Promise<Running> {
  const started = spawnServer(dataDir);
  const port = await new Promise<number>((resolve, reject) => {
    const poll = setInterval(() => {
      const match = /Server listening at http:\/\/127\.0\.0\.1:(\d+)/.exec(started.output());
      if (match) {
        clearInterval(poll);
        resolve(Number(match[1]));
      }
    }, 50);
    void started.exited.then((code) => {
      clearInterval(poll);
      reject(new Error(`the server exited with ${code} before listening:\n${started.output()}`));
    });
  });
  return { ...started, port };
}

interface Answer {
  status: number;
  headers: http.IncomingHttpHeaders;
  body: string;
}

/** One request on its own connection; rejects if the connection is reset or cut before a whole answer. */
function request(port: number, options: { method: string; path: string; headers?: Record<string, string>; body?: unknown }, sent?: () => void) {
  return new Promise<Answer>((resolve, reject) => {
    const payload = options.body === undefined ? undefined : JSON.stringify(options.body);
    const req = http.request(
      { host: '127.0.0.1', port, method: options.method, path: options.path, agent: false, headers: { ...(payload ? { 'content-type': 'application/json' } : {}), ...options.headers } },
      (res) => {
        let body = '';
        res.setEncoding('utf8');
        res.on('data', (chunk: string) => (body += chunk));
        res.on('end', () => resolve({ status: res.statusCode!, headers: res.headers, body }));
        res.on('error', reject);
      },
    );
    req.on('error', reject);
    req.on('finish', () => sent?.());
    req.end(payload);
  });
}

describe.skipIf(process.env.TEST_DB_DRIVER === 'postgres')('the server process on an embedded DATA_DIR', () => {
  let dataDir: string;
  const running: ChildProcess[] = [];
  beforeAll(async () => {
    dataDir = await fs.mkdtemp(path.join(os.tmpdir(), 'greencart-server-'));
  });
  afterEach(() => {
    for (const child of running.splice(0)) child.kill('SIGKILL');
  });
  afterAll(() => fs.rm(dataDir, { recursive: true, force: true }));

  it('refuses a second process on the same DATA_DIR with one line naming the first, and starts again after a kill -9', async () => {
    const first = await startServer(dataDir);
    running.push(first.child);

    const second = spawnServer(dataDir);
    running.push(second.child);
    expect(await second.exited).toBe(1);
    expect(second.output().trim()).toBe(`DATA_DIR ${dataDir} is in use by another GreenCart process (pid ${first.child.pid}); stop it or use another DATA_DIR`);
    expect((await request(first.port, { method: 'GET', path: '/healthz' })).status).toBe(200);

    first.child.kill('SIGKILL');
    await first.exited;
    const third = await startServer(dataDir);
    running.push(third.child);
    expect((await request(third.port, { method: 'GET', path: '/healthz' })).status).toBe(200);
    third.child.kill('SIGTERM');
    expect(await third.exited).toBe(0);
    // The first start seeds the catalogue (images rendered): slow on a busy machine.
  }, 180_000);

  it('completes the requests it already received when SIGTERM arrives under load', async () => {
    const server = await startServer(dataDir);
    running.push(server.child);
    const signUp = await request(server.port, { method: 'POST', path: '/api/user/register', body: { name: 'Load Test', email: `load-${Date.now()}@example.com`, password: 'correct-horse-battery' } });
    expect(signUp.status).toBe(200);
    const cookie = String(signUp.headers['set-cookie']![0]!.split(';')[0]);
    const list = JSON.parse((await request(server.port, { method: 'GET', path: '/api/product/list' })).body) as { products: { _id: string }[] };
    const productIds = list.products.slice(0, 5).map((p) => p._id);

    const count = 50;
    let written = 0;
    let allSent!: () => void;
    const sentAll = new Promise<void>((resolve) => (allSent = resolve));
    const answers = Array.from({ length: count }, (_, i) =>
      request(
        server.port,
        { method: 'POST', path: '/api/cart/update', headers: { cookie }, body: { cartItems: { [productIds[i % productIds.length]!]: (i % 9) + 1 } } },
        () => ++written === count && allSent(),
      ).then(
        (answer) => ({ answer }),
        (err: Error) => ({ error: err.message }),
      ),
    );
    await sentAll;
    server.child.kill('SIGTERM');
    const settled = await Promise.all(answers);

    const failures = settled.filter((s) => 'error' in s);
    expect(failures, `requests cut by the shutdown:\n${server.output().slice(-2000)}`).toEqual([]);
    for (const { answer } of settled as { answer: Answer }[]) {
      if (answer.status === 503) {
        expect(JSON.parse(answer.body)).toMatchObject({ success: false, code: 'SHUTTING_DOWN' });
      } else {
        expect(answer.status).toBe(200);
      }
    }
    expect(await server.exited).toBe(0);
  }, 60_000);
});
