import type { IncomingMessage, ServerResponse } from 'node:http';
import type { FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';
import helmet from 'helmet';

const CSP_DIRECTIVES = {
  // Card payments leave for the provider's hosted page by a form/redirect.
  'form-action': ["'self'", 'https:'],
  'img-src': ["'self'", 'data:'],
  // Not helmet's default `upgrade-insecure-requests`: every file the pages load is the shop's own, at the page's own
  // scheme, and over plain http on a LAN address (a phone trying the shop) it sent each to https, where nothing answers.
  // HSTS stays: a browser heeds it over https only (docs/decisions/0243, amended).
  'upgrade-insecure-requests': null,
};
const helmetMiddleware = helmet({ contentSecurityPolicy: { directives: CSP_DIRECTIVES } });

/** What a helmet middleware sets, as name/value pairs (its headers depend on no request). */
function headersOf(middleware: (req: IncomingMessage, res: ServerResponse, next: () => void) => void): Record<string, string> {
  const collected: Record<string, string> = {};
  const collector = { setHeader: (name: string, value: string) => (collected[name] = String(value)), removeHeader: () => undefined };
  middleware({} as IncomingMessage, collector as unknown as ServerResponse, () => {});
  return collected;
}

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
  return (staticHeaders ??= headersOf(helmetMiddleware));
}

/**
 * The shop's Content-Security-Policy with these inline scripts allowed besides its own files (by their
 * `'sha256-…'` sources): the server-rendered pages' start of the app (docs/decisions/0203).
 */
export function contentSecurityPolicyAllowing(scriptSources: string[]): string {
  const directives = { ...CSP_DIRECTIVES, 'script-src': ["'self'", ...scriptSources] };
  // The one header helmet's CSP middleware sets.
  return Object.values(headersOf(helmet.contentSecurityPolicy({ directives })))[0]!;
}

export function registerSecurityHeaders(app: FastifyInstance) {
  app.addHook('onRequest', (request, reply, done) => {
    setSecurityHeaders(request, reply);
    done();
  });
  // An API answer is kept by no cache (a shared computer's, a proxy's) unless its route says how: a shopper's
  // session, addresses and orders, a shop's orders and exports. The catalogue's lists say `no-cache` with an ETag.
  app.addHook('onSend', (request, reply, payload, done) => {
    if (request.url.startsWith('/api/') && !reply.hasHeader('cache-control')) reply.header('cache-control', 'no-store');
    done(null, payload);
  });
}
