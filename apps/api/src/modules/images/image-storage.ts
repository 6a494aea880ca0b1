import fs from 'node:fs/promises';
import path from 'node:path';

/**
 * Where processed images live. Local disk under DATA_DIR by default; another backend (object
 * storage) only has to implement these three calls. URLs are served by plugins/web.ts.
 */
export interface ImageStorage {
  put(fileName: string, data: Buffer): Promise<void>;
  remove(fileName: string): Promise<void>;
  urlFor(fileName: string): string;
}

export const UPLOADS_URL_PREFIX = '/uploads/';

export function createLocalImageStorage(dir: string): ImageStorage {
  let ready: Promise<unknown> | undefined;
  return {
    async put(fileName, data) {
      ready ??= fs.mkdir(dir, { recursive: true });
      await ready;
      // Write then rename, so a crash never leaves a half-written image behind a valid name.
      const target = path.join(dir, path.basename(fileName));
      await fs.writeFile(`${target}.tmp`, data);
      await fs.rename(`${target}.tmp`, target);
    },
    async remove(fileName) {
      await fs.rm(path.join(dir, path.basename(fileName)), { force: true });
    },
    urlFor: (fileName) => `${UPLOADS_URL_PREFIX}${fileName}`,
  };
}
