import type { ImportEvent, ImportMode } from '@greencart/shared';
import { env } from '../../../config/env';
import { api } from '../../../lib/api-client';
import { revalidate } from '../../../lib/route-data';

/** Downloads, seller only: the live catalogue as CSV, and a small valid file to start from. */
export const catalogueExportUrl = `${env.apiUrl}/api/product/export`;
export const catalogueSampleUrl = `${env.apiUrl}/api/product/import/sample`;

/**
 * POST /api/product/import (issue 16): the CSV and an optional zip of images. The answer streams the
 * progress as NDJSON lines, handed to `onEvent`; a file or rows the server refuses come back as an
 * ApiError whose `issues` name each row and column (`path` = `<row>.<column>`).
 */
export async function importCatalogue(files: { csv: File; zip?: File; mode: ImportMode }, onEvent: (event: ImportEvent) => void) {
  const form = new FormData();
  form.append('mode', files.mode);
  form.append('csv', files.csv);
  if (files.zip) form.append('images', files.zip);
  let last: ImportEvent | undefined;
  await api.post('/api/product/import', form, {
    session: 'seller',
    // The row table shows the problems; the client's toast would repeat them.
    silent: true,
    onLine: (line) => {
      last = line as ImportEvent;
      onEvent(last);
    },
  });
  // New products head the seller's list and join the shop's pages.
  revalidate();
  return last;
}
