import type { FastifyInstance } from 'fastify';
import { unstorableText, unstorableTextRefusal } from '../lib/unstorable-text.js';

/**
 * PostgreSQL's text cannot hold U+0000 (nor jsonb a lone surrogate): a statement carrying one fails, and the request
 * with it answered 500 (a lone surrogate in text was kept as U+FFFD, silently). The path
 * parameters, query and JSON body a route's schema declares are refused with a 400 (VALIDATION_FAILED, which such a
 * route documents) before its schema or handler runs: one rule for every call (docs/decisions/0218). What carries
 * text another way checks it where it is read: the storefront's pages, the product form's `productData` and the
 * catalogue import's CSV.
 */
export function registerTextInputCheck(app: FastifyInstance) {
  app.addHook('preValidation', async (request) => {
    const declared = request.routeOptions.schema ?? {};
    const unstorable =
      (declared.params ? unstorableText(request.params, 'params') : undefined) ??
      (declared.querystring ? unstorableText(request.query, 'querystring') : undefined) ??
      (declared.body ? unstorableText(request.body, 'body') : undefined);
    if (!unstorable) return;
    // A route that answers its own validation failures (the e-mailed confirmation link: a page for a browser) gets this one too.
    if (request.routeOptions.attachValidation) request.validationError = unstorableTextRefusal(unstorable) as unknown as typeof request.validationError;
    else throw unstorableTextRefusal(unstorable);
  });
}
