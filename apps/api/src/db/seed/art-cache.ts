import { createHash, randomUUID } from 'node:crypto';
import fs from 'node:fs/promises';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import sharp from 'sharp';
import { IMAGE_WIDTHS } from '@greencart/shared';
import { renditionsOf, type Rendition } from '../../modules/images/image-service.js';
import { readTwemoji, renderArt, type ArtVariant } from './render-art.js';

/**
 * The demo catalogue's images, rendered once per checkout (docs/decisions/0211). Every first start on an empty
 * data directory seeds about 140 images, and drawing and encoding them cost about 12 s of CPU: each test that
 * starts a real server, and the browser tests' server, paid it again. The renditions are the same bytes every
 * time for the same artwork and code, so they are kept in the checkout's `node_modules/.cache` (where the lint
 * keeps its cache too; not the shared temporary directory, where another account could plant images), each
 * under a key made of everything that decides its bytes: the artwork, the variant, sharp's libraries and the
 * source of the two files that draw and encode it. A change to any of these renders afresh.
 */
const DEFAULT_ART_CACHE = fileURLToPath(new URL('../../../../../node_modules/.cache/greencart-seed-art', import.meta.url));

/** The code that decides a rendition's bytes: render-art.ts and image-service.ts, with sharp's versions. */
const PIPELINE_SOURCES = [new URL('./render-art.ts', import.meta.url), new URL('../../modules/images/image-service.ts', import.meta.url)];
let pipeline: Promise<string> | undefined;
const pipelineHash = () =>
  (pipeline ??= Promise.all(PIPELINE_SOURCES.map((file) => fs.readFile(file))).then((sources) => {
    const hash = createHash('sha256').update(JSON.stringify(sharp.versions));
    for (const source of sources) hash.update(source);
    return hash.digest('hex');
  }));

/** A cache entry's renditions (one `<width>.webp` per width the shop serves), or undefined when it holds none. */
async function readEntry(dir: string): Promise<Rendition[] | undefined> {
  try {
    return await Promise.all(IMAGE_WIDTHS.map(async (width) => ({ width, bytes: await fs.readFile(path.join(dir, `${width}.webp`)) })));
  } catch {
    return undefined;
  }
}

/**
 * One demo image's renditions: from the cache when it holds them, else drawn (renderArt), encoded as an upload
 * is (renditionsOf) and saved there. An entry is written beside its place and renamed into it whole, so another
 * process reading or writing the same entry at the same time never sees half of one.
 */
export async function seedArtRenditions(codePoint: string, variant: ArtVariant, cacheDir = DEFAULT_ART_CACHE): Promise<Rendition[]> {
  const key = createHash('sha256')
    .update(await pipelineHash())
    .update(JSON.stringify({ variant, svg: await readTwemoji(codePoint) }))
    .digest('hex');
  const dir = path.join(cacheDir, key);
  const cached = await readEntry(dir);
  if (cached) return cached;
  const renditions = await renditionsOf(await renderArt(codePoint, variant));
  const writing = path.join(cacheDir, `${key}.${randomUUID()}.tmp`);
  try {
    await fs.mkdir(writing, { recursive: true });
    await Promise.all(renditions.map((r) => fs.writeFile(path.join(writing, `${r.width}.webp`), r.bytes)));
    // An incomplete entry (a file deleted by hand) is replaced. Another process may have put the same entry in
    // place meanwhile: its bytes are these, and the rename fails harmlessly.
    await fs.rm(dir, { recursive: true, force: true });
    await fs.rename(writing, dir).catch(() => undefined);
  } catch {
    // A cache that cannot be written (a read-only or full disk) only costs the next start a render.
  } finally {
    await fs.rm(writing, { recursive: true, force: true });
  }
  return renditions;
}
