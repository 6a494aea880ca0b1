import fs from 'node:fs/promises';
import path from 'node:path';
import type { Database, Db } from '../../db/client.js';
import { deleteStoredImage, findStoredImage, findStoredImageNames, insertStoredImage } from './image-repository.js';

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
  /** Which of these names are stored (the catalogue import reuses stored images by name). */
  existing(fileNames: string[]): Promise<Set<string>>;
  urlFor(fileName: string): string;
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
      await fs.writeFile(`${target}.tmp`, data);
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
    async existing(fileNames) {
      const found = await Promise.all(fileNames.map((name) => fs.access(pathOf(name)).then(() => name, () => undefined)));
      return new Set(found.filter((name) => name !== undefined));
    },
    urlFor,
  };
}

export function createDatabaseImageStorage(db: Db): ImageStorage {
  return {
    put: (fileName, data) => insertStoredImage(db, fileName, data),
    read: (fileName) => findStoredImage(db, fileName),
    remove: (fileName) => deleteStoredImage(db, fileName),
    existing: async (fileNames) => new Set(await findStoredImageNames(db, fileNames)),
    urlFor,
  };
}

/** PostgreSQL may serve several instances, so images go in it; the embedded database keeps them on disk. */
export function createImageStorage(database: Pick<Database, 'db' | 'driver'>, dataDir: string): ImageStorage {
  return database.driver === 'postgres' ? createDatabaseImageStorage(database.db) : createLocalImageStorage(path.join(dataDir, 'uploads'));
}
