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
  // limit) closes the connection: kept open, Node would read the rest of the body only to discard it.
  app.addHook('onSend', async (request, reply) => {
    if (!request.raw.complete) reply.header('connection', 'close');
  });
}
