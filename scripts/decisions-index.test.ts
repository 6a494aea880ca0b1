import fs from 'node:fs';
import { describe, expect, it } from 'vitest';
import { decisionsIndex, INDEX } from './decisions-index.mjs';

describe('the index of decisions', () => {
  it('lists every record by its number and title (run `node scripts/decisions-index.mjs` after adding one)', () => {
    expect(fs.readFileSync(INDEX, 'utf8')).toBe(decisionsIndex());
    expect(decisionsIndex()).toContain('- [0264](0264-every-page-of-a-list-has-its-own-address.md) Every page of a product list has its own address, linked by Load more');
  });
});
