// `npm run build`: the web app into dist/ (or `--out <dir>`), safe to run by several processes at once
// from one checkout, as `npm start` of several instances does (issue 25, docs/decisions/0101):
// - one build at a time, under a lock file beside the output (`<out>.lock`, holding the builder's pid);
// - skipped when the output was built from the same sources (a hash of them is stored in the build);
// - made in a fresh folder and swapped in whole, so a server never reads half a build.
import crypto from 'node:crypto';
import fs from 'node:fs';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { build } from 'vite';
import { buildServerRender } from './build-server-render.mjs';
import { precompress } from './precompress.mjs';

// A production build whatever NODE_ENV the caller has (a test runner's `test`, a shell's `development`): with another,
// Vite and React's JSX transform build React's development code, and the server renderer (which says production, see
// build-server-render.mjs) would call a development JSX function its React lacks.
process.env.NODE_ENV = 'production';

const webRoot = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '..');
const repoRoot = path.resolve(webRoot, '../..');
const outFlag = process.argv.indexOf('--out');
const out = path.resolve(outFlag === -1 ? path.join(webRoot, 'dist') : process.argv[outFlag + 1]);
const lockFile = `${out}.lock`;
/** Where a build records the sources it was made from; a dot folder, which the server never serves. */
const INPUTS_FILE = path.join('.vite', 'sources.sha256');

/** What the bundle is made of: the web app, the shared package, the locked dependencies, VITE_* settings. */
const SOURCES = ['apps/web/index.html', 'apps/web/vite.config.ts', 'apps/web/package.json', 'apps/web/tsconfig.json', 'apps/web/src', 'apps/web/public', 'apps/web/scripts', 'packages/shared/package.json', 'packages/shared/src', 'tsconfig.base.json', 'package-lock.json'];

/** A lock whose holder is gone, or has not touched it for this long (hung, or a reused pid after a reboot), is taken over. */
const LOCK_STALE_MS = 30_000;
const LOCK_TOUCH_MS = 5_000;
const LOCK_POLL_MS = 200;

function sourcesHash() {
  const hash = crypto.createHash('sha256');
  const add = (relative) => {
    const file = path.join(repoRoot, relative);
    const stat = fs.statSync(file, { throwIfNoEntry: false });
    if (!stat) return;
    if (stat.isDirectory()) {
      for (const name of fs.readdirSync(file).sort()) add(path.join(relative, name));
      return;
    }
    hash.update(`${relative}\0${stat.size}\0`).update(fs.readFileSync(file));
  };
  SOURCES.forEach(add);
  for (const [name, value] of Object.entries(process.env).sort()) if (name.startsWith('VITE_')) hash.update(`${name}=${value}\0`);
  return hash.digest('hex');
}

const isAlive = (pid) => {
  try {
    process.kill(pid, 0);
    return true;
  } catch (err) {
    return err.code === 'EPERM';
  }
};

/** Whose lock it is, or undefined when it is free to take (missing, or left by a builder that died or hung). */
function lockHolder() {
  let stat, pid;
  try {
    stat = fs.statSync(lockFile);
    pid = Number(fs.readFileSync(lockFile, 'utf8'));
  } catch (err) {
    if (err.code === 'ENOENT') return undefined;
    throw err;
  }
  // An empty file is a lock being written this instant: its holder is alive.
  if (pid === 0 && Date.now() - stat.mtimeMs < LOCK_STALE_MS) return 'another builder';
  if (Number.isInteger(pid) && pid > 0 && isAlive(pid) && Date.now() - stat.mtimeMs < LOCK_STALE_MS) return pid;
  return undefined;
}

/**
 * Takes the lock, waiting while another live builder holds it, and returns its release. Two waiters that
 * find the same stale lock may both take it; that costs a second build, never a broken one (the swap
 * below does not depend on the lock).
 */
async function acquireLock() {
  let announced = false;
  for (;;) {
    try {
      fs.writeFileSync(lockFile, String(process.pid), { flag: 'wx' });
      break;
    } catch (err) {
      if (err.code !== 'EEXIST') throw err;
    }
    const holder = lockHolder();
    if (holder === undefined) {
      fs.rmSync(lockFile, { force: true });
      continue;
    }
    if (!announced) console.log(`waiting for the web build of ${holder === 'another builder' ? holder : `pid ${holder}`} (${lockFile})`);
    announced = true;
    await new Promise((resolve) => setTimeout(resolve, LOCK_POLL_MS));
  }
  // Touched while held, so a long build on a busy machine is not taken for a hung one.
  // Errors ignored: a builder that took the lock over (thinking this one hung) may remove it any time.
  const ownsLock = () => {
    try {
      return fs.readFileSync(lockFile, 'utf8') === String(process.pid);
    } catch {
      return false;
    }
  };
  const touch = setInterval(() => {
    if (ownsLock()) fs.utimes(lockFile, new Date(), new Date(), () => {});
  }, LOCK_TOUCH_MS);
  touch.unref();
  return () => {
    clearInterval(touch);
    // Not a lock another builder took over meanwhile (this one was thought hung).
    if (ownsLock()) fs.rmSync(lockFile, { force: true });
  };
}

/** Folders of earlier builds that died before their swap (their pid is in the name and no longer runs). */
function removeLeftovers() {
  const prefix = `${path.basename(out)}.`;
  for (const name of fs.readdirSync(path.dirname(out))) {
    const pid = name.startsWith(prefix) && /^(?:next|old)-(\d+)$/.exec(name.slice(prefix.length))?.[1];
    if (pid && !isAlive(Number(pid))) fs.rmSync(path.join(path.dirname(out), name), { recursive: true, force: true });
  }
}

/**
 * The new build replaces the old one by two renames, microseconds apart: a server reads its pages once at
 * start and its assets by name, so it sees the old build or the new one, never a folder being written.
 */
function swapIn(next) {
  const old = `${out}.old-${process.pid}`;
  for (;;) {
    try {
      fs.renameSync(out, old);
    } catch (err) {
      if (err.code !== 'ENOENT') throw err;
    }
    try {
      fs.renameSync(next, out);
      break;
    } catch (err) {
      // Another builder (one that took a lock thought stale) swapped its build in between: again.
      if (err.code !== 'ENOTEMPTY' && err.code !== 'EEXIST') throw err;
    }
    fs.rmSync(old, { recursive: true, force: true });
  }
  fs.rmSync(old, { recursive: true, force: true });
}

const sources = sourcesHash();
const isCurrent = () => fs.existsSync(path.join(out, INPUTS_FILE)) && fs.readFileSync(path.join(out, INPUTS_FILE), 'utf8') === sources;

fs.mkdirSync(path.dirname(out), { recursive: true });
const release = await acquireLock();
try {
  if (isCurrent()) {
    console.log(`web app already built from these sources (${path.relative(process.cwd(), out) || out}); not building again`);
  } else {
    removeLeftovers();
    const next = `${out}.next-${process.pid}`;
    await build({ root: webRoot, build: { outDir: next, emptyOutDir: true } });
    await buildServerRender({ webRoot, dist: next });
    await precompress(next);
    fs.writeFileSync(path.join(next, INPUTS_FILE), sources);
    swapIn(next);
    console.log(`web app built into ${path.relative(process.cwd(), out) || out}`);
  }
} finally {
  release();
}
