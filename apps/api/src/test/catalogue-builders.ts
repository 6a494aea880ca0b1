import yazl from 'yazl';
import { multipartBody } from './seller-builders.js';

/** A zip of these files, built with yazl (the import reads it with yauzl). */
export function zipOf(files: { name: string; data: Buffer }[]): Promise<Buffer> {
  const zip = new yazl.ZipFile();
  for (const file of files) zip.addBuffer(file.data, file.name);
  zip.end();
  return new Promise((resolve, reject) => {
    const chunks: Buffer[] = [];
    zip.outputStream.on('data', (chunk: Buffer) => chunks.push(chunk));
    zip.outputStream.on('end', () => resolve(Buffer.concat(chunks)));
    zip.outputStream.on('error', reject);
  });
}

/** CSV text of these rows (cells quoted when they need it), the header first. */
export function csvOf(rows: (string | number)[][]): string {
  const cell = (value: string | number) => {
    const text = String(value);
    return /[",\n\r]/.test(text) ? `"${text.replace(/"/g, '""')}"` : text;
  };
  return `${rows.map((row) => row.map(cell).join(',')).join('\n')}\n`;
}

/** The multipart body of POST /api/product/import. */
export function importForm(csv: string | Buffer, zip?: Buffer, mode?: 'all' | 'valid-only') {
  return multipartBody(mode ? { mode } : {}, [
    { field: 'csv', name: 'catalogue.csv', data: Buffer.from(csv), type: 'text/csv' },
    ...(zip ? [{ field: 'images', name: 'images.zip', data: zip, type: 'application/zip' }] : []),
  ]);
}
