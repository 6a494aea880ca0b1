import { createHash } from 'node:crypto';
import { once } from 'node:events';
import { setImmediate as nextTurn } from 'node:timers/promises';
import { constants, createBrotliCompress, createGzip, type BrotliCompress, type Gzip } from 'node:zlib';

/**
 * How a build is cut into steps (a page read, serialized, hashed and handed to the compressors, then a turn
 * of the event loop). On PGlite the build's steps run on the event loop's thread (its page queries on the
 * database's own thread, 0202), so a request that arrives during a build waits for one step at most, never for
 * the whole catalogue (issue 25 item 7, decisions 0099 and 0176). A fixed page of 250 held the loop 50-245 ms a step at 100,000 products on
 * a loaded machine (docs/perf.md): the page's size now follows the time its steps take, so a step stays
 * near `budgetMs` whatever the machine's speed or load. On PostgreSQL the build runs in a worker thread
 * (0135) with the same steps; its pages grow to `max`.
 */
export interface ListPaging {
  /** Products in the first page: small, since the first query of a fresh process is the slowest. */
  first: number;
  /** The fewest and most products a page holds. */
  min: number;
  max: number;
  /** The time one step should take: a page whose step took longer makes the next page smaller. */
  budgetMs: number;
}
export const LIST_PAGING: ListPaging = { first: 50, min: 50, max: 1000, budgetMs: 20 };

/**
 * The next page's size after a step of `size` products took `tookMs`: scaled so the next step takes about the
 * budget (never more than doubled at once, so one fast step cannot make a long one), within min and max.
 */
export function nextPageSize(size: number, tookMs: number, paging: ListPaging): number {
  const scaled = Math.floor((size * paging.budgetMs) / Math.max(tookMs, 0.1));
  return Math.min(paging.max, Math.max(paging.min, Math.min(scaled, size * 2)));
}

/**
 * Brotli's quality: 5 made 42.8 MB of catalogue 3.9 MB in 1.0 s of a worker thread, 4 made 4.1 MB in
 * 0.5 s, 11 takes minutes. The body is compressed once per catalogue version, not per request.
 */
const BROTLI_QUALITY = 5;

/** The codings the list is kept in, the most compact first (the order a tie in Accept-Encoding is settled in). */
export const LIST_ENCODINGS = ['br', 'gzip', 'identity'] as const;

/** The message of every answer that lists products (the spec's list's, a shop's page, a search). */
export const PRODUCTS_LOADED = 'Products loaded';
export type ListEncoding = (typeof LIST_ENCODINGS)[number];

/** `{"success":true,"products":[…],"message":"Products loaded"}` in each coding, and its validators. */
export interface CatalogueListBody {
  bodies: Record<ListEncoding, Buffer>;
  /**
   * Strong ETags, one per coding (a strong validator names the exact bytes sent): a hash of the JSON,
   * so every instance serving the same catalogue gives the same tags and a client's 304 holds across them.
   */
  etags: Record<ListEncoding, string>;
}

/** How much text a body gathers before handing it to the hash and the compressors. */
const WRITE_CHUNK_CHARS = 64 * 1024;

/** A zlib stream fed as the body is built (its work runs on libuv's worker threads) and read whole at its end. */
function compressing(stream: Gzip | BrotliCompress) {
  const out: Buffer[] = [];
  stream.on('data', (chunk: Buffer) => out.push(chunk));
  const ended = once(stream, 'end');
  return {
    write: (chunk: Buffer) => void stream.write(chunk),
    async end(): Promise<Buffer> {
      stream.end();
      await ended;
      return Buffer.concat(out);
    },
  };
}

/**
 * A body written a piece at a time into every coding at once (compressed on libuv's worker threads as it
 * grows), finished into its three codings and their strong ETags: a hash of the plain bytes, so every
 * instance holding the same content gives the same tags.
 */
