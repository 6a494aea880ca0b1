import { randomBytes } from 'node:crypto';
import { readFileSync } from 'node:fs';
import fs from 'node:fs/promises';
import path from 'node:path';

/**
 * PGlite is a single-process database: two processes on one DATA_DIR each keep their own buffers and
 * overwrite each other's files (lost orders, corrupt indexes). The first process holds a lock file;
 * a second one refuses to start. See docs/decisions/0006-one-process-per-data-dir.md.
 */
export class DataDirInUseError extends Error {
  constructor(dataDir: string, readonly pid: number) {
    super(`DATA_DIR ${dataDir} is in use by another GreenCart process (pid ${pid}); stop it or use another DATA_DIR`);
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

function startTimeOf(pid: number): string | null {
  try {
    // Field 22 of /proc/<pid>/stat; the command name (field 2) may contain spaces, so count after its ')'.
    const stat = readFileSync(`/proc/${pid}/stat`, 'utf8');
    return stat.slice(stat.lastIndexOf(')') + 2).split(' ')[19] ?? null;
  } catch {
    return null;
  }
}

function isAlive(holder: Holder): boolean {
  if (holder.pid <= 0) return false;
  try {
    process.kill(holder.pid, 0);
  } catch (err) {
    // EPERM: the pid exists but belongs to another user, so it is alive.
    if ((err as NodeJS.ErrnoException).code !== 'EPERM') return false;
  }
  const startTime = startTimeOf(holder.pid);
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
  await fs.mkdir(dataDir, { recursive: true });
  const lockFile = path.join(dataDir, LOCK_FILE);
  const mine: Holder = { pid: process.pid, startTime: startTimeOf(process.pid) };
  const content = JSON.stringify(mine);
  // Written whole first and then linked into place: link() fails if the lock exists, and a reader
  // never sees a half-written lock.
  const draft = `${lockFile}.${uniqueSuffix()}`;
  await fs.writeFile(draft, content);
  try {
    for (let attempt = 0; attempt < 5; attempt++) {
      try {
        await fs.link(draft, lockFile);
        return { release: () => releaseLock(lockFile, content) };
      } catch (err) {
        if ((err as NodeJS.ErrnoException).code !== 'EEXIST') throw err;
      }
      const holder = await readHolder(lockFile);
      if (holder === null) continue;
      if (isAlive(holder)) throw new DataDirInUseError(dataDir, holder.pid);
      await takeOverStale(lockFile, holder);
    }
    throw new Error(`could not take the lock ${lockFile}: other processes keep replacing it`);
  } finally {
    await fs.rm(draft, { force: true });
  }
}

/**
 * Moves a stale lock aside. Two starting processes may both judge the same lock stale: the rename is
 * atomic, and a process that moved a newer live lock instead puts it back, so only one of them wins.
 */
async function takeOverStale(lockFile: string, stale: Holder) {
  const aside = `${lockFile}.stale.${uniqueSuffix()}`;
  try {
    await fs.rename(lockFile, aside);
  } catch (err) {
    if ((err as NodeJS.ErrnoException).code === 'ENOENT') return;
    throw err;
  }
  const moved = await readHolder(aside);
  if (moved && (moved.pid !== stale.pid || moved.startTime !== stale.startTime)) {
    await fs.link(aside, lockFile).catch(() => undefined);
  }
  await fs.rm(aside, { force: true });
}

async function releaseLock(lockFile: string, content: string) {
  const current = await fs.readFile(lockFile, 'utf8').catch(() => null);
  if (current === content) await fs.rm(lockFile, { force: true });
}
