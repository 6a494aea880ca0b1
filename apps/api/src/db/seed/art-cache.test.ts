import fs from 'node:fs/promises';
import os from 'node:os';
import path from 'node:path';
import { IMAGE_WIDTHS } from '@greencart/shared';
import { afterAll, describe, expect, it } from 'vitest';
import { renditionsOf } from '../../modules/images/image-service.js';
import { seedArtRenditions } from './art-cache.js';
import { renderArt, VARIANTS } from './render-art.js';

/** The demo images rendered once per checkout (decision 0211): the same bytes as rendering them, from the cache after the first time. */
describe.runIf(process.env.TEST_DB_DRIVER !== 'postgres')('the seed\'s image cache', () => {
  const dirs: string[] = [];
  afterAll(() => Promise.all(dirs.map((d) => fs.rm(d, { recursive: true, force: true }))));
  const emptyCache = async () => {
    const dir = await fs.mkdtemp(path.join(os.tmpdir(), 'greencart-art-cache-'));
    dirs.push(dir);
    return dir;
  };
  const apple = '1f34e';

  it('gives the bytes rendering gives, and keeps one entry of every width for the next start', async () => {
    const cache = await emptyCache();
    const rendered = await renditionsOf(await renderArt(apple, VARIANTS[1]!));
    const first = await seedArtRenditions(apple, VARIANTS[1]!, cache);
    expect(first.map((r) => r.width)).toEqual([...IMAGE_WIDTHS]);
    expect(first.map((r) => r.bytes.equals(rendered.find((x) => x.width === r.width)!.bytes))).toEqual(IMAGE_WIDTHS.map(() => true));
    const [entry, ...others] = await fs.readdir(cache);
    expect(others).toEqual([]);
    expect((await fs.readdir(path.join(cache, entry!))).sort()).toEqual(IMAGE_WIDTHS.map((w) => `${w}.webp`).sort());
  });

  it('reads an entry it holds instead of rendering, and renders an incomplete one again', async () => {
    const cache = await emptyCache();
    const rendered = await seedArtRenditions(apple, VARIANTS[0]!, cache);
    const [entry] = await fs.readdir(cache);
    // What the cache holds is what it answers: marked bytes come back as they are.
    const marked = Buffer.from('kept in the cache');
    await fs.writeFile(path.join(cache, entry!, `${IMAGE_WIDTHS[0]}.webp`), marked);
    expect((await seedArtRenditions(apple, VARIANTS[0]!, cache))[0]!.bytes).toEqual(marked);

    await fs.rm(path.join(cache, entry!, `${IMAGE_WIDTHS[1]}.webp`));
    const again = await seedArtRenditions(apple, VARIANTS[0]!, cache);
    expect(again.map((r) => r.bytes.equals(rendered.find((x) => x.width === r.width)!.bytes))).toEqual(IMAGE_WIDTHS.map(() => true));
    expect((await fs.readdir(path.join(cache, entry!))).length).toBe(IMAGE_WIDTHS.length);
  });

  it('keeps each variant and each artwork under its own key', async () => {
    const cache = await emptyCache();
    await seedArtRenditions(apple, VARIANTS[0]!, cache);
    await seedArtRenditions(apple, VARIANTS[2]!, cache);
    await seedArtRenditions('1f955', VARIANTS[0]!, cache);
    expect(await fs.readdir(cache)).toHaveLength(3);
  });
});
