import type { ApiErrorCode } from './error-codes.js';
import { z } from 'zod';
import type { CatalogueCsvColumn } from './constants.js';

/** `all`: nothing is written unless every row is valid. `valid-only`: the invalid rows are skipped. */
export const ImportModeSchema = z.enum(['all', 'valid-only'], { message: 'mode must be "all" or "valid-only"' });
export type ImportMode = z.infer<typeof ImportModeSchema>;

/** One problem of one row: `row` as a spreadsheet numbers it (the header is row 1). */
export interface ImportRowIssue {
  /** `<row>.<column>`, like the other validation issues' field paths. */
  path: string;
  row: number;
  column: CatalogueCsvColumn | 'row';
  message: string;
}

/**
 * The lines of a running import's answer (NDJSON on the same request, docs/decisions/0076):
 * progress while images are stored and rows saved, then one `done` or `failed`.
 */
export type ImportEvent =
  | { type: 'progress'; phase: 'images' | 'rows'; done: number; total: number }
  | { type: 'done'; created: number; updated: number; unchanged: number; skippedRows: number; skipped: ImportRowIssue[] }
  | { type: 'failed'; code: ApiErrorCode; message: string };
