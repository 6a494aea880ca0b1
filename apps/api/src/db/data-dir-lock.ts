import { randomBytes } from 'node:crypto';
import { readFileSync } from 'node:fs';
import fs from 'node:fs/promises';
import path from 'node:path';

/**
 * PGlite is a single-process database: two processes on one DATA_DIR each keep their own buffers and
 * overwrite each other's files (lost orders, corrupt indexes). The first process holds a lock file;
 * a second one refuses to start. See docs/decisions/0006-one-process-per-data-dir-and-startup-lock.md.
 */
/** DATA_DIR cannot be used: said at start-up in one line that says what to do, not as a stack. */
export class DataDirError extends Error {}

export class DataDirInUseError extends DataDirError {
  constructor(dataDir: string, readonly pid: number) {
    super(`DATA_DIR ${dataDir} is in use by another GreenCart process (pid ${pid}); stop it or use another DATA_DIR`);
  }
}

/** What the file system's refusal of DATA_DIR means to the one starting the shop. */
const UNUSABLE: Record<string, string> = {
  EEXIST: 'it is a file, not a directory',
  ENOTDIR: 'a part of its path is a file, not a directory',
  EACCES: 'this user may not write there',
  EPERM: 'this user may not write there',
  EROFS: 'the file system is read-only',
  ENOSPC: 'the disk is full',
};

/** DATA_DIR made and written to (its lock's draft), or a DataDirError saying why not. */
async function prepare(dataDir: string, draft: string, content: string): Promise<void> {
  try {
    await fs.mkdir(dataDir, { recursive: true });
    await fs.writeFile(draft, content);
  } catch (err) {
    const reason = UNUSABLE[(err as NodeJS.ErrnoException).code ?? ''];
    if (!reason) throw err;
    throw new DataDirError(`DATA_DIR ${dataDir} cannot be used: ${reason}. Set DATA_DIR to a directory this user can create and write, or DATABASE_URL to use PostgreSQL.`);
  }
}

interface Holder {
  pid: number;
  /** The process's start time in clock ticks since boot (Linux), so a reused pid is not mistaken for the holder. */
  startTime: string | null;
}

export interface DataDirLock {
  release(): Promise<void>;
}

const LOCK_FILE = 'greencart.lock';
const uniqueSuffix = () => `${process.pid}.${randomBytes(4).toString('hex')}`;

/** Fields 3 on of /proc/<pid>/stat (Linux); the command name (field 2) may contain spaces, so counted after its ')'. */
function statFields(pid: number): string[] | null {
  try {
    const stat = readFileSync(`/proc/${pid}/stat`, 'utf8');
    return stat.slice(stat.lastIndexOf(')') + 2).split(' ');
  } catch {
    return null;
  }
}

/** The process's start time (field 22), in clock ticks since boot. */
const startTimeOf = (pid: number): string | null => statFields(pid)?.[19] ?? null;

function isAlive(holder: Holder): boolean {
  if (holder.pid <= 0) return false;
  try {
    process.kill(holder.pid, 0);
  } catch (err) {
    // EPERM: the pid exists but belongs to another user, so it is alive.
    if ((err as NodeJS.ErrnoException).code !== 'EPERM') return false;
  }
  const fields = statFields(holder.pid);
  // A killed holder its parent has not reaped yet (state Z, or X) still answers the signal: it holds nothing.
  if (fields && (fields[0] === 'Z' || fields[0] === 'X')) return false;
  const startTime = fields?.[19] ?? null;
  return holder.startTime === null || startTime === null || startTime === holder.startTime;
}

async function readHolder(file: string): Promise<Holder | null> {
  try {
    const parsed = JSON.parse(await fs.readFile(file, 'utf8')) as Partial<Holder>;
    return typeof parsed.pid === 'number' ? { pid: parsed.pid, startTime: parsed.startTime ?? null } : { pid: 0, startTime: null };
  } catch (err) {
    if ((err as NodeJS.ErrnoException).code === 'ENOENT') return null;
    // Unreadable or garbled: no live holder can be named, so it is stale.
    return { pid: 0, startTime: null };
  }
}

/**
 * Takes DATA_DIR's lock or throws DataDirInUseError naming the live holder. A lock left by a killed
 * process (pid gone, or the pid now runs another program) is taken over.
 */
export async function lockDataDir(dataDir: string): Promise<DataDirLock> {
  const lockFile = path.join(dataDir, LOCK_FILE);
  const mine: Holder = { pid: process.pid, startTime: startTimeOf(process.pid) };
  const content = JSON.stringify(mine);
  // Written whole first and then linked into place: link() fails if the lock exists, and a reader
  // never sees a half-written lock.
  const draft = `${lockFile}.${uniqueSuffix()}`;
  await prepare(dataDir, draft, content);
  try {
    for (let attempt = 0; attempt < TAKEOVER_ATTEMPTS; attempt++) {
      try {
        await fs.link(draft, lockFile);
        return { release: () => releaseLock(lockFile, content) };
      } catch (err) {
        if ((err as NodeJS.ErrnoException).code !== 'EEXIST') throw err;
      }
      const holder = await readHolder(lockFile);
      if (holder === null) continue;
      if (isAlive(holder)) throw new DataDirInUseError(dataDir, holder.pid);
      if (!(await removeStale(lockFile, holder))) await new Promise((resolve) => setTimeout(resolve, TAKEOVER_WAIT_MS));
    }
    throw new Error(`could not take the lock ${lockFile}: other processes keep replacing it`);
  } finally {
    await fs.rm(draft, { force: true });
  }
}

/** Tries while another starting process removes a stale lock, waiting this long between tries. */
const TAKEOVER_ATTEMPTS = 50;
const TAKEOVER_WAIT_MS = 20;
/** A takeover marker older than this was left by a process that died while taking over. */
const TAKEOVER_MARKER_STALE_MS = 10_000;

/**
 * Removes a stale lock so that the caller's next link() can take it; false when another process is doing
 * that right now. Several starting processes may judge the same lock stale: the one that makes the
 * takeover marker (mkdir is atomic) reads the lock again and removes it only if it is still that stale
 * holder's, so a lock just taken by a winner is never removed, and only one link() can succeed after.
 * (Moving the lock aside and putting back a live one, as before, left a moment without a lock in which
 * a third process could also win.)
 */
async function removeStale(lockFile: string, stale: Holder): Promise<boolean> {
  const marker = `${lockFile}.takeover`;
  try {
    await fs.mkdir(marker);
  } catch (err) {
    if ((err as NodeJS.ErrnoException).code !== 'EEXIST') throw err;
    const made = await fs.stat(marker).then((info) => info.mtimeMs, () => Date.now());
    if (Date.now() - made > TAKEOVER_MARKER_STALE_MS) await fs.rm(marker, { recursive: true, force: true });
    return false;
  }
  try {
    const current = await readHolder(lockFile);
    if (current && current.pid === stale.pid && current.startTime === stale.startTime) await fs.rm(lockFile, { force: true });
    return true;
  } finally {
    await fs.rm(marker, { recursive: true, force: true });
  }
}

async function releaseLock(lockFile: string, content: string) {
  const current = await fs.readFile(lockFile, 'utf8').catch(() => null);
  if (current === content) await fs.rm(lockFile, { force: true });
}
