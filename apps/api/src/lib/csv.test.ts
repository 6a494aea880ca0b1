import { describe, expect, it } from 'vitest';
import { writeCsv } from './csv.js';

describe('writeCsv', () => {
  it("quotes a cell holding a semicolon or a tab, where a spreadsheet splitting on them would start a formula's cell (a probe)", () => {
    expect(writeCsv([['Bob;=2+3;', 'a\t=1', 'plain', 'a, b']])).toBe('"Bob;=2+3;","a\t=1",plain,"a, b"\n');
  });
});
