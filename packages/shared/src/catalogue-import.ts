import type { ErrorCode } from './error-codes.js';
import { z } from 'zod';

/**
 * The catalogue CSV (issue 16, docs/decisions/0074): the columns of the export, in order. An import
 * needs name, category, price, offerPrice and images; id, description, weight, stock and netQuantity may be left
 * out. Lists inside a cell (description lines, image names) are separated by `|`. `netQuantity` (issue 28,
 * `500 g`, `1.5 kg`, `6 pcs`) comes last, so files written before it keep their columns' places; a file
 * without the column leaves the products' net quantities as they are.
 */
export const CATALOGUE_CSV_COLUMNS = ['id', 'name', 'description', 'category', 'price', 'offerPrice', 'weight', 'stock', 'images', 'netQuantity'] as const;
export type CatalogueCsvColumn = (typeof CATALOGUE_CSV_COLUMNS)[number];
export const REQUIRED_CATALOGUE_COLUMNS: readonly CatalogueCsvColumn[] = ['name', 'category', 'price', 'offerPrice', 'images'];

/** Limits of one import (docs/decisions/0075); the server refuses beyond them with a 400. */
/** At most this many row problems in one answer (a refusal, or the rows skipped); the counts cover all. */
export const MAX_IMPORT_ISSUES_SENT = 1000;

export const IMPORT_LIMITS = {
  /** Enough for an export of 50,000 products (about 140 bytes a row) to go back in one file. */
  csvBytes: 20 * 1024 * 1024,
  rows: 50_000,
  zipBytes: 512 * 1024 * 1024,
  zipEntries: 20_000,
  /** What the zip's entries unpack to, together (a zip bomb is refused before anything is unpacked). */
  unzippedBytes: 1024 * 1024 * 1024,
} as const;

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
  | { type: 'failed'; code: ErrorCode; message: string };
