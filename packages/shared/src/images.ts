import { IMAGE_WIDTHS } from './constants.js';

const WIDTH_SUFFIX = /-(\d+)\.webp$/;

/**
 * Stored images are served at every width of IMAGE_WIDTHS as `<name>-<width>.webp`; the API
 * carries the largest. This derives the `srcset` for any of them (other URLs get none).
 */
export function imageSrcSet(url: string): string | undefined {
  if (!WIDTH_SUFFIX.test(url)) return undefined;
  return IMAGE_WIDTHS.map((w) => `${url.replace(WIDTH_SUFFIX, `-${w}.webp`)} ${w}w`).join(', ');
}
