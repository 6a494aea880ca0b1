import type { FastifyInstance } from 'fastify';
import { nulPath, nulRefusal } from '../lib/nul-text.js';

/**
 * PostgreSQL's text cannot hold U+0000: a statement carrying one fails, and the request with it answered 500. The path
 * parameters, query and JSON body a route's schema declares are refused with a 400 (VALIDATION_FAILED, which such a
 * route documents) before its schema or handler runs: one rule for every call (docs/decisions/0218). What carries
 * text another way checks it where it is read: the storefront's pages, the product form's `productData` and the
 * catalogue import's CSV.
 */
export function registerTextInputCheck(app: FastifyInstance) {
  app.addHook('preValidation', async (request) => {
    const declared = request.routeOptions.schema ?? {};
    const path =
      (declared.params ? nulPath(request.params, 'params') : undefined) ??
      (declared.querystring ? nulPath(request.query, 'querystring') : undefined) ??
      (declared.body ? nulPath(request.body, 'body') : undefined);
    if (path) throw nulRefusal(path);
  });
}