export function encodedBodyWriter() {
  const parts: Buffer[] = [];
  const hash = createHash('sha256');
  const gzip = compressing(createGzip());
  const br = compressing(createBrotliCompress({ params: { [constants.BROTLI_PARAM_QUALITY]: BROTLI_QUALITY, [constants.BROTLI_PARAM_MODE]: constants.BROTLI_MODE_TEXT } }));
  // Small pieces (a sitemap's URL) are gathered and handed on together: each write is a round trip to a
  // worker thread, and one per URL cost 11 s of a 100,000-product sitemap (docs/perf.md).
  let pending: string[] = [];
  let pendingLength = 0;
  const handOn = () => {
    if (pendingLength === 0) return;
    const chunk = Buffer.from(pending.join(''));
    pending = [];
    pendingLength = 0;
    parts.push(chunk);
    hash.update(chunk);
    gzip.write(chunk);
    br.write(chunk);
  };
  return {
    add(text: string) {
      pending.push(text);
      pendingLength += text.length;
      if (pendingLength >= WRITE_CHUNK_CHARS) handOn();
    },
    async finish(): Promise<CatalogueListBody> {
      handOn();
      const tag = hash.digest('base64url');
      const [gzipped, brotli] = await Promise.all([gzip.end(), br.end()]);
      return {
        bodies: { identity: Buffer.concat(parts), gzip: gzipped, br: brotli },
        etags: { identity: `"${tag}"`, gzip: `"${tag}-gzip"`, br: `"${tag}-br"` },
      };
    },
  };
}

/**
 * The whole list, built a page at a time in the spec's order: each page is read (`readPage` after
 * the previous page's last id), serialized, hashed and handed to the compressors, then the event loop
 * takes its turn before the next page, whose size follows how long this step took (`paging`). The pages
 * are separate reads: a change between two of them is heard on the change feed, which marks this build
 * stale (see product-service).
 */
export async function buildCatalogueList<Row extends { id: string }>(
  readPage: (after: string | undefined, limit: number) => Promise<Row[]>,
  toApi: (row: Row) => unknown,
  paging: ListPaging = LIST_PAGING,
): Promise<CatalogueListBody> {
  const body = encodedBodyWriter();
  body.add('{"success":true,"products":[');
  let after: string | undefined;
  let size = paging.first;
  for (;;) {
    const began = performance.now();
    const rows = await readPage(after, size);
    if (rows.length > 0) body.add((after === undefined ? '' : ',') + rows.map((row) => JSON.stringify(toApi(row))).join(','));
    if (rows.length < size) break;
    after = rows.at(-1)!.id;
    size = nextPageSize(size, performance.now() - began, paging);
    // Serializing a page held the loop: other requests go first.
    await nextTurn();
  }
  body.add(`],"message":${JSON.stringify(PRODUCTS_LOADED)}}`);
  return body.finish();
}

/** Each coding's weight in an Accept-Encoding header (RFC 9110 12.5.3); `*` stands for those not named. */
function weights(header: string): Map<string, number> {
  const named = new Map<string, number>();
  for (const entry of header.split(',')) {
    const [name = '', ...params] = entry.split(';').map((part) => part.trim().toLowerCase());
    if (!name) continue;
    const q = params.find((param) => param.startsWith('q='));
    const weight = q === undefined ? 1 : Number(q.slice(2));
    named.set(name, Number.isFinite(weight) ? weight : 0);
  }
  return named;
}

/**
 * The coding to send: the one the client weighs highest among br and gzip (br on a tie, being
 * smaller), else the plain JSON. No header, or one that refuses every coding we have, gets the plain
 * JSON too: refusing the spec's call with a 406 would break clients that never send the header.
 */
export function chooseListEncoding(header: string | undefined): ListEncoding {
  if (!header) return 'identity';
  const named = weights(header);
  const weightOf = (coding: string) => named.get(coding) ?? named.get('*') ?? 0;
  let best: ListEncoding = 'identity';
  let bestWeight = 0;
  for (const coding of ['br', 'gzip'] as const) {
    if (weightOf(coding) > bestWeight) {
      best = coding;
      bestWeight = weightOf(coding);
    }
  }
  return best;
}

/**
 * True when If-None-Match names the list the client would be sent (RFC 9110 13.1.2, weak comparison):
 * `*`, or any of this version's tags, since every coding carries the same JSON.
 */
export function notModified(ifNoneMatch: string | undefined, list: CatalogueListBody): boolean {
  if (!ifNoneMatch) return false;
  const current = new Set(Object.values(list.etags));
  return ifNoneMatch.split(',').some((entry) => {
    const tag = entry.trim().replace(/^W\//, '');
    return tag === '*' || current.has(tag);
  });
}
