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

export function registerSecurityHeaders(app: FastifyInstance) {
  app.addHook('onRequest', (request, reply, done) => {
    setSecurityHeaders(request, reply);
    done();
  });
}
