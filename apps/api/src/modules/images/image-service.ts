import { randomUUID } from 'node:crypto';
import sharp from 'sharp';
import { IMAGE_WIDTHS, MAX_IMAGE_BYTES } from '@greencart/shared';
import { AppError } from '../../lib/app-error.js';
import type { ImageStorage } from './image-storage.js';

/** Formats accepted from sellers, judged by the bytes, never by the file name (issue 6). */
const ACCEPTED_FORMATS = new Set(['jpeg', 'png', 'webp', 'heif']);
/** Refuse decompression bombs: 40 megapixels is far above any product photo. */
const MAX_INPUT_PIXELS = 40_000_000;
const LARGEST_WIDTH = IMAGE_WIDTHS[IMAGE_WIDTHS.length - 1]!;

/** What `store` names a rendition: a random UUID and the width (never a path, never reused). */
const STORED_NAME = /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}-\d+\.webp$/;

export const invalidImage = (message: string) => new AppError('INVALID_IMAGE', message);
/** A name no stored image has (never stored, or swept): the route exists, the image does not. */
export const imageNotFound = () => new AppError('IMAGE_NOT_FOUND', "No such image (a product's image list names the images there are)");

/** One stored size of an image: WebP bytes at one of IMAGE_WIDTHS. */
export interface Rendition {
  width: number;
  bytes: Buffer;
}

/**
 * An image rendered to WebP at every width the shop serves (what `store` keeps, before it is named). A file
 * whose header passed `assertAcceptable` but whose pixels cannot be decoded (cut off, damaged) is refused as
 * `label`'s INVALID_IMAGE: sharp's decoder error is the file's fault, never a 500.
 */
export async function renditionsOf(data: Buffer, label = 'The image'): Promise<Rendition[]> {
  // Decoded and turned upright once, at the largest width; the smaller renditions are made from
  // those pixels. WebP effort 2 (of 0-6) encodes about twice as fast as the default 4 for files
  // ~10 % larger: the bulk import renders thousands of images in one request (docs/perf.md).
  const { data: pixels, info } = await sharp(data, { limitInputPixels: MAX_INPUT_PIXELS })
    .rotate()
    .resize({ width: LARGEST_WIDTH, height: LARGEST_WIDTH, fit: 'inside', withoutEnlargement: false })
    .raw({ depth: 'uchar' })
    .toBuffer({ resolveWithObject: true })
    .catch(() => {
      throw invalidImage(`${label} could not be read: the file is damaged or cut off`);
    });
  const largest = sharp(pixels, { raw: { width: info.width, height: info.height, channels: info.channels } });
  return Promise.all(
    IMAGE_WIDTHS.map(async (width) => ({
      width,
      bytes: await largest.clone().resize({ width, height: width, fit: 'inside', withoutEnlargement: false }).webp({ quality: 80, effort: 2 }).toBuffer(),
    })),
  );
}

/** Candidates the orphan sweep asks the database about at once. */
const SWEEP_BATCH = 1000;

export function createImageService(storage: ImageStorage) {
  const fileName = (id: string, width: number) => `${id}-${width}.webp`;
  /** Removes every rendition of a stored image. */
  const remove = async (storedName: string): Promise<void> => {
    const id = storedName.replace(/-\d+\.webp$/, '');
    await Promise.all(IMAGE_WIDTHS.map((w) => storage.remove(fileName(id, w))));
  };
  /** Stores renditions made by `renditionsOf` under a new name; returns the largest one's stored name. */
  const storeRenditions = async (renditions: Rendition[]): Promise<string> => {
    const id = randomUUID();
    const stored = await Promise.allSettled(renditions.map((r) => storage.put(fileName(id, r.width), r.bytes)));
    const failed = stored.find((s) => s.status === 'rejected');
    if (failed) {
      // All or none: the sizes written before one failed (a full disk) were left, unnamed by any product, and the sweep
      // looks for the largest only (a probe found a -160 and a -320 without their -640).
      await remove(fileName(id, LARGEST_WIDTH)).catch(() => undefined);
      throw failed.reason;
    }
    return fileName(id, LARGEST_WIDTH);
  };

  return {
    /** Checks that the bytes are a real JPEG, PNG, WebP or AVIF image of sane size. */
    async assertAcceptable(data: Buffer, label: string): Promise<void> {
      // sharp throws at once on no bytes at all, before metadata() could be asked.
      if (data.length === 0) throw invalidImage(`${label} is empty`);
      if (data.length > MAX_IMAGE_BYTES) throw invalidImage(`${label} is larger than 5 MB`);
      // metadata() reads the header only, so no pixel limit here: a valid but huge image must be
      // told apart from a file that is not an image at all.
      const meta = await sharp(data, { limitInputPixels: false })
        .metadata()
        .catch(() => undefined);
      const isAvif = meta?.format === 'heif' && meta.compression === 'av1';
      if (!meta?.format || !ACCEPTED_FORMATS.has(meta.format) || (meta.format === 'heif' && !isAvif)) {
        throw invalidImage(`${label} is not a JPEG, PNG, WebP or AVIF image`);
      }
      if (!meta.width || !meta.height) throw invalidImage(`${label} has no width or height`);
      if (meta.width * meta.height > MAX_INPUT_PIXELS) {
        throw invalidImage(`${label} is ${meta.width}×${meta.height} pixels; the largest accepted is ${MAX_INPUT_PIXELS / 1_000_000} megapixels`);
      }
    },

    /**
     * Renders one image to WebP at every width the shop serves and stores the files.
     * Returns the stored name of the largest rendition (what products keep).
     */
    async store(data: Buffer, label: string): Promise<string> {
      return storeRenditions(await renditionsOf(data, label));
    },

    storeRenditions,

    /** Removes every rendition of a stored image (used to undo a failed product write). */
    remove,

    /**
     * The orphan sweep (docs/decisions/0236): removes the images stored before `cutoff` that `unreferenced`
     * says nothing shows (replaced by an edit and never ordered, or left by a crash mid-write); how many.
     */
    async removeUnreferenced(cutoff: Date, unreferenced: (storedNames: string[]) => Promise<string[]>): Promise<number> {
      let removed = 0;
      for await (const candidates of storage.storedBefore(cutoff, fileName('', LARGEST_WIDTH), SWEEP_BATCH)) {
        for (const name of await unreferenced(candidates)) {
          // Not one kept since it was listed (an import naming it again, `keep`): its largest rendition first, then the rest.
          if (!(await storage.removeIfStoredBefore(name, cutoff))) continue;
          await remove(name);
          removed++;
        }
      }
      return removed;
    },

    /**
     * Keeps stored images from the orphan sweep for its grace period from now: a write about to name images already
     * stored (an import row naming one the shop shows) keeps them first, so a sweep that found them shown by nothing a
     * moment before removes them no more (a probe's import named an image an edit had just replaced: swept, 404).
     * The stored names that are gone.
     */
    async keep(storedNames: string[]): Promise<string[]> {
      const ids = storedNames.map((name) => name.replace(/-\d+\.webp$/, ''));
      const kept = await storage.keep(ids.flatMap((id) => IMAGE_WIDTHS.map((w) => fileName(id, w))));
      return storedNames.filter((_name, i) => !kept.has(fileName(ids[i]!, LARGEST_WIDTH)));
    },

    /** The bytes of one stored rendition; undefined for a name this service never gives out. */
    async read(name: string): Promise<Buffer | undefined> {
      return STORED_NAME.test(name) ? storage.read(name) : undefined;
    },

    urlFor: (storedName: string) => storage.urlFor(storedName),
  };
}

export type ImageService = ReturnType<typeof createImageService>;
