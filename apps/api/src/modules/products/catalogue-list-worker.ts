import { parentPort, workerData } from 'node:worker_threads';
import { drizzle } from 'drizzle-orm/node-postgres';
import pg from 'pg';
import * as schema from '../../db/schema/index.js';
import { urlFor } from '../images/image-storage.js';
import { buildCatalogueList, type CatalogueListBody } from './catalogue-list.js';
import { productAnswer } from './product-answer.js';
import { listProductsPage } from './product-repository.js';

/**
 * The worker thread that builds the whole list on PostgreSQL (decision 0135): its reads, serializing,
 * hashing and the garbage they leave happen on this thread and its own heap, never on the server's event
 * loop. One connection of its own; one build per message; the bodies go back transferred, not copied.
 */
const pool = new pg.Pool({ connectionString: (workerData as { databaseUrl: string }).databaseUrl, max: 1 });
// A dropped connection is replaced by the next query, as in the server's own pool (db/client.ts): idle or checked out.
pool.on('error', () => undefined);
pool.on('connect', (client) => client.on('error', () => undefined));
const db = drizzle(pool, { schema });

/** An error and its causes as plain messages and codes (pg's SQLSTATE, the socket's errno code), to post. */
function chainOf(err: unknown): { message: string; code?: string }[] {
  const chain: { message: string; code?: string }[] = [];
  for (let current = err, depth = 0; depth < 5 && current !== undefined; current = current instanceof Error ? current.cause : undefined, depth++) {
    const code = (current as { code?: unknown } | null)?.code;
    chain.push({ message: current instanceof Error ? current.message : String(current), ...(typeof code === 'string' ? { code } : {}) });
  }
  return chain;
}

/** A Buffer over an ArrayBuffer of its own (small ones share Node's pool), so it can be transferred. */
const own = (body: Buffer) => (body.byteOffset === 0 && body.byteLength === body.buffer.byteLength ? body : Buffer.from(body.buffer.slice(body.byteOffset, body.byteOffset + body.byteLength)));

parentPort!.on('message', () => {
  buildCatalogueList((after, limit) => listProductsPage(db, after, limit), (row) => productAnswer(row, urlFor)).then(
    (list: CatalogueListBody) => {
      const bodies = { identity: own(list.bodies.identity), gzip: own(list.bodies.gzip), br: own(list.bodies.br) };
      parentPort!.postMessage({ bodies, etags: list.etags }, [bodies.identity.buffer, bodies.gzip.buffer, bodies.br.buffer] as ArrayBuffer[]);
    },
    // With its causes' messages and codes, so the server tells a database out of reach (503) from a fault.
    (err: unknown) => parentPort!.postMessage({ error: chainOf(err) }),
  );
});
