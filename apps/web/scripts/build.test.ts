import { spawn, spawnSync } from 'node:child_process';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { pathToFileURL } from 'node:url';
import zlib from 'node:zlib';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';

/**
 * Issue 25: two `npm start` from one checkout at the same moment (a process manager starting two
 * instances) both ran the web build into the same folders; one's server-side step found its bundle
 * deleted by the other (ERR_MODULE_NOT_FOUND) and that instance exited. The build now runs under a lock,
 * is skipped when the sources are unchanged, and is made in a fresh folder swapped in whole (0101).
 */
const BUILD = path.join(import.meta.dirname, 'build.mjs');

/** A build run as `npm run build` runs it; `outputSoFar` reads what it printed while it runs. */
function build(out: string, env: Record<string, string> = {}) {
  let output = '';
  const done = new Promise<{ code: number | null; output: string }>((resolve) => {
    const child = spawn(process.execPath, [BUILD, '--out', out], { env: { ...process.env, ...env } });
    child.stdout.on('data', (chunk: Buffer) => (output += chunk));
    child.stderr.on('data', (chunk: Buffer) => (output += chunk));
    child.on('close', (code) => resolve({ code, output }));
  });
  return Object.assign(done, { outputSoFar: () => output });
}

/** The page, every asset it names (with its compressed copies) and the server renderer are there: what a server starting now would serve. */
function expectCompleteBuild(out: string) {
  const html = fs.readFileSync(path.join(out, 'index.html'), 'utf8');
  const assets = [...html.matchAll(/"\/(assets\/[^"]+)"/g)].map((m) => m[1]!);
  expect(assets.length).toBeGreaterThan(0);
  for (const asset of assets) {
    const bytes = fs.readFileSync(path.join(out, asset));
    // Compressed once at its best beside it (decision 0214), what the server sends a browser that accepts it; a file too
    // small to gain (the 50-byte preload helper, decision 0239) has no copy and is sent as it is.
    for (const [extension, unpack, pack] of [
      ['br', zlib.brotliDecompressSync, zlib.brotliCompressSync],
      ['gz', zlib.gunzipSync, zlib.gzipSync],
    ] as const) {
      const copy = path.join(out, `${asset}.${extension}`);
      if (fs.existsSync(copy)) expect(unpack(fs.readFileSync(copy)).equals(bytes), `${asset}.${extension}`).toBe(true);
      else expect(pack(bytes).length, `${asset}.${extension} missing`).toBeGreaterThanOrEqual(bytes.length);
    }
  }
  expect(fs.existsSync(path.join(out, '.ssr', 'server-render.js'))).toBe(true);
}

/** Nothing of the builds left beside the output: no lock, no half-made or replaced folder. */
const leftovers = (out: string) => fs.readdirSync(path.dirname(out)).filter((name) => name !== path.basename(out));

const deadPid = () => spawnSync(process.execPath, ['-e', '']).pid!;

