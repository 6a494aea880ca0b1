import fs from 'node:fs/promises';
import { createRequire } from 'node:module';
import path from 'node:path';
import sharp from 'sharp';

const require = createRequire(import.meta.url);
const twemojiDir = path.dirname(require.resolve('@twemoji/svg/package.json'));

/** Twemoji artwork (CC-BY 4.0, credited in the README) as an SVG string. */
export function readTwemoji(codePoint: string): Promise<string> {
  return fs.readFile(path.join(twemojiDir, `${codePoint}.svg`), 'utf8');
}

export interface ArtVariant {
  background: string;
  /** Share of the canvas the artwork covers (0-1). */
  scale: number;
  /** Degrees of tilt, to make the extra photos of a product look different. */
  rotate: number;
}

/** The looks of a product's 1st to 4th image. */
export const VARIANTS: ArtVariant[] = [
  { background: '#ffffff', scale: 0.72, rotate: 0 },
  { background: '#f4f7f2', scale: 0.56, rotate: -14 },
  { background: '#fbf6ee', scale: 0.86, rotate: 10 },
  { background: '#eef6fb', scale: 0.48, rotate: 24 },
];

/** Renders artwork onto a square PNG canvas, the "photo" the seed uploads like a seller would. */
export async function renderArt(codePoint: string, variant: ArtVariant, size = 800): Promise<Buffer> {
  const svg = await readTwemoji(codePoint);
  const artSize = Math.round(size * variant.scale);
  const art = await sharp(Buffer.from(svg), { density: Math.max(72, Math.round((72 * artSize) / 36)) })
    .resize(artSize, artSize)
    .rotate(variant.rotate, { background: { r: 0, g: 0, b: 0, alpha: 0 } })
    .resize(artSize, artSize, { fit: 'contain', background: { r: 0, g: 0, b: 0, alpha: 0 } })
    .png()
    .toBuffer();
  return sharp({ create: { width: size, height: size, channels: 4, background: variant.background } })
    .composite([{ input: art, gravity: 'centre' }])
    .png()
    .toBuffer();
}
