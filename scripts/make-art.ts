// Renders the storefront's banners and the add-address illustration (spec section 1) into WebP
// under apps/web/public/art. Run: node --import tsx scripts/make-art.ts (outputs are committed).
// Artwork: Twemoji by Twitter/X, CC-BY 4.0 (https://github.com/jdecked/twemoji), composed on
// shapes drawn here. Text stays out of the pictures: headlines are real HTML over them.
import fs from 'node:fs/promises';
import { createRequire } from 'node:module';
import path from 'node:path';
import sharp from 'sharp';

const require = createRequire(import.meta.url);
const twemojiDir = path.dirname(require.resolve('@twemoji/svg/package.json'));
const outDir = path.resolve(import.meta.dirname, '../apps/web/public/art');

interface Sticker {
  /** Twemoji code point. */
  emoji: string;
  /** Centre and size as shares of the canvas width/height. */
  x: number;
  y: number;
  size: number;
  rotate?: number;
}

interface Artwork {
  name: string;
  width: number;
  height: number;
  /** SVG drawn under the stickers (background shapes). */
  backdrop: (w: number, h: number) => string;
  stickers: Sticker[];
  /** Widths to write, `<name>-<width>.webp`. */
  widths: number[];
}

const produce = (w: number, h: number, from: string, to: string, blobs: string) => `
  <svg xmlns="http://www.w3.org/2000/svg" width="${w}" height="${h}" viewBox="0 0 ${w} ${h}">
    <defs><linearGradient id="g" x1="0" y1="0" x2="1" y2="1"><stop offset="0" stop-color="${from}"/><stop offset="1" stop-color="${to}"/></linearGradient></defs>
    <rect width="${w}" height="${h}" fill="url(#g)"/>${blobs}
  </svg>`;

const ARTWORKS: Artwork[] = [
  {
    // Wide banner: copy sits on the left half, produce on the right.
    name: 'main-banner-lg',
    width: 1600,
    height: 600,
    widths: [960, 1600],
    backdrop: (w, h) =>
      produce(w, h, '#eaf8ef', '#fdf6e3', `<circle cx="${w * 0.76}" cy="${h * 0.55}" r="${h * 0.48}" fill="#c9eedb"/><circle cx="${w * 0.95}" cy="${h * 0.1}" r="${h * 0.22}" fill="#fde7c4"/>`),
    stickers: [
      { emoji: '1f96c', x: 0.7, y: 0.38, size: 0.3, rotate: -12 },
      { emoji: '1f345', x: 0.86, y: 0.42, size: 0.26, rotate: 8 },
      { emoji: '1f955', x: 0.63, y: 0.72, size: 0.26, rotate: 30 },
      { emoji: '1f34e', x: 0.78, y: 0.74, size: 0.24 },
      { emoji: '1f34c', x: 0.92, y: 0.76, size: 0.24, rotate: -18 },
    ],
  },
  {
    // Tall phone banner: copy on top, produce at the bottom.
    name: 'main-banner-sm',
    width: 800,
    height: 1000,
    widths: [400, 800],
    backdrop: (w, h) => produce(w, h, '#eaf8ef', '#fdf6e3', `<ellipse cx="${w * 0.5}" cy="${h * 0.82}" rx="${w * 0.6}" ry="${h * 0.26}" fill="#c9eedb"/>`),
    stickers: [
      { emoji: '1f96c', x: 0.22, y: 0.76, size: 0.3, rotate: -12 },
      { emoji: '1f345', x: 0.5, y: 0.7, size: 0.28, rotate: 8 },
      { emoji: '1f955', x: 0.78, y: 0.76, size: 0.28, rotate: 30 },
      { emoji: '1f34e', x: 0.34, y: 0.9, size: 0.22 },
      { emoji: '1f34c', x: 0.66, y: 0.9, size: 0.22, rotate: -18 },
    ],
  },
  {
    // Bottom banner: produce on the left, the claims list sits on the right.
    name: 'bottom-banner-lg',
    width: 1600,
    height: 600,
    widths: [960, 1600],
    backdrop: (w, h) => produce(w, h, '#e8f5ee', '#eef7fb', `<circle cx="${w * 0.24}" cy="${h * 0.55}" r="${h * 0.46}" fill="#cfeedd"/>`),
    stickers: [
      { emoji: '1f6d2', x: 0.22, y: 0.5, size: 0.5 },
      { emoji: '1f34a', x: 0.08, y: 0.3, size: 0.16, rotate: -10 },
      { emoji: '1f966', x: 0.38, y: 0.26, size: 0.18, rotate: 12 },
      { emoji: '1f95b', x: 0.4, y: 0.78, size: 0.18 },
    ],
  },
  {
    name: 'bottom-banner-sm',
    width: 800,
    height: 1100,
    widths: [400, 800],
    backdrop: (w, h) => produce(w, h, '#e8f5ee', '#eef7fb', `<circle cx="${w * 0.5}" cy="${h * 0.2}" r="${w * 0.34}" fill="#cfeedd"/>`),
    stickers: [
      { emoji: '1f6d2', x: 0.5, y: 0.2, size: 0.4 },
      { emoji: '1f34a', x: 0.16, y: 0.1, size: 0.14, rotate: -10 },
      { emoji: '1f966', x: 0.84, y: 0.1, size: 0.14, rotate: 12 },
    ],
  },
  {
    // Delivery scene for /add-address.
    name: 'add-address',
    width: 800,
    height: 800,
    widths: [400, 800],
    backdrop: (w, h) =>
      `<svg xmlns="http://www.w3.org/2000/svg" width="${w}" height="${h}"><rect width="${w}" height="${h}" fill="#ffffff"/><circle cx="${w / 2}" cy="${h / 2}" r="${w * 0.42}" fill="#e6f6ee"/><path d="M${w * 0.14} ${h * 0.78} Q ${w / 2} ${h * 0.62} ${w * 0.86} ${h * 0.78}" stroke="#4fbf8b" stroke-width="10" stroke-dasharray="24 18" fill="none" stroke-linecap="round"/></svg>`,
    stickers: [
      { emoji: '1f3e0', x: 0.72, y: 0.5, size: 0.34 },
      { emoji: '1f6f5', x: 0.3, y: 0.6, size: 0.3 },
      { emoji: '1f4cd', x: 0.72, y: 0.22, size: 0.16 },
      { emoji: '1f4e6', x: 0.3, y: 0.34, size: 0.14, rotate: -10 },
    ],
  },
];

