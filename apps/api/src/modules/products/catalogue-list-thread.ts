import { Worker } from 'node:worker_threads';
import type { CatalogueListBody, ListEncoding } from './catalogue-list.js';

type Failure = { message: string; code?: string };
type Answer = { bodies: Record<ListEncoding, Uint8Array>; etags: CatalogueListBody['etags'] } | { error: Failure[] };

/** The worker's error and its causes as errors again (their codes kept): the last cause first. */
const asError = (chain: Failure[]): Error | undefined =>
  chain.reduceRight<Error | undefined>((cause, { message, code }) => Object.assign(new Error(message, { cause }), code ? { code } : {}), undefined);

const asBuffer = (bytes: Uint8Array) => Buffer.from(bytes.buffer, bytes.byteOffset, bytes.byteLength);

/**
 * Builds the whole list in a worker thread with its own connection to PostgreSQL (decision 0135): at
 * 100,000 products the build's reads, JSON, hashing and garbage held the server's event loop 200-450 ms
 * at a time on a loaded machine. The worker starts at the first build and stays for the next ones; the
 * product service asks for one build at a time. A worker that dies fails its build, and the next build
 * starts a new one.
 */
export function catalogueListThread(databaseUrl: string) {
  let worker: Worker | undefined;
  let pending: { resolve: (list: CatalogueListBody) => void; reject: (err: Error) => void } | undefined;

  const settle = (outcome: Answer | Error) => {
    const waiting = pending;
    pending = undefined;
    if (!waiting) return;
    if (outcome instanceof Error) waiting.reject(outcome);
    else if ('error' in outcome) waiting.reject(new Error('building the product list failed', { cause: asError(outcome.error) }));
    else waiting.resolve({ bodies: { identity: asBuffer(outcome.bodies.identity), gzip: asBuffer(outcome.bodies.gzip), br: asBuffer(outcome.bodies.br) }, etags: outcome.etags });
  };

  function started(): Worker {
    if (worker) return worker;
    const thread = new Worker(new URL('./catalogue-list-worker-start.mjs', import.meta.url), { workerData: { databaseUrl } });
    // The server may stop while the worker is idle.
    thread.unref();
    thread.on('message', (answer: Answer) => settle(answer));
    thread.on('error', (err) => settle(err));
    thread.on('exit', (code) => {
      if (worker === thread) worker = undefined;
      settle(new Error(`the product list's worker stopped (exit code ${code})`));
    });
    worker = thread;
    return thread;
  }

  return {
    build(): Promise<CatalogueListBody> {
      if (pending) return Promise.reject(new Error('one product list build at a time'));
      const thread = started();
      return new Promise<CatalogueListBody>((resolve, reject) => {
        pending = { resolve, reject };
        thread.postMessage('build');
      });
    },
    async close(): Promise<void> {
      const thread = worker;
      worker = undefined;
      await thread?.terminate();
    },
  };
}
