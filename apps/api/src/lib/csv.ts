import { stringify, type Options } from 'csv-stringify/sync';

/**
 * CSV text as every file the shop hands out writes it (RFC 4180 quoting, by csv-stringify). A cell holding a `;` or a
 * tab is quoted too: a spreadsheet that splits a file on them (Excel's CSV where the comma is the decimal mark, which the
 * catalogue import reads, decision 0074) would start a new cell there, and a new cell starting with `=` is a formula: a
 * buyer named "Bob;=2+3;" reached the shop's orders export as `=2+3` (an attacker's probe).
 */
export const writeCsv = (rows: unknown[][], options: Options = {}) => stringify(rows, { quoted_match: /[;\t]/, ...options });
