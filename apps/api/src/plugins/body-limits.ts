import type { IncomingMessage } from 'node:http';
import type { FastifyInstance } from 'fastify';
import { AppError } from '../lib/app-error.js';

const MB = 1024 * 1024;

/** 413 for a body over the route's limit, declared up front or found while reading a chunked one. */
export const bodyTooLarge = (limit: number) => new AppError('BODY_TOO_LARGE', `The request is larger than the ${Math.max(1, Math.round(limit / MB))} MB this call accepts`);

/**
 * Bodies are refused before they are read (docs/decisions/0096). A declared Content-Length over the
 * route's `bodyLimit` gets 413 at once: Fastify checks it only when it parses the body itself, after
 * the route's own hooks, and never for multipart uploads, which name their whole size in `bodyLimit`.
 * Register before the routes, so this runs before their session checks.
 */
export function registerBodyLimits(app: FastifyInstance) {
  app.addHook('onRequest', async (request) => {
    const declared = Number(request.headers['content-length']);
    const limit = request.routeOptions.bodyLimit;
    if (declared > limit) throw bodyTooLarge(limit);
  });
  // An answer sent before its body has all arrived (a refusal in a hook, an upload stopped at a
  // limit) closes the connection: kept open, Node would read the rest of the body only to discard it. A small one is read
  // to its end first (for a moment at most) and the connection kept: closed under a client still sending it, Node's own
  // fetch got a broken pipe instead of the answer (3 of 5 refused uploads of 4 kB: a probe).
  app.addHook('onSend', async (request, reply) => {
    // Read to its end already (`readableEnded`: a request made in-process, `app.inject`, is never `complete`).
    if (request.raw.complete || request.raw.readableEnded) return;
    if (Number(request.headers['content-length']) <= DRAINED_MAX && (await readToEnd(request.raw, DRAIN_WAIT_MS))) return;
    reply.header('connection', 'close');
  });
}

/** A refused body this small is read to its end before the answer; a larger one, or one slower than the wait, is not. */
const DRAINED_MAX = 64 * 1024;
const DRAIN_WAIT_MS = 2000;

/** True once the body has all arrived (its bytes discarded), false if it has not within `ms` or the client went. */
const readToEnd = (body: IncomingMessage, ms: number) =>
  new Promise<boolean>((resolve) => {
    const timer = setTimeout(() => resolve(false), ms);
    const done = (ended: boolean) => {
      clearTimeout(timer);
      resolve(ended);
    };
    body.once('end', () => done(true));
    body.once('close', () => done(body.complete));
    body.resume();
  });