async function sticker(s: Sticker, width: number, height: number) {
  const size = Math.round(Math.min(width, height) * s.size * (width > height ? 1 : width / Math.min(width, height)));
  const svg = await fs.readFile(path.join(twemojiDir, `${s.emoji}.svg`));
  const png = await sharp(svg, { density: Math.round((72 * size) / 36) })
    .resize(size, size)
    .rotate(s.rotate ?? 0, { background: { r: 0, g: 0, b: 0, alpha: 0 } })
    .resize(size, size, { fit: 'contain', background: { r: 0, g: 0, b: 0, alpha: 0 } })
    .png()
    .toBuffer();
  return { input: png, left: Math.round(width * s.x - size / 2), top: Math.round(height * s.y - size / 2) };
}

async function render(art: Artwork) {
  const layers = await Promise.all(art.stickers.map((s) => sticker(s, art.width, art.height)));
  const full = await sharp(Buffer.from(art.backdrop(art.width, art.height))).composite(layers).png().toBuffer();
  for (const width of art.widths) {
    const file = path.join(outDir, `${art.name}-${width}.webp`);
    await sharp(full).resize(width).webp({ quality: 78, alphaQuality: 90 }).toFile(file);
    const { size } = await fs.stat(file);
    console.log(`${path.relative(process.cwd(), file)}  ${(size / 1024).toFixed(1)} kB`);
  }
}

// One picture per category of the home grid (spec section 3: a category has an image), transparent.
const CATEGORY_ART: [string, string][] = [
  ['vegetables', '1f966'],
  ['fruits', '1f34e'],
  ['drinks', '1f964'],
  ['instant', '1f35c'],
  ['dairy', '1f95b'],
  ['bakery', '1f35e'],
  ['grains', '1f33e'],
];
for (const [name, emoji] of CATEGORY_ART) {
  ARTWORKS.push({
    name: `category-${name}`,
    width: 320,
    height: 320,
    widths: [160, 320],
    backdrop: (w, h) => `<svg xmlns="http://www.w3.org/2000/svg" width="${w}" height="${h}"/>`,
    stickers: [{ emoji, x: 0.5, y: 0.5, size: 0.86 }],
  });
}

await fs.mkdir(outDir, { recursive: true });
for (const art of ARTWORKS) await render(art);
