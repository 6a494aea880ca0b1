import { Readable } from 'node:stream';
import { fifoGate } from './fifo-gate.js';

/**
 * How many export pages this instance reads at a time (a page of orders read and written as CSV); the exports' other
 * pages wait their turn, in order, and every export goes on page by page. Five full order exports at once (20,000
 * orders, 6 MB each) held both cores for 13 s, and shoppers' searches beside them waited up to 2.5 s; with one export
 * a search beside it waited at most 0.26 s (a scale probe). Taken per page, not per file: a slow download holds no turn.
 */
const PAGES_AT_ONCE = 1;
const exportPages = fifoGate(PAGES_AT_ONCE);

/**
 * A downloaded CSV file's body: a UTF-8 byte-order mark first, so spreadsheet apps read the file as UTF-8 and show
 * accents, Hindi and emoji as typed (decision 0074; the catalogue import skips it), then the lines as they are written,
 * each chunk of them made in its turn among the instance's exports.
 */
export function csvBody(lines: AsyncIterable<string>): Readable {
  return Readable.from(
    (async function* () {
      yield '\ufeff';
      const iterator = lines[Symbol.asyncIterator]();
      try {
        for (;;) {
          const turn = exportPages.enter();
          let next: IteratorResult<string>;
          try {
            await turn.ready;
            next = await iterator.next();
          } finally {
            turn.leave();
          }
          if (next.done) return;
          yield next.value;
        }
      } finally {
        // A download dropped midway: the lines' reader ends too.
        await iterator.return?.();
      }
    })(),
  );
}