// Real production builds (7 s each on a quiet 2-core machine): a busy one took over the default 30 s (CI, 2026-12-01).
describe('the web build started by several instances at once from one checkout', { timeout: 120_000 }, () => {
  let dir: string;
  let out: string;
  beforeAll(() => {
    dir = fs.mkdtempSync(path.join(os.tmpdir(), 'web-build-'));
    out = path.join(dir, 'dist');
  });
  afterAll(() => fs.rmSync(dir, { recursive: true, force: true }));

  it('three builds started together all succeed: one builds, the others wait for it and find it current', async () => {
    const results = await Promise.all([build(out), build(out), build(out)]);
    for (const result of results) expect(result.code, result.output).toBe(0);
    expect(results.filter((r) => r.output.includes('web app built into'))).toHaveLength(1);
    expect(results.filter((r) => r.output.includes('already built from these sources'))).toHaveLength(2);
    expectCompleteBuild(out);
    expect(leftovers(out)).toEqual([]);
  });

  it('makes a server renderer that runs from the output folder, with no node_modules above it', async () => {
    const { createPageRenderer } = (await import(pathToFileURL(path.join(out, '.ssr', 'server-render.js')).href)) as {
      createPageRenderer(options: object): { render(url: string, catalogue: object): Promise<{ status: number; html: string }> };
    };
    const renderer = createPageRenderer({ dist: out, indexHtml: fs.readFileSync(path.join(out, 'index.html'), 'utf8'), currency: 'Rs', onlinePayment: true });
    const page = await renderer.render('http://shop.test/products/furniture', {});
    expect(page.status).toBe(404);
    expect(page.html).toContain('<title>Category not found | GreenCart</title>');
    // React's production build, whatever NODE_ENV the server runs under (this test's is `test`): it chose at run time,
    // and `npm start` rendered every page with the development one, a quarter slower (docs/perf.md, 2026-12-01).
    const bundle = fs.readFileSync(path.join(out, '.ssr', 'server-render.js'), 'utf8');
    expect(bundle).not.toContain('process.env.NODE_ENV');
    expect(bundle).not.toContain('jsxDEV');
  });

  it("tells the app's addresses from others without ranking the route table again for each request", async () => {
    const { createPageRenderer } = (await import(pathToFileURL(path.join(out, '.ssr', 'server-render.js')).href)) as {
      createPageRenderer(options: object): { knows(pathname: string): boolean };
    };
    const { knows } = createPageRenderer({ dist: out, indexHtml: fs.readFileSync(path.join(out, 'index.html'), 'utf8'), currency: 'Rs', onlinePayment: true });
    expect([knows('/cart'), knows('/seller/orders'), knows('/no-such-page'), knows('/cart/extra')]).toEqual([true, true, false, false]);
    // Every /cart or seller screen asks (web.ts): matching from scratch took 0.4 ms each on a quiet 2-core host, 1.7 ms busy.
    const began = performance.now();
    for (let i = 0; i < 20_000; i++) knows(i % 2 ? '/cart' : '/seller/orders');
    expect(performance.now() - began).toBeLessThan(500);
    // Unknown addresses asked in their thousands keep the answers right.
    for (let i = 0; i < 3_000; i++) expect(knows(`/unknown-${i}`)).toBe(false);
    expect([knows('/cart'), knows('/my-orders')]).toEqual([true, true]);
  });

  it('makes a renderer whose pages start the app when the server runs it as `npm start` does (under tsx), from any folder', () => {
    // Out of the repository's `"type": "module"`, tsx turned the bundle into CommonJS with esbuild's name helper, and
    // the pages' inline start script (`startApp`'s own text) called a `__name` no browser has: no page ever started.
    const renderer = pathToFileURL(path.join(out, '.ssr', 'server-render.js')).href;
    const options = JSON.stringify({ dist: out, indexHtml: fs.readFileSync(path.join(out, 'index.html'), 'utf8'), currency: 'Rs', onlinePayment: true });
    const script = `const { createPageRenderer } = await import(${JSON.stringify(renderer)}); process.stdout.write((await createPageRenderer(${options}).render('http://shop.test/products/furniture', {})).html);`;
    const run = spawnSync(process.execPath, ['--import', 'tsx', '--input-type=module', '-e', script], { cwd: path.join(import.meta.dirname, '../../..'), encoding: 'utf8' });
    expect(run.status, run.stderr).toBe(0);
    expect(run.stdout).toContain('document.currentScript');
    expect(run.stdout).not.toContain('__name');
  });

  it('builds again when a source changed, and swaps the new build in whole', async () => {
    const before = fs.readFileSync(path.join(out, '.vite', 'sources.sha256'), 'utf8');
    const result = await build(out, { VITE_BUILD_TEST: 'changed' });
    expect(result.code, result.output).toBe(0);
    expect(result.output).toContain('web app built into');
    expect(fs.readFileSync(path.join(out, '.vite', 'sources.sha256'), 'utf8')).not.toBe(before);
    expectCompleteBuild(out);
    expect(leftovers(out)).toEqual([]);
  });

  it('waits while a live builder holds the lock', async () => {
    fs.writeFileSync(`${out}.lock`, String(process.pid));
    const waiting = build(out, { VITE_BUILD_TEST: 'changed' });
    let finished = false;
    void waiting.then(() => (finished = true));
    // Until it says whom it waits for (a fixed 1.5 s was too short for a builder starting at load 20), and a
    // few of its looks at the lock after that: it neither builds nor takes the lock over.
    await expect.poll(() => waiting.outputSoFar(), { timeout: 20_000 }).toContain(`waiting for the web build of pid ${process.pid}`);
    await new Promise((resolve) => setTimeout(resolve, 1_000));
    expect(finished).toBe(false);
    expect(fs.readFileSync(`${out}.lock`, 'utf8')).toBe(String(process.pid));
    fs.rmSync(`${out}.lock`);
    const result = await waiting;
    expect(result.code, result.output).toBe(0);
  });

  it('takes over a lock left by a builder that died, or by one that stopped touching it (hung, or a pid reused)', async () => {
    fs.writeFileSync(`${out}.lock`, String(deadPid()));
    fs.mkdirSync(`${out}.next-${deadPid()}`);
    const afterDeath = await build(out);
    expect(afterDeath.code, afterDeath.output).toBe(0);
    expect(afterDeath.output).not.toContain('waiting');

    fs.writeFileSync(`${out}.lock`, String(process.pid));
    const minuteAgo = new Date(Date.now() - 60_000);
    fs.utimesSync(`${out}.lock`, minuteAgo, minuteAgo);
    const afterHang = await build(out);
    expect(afterHang.code, afterHang.output).toBe(0);
    expect(afterHang.output).not.toContain('waiting');
    expectCompleteBuild(out);
    expect(leftovers(out)).toEqual([]);
  });
});
