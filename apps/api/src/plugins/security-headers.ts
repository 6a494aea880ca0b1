import type { IncomingMessage, ServerResponse } from 'node:http';
import type { FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';
import helmet from 'helmet';

const helmetMiddleware = helmet({
  contentSecurityPolicy: {
    directives: {
      // Card payments leave for the provider's hosted page by a form/redirect.
      'form-action': ["'self'", 'https:'],
      'img-src': ["'self'", 'data:'],
    },
  },
});

/**
 * Helmet's security headers (CSP, nosniff, frame and referrer policies), so that every answer
 * carries the same ones: the onRequest hook below for routed requests, and the answers Fastify
 * makes before any hook runs (a malformed URL, see error-handler.ts). Helmet 8 sets them
 * synchronously and throws instead of passing an error to `next`.
 */
export function setSecurityHeaders(request: FastifyRequest, reply: FastifyReply) {
  helmetMiddleware(request.raw, reply.raw, () => {});
}

/**
 * The same headers as name/value pairs, for answers written straight to a socket (Node's parser
 * refusals, plugins/connections.ts). Helmet's headers depend on no request, so they are read once.
 */
let staticHeaders: Record<string, string> | undefined;
export function securityHeaders(): Record<string, string> {
  if (!staticHeaders) {
    const collected: Record<string, string> = {};
    const collector = { setHeader: (name: string, value: string) => (collected[name] = String(value)), removeHeader: () => undefined };
    helmetMiddleware({} as IncomingMessage, collector as unknown as ServerResponse, () => {});
    staticHeaders = collected;
  }
  return staticHeaders;
}

export function registerSecurityHeaders(app: FastifyInstance) {
  app.addHook('onRequest', (request, reply, done) => {
    setSecurityHeaders(request, reply);
    done();
  });
}
