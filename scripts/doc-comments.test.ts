import fs from 'node:fs';
import path from 'node:path';
import { describe, expect, it } from 'vitest';

/**
 * A doc comment documents the declaration under it: one left above another's (a refactor moved its declaration away)
 * told an editor's hover the wrong thing, and seventeen were found by hand (2026-12-03). The file's first block may
 * head the module, followed by its first declaration's own.
 */
const root = path.resolve(import.meta.dirname, '..');
const SOURCES = ['apps/api/src', 'apps/web/src', 'apps/web/e2e', 'apps/web/scripts', 'packages/shared/src', 'scripts'];

const sourceFiles = SOURCES.flatMap((dir) =>
  fs
    .readdirSync(path.join(root, dir), { recursive: true, encoding: 'utf8' })
    .filter((file) => /\.(ts|tsx|mts|mjs)$/.test(file) && !file.includes('node_modules'))
    .map((file) => path.join(dir, file)),
);

/** `file:line` of each doc comment that ends right where another begins, but for the file's first (its header). */
function stackedDocComments(file: string, text: string): string[] {
  const lines = text.split('\n');
  const found: string[] = [];
  let blocks = 0;
  for (let i = 0; i < lines.length; i++) {
    const line = lines[i]!.trim();
    if (!line.startsWith('/**')) continue;
    blocks++;
    let end = i;
    while (!lines[end]!.includes('*/')) end++;
    if (blocks > 1 && lines[end + 1]?.trim().startsWith('/**')) found.push(`${file}:${end + 2}`);
    i = end;
  }
  return found;
}

describe('doc comments', () => {
  it('each stands on the declaration it documents, not stacked on another', () => {
    expect(sourceFiles.length).toBeGreaterThan(300);
    expect(sourceFiles.flatMap((file) => stackedDocComments(file, fs.readFileSync(path.join(root, file), 'utf8')))).toEqual([]);
  });

  it('finds a comment left above another, and lets a module header stand above the first declaration', () => {
    const header = '/** The module. */\n/** The first declaration. */\nexport const a = 1;\n';
    expect(stackedDocComments('header.ts', header)).toEqual([]);
    const orphan = `${header}/** Left behind. */\n/**\n * The second.\n */\nexport const b = 2;\n`;
    expect(stackedDocComments('orphan.ts', orphan)).toEqual(['orphan.ts:5']);
  });
});
