import path from 'node:path';
import yauzl from 'yauzl';
import { IMPORT_LIMITS } from '@greencart/shared';
import { AppError } from '../../lib/app-error.js';
import { MAX_IMAGE_BYTES } from '@greencart/shared';
import { invalidImportFile } from './catalogue-import-errors.js';

/**
 * The images of an import, by file name in any letter case (cameras write `IMG_1234.JPG`, sellers type `img_1234.jpg`),
 * read one at a time from the uploaded zip on disk.
 */
export interface ImageZip {
  has(name: string): boolean;
  /** The entry's own file name for `name` written in any case, or undefined when the zip holds none. */
  nameOf(name: string): string | undefined;
  /** What the entry says it unpacks to (yauzl checks the real size against it while unpacking). */
  unpackedSize(name: string): number;
  read(name: string): Promise<Buffer>;
  close(): void;
}

/** yauzl's refusals of an entry name that would leave the archive's folder (docs/decisions/0075). */
const UNSAFE_NAME = /^(invalid relative path|absolute path|invalid characters in fileName)/;
/** Folders and files that archivers add on their own. */
const IGNORED = /(^|\/)(__MACOSX\/|\.)/;

/**
 * Opens the uploaded zip (a temporary file) and reads its central directory only: refused with a 400
 * when it is not a zip, holds too many entries, names an entry outside its folder (`../`, `/etc`,
 * `C:\`), unpacks to more than the limit in all (a zip bomb), or holds two images of the same name, letter case aside
 * (names are matched in any case, so `Fig.jpg` and `fig.jpg` would be one name for two images).
 */
export async function openImageZip(file: string): Promise<ImageZip> {
  let zip: yauzl.ZipFile;
  try {
    zip = await yauzl.openPromise(file, { lazyEntries: true, autoClose: false, decodeStrings: true, validateEntrySizes: true, strictFileNames: false });
  } catch {
    throw invalidImportFile('The images file is not a zip archive (or it is damaged)');
  }
  try {
    if (zip.entryCount > IMPORT_LIMITS.zipEntries) {
      throw invalidImportFile(`The zip holds ${zip.entryCount.toLocaleString('en-IN')} entries; at most ${IMPORT_LIMITS.zipEntries.toLocaleString('en-IN')} are accepted`);
    }
    /** Entries by their file name in lower case. */
    const entries = new Map<string, yauzl.Entry>();
    const entryOf = (name: string) => entries.get(name.toLowerCase());
    let unpacked = 0;
    try {
      for await (const entry of zip.eachEntry()) {
        unpacked += entry.uncompressedSize;
        if (unpacked > IMPORT_LIMITS.unzippedBytes) {
          throw invalidImportFile(`The zip unpacks to more than ${IMPORT_LIMITS.unzippedBytes / 1024 / 1024} MB; send the images in smaller parts`);
        }
        if (entry.fileName.endsWith('/') || IGNORED.test(entry.fileName)) continue;
        const name = path.posix.basename(entry.fileName);
        const same = entries.get(name.toLowerCase());
        if (same) {
          const sameName = path.posix.basename(same.fileName);
          throw invalidImportFile(
            sameName === name
              ? `The zip holds two files named "${name}": image names must be unique`
              : `The zip holds two files named "${sameName}" and "${name}": image names are read in any letter case, so they must differ by more than capitals`,
          );
        }
        entries.set(name.toLowerCase(), entry);
      }
    } catch (err) {
      if (err instanceof Error && UNSAFE_NAME.test(err.message)) {
        throw invalidImportFile(`The zip holds an entry whose name leaves its folder (${err.message.slice(0, 120)}): it is refused`);
      }
      if (err instanceof Error && !(err instanceof AppError)) throw invalidImportFile(`The zip is damaged: ${err.message.slice(0, 120)}`);
      throw err;
    }
    return {
      has: (name) => entryOf(name) !== undefined,
      nameOf: (name) => {
        const entry = entryOf(name);
        return entry && path.posix.basename(entry.fileName);
      },
      unpackedSize: (name) => entryOf(name)?.uncompressedSize ?? 0,
      async read(name) {
        const entry = entryOf(name);
        if (!entry) throw invalidImportFile(`The zip holds no "${name}"`);
        // The entry's size was checked against MAX_IMAGE_BYTES before; yauzl stops a stream that
        // unpacks to more than the entry says, so this never holds more than that in memory.
        if (entry.uncompressedSize > MAX_IMAGE_BYTES) throw invalidImportFile(`"${name}" is larger than 5 MB`);
        try {
          const chunks: Buffer[] = [];
          for await (const chunk of await zip.openReadStreamPromise(entry)) chunks.push(chunk as Buffer);
          return Buffer.concat(chunks);
        } catch (err) {
          throw invalidImportFile(`"${name}" cannot be read from the zip: ${err instanceof Error ? err.message.slice(0, 120) : 'damaged'}`);
        }
      },
      close: () => zip.close(),
    };
  } catch (err) {
    zip.close();
    throw err;
  }
}
