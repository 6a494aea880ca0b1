import { Readable } from 'node:stream';

/**
 * A downloaded CSV file's body: a UTF-8 byte-order mark first, so spreadsheet apps read the file as UTF-8 and show
 * accents, Hindi and emoji as typed (decision 0074; the catalogue import skips it), then the lines as they are written.
 */
export function csvBody(lines: AsyncIterable<string>): Readable {
  return Readable.from(
    (async function* () {
      yield '\ufeff';
      yield* lines;
    })(),
  );
}
