#!/usr/bin/env node
// The index of docs/decisions (docs/decisions/README.md): each record's number and title, read from its first line.
// `node scripts/decisions-index.mjs` writes it; scripts/decisions-index.test.ts fails when a record is missing from it.
import fs from 'node:fs';
import path from 'node:path';

export const DECISIONS = path.join(import.meta.dirname, '..', 'docs', 'decisions');
export const INDEX = path.join(DECISIONS, 'README.md');

/** The index as it should read now. */
export function decisionsIndex() {
  const records = fs
    .readdirSync(DECISIONS)
    .filter((file) => /^\d{4}-.+\.md$/.test(file))
    .sort()
    .map((file) => {
      const title = fs.readFileSync(path.join(DECISIONS, file), 'utf8').split('\n', 1)[0].replace(/^#\s*\d{4}\s*/, '');
      return `- [${file.slice(0, 4)}](${file}) ${title}`;
    });
  return [
    '# Decisions',
    '',
    'Why the code is as it is: one record per decision (context, decision, consequences), numbered in the order taken.',
    'A later record that changes an earlier one names it, and the earlier one is amended to say so. New record: the next',
    'free number, then `node scripts/decisions-index.mjs` to list it here (a test fails until it is).',
    '',
    ...records,
    '',
  ].join('\n');
}

if (process.argv[1] && path.resolve(process.argv[1]) === import.meta.filename) {
  fs.writeFileSync(INDEX, decisionsIndex());
  console.log(`wrote ${path.relative(process.cwd(), INDEX)}`);
}
