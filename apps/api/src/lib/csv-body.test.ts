import { describe, expect, it } from 'vitest';
import { csvBody } from './csv-body.js';

/** Pages of lines, each made over a tick (a page read from the database), counting how many are made at once. */
function pages(name: string, seen: { now: number; most: number; ended: string[] }) {
  return (async function* () {
    try {
      for (let i = 0; i < 3; i++) {
        seen.now += 1;
        seen.most = Math.max(seen.most, seen.now);
        await new Promise((resolve) => setImmediate(resolve));
        seen.now -= 1;
        yield `${name},${i}\n`;
      }
    } finally {
      seen.ended.push(name);
    }
  })();
}

const text = async (body: AsyncIterable<Buffer | string>) => {
  let all = '';
  for await (const chunk of body) all += String(chunk);
  return all;
};

describe('csvBody', () => {
  it('makes one export page at a time on an instance, every export going on page by page, each whole (a scale probe)', async () => {
    const seen = { now: 0, most: 0, ended: [] as string[] };
    const files = await Promise.all(['a', 'b', 'c'].map((name) => text(csvBody(pages(name, seen)))));
    expect(seen.most).toBe(1);
    expect(files).toEqual(['a', 'b', 'c'].map((name) => `\ufeff${name},0\n${name},1\n${name},2\n`));
  });

  it('ends the lines of a download dropped midway, and passes its turn on', async () => {
    const seen = { now: 0, most: 0, ended: [] as string[] };
    for await (const chunk of csvBody(pages('a', seen))) if (String(chunk).startsWith('a,0')) break;
    // The stream's end reaches the lines as it is destroyed, a moment after the loop leaves.
    await expect.poll(() => seen.ended).toEqual(['a']);
    expect(await text(csvBody(pages('b', seen)))).toBe('\ufeffb,0\nb,1\nb,2\n');
  });
});
