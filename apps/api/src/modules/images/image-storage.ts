import fs from 'node:fs/promises';
import path from 'node:path';
import type { Database, Db } from '../../db/client.js';
import { LEFTOVER_AGE_MS, removeStaleFiles } from '../../lib/stale-files.js';
import { deleteStoredImage, deleteStoredImageBefore, findStoredImage, findStoredNamesBefore, insertStoredImage, keepStoredImages } from './image-repository.js';

/**
 * Where processed images live (docs/decisions/0061): local disk under DATA_DIR for the embedded
 * database (one process), PostgreSQL when the shop runs on it, so every instance reads every image.
 * A stored name is never reused, so its bytes never change. URLs are served by plugins/web.ts.
 */
export interface ImageStorage {
  put(fileName: string, data: Buffer): Promise<void>;
  /** The bytes of a stored image, or undefined when there is none by that name. */
  read(fileName: string): Promise<Buffer | undefined>;
  remove(fileName: string): Promise<void>;
  /**
   * Removes a stored image only if it was stored (or last kept) before `cutoff`: the orphan sweep's removal, which an
   * image kept since its candidates were listed survives. Whether it was removed.
   */
  removeIfStoredBefore(fileName: string, cutoff: Date): Promise<boolean>;
  /** Marks stored images as stored now (the sweep leaves them for its grace period); the names of those that exist. */
  keep(fileNames: string[]): Promise<Set<string>>;
  urlFor(fileName: string): string;
  /** The names ending in `suffix` stored before `cutoff`, a batch of at most `batch` at a time (the orphan sweep's candidates). */
  storedBefore(cutoff: Date, suffix: string, batch: number): AsyncIterable<string[]>;
}

export const UPLOADS_URL_PREFIX = '/uploads/';

/** Where a stored image is served: the same for every storage (the list's worker builds URLs with it too). */
export const urlFor = (fileName: string) => `${UPLOADS_URL_PREFIX}${fileName}`;

export function createLocalImageStorage(dir: string): ImageStorage {
  let ready: Promise<unknown> | undefined;
  const pathOf = (fileName: string) => path.join(dir, path.basename(fileName));
  return {
    async put(fileName, data) {
      ready ??= fs.mkdir(dir, { recursive: true });
      await ready;
      // Write then rename, so a crash never leaves a half-written image behind a valid name.
      const target = pathOf(fileName);
      // A write that failed (a full disk) takes its part-file with it: nothing else would ever remove it (a probe).
      await fs.writeFile(`${target}.tmp`, data).catch(async (err: unknown) => {
        await fs.rm(`${target}.tmp`, { force: true });
        throw err;
      });
      await fs.rename(`${target}.tmp`, target);
    },
    async read(fileName) {
      return fs.readFile(pathOf(fileName)).catch((err: NodeJS.ErrnoException) => {
        if (err.code === 'ENOENT') return undefined;
        throw err;
      });
    },
    async remove(fileName) {
      await fs.rm(pathOf(fileName), { force: true });
    },
    async removeIfStoredBefore(fileName, cutoff) {
      const stat = await fs.stat(pathOf(fileName)).catch(() => undefined);
      if (!stat || stat.mtime >= cutoff) return false;
      await fs.rm(pathOf(fileName), { force: true });
      return true;
    },
    async keep(fileNames) {
      const now = new Date();
      const kept = await Promise.all(fileNames.map((name) => fs.utimes(pathOf(name), now, now).then(() => name, () => undefined)));
      return new Set(kept.filter((name) => name !== undefined));
    },
    urlFor,
    async *storedBefore(cutoff, suffix, batch) {
      // The orphan sweep's walk takes the part-files a killed write left too, which no name of an image ever lists (a
      // crash probe's `kill -9` mid-import left nine, kept for ever).
      await removeStaleFiles(dir, /\.tmp$/, LEFTOVER_AGE_MS);
      const entries = await fs.opendir(dir).catch((err: NodeJS.ErrnoException) => {
        if (err.code === 'ENOENT') return undefined;
        throw err;
      });
      if (!entries) return;
      let names: string[] = [];
      for await (const entry of entries) {
        if (!entry.isFile() || !entry.name.endsWith(suffix)) continue;
        const stat = await fs.stat(pathOf(entry.name)).catch(() => undefined);
        if (!stat || stat.mtime >= cutoff) continue;
        names.push(entry.name);
        if (names.length === batch) {
          yield names;
          names = [];
        }
      }
      if (names.length > 0) yield names;
    },
  };
}

export function createDatabaseImageStorage(db: Db): ImageStorage {
  return {
    put: (fileName, data) => insertStoredImage(db, fileName, data),
    read: (fileName) => findStoredImage(db, fileName),
    remove: (fileName) => deleteStoredImage(db, fileName),
    removeIfStoredBefore: (fileName, cutoff) => deleteStoredImageBefore(db, fileName, cutoff),
    keep: (fileNames) => keepStoredImages(db, fileNames),
    urlFor,
    async *storedBefore(cutoff, suffix, batch) {
      // By name, after the last batch's last: the primary key's order, so each batch is one index range.
      for (let after = ''; ; ) {
        const names = await findStoredNamesBefore(db, { cutoff, suffix, after, limit: batch });
        if (names.length > 0) yield names;
        if (names.length < batch) return;
        after = names[names.length - 1]!;
      }
    },
  };
}

/** PostgreSQL may serve several instances, so images go in it; the embedded database keeps them on disk. */
export function createImageStorage(database: Pick<Database, 'db' | 'driver'>, dataDir: string): ImageStorage {
  return database.driver === 'postgres' ? createDatabaseImageStorage(database.db) : createLocalImageStorage(path.join(dataDir, 'uploads'));
}
