import { readFileSync } from 'node:fs';

/** Files the process needs besides its sockets: database, logs, the web app, images being resized. */
const FILE_HEADROOM = 256;

/** The soft RLIMIT_NOFILE (Linux's /proc; Node offers no getrlimit), else the common default 1024. */
export function openFileLimit(limits = readProcLimits()): number {
  const soft = /^Max open files\s+(\d+)/m.exec(limits ?? '')?.[1];
  return soft ? Number(soft) : 1024;
}

function readProcLimits(): string | null {
  try {
    return readFileSync('/proc/self/limits', 'utf8');
  } catch {
    return null;
  }
}

/**
 * The default cap on open connections (MAX_CONNECTIONS), below the open-file limit (docs/decisions/0007):
 * half of what the headroom leaves, since a connection may hold a second file (an image being sent).
 */
export function defaultMaxConnections(fileLimit = openFileLimit()): number {
  return Math.max(16, Math.floor((fileLimit - FILE_HEADROOM) / 2));
}
